"""The mutable state of one game, and the rules interface every game implements.

A game subclasses `State` and gives it its fields (zones and plain values); the subclass needs no
decorator: `State`'s metaclass makes every subclass an attrs class (slotted, `eq=False`,
`kw_only=True`), and an explicit `@define(slots=True, eq=False, kw_only=True)` still works.

The rules live either in the decision frames (each `Decision` subclass owns its
`legal_actions`, `resolve` and `explain_illegal`: the defaults below call the frame on top of
`pending`), or in overrides of `_legal_actions`, `_apply` and `explain_illegal` here (the older
style). Every game writes `_scores`, and `_winners` unless the seats with the top score win.
The base class does the rest: whose decision is pending (one seat, or a set of seats for a
`Simultaneous` decision, whose choices it keeps secret until all are in), validation of actions,
cheap clones, views and fingerprints.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, Sequence
from weakref import ref

import attrs
from attrs import define

from .actions import Action, Decision, PendingDecisions
from .errors import IllegalAction
from .game import Game
from .layout import Kind, game_fields, zones_of
from .rng import Rng
from .view import EXTRAS as _EXTRAS
from .view import MAX_LIVE_VIEWS, View, _UnreadView, watch_zones
from .view import view_extras as _view_extras
from .zones import Hand, Visibility, Zone

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
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, repr=False)
    # `(legal, frozenset(legal))` for the `_legal` tuple it was built from (is_legal's second
    # step): a pair left from an earlier decision holds another tuple and is never read, so
    # moving on need not clear it.
    _legal_set: tuple[tuple[Action, ...], frozenset[Action]] | None = attrs.field(
        default=None, init=False, repr=False)
    # Whether the class leaves the rules to the frames (overrides neither `_legal_actions` nor
    # `_apply`): `legal_actions` and `apply` then call the frame on top directly. A slot read at
    # every decision, where comparing the class's methods costs two attribute lookups.
    _frames_rule: bool = attrs.field(init=False, repr=False,
                                     default=attrs.Factory(lambda self: _frames_rule(type(self)), takes_self=True))
    # The choices made so far for the simultaneous decision on top of `pending`: seat -> action,
    # keys ascending. Secret (views show each seat only its own). Never mutated in place (a new
    # dict per choice), so clones share it; None when nobody has a pending choice.
    _choices: dict[int, Action] | None = attrs.field(default=None, init=False, repr=False)
    # The unread lazy views taken from this state (see `meeple.view.LiveViews`); None until the
    # first view. Never shared: a clone starts without.
    _watch: Any = attrs.field(default=None, init=False, repr=False)

    view_extra_types: ClassVar[dict[str, Any]] = {}

    # -- the rules: the decision on top of `pending` owns them, or the game overrides these -----

    def _legal_actions(self) -> Iterable[Action]:
        """Every legal action for the decision on top of `pending` (for its current player), in
        a deterministic order. Default: the frame's own `legal_actions`."""
        frame = self.pending[-1]
        if frame.player is None:
            return frame.legal_actions(self, self.current_player)  # type: ignore[call-arg]
        return frame.legal_actions(self)

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already validated) and update `pending`.

        Default: pop the frame on top and let it `resolve` the action (it pushes what comes next).
        Simultaneous decisions never come here: the core collects their choices, then calls the
        frame's `resolve(state, choices)`.
        """
        frame = self.pending.pop()
        frame.resolve(self, action)

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

    def explain_illegal(self, action: Action) -> str | None:
        """Optionally say why `action` is illegal here, in the rulebook's words.

        Default: the pending frame's `explain_illegal` (for a simultaneous decision, for the
        current player)."""
        if not self.pending:
            return None
        frame = self.pending[-1]
        if frame.player is None:
            return frame.explain_illegal(self, action, self.current_player)  # type: ignore[call-arg]
        return frame.explain_illegal(self, action)

    def view_extras(self, player: int | None) -> dict[str, Any]:
        """Extra public facts for a view (declare their types in `view_extra_types`).

        Called when the view is first read, on the state as it was when the view was taken:
        before the state applies an action or a zone changes, the core keeps a clone of it for
        every view still unread. (A field a test sets by hand, outside `apply`, after a view was
        taken is not caught: set up states before taking views.)"""
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
        empty when the game is over or when `player` owes nothing now. Cached for the current
        player."""
        pending = self.pending
        try:  # (asked at every decision of a playout: no test of `pending` when a frame is there)
            frame = pending[-1]
        except IndexError:
            return ()
        current = frame.player
        if current is not None:
            # A sequential frame names its seat: this runs at every decision of a playout (which
            # passes that very seat: one comparison).
            if player != current and player is not None:
                return ()
            legal = self._legal
            if legal is None:
                if self._frames_rule:
                    legal = self._legal = tuple(frame.legal_actions(self))  # State._legal_actions, inlined
                else:
                    legal = self._legal = tuple(self._legal_actions())
            return legal
        if player is not None and player != self.current_player:
            if player not in self.owing():
                return ()
            return tuple(frame.legal_actions(self, player))  # type: ignore[call-arg]
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions())
        return legal

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """Whether `action` is legal for `player` (default: the current player) now."""
        if player is not None and player != self.current_player:
            return action in self.legal_actions(player)
        # Bots and playouts pass an object taken from legal_actions() itself: an identity scan
        # finds it without hashing every legal action into a set.
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for candidate in legal:
            if candidate is action:
                return True
        legal_set = self._legal_set
        if legal_set is None or legal_set[0] is not legal:
            legal_set = self._legal_set = (legal, frozenset(legal))
        return action in legal_set[1]

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
        watch = self._watch
        if watch is not None:
            refs = watch.refs
            if refs:
                if len(refs) == 1 and refs[0]() is None:
                    refs.clear()  # the one view taken since, dropped unread (`state_changing`, inlined)
                else:
                    watch.state_changing()
        pending = self.pending
        try:  # (as in legal_actions)
            owed = pending[-1]
        except IndexError:
            raise IllegalAction("the game is over: no action is legal") from None
        seat = owed.player
        if seat is None:
            return self._choose(owed, action, player)  # type: ignore[arg-type]
        if player != seat and player is not None:  # (a playout passes the very seat)
            raise IllegalAction(f"seat {player} has nothing to decide now: "
                                f"seat {seat} is to {owed.describe()}")
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # The action taken from legal_actions() itself is found by identity (is_legal's first
        # step, inlined; a plain loop costs less than any(map(is_, ...)) even over 300 actions);
        # anything else goes through is_legal.
        for candidate in legal:
            if candidate is action:
                break
        else:
            if not self.is_legal(action):
                reason = self.explain_illegal(action)
                if reason is None:
                    reason = (f"{_describe(action)} is not legal now: seat {seat} is to "
                              f"{owed.describe()} ({len(self.legal_actions())} legal actions)")
                raise IllegalAction(reason)
        if self._frames_rule:
            pending.pop().resolve(self, action)  # State._apply, inlined
        else:
            self._apply(action)
        self.moves += 1
        self._legal = None  # (`_legal_set` belongs to the old tuple: it is never read again)
        return (action,)

    def apply_legal(self, action: Action) -> tuple[Action, ...]:
        """`apply(action)` for a caller that knows `action` is one of `legal_actions()` (equal to
        one of them, for the current player): the same result, without validating it again.

        For search bots only, on their own states (tree moves and rollouts taken from the legal
        actions they just asked for). Anything else — a host, a client's action, a record being
        replayed — calls `apply`, which refuses an illegal action and changes nothing; given an
        illegal action this method may corrupt the state. A simultaneous decision's choice still
        goes through `apply`'s checks (its choices are collected, not resolved at once).
        """
        watch = self._watch
        if watch is not None and watch.refs:
            watch.state_changing()
        pending = self.pending
        owed = pending[-1]
        if owed.player is None:
            return self._choose(owed, action, None)
        if self._frames_rule:
            pending.pop().resolve(self, action)  # State._apply, inlined
        else:
            self._apply(action)
        self.moves += 1
        self._legal = None
        return (action,)

    def play_randomly(self, draw: Callable[[], float]) -> None:
        """Play uniformly random moves to the end of the game: at each decision
        `legal[int(draw() * len(legal))]` of `legal = legal_actions()`, carried out as `apply_legal`
        carries it out — the same moves, draws and final state as that loop written out (a search's
        random rollout), with no call into `legal_actions` and `apply_legal` per move where the
        game's frames own the rules. `draw()` gives a float in [0, 1)."""
        pending, watch = self.pending, self._watch
        if watch is not None and watch.refs:
            watch.state_changing()  # (forgets the views dropped unread; keeps what the others need)
        # A game overriding the rules, or a view to keep, takes the written-out loop throughout.
        inline = self._frames_rule and (watch is None or not watch.refs)
        while pending:
            frame = pending[-1]
            if not inline or frame.player is None:  # a simultaneous choice is collected by apply_legal
                legal = self.legal_actions()
                self.apply_legal(legal[int(draw() * len(legal))])
                continue
            legal = self._legal
            if legal is None:
                legal = self._legal = tuple(frame.legal_actions(self))
            pending.pop().resolve(self, legal[int(draw() * len(legal))])  # apply_legal, inlined
            self.moves += 1
            self._legal = None

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
        watch = self._watch
        if watch is not None and watch.refs:
            watch.state_changing()
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
        self._legal = self._legal_set = None

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
        watch = self._watch
        if watch is not None and watch.refs:
            watch.state_changing()
        self.moves -= len(self._choices)
        self._choices = None
        self._legal = self._legal_set = None

    def scores(self) -> tuple[float, ...]:
        """Each seat's score in the game's native unit (the standing so far, before the end)."""
        return tuple(self._scores())

    def winners(self) -> tuple[int, ...]:
        """The winning seats, sorted; empty before the end."""
        return tuple(sorted(self._winners())) if not self.pending else ()

    def clone(self) -> "State":
        """An independent copy: zones and lists are copied, immutable values shared."""
        return _cloner(type(self))(self)

    def view(self, player: int | None) -> View:
        """What `player` may see (None: everything but the RNG), as a frozen View.

        The view is a lazy snapshot (`meeple.view`): taking it costs little, reading it builds
        it, and it shows the state as it was when taken however the state moves on."""
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


