"""A single-agent Gymnasium env: one seat learns, meeple bots play the others.

The observation is the seat's encoding (float32 in [0, 1], `meeple.rl.encoding`), or with
``information_state=True`` its perfect-recall information state (`InformationState`); the
legal-action mask is in `info["action_mask"]` and `action_masks()` (what sb3-contrib's
MaskablePPO reads). Bots act whenever a seat other than the learner's owes a decision,
including the other seats' secret choices of a simultaneous decision (made after the learner's,
never seen by it). `reset()` always returns a game in which the learner owes a decision: a deal
the bots finish before the learner's first move is skipped (`info["skipped"]` counts them).

Actions are indices of the game's action space: a Python int, a NumPy integer or a 0-d integer
array (SB3's `model.predict`). The reward comes at the end, from `rewards` (`meeple.rl.Rewards`,
default the game's declared utility: chips or points in a points game, +1/-1/0 otherwise).
With ``max_cycles=N`` an episode still running after the learner's N-th action is truncated.
The episode ends (terminated) when the game does, or when the learner's seat is eliminated with
its result settled (`meeple.rl.rewards.settled_reward`): its final reward then, without playing
the rest; a seat out of a game whose eliminated seats may still win is paid at the end.

An illegal action never changes the game. With `illegal="forfeit"` (the default, what
Gymnasium's checker and unmasked agents need) it ends the episode at once with reward -1 and
`info["illegal"]` giving the rule's reason; with `illegal="raise"` it raises `IllegalAction`.

Every installed game is registered with Gymnasium as ``meeple/<game id>-v0``, so
``gymnasium.make("meeple/linkage-v0", opponents="greedy")`` and ``gymnasium.make_vec(...)`` work
once this module is imported (`gymnasium.make("meeple.rl.gym:meeple/linkage-v0")` imports it);
`vector_env` builds a vectorised env directly.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ..actions import Action
from ..bots import Bot
from ..errors import MeepleError
from ..game import Game
from ..registry import Registry
from ..state import State
from .encoding import InformationState, encoder_for
from .pz import action_index, apply_or_refuse, check_illegal_option, make_game, render_view
from .rewards import Rewards, final_rewards, settled_reward
from .spaces import action_space

#: A bot spec for the registry, or a factory ``(game, seat, seed) -> Bot``.
Opponent = Union[str, Callable[[Game, int, int], Bot]]

#: Deals skipped in a row before `reset` gives up (the bots always end the game first).
MAX_SKIPPED_DEALS = 1000


class MeepleGymEnv(gymnasium.Env):
    """Seat `seat` of a game against bots. `opponents`: one bot for all other seats, or one per
    other seat, each a bot spec (``"greedy"``, ``"mcts:iterations=50"``, built by the registry)
    or a callable ``(game, seat, seed) -> Bot`` (for a game no registry knows, or a trained policy)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game: Game, seat: int = 0, opponents: Opponent | Sequence[Opponent] = "random",
                 registry: Registry | None = None, render_mode: str | None = None,
                 illegal: str = "forfeit", rewards: Rewards | str = Rewards.UTILITY,
                 information_state: bool = False, max_cycles: int | None = None) -> None:
        self.illegal = check_illegal_option(illegal)
        self.payoffs = Rewards.of(rewards)
        if not 0 <= seat < game.players:
            raise MeepleError(f"seat {seat} is not a seat of a {game.players}-player game")
        if max_cycles is not None and max_cycles < 1:
            raise MeepleError(f"max_cycles must be at least 1, not {max_cycles}")
        others = [s for s in range(game.players) if s != seat]
        specs = ([opponents] * len(others) if isinstance(opponents, str) or callable(opponents)
                 else list(opponents))
        if len(specs) != len(others):
            raise MeepleError(f"{len(others)} opponent bots needed, got {len(specs)}")
        self.game, self.seat, self.max_cycles = game, seat, max_cycles
        self.registry = registry
        self.specs = dict(zip(others, specs))
        self.encoder = encoder_for(game)
        self.information = InformationState(game) if information_state else None
        self.actions = action_space(game)
        size = self.encoder.size if self.information is None else self.information.size
        self.observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.action_space = spaces.Discrete(len(self.actions))
        self.render_mode = render_mode
        self.state: State | None = None
        self.history: list[tuple[int, Action, bool]] = []
        self.steps = 0
        self.bots: dict[int, Bot] = {}

    def _make_bot(self, opponent: Opponent, seat: int, seed: int) -> Bot:
        if callable(opponent):
            return opponent(self.game, seat, seed)
        if self.registry is None:
            self.registry = Registry.load()
        return self.registry.make_bot(opponent, self.game, seat, defaults={"seed": seed})

    def _reward(self) -> float | None:
        """The learner's final reward once its episode is over (None while it goes on): at the
        end of the game, or when its seat went out with its result settled."""
        state = self.state
        if state is None:
            return None
        if state.is_terminal:
            return final_rewards(state, self.payoffs)[self.seat]
        if self.seat in state.eliminated():
            return settled_reward(state, self.seat, self.payoffs)
        return None

    def _play_others(self) -> None:
        state = self.state
        assert state is not None
        while self.seat not in state.owing() and self._reward() is None:
            for other in state.owing():
                legal = state.legal_actions(other)
                apply_or_refuse(state, self.bots[other].act(state.view(other), legal), other, self.history, "raise")

    def _observation(self) -> tuple[np.ndarray, dict[str, Any]]:
        state = self.state
        assert state is not None
        view = state.view(self.seat)
        observation = (self.encoder.encode(view) if self.information is None
                       else self.information.encode(view, self.history))
        return observation, {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        state = self.state
        if state is None or self._reward() is not None:
            return np.zeros(len(self.actions), dtype=np.int8)
        return self.actions.mask(state.legal_actions(self.seat))

    def reset(self, *, seed: int | None = None, options: Mapping[str, Any] | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        for skipped in range(MAX_SKIPPED_DEALS):
            self.state = self.game.new_state(int(rng.integers(0, 2**63 - 1)))
            self.history, self.steps = [], 0
            self.bots = {s: self._make_bot(spec, s, int(rng.integers(0, 2**63 - 1)))
                         for s, spec in self.specs.items()}
            self._play_others()
            if self._reward() is None:
                observation, info = self._observation()
                info["skipped"] = skipped
                return observation, info
        raise MeepleError(f"the bots finished {MAX_SKIPPED_DEALS} deals in a row before seat "
                          f"{self.seat} owed a decision")

    def step(self, action: Any):
        state = self.state
        if state is None or self._reward() is not None:
            raise MeepleError("the episode is over: call reset()")
        chosen = self.actions.actions[action_index(action, len(self.actions))]
        reason = apply_or_refuse(state, chosen, self.seat, self.history, self.illegal)
        if reason is not None:
            observation, info = self._observation()
            self.state = None  # the episode is over; the game itself is untouched
            info["illegal"] = reason
            return observation, -1.0, True, False, info
        self.steps += 1
        self._play_others()
        final = self._reward()
        done = final is not None
        reward = final if done else 0.0
        truncated = not done and self.max_cycles is not None and self.steps >= self.max_cycles
        observation, info = self._observation()
        return observation, reward, done, truncated, info

    def render(self) -> str | None:
        """The learner's view, drawn by the game's renderer."""
        return render_view(self.game, self.registry, self.state, self.seat, self.render_mode)


def gymnasium_env(game_id: str | Game, players: int | None = None,
                  options: Mapping[str, Any] | None = None, **kwargs: Any) -> MeepleGymEnv:
    """`MeepleGymEnv` for an installed game (`seat`, `opponents`, `registry`, `rewards`,
    `information_state`, `max_cycles`, `illegal`, `render_mode` as keywords)."""
    game = make_game(game_id, players, options, kwargs.get("registry"))
    return MeepleGymEnv(game, **kwargs)


def vector_env(game_id: str | Game, num_envs: int, players: int | None = None,
               options: Mapping[str, Any] | None = None, asynchronous: bool = False,
               **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """`num_envs` copies of `gymnasium_env(...)` as one Gymnasium vector env (in this process,
    or each in its own with `asynchronous=True`); `info["action_mask"]` is stacked per env and
    `call("action_masks")` returns every env's mask."""
    game = make_game(game_id, players, options, kwargs.get("registry"))
    makers = [lambda: MeepleGymEnv(game, **kwargs) for _ in range(num_envs)]
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv(makers)
    return gymnasium.vector.SyncVectorEnv(makers)


def env_id(game_id: str) -> str:
    """The Gymnasium id of an installed game: ``meeple/<game id>-v0``."""
    return f"meeple/{game_id}-v0"


def register_gymnasium_ids(registry: Registry | None = None) -> list[str]:
    """Register ``meeple/<game id>-v0`` with Gymnasium for every installed game (`players` and
    `options` as keywords of `gymnasium.make`); returns the ids."""
    ids = []
    for game_id in (registry or Registry.load()).games:
        ids.append(env_id(game_id))
        if ids[-1] not in gymnasium.registry:
            gymnasium.register(ids[-1], entry_point=gymnasium_env, kwargs={"game_id": game_id},
                               disable_env_checker=True)
    return ids


register_gymnasium_ids()
