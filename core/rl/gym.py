"""A single-agent Gymnasium env: one seat learns, meeple bots play the others.

The observation is the seat's generic encoding (a float32 Box); the legal-action mask is in
`info["action_mask"]` and `action_masks()` (what sb3-contrib's MaskablePPO reads). Bots act
whenever a seat other than the learner's owes a decision, including the other seats' secret
choices of a simultaneous decision (made after the learner's, never seen by it). Reward at the
end: +1 for a win, -1 for a loss, 0 for a draw (`meeple.rl.pz.outcome_rewards`).

An illegal action never changes the game. With `illegal="forfeit"` (the default, what
Gymnasium's checker and unmasked agents need) it ends the episode at once with reward -1 and
`info["illegal"]` giving the rule's reason; with `illegal="raise"` it raises `IllegalAction`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot
from ..errors import MeepleError
from ..game import Game
from ..registry import Registry
from ..state import State
from .encoding import encoder_for
from .pz import make_game, outcome_rewards
from .spaces import action_space

#: A bot spec for the registry, or a factory ``(game, seat, seed) -> Bot``.
Opponent = Union[str, Callable[[Game, int, int], Bot]]


class MeepleGymEnv(gymnasium.Env):
    """Seat `seat` of a game against bots. `opponents`: one bot for all other seats, or one per
    other seat, each a bot spec (``"greedy"``, ``"mcts:iterations=50"``, built by the registry)
    or a callable ``(game, seat, seed) -> Bot`` (for a game no registry knows, or a trained policy)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game, seat: int = 0, opponents: Opponent | Sequence[Opponent] = "random",
                 registry: Registry | None = None, render_mode: str | None = None,
                 illegal: str = "forfeit") -> None:
        if illegal not in ("forfeit", "raise"):
            raise MeepleError(f"illegal must be 'forfeit' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if not 0 <= seat < game.players:
            raise MeepleError(f"seat {seat} is not a seat of a {game.players}-player game")
        others = [s for s in range(game.players) if s != seat]
        specs = ([opponents] * len(others) if isinstance(opponents, str) or callable(opponents)
                 else list(opponents))
        if len(specs) != len(others):
            raise MeepleError(f"{len(others)} opponent bots needed, got {len(specs)}")
        self.game, self.seat = game, seat
        self.registry = registry or Registry.load()
        self.specs = dict(zip(others, specs))
        self.encoder = encoder_for(game)
        self.actions = action_space(game)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.actions))
        self.render_mode = render_mode
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}

    def _make_bot(self, opponent: "Opponent", seat: int, seed: int) -> Bot:
        if callable(opponent):
            return opponent(self.game, seat, seed)
        return self.registry.make_bot(opponent, self.game, seat, defaults={"seed": seed})

    def _play_others(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_terminal and self.seat not in state.owing():
            for other in state.owing():
                legal = state.legal_actions(other)
                state.apply(self.bots[other].act(state.view(other), legal), other)

    def _observation(self) -> tuple[np.ndarray, dict[str, Any]]:
        state = self.state
        assert state is not None
        return self.encoder.encode(state.view(self.seat)), {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        state = self.state
        if state is None or state.is_terminal:
            return np.zeros(len(self.actions), dtype=np.int8)
        return self.actions.mask(state.legal_actions(self.seat))

    def reset(self, *, seed: int | None = None, options: Mapping[str, Any] | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        self.state = self.game.new_state(int(rng.integers(0, 2**63 - 1)))
        self.bots = {s: self._make_bot(spec, s, int(rng.integers(0, 2**63 - 1)))
                     for s, spec in self.specs.items()}
        self._play_others()
        return self._observation()

    def step(self, action: Any):
        state = self.state
        if state is None or state.is_terminal:
            raise MeepleError("the episode is over: call reset()")
        if not (isinstance(action, (int, np.integer)) and 0 <= int(action) < len(self.actions)):
            raise MeepleError(f"action must be an index 0..{len(self.actions) - 1}, got {action!r}")
        chosen = self.actions.actions[int(action)]
        if self.illegal == "forfeit" and chosen not in state.legal_actions(self.seat):
            observation, info = self._observation()
            self.state = None  # the episode is over; the game itself is untouched
            info["illegal"] = ((state.explain_illegal(chosen) if self.seat == state.current_player else None)
                               or f"{chosen.describe()} is not legal now")
            return observation, -1.0, True, False, info
        state.apply(chosen, self.seat)
        self._play_others()
        done = state.is_terminal
        reward = outcome_rewards(state)[self.seat] if done else 0.0
        observation, info = self._observation()
        return observation, reward, done, False, info

    def render(self) -> str | None:
        return None if self.state is None else repr(self.state.view(self.seat).fields)


def gymnasium_env(game_id: str | Game, players: int | None = None,
                  options: Mapping[str, Any] | None = None, **kwargs: Any) -> MeepleGymEnv:
    """`MeepleGymEnv` for an installed game (`seat`, `opponents`, `registry` as keywords)."""
    game = make_game(game_id, players, options, kwargs.get("registry"))
    return MeepleGymEnv(game, **kwargs)
