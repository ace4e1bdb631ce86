"""PettingZoo environments for any installed meeple game (`meeple.rl.pettingzoo_env`).

The AEC env asks `state.current_player` (a simultaneous decision is asked seat by seat in
ascending order, OpenSpiel's sequential mapping: a seat's observation never holds another's
pending choice). The Parallel env, for games whose `spec.dynamics` is simultaneous, asks every
owing seat at once; seats that owe nothing get an all-zero mask and their action is ignored.
Observations are dicts `{"observation": float32 vector, "action_mask": int8 vector}` as in
PettingZoo's classic environments. Rewards come at the end: +1 to each winner, -1 to each other
seat (0 to all when every seat wins or none does).
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from ..errors import MeepleError
from ..game import Game
from ..registry import Registry
from ..state import State
from .encoding import encoder_for
from .spaces import action_space


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def outcome_rewards(state: State) -> list[float]:
    """+1 per winner, -1 per other seat; 0 for all when everyone or no one wins."""
    winners = set(state.winners())
    players = state.game.players
    if not winners or len(winners) == players:
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


def make_game(game_id: str | Game, players: int | None = None,
              options: Mapping[str, Any] | None = None, registry: Registry | None = None) -> Game:
    if isinstance(game_id, Game):
        return game_id
    return (registry or Registry.load()).create(game_id, players, options)


class _Spaces:
    """What both env kinds share: the game, its encoder and action space, the gym spaces."""

    def _setup(self, game: Game) -> None:
        self.game = game
        self.encoder = encoder_for(game)
        self.actions = action_space(game)
        self.possible_agents = [agent_name(s) for s in range(game.players)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self.state: State | None = None
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_state(self, seed: int | None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.state = self.game.new_state(int(self._np_random.integers(0, 2**63 - 1)))

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        mask = (self.actions.mask(state.legal_actions(seat)) if seat in state.owing()
                else np.zeros(len(self.actions), dtype=np.int8))
        return {"observation": self.encoder.encode(state.view(seat)), "action_mask": mask}

    def _action(self, seat: int, index: Any) -> Any:
        if not (isinstance(index, (int, np.integer)) and 0 <= int(index) < len(self.actions)):
            raise MeepleError(f"{agent_name(seat)}: action must be an index 0..{len(self.actions) - 1}, "
                              f"got {index!r}")
        return self.actions.actions[int(index)]

    def render(self) -> str | None:
        """The view of the seat to act (never the omniscient view: a screen shows no secrets)."""
        state = self.state
        if state is None or state.is_terminal:
            return None if state is None else repr(state.view(None).fields)
        return repr(state.view(state.current_player).fields)


class MeepleAECEnv(_Spaces, AECEnv):
    """One meeple game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "meeple", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        self._setup(game)
        self.metadata = {**self.metadata, "name": f"meeple_{game.spec.id}"}
        self.render_mode = render_mode

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.state.current_player)  # type: ignore[union-attr]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        seat = self._seat[agent]
        state.apply(self._action(seat, action), seat)  # an illegal action raises IllegalAction
        self._clear_rewards()
        if state.is_terminal:
            for a, reward in zip(self.possible_agents, outcome_rewards(state)):
                self.rewards[a] = reward
                self.terminations[a] = True
            self._accumulate_rewards()
            # every agent, in seat order, takes its final (dead) step
            self.agent_selection = self.agents[0]
            return
        self._cumulative_rewards[agent] = 0.0
        self.agent_selection = agent_name(state.current_player)  # type: ignore[arg-type]
        self._accumulate_rewards()

    def close(self) -> None:
        pass


class MeepleParallelEnv(_Spaces, ParallelEnv):
    """A game with simultaneous decisions as a PettingZoo Parallel environment: each step takes
    the actions of every seat owing a decision (others' actions are ignored)."""

    metadata = {"render_modes": ["ansi"], "name": "meeple"}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        self._setup(game)
        self.metadata = {**self.metadata, "name": f"meeple_{game.spec.id}"}
        self.render_mode = render_mode

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_state(seed)
        self.agents = self.possible_agents[:]
        return ({a: self._observe(self._seat[a]) for a in self.agents},
                {a: {} for a in self.agents})

    def step(self, actions: Mapping[str, Any]):
        state = self.state
        assert state is not None
        owing = state.owing()
        missing = [agent_name(s) for s in owing if agent_name(s) not in actions]
        if missing:
            raise MeepleError(f"no action given for {', '.join(missing)}, who owe a decision")
        chosen = [(seat, self._action(seat, actions[agent_name(seat)])) for seat in owing]
        probe = state.clone()  # all or nothing: an illegal choice leaves the game as it was
        for seat, action in chosen:
            probe.apply(action, seat)
        self.state = state = probe
        done = state.is_terminal
        rewards = outcome_rewards(state) if done else [0.0] * self.game.players
        agents = self.agents
        observations = {a: self._observe(self._seat[a]) for a in agents}
        result = (observations,
                  {a: rewards[self._seat[a]] for a in agents},
                  {a: done for a in agents},
                  {a: False for a in agents},
                  {a: {} for a in agents})
        if done:
            self.agents = []
        return result

    def close(self) -> None:
        pass


def pettingzoo_env(game_id: str | Game, players: int | None = None,
                   options: Mapping[str, Any] | None = None, *, parallel: bool = False,
                   registry: Registry | None = None, render_mode: str | None = None):
    """A PettingZoo env for an installed game: AEC by default, Parallel with `parallel=True`
    (only for games whose `spec.dynamics` is simultaneous)."""
    game = make_game(game_id, players, options, registry)
    if parallel:
        if not game.spec.simultaneous:
            raise MeepleError(f"{game.spec.id} is sequential: use the AEC env (parallel=False)")
        return MeepleParallelEnv(game, render_mode)
    return MeepleAECEnv(game, render_mode)
