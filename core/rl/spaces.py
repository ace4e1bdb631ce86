"""A fixed action space per game: an index for every action the game can ever offer.

RL frameworks want a `Discrete(n)` action space and a legal-action mask, so every action a game
may offer needs one stable index. Where the list comes from, first match wins:

1. the game's own hook: a method ``rl_action_space(self) -> Sequence[Action]`` on its `Game` class
   (the game plugins shipped with meeple each declare one, beside their actions);
2. a declaration registered with `register_action_space(game_id, enumerate)`, for a game whose
   class cannot carry the method (a test game, a game from elsewhere);
3. nothing: `action_space` refuses with one line naming the hook. `explore_action_space` lists
   the actions random games reach, for a game author writing a declaration, but it proves
   nothing, so it is never used silently.

A declaration must be complete: the env raises `IncompleteActionSpace` naming an action the game
offered that the space lacks, and `tests/rl` play random games to check each declaration.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import numpy as np

from ..actions import Action
from ..errors import MeepleError
from ..game import Game
from ..rng import Rng

Enumerate = Callable[[Game], Iterable[Action]]

_DECLARED: dict[str, Enumerate] = {}


class IncompleteActionSpace(MeepleError):
    """A game offered an action its declared action space does not list."""


class ActionSpace:
    """Every action a game can offer, in a fixed order: `index(action)` and `actions[i]`."""

    __slots__ = ("actions", "_index")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {}
        for i, action in enumerate(self.actions):
            if action in self._index:
                raise ValueError(f"the action space lists {action!r} twice")
            self._index[action] = i

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise IncompleteActionSpace(
                f"the game offered {action!r}, which its declared action space does not list "
                f"(fix its rl_action_space declaration)") from None

    def mask(self, legal: Iterable[Action]) -> np.ndarray:
        """An int8 vector, 1 at the index of every legal action."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        try:
            mask[list(map(self._index.__getitem__, legal))] = 1
        except KeyError:
            check_covers(self, list(legal))  # names the action the space lacks
        return mask


def register_action_space(game_id: str, enumerate_actions: Enumerate) -> None:
    """Declare the action space of `game_id`: `enumerate_actions(game)` lists every action the
    game (these players and options) can ever offer, each once, in a stable order."""
    _DECLARED[game_id] = enumerate_actions


def declared(game: Game) -> Enumerate | None:
    """The game's own `rl_action_space` method, else the enumeration registered for its id."""
    hook = getattr(type(game), "rl_action_space", None)
    if hook is not None:
        return lambda g: hook(g)
    return _DECLARED.get(game.spec.id)


_SPACES: dict[Game, ActionSpace] = {}


def action_space(game: Game) -> ActionSpace:
    """The game's fixed action space (cached per game instance: players and options)."""
    space = _SPACES.get(game)
    if space is None:
        enumerate_actions = declared(game)
        if enumerate_actions is None:
            raise MeepleError(
                f"{game.spec.id} declares no action space: give its Game class a method "
                f"rl_action_space(self) listing every action it can offer, or call "
                f"meeple.rl.register_action_space({game.spec.id!r}, ...) (see docs/rl.md)")
        space = _SPACES[game] = ActionSpace(enumerate_actions(game))
    return space


def explore_action_space(game: Game, games: int = 50, seed: int = 0) -> list[Action]:
    """The actions random games offer, in the order first met: a starting point for writing a
    declaration, never a proof that the list is complete."""
    rng = Rng(seed)
    seen: dict[Action, None] = {}
    for g in range(games):
        state = game.new_state(seed + g)
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_actions(player)
            seen.update(dict.fromkeys(legal))
            state.apply(legal[rng.below(len(legal))], player)
    return list(seen)


def check_covers(space: ActionSpace, legal: Sequence[Action]) -> None:
    """Raise IncompleteActionSpace for the first legal action the space lacks."""
    for action in legal:
        space.index(action)