# The default `_apply` (the frame on top resolves the action) and `_legal_actions` (the frame on
# top lists them): `apply` and `legal_actions` do the same inline for a state class that
# overrides neither (its `_frames_rule`).
_FRAME_RESOLVES = State._apply
_FRAME_LISTS = State._legal_actions


def _frames_rule(cls: type) -> bool:
    """Whether the frames own the rules of states of `cls` (see `State._frames_rule`)."""
    return cls._legal_actions is _FRAME_LISTS and cls._apply is _FRAME_RESOLVES


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
             "    new._legal_set = self._legal_set", "    new._frames_rule = self._frames_rule",
             "    new._choices = self._choices",
             "    new._watch = None"]
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

# A zone's view, with `Zone.view` inlined where its cache answers: the cached view of a viewer
# who sees the cards, or the one cached for those who do not (unless a hand keeps one per seat,
# in a dict). Anything else (a cache to fill) calls `view`, which decides what the viewer may see.
_ZONE_VIEW = ("((z._seen if z._seen is not None else z.view(player)) "
              "if z.visibility is PUBLIC_ or player is None or (z.visibility is OWNER_ and z.owner == player) "
              "else z._unseen if z._unseen is not None and z._unseen.__class__ is not dict else z.view(player))")


def _caches_seen_view(zone_type: type | None) -> bool:
    """Whether the zone class answers a seer with `_seen` exactly as `Zone.view` does (a zone
    class that overrides `view` otherwise is always asked through its `view`)."""
    return zone_type is not None and zone_type.view in (Zone.view, Hand.view)


