"""Any meeple game as an OpenSpiel Python game: `register_openspiel(game)` then `pyspiel.load_game`.

The mapping, from the game's declarations:

- **Chance**: a game with explicit chance (`Game.deal_outcomes`) starts at one chance node over
  its deals, each with its exact probability (Kuhn: six deals of 1/6, as OpenSpiel's
  `kuhn_poker`); with `seeds` > 1 a second chance node then picks, uniformly, the seed of the
  state's `Rng` for any later chance. A game with chance but no declared deals starts at one
  chance node choosing among `seeds` seeds uniformly (a meeple game draws all its chance from its
  seed: a sample of its chance, not its exact distribution). A game without chance is
  DETERMINISTIC and starts from seed 0.
- **Dynamics**: SIMULTANEOUS where the game (these options) is (`Game.dynamics`): a
  simultaneous decision is one node where every owing seat chooses at once (`apply_actions`;
  a seat owing nothing there has no legal action). SEQUENTIAL otherwise.
- **Utility**: `rewards` (`meeple.rl.Rewards`, default the game's declared utility): a points game
  returns its final scores, with its declared utility kind and score bounds as OpenSpiel's
  utility, min and max; a win/loss game returns +1 per winner, -1 per other seat.
- **Actions**: the indices of the game's fixed action space (`meeple.rl.action_space`).
- **Observation**: the view's canonical JSON as the string, the generic encoding as the tensor.
  **Information state**: the same plus the seat's history (every public action, and its own
  secret choices) as the string; `meeple.rl.InformationState` as the tensor (perfect recall).
- **Pickling**: registered games and their states pickle (OpenSpiel's `serialize=True`), in a
  process where the same name is registered.
- `resample_from_infostate(player, sampler)` is meeple's determinization of the player's view,
  seeded from the sampler.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from ..game import Game
from ..rng import Rng
from ..serialization import action_to_data, view_to_data
from ..spec import Dynamics, Utility
from .encoding import InformationState, encoder_for
from .rewards import Rewards, final_rewards, utility_bounds, utility_kind
from .spaces import ActionSpace, action_space

_UTILITY = {Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
            Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
            Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM}


class Registered(NamedTuple):
    """What a registered name stands for (kept per process, looked up by name)."""

    meeple: Game
    game_type: Any
    info: Any
    space: ActionSpace
    deals: list[Any] | None  # the deal outcomes, or None (chance by seed)
    chance: list[tuple[int, float]]  # the opening chance node's outcomes
    seeds: int
    rewards: Rewards
    simultaneous: bool


_REGISTERED: dict[str, Registered] = {}


def register_openspiel(game: Game, short_name: str | None = None, seeds: int | None = None,
                       rewards: Rewards | str = Rewards.UTILITY,
                       score_bounds: tuple[float, float] | None = None) -> str:
    """Register `game` (fixed players and options) with pyspiel; returns the short name to pass
    to `pyspiel.load_game`. `seeds`: how many seeds a chance node chooses among (default 16 for a
    game without declared deals, 1 — no second node — for one with them). `score_bounds`: the
    utility bounds when paying a game by score that declares none (Hearts: (0, 36))."""
    name = short_name or f"meeple_{game.spec.id}"
    rewards = Rewards.of(rewards)
    space = action_space(game)
    spec = game.spec
    outcomes = game.deal_outcomes() if spec.chance else None
    seeds = seeds if seeds is not None else (1 if outcomes is not None else 16)
    if outcomes is not None:
        deals = [deal for deal, _ in outcomes]
        chance = [(i, float(p)) for i, (_, p) in enumerate(outcomes)]
    else:
        deals = None
        chance = [(seed, 1.0 / seeds) for seed in range(seeds)] if spec.chance else []
    low, high = utility_bounds(game, rewards, score_bounds)
    kind = utility_kind(game, rewards)
    simultaneous = game.dynamics is Dynamics.SIMULTANEOUS
    encoder_for(game)  # a bad RL declaration fails here, at registration, not mid-game
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"meeple {spec.title} ({game.players} players)",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if spec.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if spec.perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=_UTILITY[kind],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players,
        min_num_players=game.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"meeple_name": name})
    info = pyspiel.GameInfo(
        num_distinct_actions=len(space),
        max_chance_outcomes=max(len(chance), seeds) if spec.chance else 0,
        num_players=game.players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if kind is Utility.ZERO_SUM else None,
        max_game_length=game.max_length())
    _REGISTERED[name] = Registered(game, game_type, info, space, deals, chance, seeds, rewards, simultaneous)
    pyspiel.register_game(game_type, MeepleSpielGame)
    return name


class MeepleSpielGame(pyspiel.Game):
    """A registered meeple game seen by OpenSpiel (one class for every registered name: the name
    is its one parameter, so games and states pickle by reference)."""

    def __init__(self, params: Any = None) -> None:
        name = (params or {})["meeple_name"]
        entry = _REGISTERED[name]
        super().__init__(entry.game_type, entry.info, {"meeple_name": name})
        self.name = name
        self.entry = entry

    def new_initial_state(self) -> "MeepleSpielState":
        return MeepleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "MeepleObserver":
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MeepleObserver(self.entry, perfect_recall)


class Position:
    """What a `MeepleSpielState` holds: the meeple state (None before the opening chance nodes),
    the game's history as `(seat, action, secret)` (what `InformationState` reads) and a declared
    deal waiting for its seed. OpenSpiel clones a Python state by deep-copying its attributes:
    this one copies as meeple's own `clone()` does, cheaply."""

    __slots__ = ("meeple", "history", "deal")

    def __init__(self, meeple: Any, history: list[tuple[int, Any, bool]], deal: Any = None) -> None:
        self.meeple, self.history, self.deal = meeple, history, deal

    def __deepcopy__(self, memo: Any) -> "Position":
        return Position(None if self.meeple is None else self.meeple.clone(), list(self.history), self.deal)

    def __reduce__(self) -> Any:
        return Position, (self.meeple, self.history, self.deal)


