"""The mutable state of one game, and the rules interface every game implements.

A game subclasses `State` (an attrs `@define` class) and writes four methods that read like its
rulebook: `_legal_actions`, `_apply`, `_scores` and `_winners`. The base class does the rest:
whose decision is pending, validation of actions, cheap clones, views and fingerprints.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any, Callable, ClassVar, Iterable, Sequence

import attrs
from attrs import define

from .actions import Action, Decision, PendingDecisions
from .errors import IllegalAction
from .game import Game
from .layout import Kind, game_fields, zones_of
from .rng import Rng
from .view import View
from .zones import Zone


@define(slots=True, eq=False, kw_only=True)
class State(PendingDecisions):
    """Base class of game states. `pending` is the stack of decisions owed; its top is owed now."""

    game: Game = attrs.field(repr=False)
    rng: Rng = attrs.field(repr=False)
    pending: list[Decision] = attrs.Factory(list)
    moves: int = 0
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, repr=False)
    _legal_set: frozenset[Action] | None = attrs.field(default=None, init=False, repr=False)

    view_extra_types: ClassVar[dict[str, Any]] = {}

    # -- the rules: implemented by each game --------------------------------------------------

    def _legal_actions(self) -> Iterable[Action]:
        """Every legal action for the decision on top of `pending`, in a deterministic order."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already validated) and update `pending`."""
        raise NotImplementedError

    def _scores(self) -> Sequence[float]:
        """Each seat's score in the game's native unit (the standing so far before the end)."""
        raise NotImplementedError

    def _winners(self) -> Sequence[int]:
        """The seats that won; only called on a terminal state."""
        raise NotImplementedError

    def explain_illegal(self, action: Action) -> str | None:
        """Optionally say why `action` is illegal here, in the rulebook's words."""
        return None

    def view_extras(self, player: int | None) -> dict[str, Any]:
        """Extra public facts for a view (declare their types in `view_extra_types`)."""
        return {}

    def invariants(self) -> list[str]:
        """Broken invariants, as messages (the conformance kit checks these after every action).

        The base checks that the cards in all zones are exactly the game's deck.
        """
        return self.game.check_cards(self)

    # -- the interface hosts and bots use -------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    def legal_actions(self) -> tuple[Action, ...]:
        """Legal actions for the pending decision (empty when the game is over); cached."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions()) if self.pending else ()
        return legal

    def is_legal(self, action: Action) -> bool:
        # Bots and playouts pass an object taken from legal_actions() itself: an identity scan
        # (in C) finds it without hashing every legal action into a set.
        if any(map(is_, repeat(action), self.legal_actions())):
            return True
        legal_set = self._legal_set
        if legal_set is None:
            legal_set = self._legal_set = frozenset(self.legal_actions())
        return action in legal_set

    def apply(self, action: Action, player: int | None = None) -> None:
        """Validate, then carry out `action` for the pending decision.

        Raises IllegalAction (and changes nothing) when the game is over, when `player` is given
        and does not owe the pending decision, or when the action is not legal now.
        """
        if not self.pending:
            raise IllegalAction("the game is over: no action is legal")
        owed = self.pending[-1]
        if player is not None and player != owed.player:
            raise IllegalAction(f"seat {player} has nothing to decide now: "
                                f"seat {owed.player} is to {owed.describe()}")
        if not self.is_legal(action):
            reason = self.explain_illegal(action)
            if reason is None:
                reason = (f"{_describe(action)} is not legal now: seat {owed.player} is to "
                          f"{owed.describe()} ({len(self.legal_actions())} legal actions)")
            raise IllegalAction(reason)
        self._apply(action)
        self.moves += 1
        self._legal = None
        self._legal_set = None

    def scores(self) -> tuple[float, ...]:
        return tuple(self._scores())

    def winners(self) -> tuple[int, ...]:
        """The winning seats, sorted; empty before the end."""
        return tuple(sorted(self._winners())) if not self.pending else ()

    def clone(self) -> "State":
        """An independent copy: zones and lists are copied, immutable values shared."""
        return _cloner(type(self))(self)

    def view(self, player: int | None) -> View:
        """What `player` may see (None: everything but the RNG), as a frozen View."""
        return _viewer(type(self))(self, player)

    def zones(self) -> list[tuple[str, Zone]]:
        """Every zone with a readable name, e.g. `("hands[2]", <Hand>)`."""
        return zones_of(self)

    def fingerprint(self) -> str:
        """A hash of the canonical JSON of the whole state (RNG included)."""
        from .serialization import state_fingerprint

        return state_fingerprint(self)

    def describe(self, action: Action) -> str:
        """How a person would say `action` in this state (games may override for narration)."""
        return _describe(action)


def _describe(action: Action) -> str:
    describe = getattr(action, "describe", None)
    return describe() if callable(describe) else repr(action)


_CLONERS: dict[type, Callable[[State], State]] = {}


def _cloner(cls: type) -> Callable[[State], State]:
    """Compile a clone function for a state class: one line per field, no reflection per call."""
    cloner = _CLONERS.get(cls)
    if cloner is not None:
        return cloner
    lines = ["def clone(self):", "    new = new_(cls)", "    new.game = self.game",
             "    new.rng = self.rng.copy()", "    new.pending = self.pending[:]",
             "    new.moves = self.moves", "    new._legal = self._legal",
             "    new._legal_set = self._legal_set"]
    for info in game_fields(cls):
        n = info.name
        if info.kind is Kind.ZONE:
            lines.append(f"    new.{n} = self.{n}.copy()")
        elif info.kind is Kind.ZONES:
            ctor = "tuple" if info.container is tuple else "list"
            lines.append(f"    new.{n} = {ctor}([z.copy() for z in self.{n}])")
        elif info.kind is Kind.LIST:
            lines.append(f"    new.{n} = self.{n}[:]")
        elif info.kind is Kind.DICT:
            lines.append(f"    new.{n} = dict(self.{n})")
        else:
            lines.append(f"    new.{n} = self.{n}")
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from attrs field names only
    cloner = _CLONERS[cls] = namespace["clone"]
    return cloner


_VIEWERS: dict[type, Callable[[State, int | None], View]] = {}


def _viewer(cls: type) -> Callable[[State, int | None], View]:
    """Compile a view function for a state class: zones give their (cached) views, lists and
    dicts become tuples, hidden fields are left out, extras are added when the game has any."""
    viewer = _VIEWERS.get(cls)
    if viewer is not None:
        return viewer
    entries = []
    for info in game_fields(cls):
        n = info.name
        if info.hidden:
            continue
        if info.kind is Kind.ZONE:
            entries.append(f"({n!r}, self.{n}.view(player))")
        elif info.kind is Kind.ZONES:
            entries.append(f"({n!r}, tuple([z.view(player) for z in self.{n}]))")
        elif info.kind is Kind.LIST:
            entries.append(f"({n!r}, tuple(self.{n}))")
        elif info.kind is Kind.DICT:
            entries.append(f"({n!r}, tuple(self.{n}.items()))")
        else:
            entries.append(f"({n!r}, self.{n})")
    lines = ["def view(self, player):", f"    fields = ({', '.join(entries)}{',' if entries else ''})"]
    if cls.view_extras is not State.view_extras:
        lines += ["    extras = self.view_extras(player)",
                  "    if extras:", "        fields = fields + tuple(extras.items())"]
    lines.append("    return View_(self.game.spec.id, player, self.moves, tuple(self.pending), fields)")
    namespace: dict[str, Any] = {"View_": View}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from attrs field names only
    viewer = _VIEWERS[cls] = namespace["view"]
    return viewer