def _viewer(cls: type) -> Callable[[State, int | None], View]:
    """Compile the view function of a state class.

    `view(state, player)` takes a lazy snapshot (see `meeple.view`): `[build, state, player,
    zones, saved]`, the state's zone objects; the state's `LiveViews` (`state._watch`), whose
    `state_changing` keeps `values(state)` for the view if the state changes before it is read:
    the game, `moves`, `pending`, the pending choices, then the plain values (lists and dicts as
    tuples; hidden fields left out). `build(player, state, zones, values, saved)` turns it into
    the view's fields when the view is first read: each zone's (cached) view — or that of the
    copy kept before it changed — and the values, then the extras when the game has any."""
    viewer = _VIEWERS.get(cls)
    if viewer is not None:
        return viewer
    zones: list[str] = []
    values: list[str] = []
    entries: list[str] = []
    saved_entries: list[str] = []
    for info in game_fields(cls):
        n = info.name
        if info.hidden:
            continue
        if info.kind in (Kind.ZONE, Kind.ZONES):
            zone_view = _ZONE_VIEW if _caches_seen_view(info.zone_type) else "z.view(player)"
            saved_view = f"(saved[id(z)].view(player) if id(z) in saved else {zone_view})"
            local = f"z{len(zones)}"
            if info.kind is Kind.ZONE:
                zones.append(f"self.{n}")
                entries.append(f"({n!r}, {_rename(zone_view, local)})")
                saved_entries.append(f"({n!r}, {_rename(saved_view, local)})")
            else:
                zones.append(f"self.{n}" if info.container is tuple else f"tuple(self.{n})")
                entries.append(f"({n!r}, tuple([{zone_view} for z in {local}]))")
                saved_entries.append(f"({n!r}, tuple([{saved_view} for z in {local}]))")
            continue
        local = f"v{len(values)}"
        if info.kind is Kind.LIST:
            values.append(f"tuple(self.{n})")
        elif info.kind is Kind.DICT:
            values.append(f"tuple(self.{n}.items())")
        else:
            values.append(f"self.{n}")
        entries.append(f"({n!r}, {local})")
        saved_entries.append(f"({n!r}, {local})")
    has_extras = cls.view_extras is not State.view_extras
    lines = ["def values(self):",
             "    return (self.game, self.moves, tuple(self.pending), self._choices"
             f"{''.join(', ' + v for v in values)})", "",
             "def build(player, state, zones, values, saved):"]
    if zones:
        lines.append(f"    {_tuple_of([f'z{i}' for i in range(len(zones))])} = zones")
    if values:
        lines.append(f"    {_tuple_of([f'v{i}' for i in range(len(values))])} = values[4:]")
    lines += ["    if saved is None:", f"        fields = {_tuple_of(entries)}",
              "    else:", f"        fields = {_tuple_of(saved_entries)}"]
    if has_extras:
        lines += ["    if saved is not None and EXTRAS_ in saved:",
                  "        extras = view_extras_(saved[EXTRAS_], player)",
                  "    else:", "        extras = view_extras_(state, player)",
                  "    if extras:", "        fields = fields + extras"]
    lines += ["    return fields", "",
              "def view(self, player):",
              "    if type(self) is not cls_:",  # (a call 3.11 specializes; `__class__` is a generic lookup)
              "        return viewer_(self.__class__)(self, player)",
              f"    zones = {_tuple_of(zones)}",
              "    watch = self._watch",
              # The zones seen last time, all reporting to `watch`: `==` finds the same objects
              # in C; a zone equal to the one it replaced shows the same view, so the view reads
              # the one that reports. Anything else (a new zone) goes the slow way.
              "    if watch is not None and zones == watch.zones:",
              "        zones = watch.zones",
              "        v = new_(View_)",
              "        set_src(v, [build, self, player, zones, None])",
              "    else:",
              f"        watch = watch_zones_(self, zones, values, {has_extras})",
              "        v = new_(View_)",
              "        set_src(v, [build, self, player, zones, None])",
              "        if watch.eager:",
              "            v._materialise()",
              "            return v",
              "    refs = watch.refs",
              "    refs.append(ref_(v))",
              "    if len(refs) > MAX_LIVE_:",
              "        watch.trim()",
              "    return v"]
    namespace: dict[str, Any] = {
        "View_": _UnreadView, "new_": object.__new__,
        "set_src": View._src.__set__, "watch_zones_": watch_zones, "ref_": ref,  # type: ignore[attr-defined]
        "MAX_LIVE_": MAX_LIVE_VIEWS, "cls_": cls, "viewer_": _viewer,
        "EXTRAS_": _EXTRAS, "view_extras_": _view_extras,
        "PUBLIC_": Visibility.PUBLIC, "OWNER_": Visibility.OWNER}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from attrs field names only
    viewer = _VIEWERS[cls] = namespace["view"]
    viewer.__doc__ = State.view.__doc__
    if "view" not in cls.__dict__:
        # From now on `state.view(player)` calls the compiled function directly (a subclass
        # that inherits it is sent to its own by the first line above).
        cls.view = viewer
    return viewer


def _rename(expression: str, name: str) -> str:
    """A zone-view expression written for `z`, for the zone named `name`."""
    return expression.replace("(z)", f"({name})").replace("z.", f"{name}.")


def _tuple_of(items: list[str]) -> str:
    return f"({', '.join(items)}{',' if items else ''})"
