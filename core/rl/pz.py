"""PettingZoo environments for any installed meeple game (`meeple.rl.pettingzoo_env`).

The AEC env asks `state.current_player` (a simultaneous decision is asked seat by seat in
ascending order, OpenSpiel's sequential mapping: a seat's observation never holds another's
pending choice). The Parallel env, for games whose `Game.dynamics` is simultaneous, asks every
owing seat at once; seats that owe nothing get an all-zero mask and their action is ignored.

Observations are dicts as in PettingZoo's classic environments: ``"observation"`` (the seat's
encoding, float32 in [0, 1], `meeple.rl.encoding`), ``"action_mask"`` (int8) and, with
``information_state=True``, ``"information_state"`` (perfect recall, `InformationState`).
Actions are indices of the game's action space: a Python int, a NumPy integer or a 0-d integer
array. Rewards come at the end, from `rewards` (`meeple.rl.Rewards`, default the game's declared
utility: scores in a points game, +1/-1 win/loss otherwise).

An illegal action never changes the game. With ``illegal="forfeit"`` (the default, as
PettingZoo's classic envs do) it ends the game at once: -1 to the seat that made it, 0 to the
others, the reason in its ``info["illegal"]``; with ``illegal="raise"`` it raises `IllegalAction`.
With ``max_cycles=N`` a game still running after N decisions is truncated (every seat, reward 0).

A seat eliminated before the end (`State.eliminated`) is terminated at once, with its final
reward (`meeple.rl.rewards.settled_reward`), and takes its last (dead) step before the game goes
on, as the AEC API asks; in the Parallel env it is terminated in the step it goes out and leaves
`agents`. A seat out of a game whose eliminated seats may still win (`eliminated_can_win`),
paid win/loss, owes nothing more but stays until the end, when its reward is known.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from ..actions import Action
from ..errors import IllegalAction, MeepleError
from ..game import Game
from ..registry import Registry
from ..spec import Dynamics
from ..render import generic_renderer
from ..state import State
from .encoding import InformationState, encoder_for
from .rewards import Rewards, final_rewards, settled_reward
from .spaces import action_space


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def make_game(game_id: str | Game, players: int | None = None,
              options: Mapping[str, Any] | None = None, registry: Registry | None = None) -> Game:
    if isinstance(game_id, Game):
        return game_id
    return (registry or Registry.load()).create(game_id, players, options)


def action_index(index: Any, size: int, who: str = "") -> int:
    """`index` as an int in 0..size-1: a Python or NumPy integer, or a 0-d integer array (what
    SB3's `model.predict` returns); anything else is one clear error."""
    if isinstance(index, np.ndarray) and index.ndim == 0 and np.issubdtype(index.dtype, np.integer):
        index = index.item()
    if isinstance(index, (int, np.integer)) and not isinstance(index, bool) and 0 <= int(index) < size:
        return int(index)
    raise MeepleError(f"{who}action must be an index 0..{size - 1}, got {index!r}")


def check_illegal_option(illegal: str) -> str:
    if illegal not in ("forfeit", "raise"):
        raise MeepleError(f"illegal must be 'forfeit' or 'raise', not {illegal!r}")
    return illegal


def apply_or_refuse(state: State, action: Action, seat: int, history: list, illegal: str) -> str | None:
    """Apply `action` for `seat` and record it in `history` as ``(seat, action, secret)``; an
    illegal action changes nothing and, with ``illegal="forfeit"``, returns the rules' reason
    (with ``"raise"`` it raises `IllegalAction`). The rules check legality once, in `apply`."""
    secret = state.decision is not None and state.decision.simultaneous
    try:
        state.apply(action, seat)
    except IllegalAction as error:
        if illegal == "raise":
            raise
        return str(error)
    history.append((seat, action, secret))
    return None


def render_view(game: Game, registry: Registry | None, state: State | None, seat: int | None,
                mode: str | None) -> str | None:
    """`seat`'s view drawn by the game's renderer: its own (`Game.renderer`), else one a plugin of
    `registry` registered for it, else the generic one."""
    if state is None or mode is None:
        return None
    renderer = type(game).renderer or (registry.renderer(game.spec.id) if registry else generic_renderer)
    text = renderer(state.view(seat))
    if mode == "human":
        print(text)
        return None
    return text


class _Spaces:
    """What both env kinds share: the game, its encoder and action space, the gym spaces."""

    def _setup(self, game: Game, rewards: Rewards | str, information_state: bool, illegal: str,
               max_cycles: int | None, render_mode: str | None, registry: Registry | None) -> None:
        self.game, self.registry = game, registry
        self.payoffs = Rewards.of(rewards)
        self.illegal = check_illegal_option(illegal)
        if max_cycles is not None and max_cycles < 1:
            raise MeepleError(f"max_cycles must be at least 1, not {max_cycles}")
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.encoder = encoder_for(game)
        self.information = InformationState(game) if information_state else None
        self.actions = action_space(game)
        self.possible_agents = [agent_name(s) for s in range(game.players)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        parts = {"observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                 "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8)}
        if self.information is not None:
            parts["information_state"] = spaces.Box(0.0, 1.0, (self.information.size,), np.float32)
        obs = spaces.Dict(parts)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self.state: State | None = None
        self.history: list[tuple[int, Action, bool]] = []
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _new_state(self, seed: int | None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.state = self.game.new_state(int(self._np_random.integers(0, 2**63 - 1)))
        self.history = []

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        mask = (self.actions.mask(state.legal_actions(seat)) if seat in state.owing()
                else np.zeros(len(self.actions), dtype=np.int8))
        view = state.view(seat)
        observation = {"observation": self.encoder.encode(view), "action_mask": mask}
        if self.information is not None:
            observation["information_state"] = self.information.encode(view, self.history)
        return observation

    def _action(self, seat: int, index: Any) -> Action:
        return self.actions.actions[action_index(index, len(self.actions), f"{agent_name(seat)}: ")]

    def _truncated(self) -> bool:
        return self.max_cycles is not None and len(self.history) >= self.max_cycles

    def render(self) -> str | None:
        """The view of the seat to act, drawn by the game's renderer (the omniscient view once the
        game is over; never another seat's secrets mid-game)."""
        state = self.state
        seat = None if state is None or state.is_terminal else state.current_player
        return render_view(self.game, self.registry, state, seat, self.render_mode)


class MeepleAECEnv(_Spaces, AECEnv):
    """One meeple game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "meeple", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, rewards: Rewards | str = Rewards.UTILITY,
                 information_state: bool = False, illegal: str = "forfeit",
                 max_cycles: int | None = None, registry: Registry | None = None) -> None:
        super().__init__()
        self._setup(game, rewards, information_state, illegal, max_cycles, render_mode, registry)
        self.metadata = {**self.metadata, "name": f"meeple_{game.spec.id}"}

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
        chosen = self._action(seat, action)
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        reason = apply_or_refuse(state, chosen, seat, self.history, self.illegal)
        if reason is not None:
            self.infos[agent] = {"illegal": reason}
            self._end({a: (-1.0 if a == agent else 0.0) for a in self.agents}, self.terminations)
            return
        if state.is_terminal:
            self._end(dict(zip(self.possible_agents, final_rewards(state, self.payoffs))), self.terminations)
        elif self._truncated():
            self._end({a: 0.0 for a in self.agents}, self.truncations)
        else:
            self.agent_selection = agent_name(state.current_player)  # type: ignore[arg-type]
            retired = self._retire_eliminated()
            self._accumulate_rewards()
            if retired:
                self._deads_step_first()  # their dead steps first, then the seat to act

    def _retire_eliminated(self) -> bool:
        """Terminate every seat newly out of the game whose reward is settled, paying it."""
        retired = False
        for agent, reward in eliminated_rewards(self.state, self.agents, self.terminations, self.payoffs):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            retired = True
        return retired

    def _end(self, rewards: Mapping[str, float], flags: dict[str, bool]) -> None:
        """The game is over (or cut short): pay `rewards`, set `flags` for every agent, and let
        each take its final (dead) step, in seat order."""
        for agent in self.agents:
            self.rewards[agent] = rewards[agent]
            flags[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def close(self) -> None:
        pass


class MeepleParallelEnv(_Spaces, ParallelEnv):
    """A game with simultaneous decisions as a PettingZoo Parallel environment: each step takes
    the actions of every seat owing a decision (others' actions are ignored)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "meeple"}

    def __init__(self, game: Game, render_mode: str | None = None, rewards: Rewards | str = Rewards.UTILITY,
                 information_state: bool = False, illegal: str = "forfeit",
                 max_cycles: int | None = None, registry: Registry | None = None) -> None:
        self._setup(game, rewards, information_state, illegal, max_cycles, render_mode, registry)
        self.metadata = {**self.metadata, "name": f"meeple_{game.spec.id}"}

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
        agents = self.agents
        infos: dict[str, dict] = {a: {} for a in agents}
        probe, history = state.clone(), list(self.history)
        for seat, action in chosen:  # all or nothing: the env keeps the game until every choice is in
            reason = apply_or_refuse(probe, action, seat, history, self.illegal)
            if reason is not None:  # the game is left as it was; the offender forfeits
                infos[agent_name(seat)] = {"illegal": reason}
                return self._finish({a: (-1.0 if a == agent_name(seat) else 0.0) for a in agents},
                                    True, False, infos)
        self.state, self.history = probe, history
        if probe.is_terminal:
            rewards = dict(zip(self.possible_agents, final_rewards(probe, self.payoffs)))
            return self._finish(rewards, True, False, infos)
        if self._truncated():
            return self._finish({a: 0.0 for a in agents}, False, True, infos)
        out = dict(eliminated_rewards(probe, agents, {}, self.payoffs))  # they leave `agents`
        self.agents = [a for a in agents if a not in out]
        return ({a: self._observe(self._seat[a]) for a in agents}, {a: out.get(a, 0.0) for a in agents},
                {a: a in out for a in agents}, {a: False for a in agents}, infos)

    def _finish(self, rewards: Mapping[str, float], terminated: bool, truncated: bool, infos: dict):
        agents = self.agents
        result = ({a: self._observe(self._seat[a]) for a in agents}, {a: rewards[a] for a in agents},
                  {a: terminated for a in agents}, {a: truncated for a in agents}, infos)
        self.agents = []
        return result

    def close(self) -> None:
        pass


def eliminated_rewards(state: State, agents: list[str], terminated: Mapping[str, bool],
                       payoffs: Rewards) -> list[tuple[str, float]]:
    """The agents among `agents`, not yet `terminated`, that `state` has put out of the game with
    a settled reward (`settled_reward`), each with that reward, in the order they went out."""
    found = []
    for seat in state.eliminated():
        agent = agent_name(seat)
        if agent in agents and not terminated.get(agent, False):
            reward = settled_reward(state, seat, payoffs)
            if reward is not None:
                found.append((agent, reward))
    return found


def pettingzoo_env(game_id: str | Game, players: int | None = None,
                   options: Mapping[str, Any] | None = None, *, parallel: bool = False,
                   registry: Registry | None = None, render_mode: str | None = None, **kwargs: Any):
    """A PettingZoo env for an installed game: AEC by default, Parallel with `parallel=True`
    (only for games whose `Game.dynamics` is simultaneous). Keywords: `rewards`,
    `information_state`, `illegal`, `max_cycles` (the module docstring)."""
    if registry is None and not isinstance(game_id, Game):
        registry = Registry.load()
    game = make_game(game_id, players, options, registry)
    if parallel:
        if game.dynamics is not Dynamics.SIMULTANEOUS:
            raise MeepleError(f"{game.spec.id} is sequential: use the AEC env (parallel=False)")
        return MeepleParallelEnv(game, render_mode, registry=registry, **kwargs)
    return MeepleAECEnv(game, render_mode, registry=registry, **kwargs)