class MeepleSpielState(pyspiel.State):
    """A meeple game's position seen by OpenSpiel. Only picklable values live on it: the
    registered name and a `Position`."""

    def __init__(self, game: MeepleSpielGame, position: Position | None = None) -> None:
        super().__init__(game)
        self.name = game.name
        entry = game.entry
        self.position = position or Position(None if entry.meeple.spec.chance else entry.meeple.new_state(0), [])

    @property
    def meeple(self) -> Any:
        return self.position.meeple

    @property
    def history(self) -> list[tuple[int, Any, bool]]:
        return self.position.history

    @property
    def entry(self) -> Registered:
        return _REGISTERED[self.name]

    def current_player(self) -> int:
        meeple = self.meeple
        if meeple is None:
            return pyspiel.PlayerId.CHANCE
        if meeple.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        frame = meeple.decision
        if frame.simultaneous and self.entry.simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return int(meeple.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        meeple = self.meeple
        if player not in meeple.owing():
            return []
        index = self.entry.space.index
        return sorted(index(a) for a in meeple.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        entry = self.entry
        if self.position.deal is not None:
            return [(seed, 1.0 / entry.seeds) for seed in range(entry.seeds)]
        return entry.chance

    def _apply_action(self, action: int) -> None:
        entry, position = self.entry, self.position
        if position.meeple is None:
            if entry.deals is None:
                position.meeple = entry.meeple.new_state(int(action))
            elif entry.seeds > 1 and position.deal is None:
                position.deal = (entry.deals[action],)
            else:
                deal, seed = (position.deal[0], int(action)) if position.deal else (entry.deals[action], 0)
                position.meeple, position.deal = entry.meeple.setup_with(deal, Rng(seed)), None
            return
        meeple = position.meeple
        seat = meeple.current_player
        chosen = entry.space.actions[action]
        secret = meeple.decision.simultaneous
        meeple.apply(chosen, seat)
        position.history.append((seat, chosen, secret))

    def _apply_actions(self, actions: list[int]) -> None:
        meeple, space = self.meeple, self.entry.space
        for seat in meeple.owing():
            chosen = space.actions[actions[seat]]
            meeple.apply(chosen, seat)
            self.history.append((seat, chosen, True))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            entry = self.entry
            if self.position.deal is not None or entry.deals is None:
                return f"seed {action}"
            return f"deal {entry.deals[action]!r}"
        return self.entry.space.actions[action].describe()

    def is_terminal(self) -> bool:
        return self.meeple is not None and self.meeple.is_terminal

    def returns(self) -> list[float]:
        entry = self.entry
        if not self.is_terminal():
            return [0.0] * entry.meeple.players
        return final_rewards(self.meeple, entry.rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "MeepleSpielState":
        """A state consistent with `player_id`'s view: meeple's determinization, seeded from the
        sampler, with the history kept (the other seats' secret choices in it are the sample's)."""
        seed = int(probability_sampler() * 2**53)
        rng = Rng(seed)
        view = self.meeple.view(player_id)
        sample = self.entry.meeple.determinize(view, rng)
        # A sample drops the other seats' secret choices (they owe them again); in OpenSpiel's
        # sequential mapping they are already made, so make each one at random.
        for seat in view.chosen:
            if seat != player_id and seat in sample.owing():
                legal = sample.legal_actions(seat)
                sample.apply(legal[rng.below(len(legal))], seat)
        sample.moves = view.moves  # the sample counted the dropped choices already
        return MeepleSpielState(self.get_game(), Position(sample, list(self.history)))

    def __str__(self) -> str:
        if self.meeple is None:
            deal = self.position.deal
            return "(chance: the deal)" if deal is None else f"(chance: the seed for {deal[0]!r})"
        return json.dumps(view_to_data(type(self.meeple.game), self.meeple.view(None)), sort_keys=True)


class MeepleObserver:
    """OpenSpiel's PyObserver: `meeple.rl.InformationState` (perfect recall) or the observation
    as the tensor; the view's JSON (plus the history the seat saw, with perfect recall) as the string."""

    def __init__(self, entry: Registered, perfect_recall: bool) -> None:
        self.entry = entry
        self.perfect_recall = perfect_recall
        self.information = InformationState(entry.meeple)
        size = self.information.size if perfect_recall else self.information.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if state.meeple is None:
            self.tensor.fill(0)
            return
        view = state.meeple.view(player)
        if self.perfect_recall:
            self.information.encode(view, state.history, self.tensor)
        else:
            self.information.encoder.encode(view, self.tensor)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        if state.meeple is None:
            return "chance"
        meeple = state.meeple
        cls = type(meeple.game)
        text = json.dumps(view_to_data(cls, meeple.view(player)), sort_keys=True)
        if self.perfect_recall:
            seen = [[seat, action_to_data(cls, action) if not secret or seat == player else None]
                    for seat, action, secret in state.history]
            text += "|history " + json.dumps(seen, sort_keys=True, separators=(",", ":"))
        return text


__all__ = ["MeepleSpielGame", "MeepleSpielState", "register_openspiel"]
