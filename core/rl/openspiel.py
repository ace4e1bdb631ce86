"""Any meeple game as an OpenSpiel Python game: `register_openspiel(game)` then `pyspiel.load_game`.

The mapping, from the game's `GameSpec`:

- **Dynamics**: always OpenSpiel's SEQUENTIAL. A meeple simultaneous decision is asked seat by
  seat in ascending order (`state.current_player`), OpenSpiel's own turn-based mapping: the
  later seats' information states never hold the earlier seats' secret choices.
- **Chance**: a game with `spec.chance` starts at one explicit chance node choosing among `seeds`
  seeds uniformly (a meeple game draws all its chance from its seed); a game without chance is
  DETERMINISTIC and starts from seed 0.
- **Actions**: the indices of the game's fixed action space (`meeple.rl.action_space`).
- **Utility**: +1 per winner, -1 per other seat (0 for all on a draw): ZERO_SUM for 2 players.
- **Observation**: the view's canonical JSON as the string, the generic encoding as the tensor.
  **Information state**: the observation plus the seat's own actions so far (string); the tensor
  is the observation tensor (no history).
- `resample_from_infostate(player, sampler)` is meeple's determinization of the player's view,
  seeded from the sampler.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..game import Game
from ..rng import Rng
from ..serialization import view_to_data
from .encoding import encoder_for
from .pz import outcome_rewards
from .spaces import action_space


def _game_type(game: Game, short_name: str) -> pyspiel.GameType:
    spec = game.spec
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"meeple {spec.title} ({game.players} players)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if spec.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if spec.perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if game.players == 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players,
        min_num_players=game.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={})


def register_openspiel(game: Game, short_name: str | None = None, seeds: int = 16) -> str:
    """Register `game` (fixed players and options) with pyspiel; returns the short name to pass to
    `pyspiel.load_game`. `seeds`: how many seeds the opening chance node chooses among."""
    name = short_name or f"meeple_{game.spec.id}"
    space = action_space(game)
    game_type = _game_type(game, name)
    info = pyspiel.GameInfo(
        num_distinct_actions=len(space),
        max_chance_outcomes=seeds if game.spec.chance else 0,
        num_players=game.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if game.players == 2 else None,
        max_game_length=game.max_length())

    class RegisteredGame(MeepleSpielGame):
        # Class attributes: pyspiel may hand states a Python object of this class that did not
        # go through __init__, so nothing the states need lives on the instance.
        meeple = game
        space = action_space(game)
        encoder = encoder_for(game)

        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params)

    RegisteredGame.seeds = seeds

    pyspiel.register_game(game_type, RegisteredGame)
    return name


class MeepleSpielGame(pyspiel.Game):
    """A meeple game seen by OpenSpiel (made by `register_openspiel`)."""

    meeple: Game
    seeds: int
    space: Any
    encoder: Any

    def __init__(self, game_type: Any, info: Any, params: Any) -> None:
        super().__init__(game_type, info, params or {})

    def new_initial_state(self) -> "MeepleSpielState":
        return MeepleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "MeepleObserver":
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MeepleObserver(self, perfect_recall)


class MeepleSpielState(pyspiel.State):
    """A meeple state (None before the opening chance node) and each seat's actions so far."""

    def __init__(self, game: MeepleSpielGame, state: Any = None, history: Any = None) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.meeple = state if state is not None or game.meeple.spec.chance else game.meeple.new_state(0)
        self.own_actions: list[list[int]] = history or [[] for _ in range(game.meeple.players)]

    def current_player(self) -> int:
        if self.meeple is None:
            return pyspiel.PlayerId.CHANCE
        if self.meeple.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        return int(self.meeple.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        index = self.spiel_game.space.index
        return sorted(index(a) for a in self.meeple.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self.spiel_game.seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        if self.meeple is None:
            self.meeple = self.spiel_game.meeple.new_state(int(action))
            return
        seat = self.meeple.current_player
        self.meeple.apply(self.spiel_game.space.actions[action], seat)
        self.own_actions[seat].append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.spiel_game.space.actions[action].describe()

    def is_terminal(self) -> bool:
        return self.meeple is not None and self.meeple.is_terminal

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.spiel_game.meeple.players
        return outcome_rewards(self.meeple)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "MeepleSpielState":
        """A state consistent with `player_id`'s view: meeple's determinization, seeded from the
        sampler, with the seats' action histories kept (they are part of the infostate key)."""
        seed = int(probability_sampler() * 2**53)
        rng = Rng(seed)
        view = self.meeple.view(player_id)
        sample = self.spiel_game.meeple.determinize(view, rng)
        # A sample drops the other seats' secret choices (they owe them again); OpenSpiel's turn
        # order has them already made, so make each one at random among that seat's choices.
        for seat in view.chosen:
            if seat != player_id and seat in sample.owing():
                legal = sample.legal_actions(seat)
                sample.apply(legal[rng.below(len(legal))], seat)
        sample.moves = view.moves  # the sample counted the dropped choices already
        return MeepleSpielState(self.spiel_game, sample, [list(h) for h in self.own_actions])

    def __deepcopy__(self, memo: Any) -> "MeepleSpielState":
        return MeepleSpielState(self.spiel_game, None if self.meeple is None else self.meeple.clone(),
                                [list(h) for h in self.own_actions])

    def __str__(self) -> str:
        if self.meeple is None:
            return "(chance: the seed)"
        return json.dumps(view_to_data(type(self.meeple.game), self.meeple.view(None)), sort_keys=True)


class MeepleObserver:
    """OpenSpiel's PyObserver: the generic encoding as the tensor, the view's JSON as the string."""

    def __init__(self, game: MeepleSpielGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if state.meeple is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self.game.encoder.encode(state.meeple.view(player))

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        if state.meeple is None:
            return "chance"
        meeple = state.meeple
        text = json.dumps(view_to_data(type(meeple.game), meeple.view(player)), sort_keys=True)
        if self.perfect_recall:
            text += f"|own actions {state.own_actions[player]}"
        return text


__all__ = ["MeepleSpielGame", "MeepleSpielState", "register_openspiel"]
