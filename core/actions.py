"""Base classes for a game's actions and for the decision frames that say who must act next.

A decision frame owns its rules: what is legal (`legal_actions`), what happens (`resolve`) and
why an action is refused (`explain_illegal`), so a game reads one section per decision, in
rulebook order. A `Simultaneous` decision is owed by a set of seats at once.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Sequence

import attrs
from attrs import frozen

if TYPE_CHECKING:
    from .state import State


def tag_from_name(name: str) -> str:
    """The default tag of an action or decision class: its name in snake case
    (`TakeStolen` -> `take_stolen`, `DrawAI` -> `draw_ai`)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


class _Tagged:
    """Gives every subclass a `tag` derived from its class name unless it declares one."""

    __slots__ = ()
    tag: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "tag" not in cls.__dict__:
            cls.tag = tag_from_name(cls.__name__)


@frozen
class Action(_Tagged):
    """Base of a game's actions: frozen attrs classes, hashable, with a stable `tag`.

    The tag (not the class name) identifies the action in JSON, so classes can be renamed freely
    as long as they keep their tag; without an explicit `tag` it is the class name in snake case
    (`class DrawBlind(Action)` has the tag `draw_blind`). Tags need only be unique within one game.
    """

    tag: ClassVar[str] = ""

    def describe(self) -> str:
        """A short human-readable form; games override for nicer wording."""
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in attrs.fields(type(self))]
        return f"{self.tag}({', '.join(parts)})" if parts else self.tag


@frozen
class Decision(_Tagged):
    """A pending decision: which `player` must act and what kind of choice it is.

    A state holds a stack of these (the top one is owed now), so a victim's reply, a card-by-card
    draw or an opponent's reaction is a decision like any other. Frames are public: keep secrets
    in zones, never in a frame.

    A decision owns its rules: it writes `legal_actions` and `resolve` (and may write
    `explain_illegal`); the state calls them on the frame on top of the stack.
    """

    tag: ClassVar[str] = ""
    player: int

    #: True for decisions owed by a set of seats at once (see `Simultaneous`).
    simultaneous: ClassVar[bool] = False

    def describe(self) -> str:
        """What the owing seat is to do, in words: "seat 2 is to *take stones*" (default: the tag)."""
        return self.tag.replace("_", " ")

    def seats(self) -> tuple[int, ...]:
        """Every seat this decision is owed by."""
        return (self.player,)

    # -- the rules of this decision ---------------------------------------------------------

    def legal_actions(self, state: "State") -> Iterable[Action]:
        """Every legal action for this decision in `state`, in a deterministic order."""
        raise NotImplementedError(f"define {type(self).__name__}.legal_actions(state) and "
                                  f"{type(self).__name__}.resolve(state, action)")

    def resolve(self, state: "State", action: Action) -> None:
        """Carry out a legal `action` (already validated). This frame has already been popped
        from `state.pending`: push whatever decisions come next (nothing when the game ends)."""
        raise NotImplementedError(f"define {type(self).__name__}.resolve(state, action)")

    def explain_illegal(self, state: "State", action: Action) -> str | None:
        """Optionally say why `action` is illegal here, in the rulebook's words."""
        return None


def _ascending_seats(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(value))


def _distinct_seats(instance: Any, attribute: Any, value: tuple[int, ...]) -> None:
    if not value or len(set(value)) != len(value) or any(type(p) is not int or p < 0 for p in value):
        raise ValueError(f"a simultaneous decision is owed by distinct seats, got {value!r}")


@frozen
class Simultaneous(Decision):
    """A decision owed by a set of seats at once (pass three cards, bid secretly, pick a card).

    Each seat in `players` chooses one action without seeing the others' choices. A choice is a
    secret kept by the core outside the frame (the frame stays public): a seat's view shows its
    own pending choice, everyone's view shows which seats have chosen (`view.chosen`). When the
    last seat has chosen, the frame is popped and `resolve(state, choices)` gets every choice.

    `player` is None for these frames: ask the state (`state.owing()`, `state.current_player`).
    Subclasses implement the three methods below (they take the choosing seat).
    """

    tag: ClassVar[str] = ""
    simultaneous: ClassVar[bool] = True

    players: tuple[int, ...] = attrs.field(converter=_ascending_seats, validator=_distinct_seats)
    player: None = attrs.field(init=False, default=None, repr=False, eq=False)  # type: ignore[assignment]

    def seats(self) -> tuple[int, ...]:
        return self.players

    def legal_actions(self, state: "State", player: int) -> Iterable[Action]:  # type: ignore[override]
        """Every legal choice of seat `player` (which still owes one), in a deterministic order."""
        raise NotImplementedError(f"{type(self).__name__} must define legal_actions(state, player)")

    def resolve(self, state: "State", choices: Mapping[int, Action]) -> None:  # type: ignore[override]
        """Carry out every seat's choice at once: `choices` maps each seat of `players` (in
        ascending order) to its action. This frame has already been popped from `state.pending`."""
        raise NotImplementedError(f"{type(self).__name__} must define resolve(state, choices)")

    def explain_illegal(self, state: "State", action: Action,  # type: ignore[override]
                        player: int) -> str | None:
        """Optionally say why `action` is not a legal choice for seat `player`."""
        return None


def owing_seats(frame: Decision, chosen: Iterable[int]) -> tuple[int, ...]:
    """The seats that still owe `frame`, ascending, given the seats that have chosen already."""
    if not frame.simultaneous:
        return (frame.player,)
    done = set(chosen)
    return tuple(p for p in frame.seats() if p not in done)


class PendingDecisions:
    """Read-only access to a stack of pending decisions, shared by states and views.

    Subclasses provide `pending` and `_chosen_seats()` (the seats that have made their choice for
    a simultaneous decision on top of the stack).
    """

    __slots__ = ()
    pending: Sequence[Decision]

    def _chosen_seats(self) -> Iterable[int]:
        raise NotImplementedError

    @property
    def decision(self) -> Decision | None:
        """The decision owed now (None when the game is over)."""
        return self.pending[-1] if self.pending else None

    @property
    def current_player(self) -> int | None:
        """The seat to act now: the seat that owes the pending decision or, for a simultaneous
        decision, the lowest seat that has not chosen yet (None when the game is over).

        Sequential consumers (random playouts, search, simple hosts) can keep asking this seat
        and applying its action: a simultaneous decision then resolves in ascending seat order.
        """
        try:  # (asked at every decision of a playout: no test of `pending` when a frame is there)
            player = self.pending[-1].player
        except IndexError:
            return None
        if player is None:
            owing = owing_seats(self.pending[-1], self._chosen_seats())
            return owing[0] if owing else None
        return player

    def owing(self) -> tuple[int, ...]:
        """Every seat that owes a decision now, ascending (empty when the game is over)."""
        if not self.pending:
            return ()
        return owing_seats(self.pending[-1], self._chosen_seats())

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (no decision is pending)."""
        return not self.pending
