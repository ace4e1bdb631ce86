"""A player's view of a state: frozen, JSON-serializable, holding only what that player may see.

`State.view` builds a view lazily: it keeps the state and its zone objects as they are, and
reads the zones' views, the state's plain values (and the game's view extras) only when the view
is first read. It stays a true snapshot (copy on write): before a zone changes (`Zone._changed`),
or the state applies an action (or takes or withdraws a pending choice), `LiveViews` keeps a
copy of that zone (of the state's plain values; a clone of the state for a game with view extras)
for every such view still alive and unread. A view nobody reads (a random bot's, or one a host
drops) costs a small list and a weak reference, whatever the game's zones and fields; one kept
unread costs a copy of each zone that changes while it waits, and of the plain values; one that
is read costs what building it at once costs. (A state's plain field set by hand, outside
`apply`, while a view of it waits unread is not caught: set up states before taking views.)
Reading happens on the reader's thread: a host that hands a view to another thread while its
state may change reads it first (`view.fields`), as `meeple.runner` and the server do.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, Iterable, Mapping

import attrs
from attrs import frozen

from .actions import Action, Decision, PendingDecisions


@frozen
class View(PendingDecisions):
    """What `player` sees (None: the omniscient observer).

    `fields` mirrors the state's fields by name: zones become zone views (hidden cards replaced by
    counts and publicly known cards), other public fields are copied, hidden fields are left out.
    Read them as attributes: `view.hands[2].size`.

    While a simultaneous decision is pending, `chosen` lists the seats that have made their
    secret choice (everyone sees that much) and `choices` the `(seat, action)` choices this viewer
    may see: its own, or all of them for the observer. Both are empty otherwise.

    A view from `State.view` is lazy (see the module's docstring): it reads its state on the
    first read of any of these, and is equal from then on to the one built at once.
    """

    game: str
    player: int | None
    moves: int
    pending: tuple[Decision, ...]
    fields: tuple[tuple[str, Any], ...]
    chosen: tuple[int, ...] = ()
    choices: tuple[tuple[int, Action], ...] = ()
    _by_name: dict[str, Any] = attrs.field(init=False, eq=False, hash=False, repr=False)
    # A lazy view (see the module's docstring): what it was taken from, until it is read; then
    # None. A list `[build, state, player, zones, saved]` (see `State.view`): `saved` is
    # what it keeps of its zones (copies, by `id` of the zone) and of its state (its plain values
    # under VALUES, a clone under EXTRAS for the view extras) from before they changed, or None.
    _src: Any = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    def _chosen_seats(self) -> Iterable[int]:
        return self.chosen

    @property
    def choice(self) -> Action | None:
        """The viewer's own pending choice for the simultaneous decision (None if not made)."""
        for seat, action in self.choices:
            if seat == self.player:
                return action
        return None

    def field(self, name: str) -> Any:
        """The field `name` (KeyError naming it when the view has none); `view.<name>` reads the same."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"this view has no field {name!r}") from None

    def field_names(self) -> list[str]:
        """The names of the view's fields, in the state's declaration order (view extras last)."""
        return [key for key, _ in self.fields]

    def __getattr__(self, name: str) -> Any:
        # Only reached for a name the view does not hold: a field of the state, read by name
        # (an unread view reads its state first: `_UnreadView`).
        if name.startswith("_"):
            if name == "_by_name":
                # The index of fields by name, built on the first read by name (many views,
                # a host's or a rollout's, are never read that way), then kept.
                by_name = dict(self.fields)
                object.__setattr__(self, "_by_name", by_name)
                return by_name
            raise AttributeError(name)
        try:
            return self.field(name)
        except KeyError:
            raise AttributeError(f"this view has no field {name!r}") from None

    def _materialise(self) -> None:
        """Read what a lazy view was taken from: the zones' views (of the copies kept of those
        that changed since, of the others as they still are), the plain values (as kept, or as
        the state still holds them) and extras."""
        src = self._src
        if src is None:
            return  # read meanwhile (by another thread)
        build, state, player, zones, saved = src
        watch = state._watch  # (set before any view of the state is taken, never replaced)
        _set_player(self, player)
        kept = -1 if saved is None else len(saved)
        while True:
            values = saved[VALUES] if saved is not None and VALUES in saved else watch.values(state)
            fields = build(player, state, zones, values, saved)
            # A zone or the state that changed meanwhile (on another thread) was copied first:
            # read again.
            now = src[SAVED]
            now_kept = -1 if now is None else len(now)
            if now is saved and now_kept == kept:
                break
            saved, kept = now, now_kept
        game, moves, pending, choices = values[:4]
        _set_fields(self, fields)
        _set_game(self, game.spec.id)
        _set_moves(self, moves)
        _set_pending(self, pending)
        if choices:
            _set_chosen(self, tuple(choices))
            _set_choices(self, visible_choices(choices, player))
        else:
            _set_chosen(self, ())
            _set_choices(self, ())
        _set_src(self, None)  # (and with it the copies kept for it)
        if self.__class__ is _UnreadView:
            _set_class(self, View)  # read: its fields are plain slots from now on
        refs = watch.refs
        if refs and refs[-1]() is self:
            refs.pop()  # the view taken last, read: its zones need not save themselves for it


class _UnreadView(View):
    """A view from `State.view` that has not been read yet (see the module's docstring).

    Its first read of any of the view's own attributes (a property here, shadowing the slot)
    reads the state it was taken from; then its class becomes `View`, so every later read is a
    plain slot read (no lookup miss, no exception on the way). Until then it compares, hashes,
    prints and pickles as the `View` it will be (reading itself first), and is named `View`."""

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Built from values (`attrs.evolve` of an unread view): a plain `View` at once.
        _set_class(self, View)
        View.__init__(self, *args, **kwargs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return _compared(self) == _compared(other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return _compared(self) != _compared(other)

    def __hash__(self) -> int:
        self._materialise()
        return View.__hash__(self)

    def __repr__(self) -> str:
        self._materialise()
        return View.__repr__(self)

    def __reduce_ex__(self, protocol: Any) -> Any:
        self._materialise()  # a pickle holds the view, never the state's zones
        return View.__reduce_ex__(self, protocol)

    @property
    def player(self) -> int | None:  # type: ignore[override]
        src = self._src
        return src[2] if src is not None else _get_player(self)


def _read_first(name: str) -> property:
    """The attribute `name` of an unread view: read the state first (see `_UnreadView`)."""
    get = getattr(View, name).__get__

    def read(self: View) -> Any:
        if self._src is not None:
            self._materialise()
        return get(self)

    return property(read, doc=f"`View.{name}`, read from the state on first use.")


for _name in ("game", "moves", "pending", "fields", "chosen", "choices"):
    setattr(_UnreadView, _name, _read_first(_name))
_UnreadView.__name__ = _UnreadView.__qualname__ = "View"
_set_class = object.__dict__["__class__"].__set__
_get_player = View.player.__get__  # type: ignore[attr-defined]
#: What `==` compares of two views (attrs' `eq` fields), read through their attributes.
_compared = attrgetter(*(f.name for f in attrs.fields(View) if f.eq))
#: The keys under which a lazy view keeps its state's plain values and a clone of its state for
#: the view extras (zones are keyed by int ids).
VALUES, EXTRAS = "values", "extras"
#: Where a lazy view's `_src` keeps what it saved (see `View._src`).
SAVED = 4

_set_game, _set_player, _set_moves = View.game.__set__, View.player.__set__, View.moves.__set__  # type: ignore[attr-defined]
_set_pending, _set_fields = View.pending.__set__, View.fields.__set__  # type: ignore[attr-defined]
_set_chosen, _set_choices = View.chosen.__set__, View.choices.__set__  # type: ignore[attr-defined]
_set_src = View._src.__set__  # type: ignore[attr-defined]


def visible_choices(choices: Mapping[int, Action], player: int | None) -> tuple[tuple[int, Action], ...]:
    """The pending choices `player` may see: its own (all of them for the observer)."""
    if player is None:
        return tuple(choices.items())
    return ((player, choices[player]),) if player in choices else ()


def view_extras(state: Any, player: int | None) -> tuple[tuple[str, Any], ...]:
    """The game's view extras for `player`, as the view's trailing fields."""
    extras = state.view_extras(player)
    return tuple(extras.items()) if extras else ()


#: How many unread views of one state may wait at once; beyond it the oldest are read, so a
#: host that keeps every view it took does not make every zone change visit all of them.
MAX_LIVE_VIEWS = 8


class LiveViews:
    """The lazy views taken from one state that have not been read yet, held weakly.

    Every zone of the state points here (`Zone._watch`); a zone about to change calls
    `zone_changing` first, the state calls `state_changing` before it applies an action (or
    takes or withdraws a pending choice). Each saves, for every such view still alive, what it
    would have read: a copy of the zone; the state's plain values; a clone of the state, for a
    game with view extras. A view dropped unread costs nothing more.

    A zone found in two states' zones (a zone object shared) makes both states' views eager
    (`eager`): built at once, as they were before views were lazy.
    """

    __slots__ = ("zones", "refs", "values", "extras", "eager")

    def __init__(self, values: Callable[[Any], tuple[Any, ...]], extras: bool) -> None:
        self.zones: tuple[Any, ...] | None = None  # the state's zone fields when last checked
        self.refs: list[Any] = []  # weak references to unread views (changed in place only)
        # The state class's `values(state)`: (game, moves, pending, choices, then its plain
        # fields), what a view shows besides zones, read when the view is.
        self.values = values
        self.extras = extras  # whether the game has view extras (read from the state itself)
        self.eager = False

    def __reduce__(self) -> tuple[type, tuple[()]]:
        # A pickled or deep-copied state or zone watches no views: its copy's `_watch` is None.
        return type(None), ()

    def zone_changing(self, zone: Any) -> None:
        """`zone` is about to change (None: the state, `state_changing`): keep a copy of it (and
        of the state, for the extras) for every unread view still alive (copy on write: its view
        is built only if it is read)."""
        refs = self.refs
        if len(refs) == 1:
            view = refs[0]()
            if view is None or view._src is None:
                # The common cases: the one view taken since was dropped unread, or was read
                # (tested here, not in `_save`: a host takes a view at every decision).
                refs.clear()
                return
        self._save(zone)

    def state_changing(self) -> None:
        """The state is about to apply an action (or change its pending choices): keep its plain
        values, and a clone of it for a game with view extras, for every unread view (its zones
        save themselves as they change)."""
        self.zone_changing(None)

    def _save(self, zone: Any) -> None:
        """The copies `zone_changing` and `state_changing` keep (`zone` None: the state is
        about to change), for the views that may still be read."""
        refs = self.refs
        keep = []
        key = id(zone)
        zone_copy = values = state_copy = None
        for view_ref in refs:
            view = view_ref()
            if view is None:
                continue
            src = view._src
            if src is None:
                continue
            keep.append(view_ref)
            saved = src[SAVED]
            if saved is None:
                saved = src[SAVED] = {}
            if zone is not None:
                if key not in saved:
                    if zone_copy is None:
                        zone_copy = zone.copy()
                    saved[key] = zone_copy
            elif VALUES not in saved:
                if values is None:
                    values = self.values(src[1])
                saved[VALUES] = values
            if self.extras and EXTRAS not in saved:
                if state_copy is None:
                    state_copy = src[1].clone()
                saved[EXTRAS] = state_copy
        refs[:] = keep

    def trim(self) -> None:
        """More than `MAX_LIVE_VIEWS` views wait: forget those gone, read the oldest others."""
        live = [r for r in self.refs if (v := r()) is not None and v._src is not None]
        while len(live) > MAX_LIVE_VIEWS // 2:
            oldest = live.pop(0)()
            if oldest is not None:
                oldest._materialise()
        self.refs[:] = live

    def read_all(self) -> None:
        """Read every unread view now (their zones are about to stop reporting here)."""
        refs = self.refs[:]
        self.refs.clear()
        for view_ref in refs:
            view = view_ref()
            if view is not None and view._src is not None:
                view._materialise()


def watch_zones(state: Any, zones: tuple[Any, ...], values: Callable[[Any], tuple[Any, ...]],
                extras: bool) -> LiveViews:
    """The state's `LiveViews`, every zone in `zones` (zones, or tuples of zones) reporting to it.

    The slow path of `State.view`, taken when the state's zone objects are not the ones seen
    last time (the first view, or a field given a new zone); `values` and `extras` as
    `LiveViews` takes them."""
    watch = state._watch
    if watch is None:
        watch = state._watch = LiveViews(values, extras)
    for entry in zones:
        if isinstance(entry, list):
            # Zones in a list a state keeps as a tuple field: one could be replaced in place
            # unseen by the check `State.view` makes, so this state's views are built at once.
            watch.eager = True
        for zone in entry if isinstance(entry, (tuple, list)) else (entry,):
            other = zone._watch
            if other is None:
                zone._watch = watch
            elif other is not watch:
                # One zone object in two states: neither's views can rely on it reporting to
                # them alone, so both build their views at once from now on.
                other.eager = True
                other.read_all()
                other.zones = None
                watch.eager = True
    if watch.eager:
        # `State.view` never takes its fast path again: every view of this state is read at once.
        watch.read_all()
        watch.zones = None
    else:
        watch.zones = zones
    return watch
