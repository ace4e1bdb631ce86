"""The zone contract: what every zone declares, and the one rule of who may see its cards.

A *card* is any small, hashable, JSON-native, orderable value (games use ints). Zones hold
cards; the state holds zones. Views, determinization, card-conservation checks, serialization
and text rendering are all derived from what a zone declares here, never written per game.

A new kind of zone subclasses `Zone`, sets `kind` (its tag in JSON) and `view_type` (a frozen
`ZoneView` subclass), and writes the abstract methods below; defining the class registers it
(`ZONE_CLASSES`), so serialization, views, determinization and rendering need no change.
`meeple.testing.check_zone` checks that a zone keeps the contract.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Hashable, Iterator

Card = Hashable


class Visibility(str, enum.Enum):
    """Who may see a zone's cards (everyone always sees how many there are)."""

    PUBLIC = "public"  # everyone sees the cards, in order
    OWNER = "owner"  # the owning player sees them; others see the count and cards known to all
    SECRET = "secret"  # nobody sees them (a face-down draw pile): count only


# The members as module constants: reading a member off its enum class costs ~0.4 us in CPython
# 3.11 (a module global ~0.02), and every view asks every zone who sees it.
_PUBLIC, _OWNER = Visibility.PUBLIC, Visibility.OWNER


class ZoneView:
    """Base of the frozen snapshots zones hand out (`Zone.view`): how a view is drawn as text."""

    __slots__ = ()

    def text(self) -> str:
        """One line (or a small block) showing this view to a person (`meeple.render`)."""
        return str(self)


#: Every zone class by its `kind` (its tag in JSON), filled as zone classes are defined.
ZONE_CLASSES: dict[str, type["Zone"]] = {}


class Zone(ABC):
    """Base class of zones: small, slotted, cheap to copy.

    Two zones are `==` only when every seat sees the same view of them (same class, visibility,
    owner and contents). A zone caches its views until it changes: every method that changes
    it calls `_changed` first.
    """

    __slots__ = ("visibility", "owner", "_views", "_seen", "_unseen")
    #: The zone's tag in JSON (`{"zone": kind, ...}`); unique among zone classes.
    kind: ClassVar[str]
    #: The class of its views (what `view` returns).
    view_type: ClassVar[type[ZoneView]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kind = cls.__dict__.get("kind")
        if kind is not None:
            if kind in ZONE_CLASSES and ZONE_CLASSES[kind].__qualname__ != cls.__qualname__:
                raise TypeError(f"zone kind {kind!r} is taken by {ZONE_CLASSES[kind].__name__}")
            ZONE_CLASSES[kind] = cls

    def __init__(self, visibility: Visibility = Visibility.PUBLIC, owner: int | None = None) -> None:
        if visibility is Visibility.OWNER and owner is None:
            raise ValueError(f"a {type(self).__name__} visible to its owner needs an owner seat")
        self.visibility = visibility
        self.owner = owner
        self._views: dict[int | None, Any] = {}  # the views handed out since the last change, by viewer
        self._seen: Any = None  # the view of those who see the cards (one for them all)
        self._unseen: Any = None  # the view of those who do not (one for them all, as a rule)

    def visible_to(self, player: int | None) -> bool:
        """Whether `player` sees the cards (None is the omniscient observer).

        The one place the core decides who sees a zone's cards: views, determinization and
        leak checks all ask it."""
        if player is None or self.visibility is _PUBLIC:
            return True
        return self.visibility is _OWNER and player == self.owner

    def view(self, player: int | None) -> Any:
        """A frozen snapshot of what `player` sees of this zone (cached until the zone changes)."""
        view = self._views.get(player)
        if view is None:  # the viewer's first view since the zone changed
            if self.visible_to(player):
                if self._seen is None:
                    self._seen = self.make_view(True)
                view = self._seen
            else:
                view = self._unseen_view(player)
            self._views[player] = view
        return view

    def _unseen_view(self, player: int | None) -> Any:
        """The view of `player`, who does not see the cards: one for every such seat, unless a
        zone shows different seats different things (a hand's partly known cards)."""
        if self._unseen is None:
            self._unseen = self.make_view(False)
        return self._unseen

    def _changed(self) -> None:
        """Forget the cached views: called first by every method that changes the zone."""
        self._views = {}
        self._seen = self._unseen = None

    def _copy_head(self, clone: "Zone") -> None:
        """Set the base's slots of a copy made with `cls.__new__`. The copy shares the cached
        views (frozen) and their dict: until either zone changes (and drops its dict), a view
        either one adds shows both."""
        clone.visibility, clone.owner = self.visibility, self.owner
        clone._views, clone._seen, clone._unseen = self._views, self._seen, self._unseen

    # -- what every zone writes -----------------------------------------------------------------

    @abstractmethod
    def cards(self) -> Iterator[Card]:
        """Every card in the zone (for conservation checks and determinization)."""

    @abstractmethod
    def copy(self) -> "Zone":
        """An independent copy (its own card lists): what `State.clone` calls."""

    @abstractmethod
    def make_view(self, visible: bool) -> ZoneView:
        """Build the view of a viewer who does (or does not) see the cards (`view` caches it)."""

    @abstractmethod
    def hidden_slots(self, player: int | None) -> list[int]:
        """The positions of the cards `player` does not know (for samplers and leak checks): a
        position is an index into `list(self.cards())`."""

    @abstractmethod
    def restore(self, view: Any) -> list[int]:
        """Become what `view` shows; returns the slots left unknown (holding None) for a
        sampler to fill with `set_slots` (determinization)."""

    @abstractmethod
    def set_slots(self, start: int, cards: list[Card]) -> None:
        """Put `cards` into the slots `start`, `start + 1`, … (those `hidden_slots` or
        `restore` named): how samplers deal hidden cards and leak checks permute them."""

    @abstractmethod
    def to_data(self) -> dict[str, Any]:
        """JSON-native data that `from_data` turns back into an equal zone."""

    @classmethod
    @abstractmethod
    def from_data(cls, data: dict[str, Any]) -> "Zone":
        """The zone `to_data` described (ValueError for data no such zone could hold)."""

    # -- helpers for subclasses -----------------------------------------------------------------

    def _head(self) -> dict[str, Any]:
        return {"visibility": self.visibility.value, "owner": self.owner}

    def _same_head(self, other: "Zone") -> bool:
        return type(other) is type(self) and other.visibility is self.visibility and other.owner == self.owner


class PublicZone(Zone):
    """A zone everyone sees whole (a tableau, a display, a board): nothing to hide or sample."""

    __slots__ = ()

    def _check_public(self) -> None:
        if self.visibility is not Visibility.PUBLIC:
            raise ValueError(f"{type(self).__name__} zones are always public")

    def hidden_slots(self, player: int | None) -> list[int]:
        return []

    def set_slots(self, start: int, cards: list[Card]) -> None:
        if cards:
            raise ValueError(f"a {type(self).__name__} has no hidden slots to fill")
