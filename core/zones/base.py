"""What every zone shares: who may see its contents, and the hooks views and samplers rely on.

A *card* is any small, hashable, JSON-native, orderable value (games use ints for speed). Zones
hold cards; the state holds zones. Views, determinization, card-conservation checks and
serialization are all derived from the zones' declared visibility, never written per game.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Hashable, Iterator

import attrs

Card = Hashable


class Visibility(str, enum.Enum):
    """Who may see a zone's cards (everyone always sees how many there are)."""

    PUBLIC = "public"  # everyone sees the cards, in order
    OWNER = "owner"  # the owning player sees them; others see the count and cards known to all
    SECRET = "secret"  # nobody sees them (a face-down draw pile): count only


# The members as module constants for the methods below: in CPython 3.11 reading a member off
# its enum class (`Visibility.OWNER`) costs ~80 ns, a module global ~10 ns, and zones are built
# at every deal and viewed at every decision.
_PUBLIC, _OWNER = Visibility.PUBLIC, Visibility.OWNER


class Zone:
    """Base class of zones. Subclasses are small, slotted and copy themselves cheaply.

    Two zones are `==` only when every seat sees the same view of them (same class, visibility,
    owner and contents): a state's view may read a zone equal to the one in its field."""

    __slots__ = ("visibility", "owner", "_seen", "_unseen", "_watch")
    kind: ClassVar[str]

    def __init__(self, visibility: Visibility = Visibility.PUBLIC, owner: int | None = None) -> None:
        if visibility is _OWNER and owner is None:
            raise ValueError(f"a {type(self).__name__} visible to its owner needs an owner seat")
        self.visibility = visibility
        self.owner = owner
        self._seen: Any = None  # cached view for those who see the cards
        self._unseen: Any = None  # cached view for those who do not
        self._watch: Any = None  # the `LiveViews` of the state it belongs to (see `_changed`)

    def visible_to(self, player: int | None) -> bool:
        """Whether `player` sees the cards (None is the omniscient observer)."""
        if player is None or self.visibility is _PUBLIC:
            return True
        return self.visibility is _OWNER and player == self.owner

    def cards(self) -> Iterator[Card]:
        """Every card in the zone (for conservation checks and determinization)."""
        raise NotImplementedError

    def copy(self) -> "Zone":
        """An independent copy (its own card lists; cached views shared; `_watch` None: a copy
        reports to no state until one views it): what `State.clone` calls. A zone made without
        `__init__` (`cls.__new__`) must set every slot, `_watch` included."""
        raise NotImplementedError

    def view(self, player: int | None) -> Any:
        """A frozen snapshot of what `player` sees of this zone.

        Views are cached until the zone changes (every mutating method calls `_changed`), so a
        state's view costs little for the zones an action did not touch.
        """
        visibility = self.visibility
        if player is None or visibility is _PUBLIC or (
                visibility is _OWNER and player == self.owner):
            seen = self._seen
            if seen is None:
                seen = self._seen = self._make_view(True)
            return seen
        unseen = self._unseen
        if unseen is None:
            unseen = self._unseen = self._make_view(False)
        return unseen

    def _make_view(self, visible: bool) -> Any:
        """Build the view for a viewer who does (or does not) see the cards."""
        raise NotImplementedError

    def _changed(self) -> None:
        """Forget cached views: called first by every method that changes the zone, before it
        changes anything.

        A state's views are lazy snapshots that read its zones when first read (see
        `meeple.view.LiveViews`): while one that has not read this zone is still alive, the
        zone's view is saved for it here, from the contents it had when the view was taken."""
        watch = self._watch
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None

    def to_data(self) -> dict[str, Any]:
        """JSON-native data that `from_data` turns back into an equal zone."""
        raise NotImplementedError

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Zone":
        """The zone `to_data` described (ValueError for data no such zone could hold)."""
        raise NotImplementedError

    def _head(self) -> dict[str, Any]:
        return {"visibility": self.visibility.value, "owner": self.owner}

    def _same_head(self, other: "Zone") -> bool:
        return type(other) is type(self) and other.visibility is self.visibility and other.owner == self.owner


def view_maker(view_class: type) -> Any:
    """A function `make(*values)` returning `view_class(*values)` (every field, in order) without
    the class's generated `__init__`: a zone view is a frozen, slotted attrs class whose fields
    have no validator or converter, so setting its slots directly builds the very same object
    (equal, hashed alike, still frozen) for less. Views are built at every decision a bot reads."""
    fields = attrs.fields(view_class)
    if getattr(view_class, "__attrs_post_init__", None) is not None or any(
            f.validator is not None or f.converter is not None or not f.init for f in fields):
        raise TypeError(f"{view_class.__name__} needs its __init__ (validators, converters or hooks)")
    names = [f"a{i}" for i in range(len(fields))]
    namespace: dict[str, Any] = {"new_": object.__new__, "cls_": view_class}
    lines = [f"def make({', '.join(names)}):", "    view = new_(cls_)"]
    for name, field in zip(names, fields):
        namespace[f"set_{name}"] = getattr(view_class, field.name).__set__
        lines.append(f"    set_{name}(view, {name})")
    lines.append("    return view")
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from attrs field names only
    make = namespace["make"]
    make.__doc__ = f"`{view_class.__name__}(...)`, every field given, built without `__init__`."
    return make


def public_only(zone: Zone) -> None:
    """Guard for structured zones that only support public visibility."""
    if zone.visibility is not _PUBLIC:
        raise ValueError(f"{type(zone).__name__} zones are always public")
