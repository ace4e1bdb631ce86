"""The mutable state of one game, and the rules interface every game implements.

A game subclasses `State` and gives it its fields (zones and plain values); the subclass needs no
decorator: `State`'s metaclass makes every subclass an attrs class (slotted, `eq=False`,
`kw_only=True`), and an explicit `@define(slots=True, eq=False, kw_only=True)` still works.

The rules live in the decision frames: each `Decision` subclass owns its `legal_actions`,
`resolve` and `explain_illegal`, and the state asks the frame on top of `pending`. Every game
writes `_scores`, and `_winners` unless the seats with the top score win. The base class does
the rest: whose decision is pending (one seat, or a set of seats for a `Simultaneous` decision,
whose choices it keeps secret until all are in), validation of actions, clones, views and
fingerprints.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, ClassVar, Iterable, Sequence

import attrs
from attrs import define

from .actions import Action, Decision, PendingDecisions
from .errors import IllegalAction
from .game import Game
from . import knowledge
from .knowledge import Fact, Known
from .layout import Kind, game_fields, zones_of
from .rng import Rng
from .view import View, build_view
from .zones import Zone

_STATE_OPTIONS = {"slots": True, "eq": False, "kw_only": True}


class StateMeta(type):
    """Makes every subclass of `State` an attrs class, so a game's state needs no decorator.

    attrs builds a new (slotted) class from the one the class statement made; that rebuild (its
    namespace already holds `__attrs_attrs__`) and `State` itself are left alone. An explicit
    `@define(...)` on a subclass simply defines it again, with the same result.
    """

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if "__attrs_attrs__" in namespace or not any(isinstance(b, StateMeta) for b in bases):
            return cls
        return define(cls, **_STATE_OPTIONS)


@define(slots=True, eq=False, kw_only=True)
class State(PendingDecisions, metaclass=StateMeta):
    """Base class of game states. `pending` is the stack of decisions owed; its top is owed now."""

    game: Game = attrs.field(repr=False)
    rng: Rng = attrs.field(repr=False)
    pending: list[Decision] = attrs.Factory(list)
    moves: int = 0
    # The legal actions of the sequential decision on top of `pending`, once asked (None: not
    # yet); every action applied clears it.
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, repr=False)
    # The choices made so far for the simultaneous decision on top of `pending`: seat -> action,
    # keys ascending. Secret (views show each seat only its own). Never mutated in place (a new
    # dict per choice), so clones share it; None when nobody has a pending choice.
    _choices: dict[int, Action] | None = attrs.field(default=None, init=False, repr=False)
    # The facts the rules recorded about hidden cards, each with who knows it (`learn`): a tuple,
    # replaced (never mutated) on change, so clones share it.
    _facts: tuple[Known, ...] = attrs.field(default=(), init=False, repr=False)

    view_extra_types: ClassVar[dict[str, Any]] = {}

    eliminated_can_win: ClassVar[bool] = False
    """Whether a seat out of the game may still be among the winners at the end (Go Fish: a
    player out of cards keeps its books). False (the default): elimination is a loss, so the
    seat's whole result is settled the moment it goes out (see `eliminated`)."""

    # -- what a game writes ---------------------------------------------------------------------

    def _scores(self) -> Sequence[float]:
        """Each seat's score in the game's native unit (the standing so far before the end)."""
        raise NotImplementedError

    def _winners(self) -> Sequence[int]:
        """The seats that won; only called on a terminal state.

        Default: the seats with the top final score (all of them on a tie) — what a points game
        (`GameSpec.utility`) usually means; override when winning is decided otherwise."""
        scores = self.scores()
        top = max(scores)
        return [seat for seat, score in enumerate(scores) if score == top]

    def _eliminated(self) -> Iterable[int]:
        """The seats out of the game, in the order they went out (a game with elimination writes
        this from its own fields, e.g. a list the rules append to; default: nobody)."""
        return ()

    def explain_illegal(self, action: Action) -> str | None:
        """Why `action` is illegal here, in the rulebook's words, if the pending frame says
        (its `explain_illegal`; for a simultaneous decision, for the current player)."""
        if not self.pending:
            return None
        frame = self.pending[-1]
        if frame.player is None:
            return frame.explain_illegal(self, action, self.current_player)  # type: ignore[call-arg]
        return frame.explain_illegal(self, action)

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
        """The number of seats (the game's player count)."""
        return self.game.players

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """Legal actions of `player` (default: the current player) for the pending decision;
        empty when the game is over or when `player` owes nothing now."""
        if not self.pending:
            return ()
        frame = self.pending[-1]
        if frame.simultaneous:
            seat = self.current_player if player is None else player
            if seat not in self.owing():
                return ()
            return tuple(frame.legal_actions(self, seat))  # type: ignore[call-arg]
        if player is not None and player != frame.player:
            return ()
        if self._legal is None:
            self._legal = tuple(frame.legal_actions(self))
        return self._legal

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether `action` is legal for `player` (default: the current player) now."""
        legal = self.legal_actions(player)
        for candidate in legal:  # a bot passes one of these very objects: found by identity first
            if candidate is action:
                return True
        return action in legal

    def apply(self, action: Action, player: int | None = None) -> tuple[Action, ...]:
        """Validate, then carry out `action` for the pending decision, by `player` (default: the
        current player).

        Raises IllegalAction (and changes nothing) when the game is over, when `player` owes
        nothing now (or has already chosen), or when the action is not legal for it.

        Returns the actions this call adds to the game's record, in record order: `(action,)`
        for a decision owed by one seat; for a simultaneous decision, `()` while other seats
        still owe a choice, then every seat's choice in ascending seat order once the last one
        arrives. A host that accepts choices in any order records what `apply` returns; a host
        that always lets `current_player` act may record each action as it goes: both give the
        same record, and replaying it (`apply(action)` one by one) gives the same game.
        """
        if not self.pending:
            raise IllegalAction("the game is over: no action is legal")
        owed = self.pending[-1]
        if owed.simultaneous:
            return self._choose(owed, action, player)
        if player is not None and player != owed.player:
            raise IllegalAction(f"seat {player} has nothing to decide now: "
                                f"seat {owed.player} is to {owed.describe()}")
        if not self.is_legal(action):
            reason = self.explain_illegal(action)
            if reason is None:
                reason = (f"{_describe(action)} is not legal now: seat {owed.player} is to "
                          f"{owed.describe()} ({len(self.legal_actions())} legal actions)")
            raise IllegalAction(reason)
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> tuple[Action, ...]:
        """`apply(action)` for a caller that knows `action` is one of `legal_actions()` (equal to
        one of them, for the current player): the same result, without validating it again.

        For search bots only, on their own states (tree moves and rollouts taken from the legal
        actions they just asked for). Anything else — a host, a client's action, a record being
        replayed — calls `apply`, which refuses an illegal action and changes nothing; given an
        illegal action this method may corrupt the state. A simultaneous decision's choice still
        goes through `apply`'s checks (its choices are collected, not resolved at once).
        """
        frame = self.pending[-1]
        if frame.simultaneous:
            return self._choose(frame, action, None)
        self.pending.pop()
        frame.resolve(self, action)
        self.moves += 1
        self._legal = None
        return (action,)

    def play_randomly(self, draw: Callable[[], float]) -> None:
        """Play uniformly random moves to the end of the game: at each decision
        `legal[int(draw() * len(legal))]` of `legal = legal_actions()`, carried out by
        `apply_legal` (a search's random rollout). `draw()` gives a float in [0, 1)."""
        while self.pending:
            legal = self.legal_actions()
            self.apply_legal(legal[int(draw() * len(legal))])

    def _choose(self, owed: Any, action: Action, player: int | None) -> tuple[Action, ...]:
        """A seat's choice for the simultaneous decision `owed`: kept secret until all are in."""
        if player is not None and type(player) is not int:
            raise IllegalAction(f"a seat is a whole number, not {player!r}")
        owing = self.owing()
        seat = owing[0] if player is None else player
        if seat not in owing:
            if seat in owed.players:
                raise IllegalAction(f"seat {seat} has already chosen: waiting for seat(s) "
                                    f"{', '.join(map(str, owing))} to {owed.describe()}")
            raise IllegalAction(f"seat {seat} has nothing to decide now: seat(s) "
                                f"{', '.join(map(str, owing))} are to {owed.describe()}")
        if not self.is_legal(action, seat):
            reason = owed.explain_illegal(self, action, seat)
            if reason is None:
                reason = (f"{_describe(action)} is not legal now: seat {seat} is to "
                          f"{owed.describe()} ({len(self.legal_actions(seat))} legal actions)")
            raise IllegalAction(reason)
        choices = dict(self._choices) if self._choices else {}
        choices[seat] = action
        self.moves += 1
        self._legal = None
        if len(choices) < len(owed.players):
            self._choices = {p: choices[p] for p in sorted(choices)}
            return ()
        self._choices = None
        ordered = {p: choices[p] for p in owed.players}
        self.pending.pop()
        owed.resolve(self, ordered)
        return tuple(ordered.values())

    def _chosen_seats(self) -> Iterable[int]:
        return self._choices or ()

    @property
    def chosen(self) -> tuple[int, ...]:
        """The seats that have made their (secret) choice for the pending simultaneous decision."""
        return tuple(self._choices) if self._choices else ()

    def pending_choice(self, player: int) -> Action | None:
        """Seat `player`'s secret choice for the pending simultaneous decision, if made."""
        return self._choices.get(player) if self._choices else None

    def restore_choices(self, choices: Iterable[tuple[int, Action]]) -> None:
        """Put back pending choices (`(seat, action)` pairs) of the simultaneous decision on top,
        as read from JSON or a view; each must be a legal choice of a seat that owes one."""
        restored: dict[int, Action] = {}
        for seat, action in choices:
            frame = self.pending[-1] if self.pending else None
            if frame is None or not frame.simultaneous:
                raise ValueError("pending choices need a simultaneous decision on top of the stack")
            if seat in restored or seat not in frame.seats():
                raise ValueError(f"seat {seat} cannot have a pending choice for {frame.describe()}")
            if action not in tuple(frame.legal_actions(self, seat)):  # type: ignore[call-arg]
                raise ValueError(f"{_describe(action)} is not a legal choice for seat {seat}")
            restored[seat] = action
        if restored and len(restored) == len(self.pending[-1].seats()):
            raise ValueError("every seat has chosen: the decision would have been resolved")
        self._choices = {p: restored[p] for p in sorted(restored)} or None
        self._legal = None

    def withdraw_choices(self) -> None:
        """Forget every pending choice of the simultaneous decision under way (those seats owe
        it again); `moves` counts them no more.

        For a host that records what `apply` returns and ends a game in the middle of a
        simultaneous decision (a forfeit): those choices are in no record yet, so withdrawing
        them makes the final state the one a replay of the record reaches. (A host that records
        each action as it applies it, always for `current_player`, must not withdraw.)
        """
        if not self._choices:
            return
        self.moves -= len(self._choices)
        self._choices = None
        self._legal = None

    def eliminated(self) -> tuple[int, ...]:
        """The seats out of the game, in the order they went out (empty for most games).

        Elimination is public and final: an eliminated seat stays out, owes no decision again
        and its score no longer changes; unless `eliminated_can_win`, it is not among the
        winners either (the conformance kit checks all of this). Hosts show it, the runner never
        asks an eliminated seat, and the RL adapters end that seat's episode when it goes out.
        """
        return tuple(self._eliminated())

    def scores(self) -> tuple[float, ...]:
        """Each seat's score in the game's native unit (the standing so far, before the end)."""
        return tuple(self._scores())

    def winners(self) -> tuple[int, ...]:
        """The winning seats, sorted; empty before the end."""
        return tuple(sorted(self._winners())) if not self.pending else ()

    def clone(self) -> "State":
        """An independent copy: zones and lists are copied, immutable values shared."""
        new = object.__new__(type(self))
        new.game, new.rng, new.pending, new.moves = self.game, self.rng.copy(), self.pending[:], self.moves
        new._legal, new._choices, new._facts = self._legal, self._choices, self._facts
        copied, shared = _clone_fields(type(self))
        for name, copy in copied:
            setattr(new, name, copy(getattr(self, name)))
        for name in shared:  # immutable values: the clone holds the same objects
            setattr(new, name, getattr(self, name))
        return new

    def view(self, player: int | None) -> View:
        """What `player` may see (None: everything but the RNG), as a frozen View built now."""
        return build_view(self, player)

    # -- what seats know without seeing (meeple.knowledge) --------------------------------------

    @property
    def facts(self) -> tuple[Known, ...]:
        """Every fact the rules recorded (`learn`), each with the seats that know it."""
        return self._facts

    def learn(self, fact: Fact, by: Iterable[int] | int | None = None) -> None:
        """Record `fact` (a `meeple.knowledge` fact, true now), known to the seats `by` (a seat,
        seats, or None: everyone): their views show it and their samples honour it."""
        self._facts = knowledge.learn(self._facts, self, fact, by)

    def forget(self, zone: str | None = None, kinds: Iterable[Any] | None = None,
               types: tuple[type[Fact], ...] = knowledge.FACT_TYPES) -> None:
        """Drop the facts of `types` naming `zone` (None: any zone) and, for facts about a
        kind, one of `kinds` (None: any kind)."""
        self._facts = knowledge.forget(self._facts, knowledge.about(zone, kinds, types))

    def cards_gained(self, zone: str, kinds: Iterable[Any] | None = None) -> None:
        """Cards of `kinds` (None: a card others did not see) went into `zone`: facts that it
        holds none of them are dropped."""
        self._facts = knowledge.forget(self._facts, knowledge.gained(zone, kinds))

    def cards_lost(self, zone: str, kinds: Iterable[Any] | None = None) -> None:
        """Cards of `kinds` (None: any) left `zone`: facts that it holds at least some of them,
        and every fact about a card of it by position, are dropped."""
        self._facts = knowledge.forget(self._facts, knowledge.lost(zone, kinds))

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


def _copy_zone(zone: Zone) -> Zone:
    return zone.copy()


def _copy_zones(zones: Sequence[Zone]) -> Any:
    return type(zones)([zone.copy() for zone in zones])


#: How `State.clone` copies a field of each kind that it copies (values are shared, not copied).
_COPY = {Kind.ZONE: _copy_zone, Kind.ZONES: _copy_zones, Kind.LIST: list.copy, Kind.DICT: dict.copy}


@lru_cache(maxsize=None)
def _clone_fields(cls: type) -> tuple[tuple[tuple[str, Callable[[Any], Any]], ...], tuple[str, ...]]:
    """The game fields of a state class that a clone copies, each with the function that copies
    it, and those it shares (immutable values)."""
    fields = game_fields(cls)
    return (tuple((info.name, _COPY[info.kind]) for info in fields if info.kind is not Kind.VALUE),
            tuple(info.name for info in fields if info.kind is Kind.VALUE))
