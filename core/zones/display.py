"""A face-up row of slots (a market or reserve display); a slot may hold a group of cards."""

from __future__ import annotations

from itertools import chain
from typing import Any, Iterable, Iterator

from attrs import frozen

from .base import Card, Visibility, Zone, public_only, view_maker
from .cards import Pile


@frozen
class DisplayView:
    """Each slot's cards, left to right; an empty tuple is an empty slot."""

    slots: tuple[tuple[Any, ...], ...]

    @property
    def size(self) -> int:
        return sum(len(slot) for slot in self.slots)


_make_display_view = view_maker(DisplayView)


class Display(Zone):
    """A row of `width` slots. Each slot is empty, holds one card, or a group taken as one.

    Owned displays (a player's reserve cards) are still public: `owner` only says whose they are.
    """

    __slots__ = ("_slots",)
    kind = "display"

    def __init__(self, width: int, slots: Iterable[Iterable[Card]] | None = None,
                 owner: int | None = None, visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, owner)
        public_only(self)
        self._slots = [tuple(s) for s in slots] if slots is not None else [()] * width
        if len(self._slots) != width:
            raise ValueError(f"a display of width {width} got {len(self._slots)} slots")

    @property
    def width(self) -> int:
        """The number of slots."""
        return len(self._slots)

    def __len__(self) -> int:
        """The number of cards on display (a group counts its cards)."""
        return sum(len(s) for s in self._slots)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        return iter(self._slots)

    def __getitem__(self, slot: int) -> tuple[Card, ...]:
        return self._slots[slot]

    def __repr__(self) -> str:
        return f"Display({self._slots!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Display) and self._same_head(other) and other._slots == self._slots

    __hash__ = None  # type: ignore[assignment]

    def cards(self) -> Iterator[Card]:
        return chain.from_iterable(self._slots)

    def occupied(self) -> list[int]:
        """Indices of the slots that hold at least one card, left to right."""
        return [i for i, s in enumerate(self._slots) if s]

    def empty_slots(self) -> list[int]:
        """Indices of the empty slots, left to right."""
        return [i for i, s in enumerate(self._slots) if not s]

    def is_empty(self) -> bool:
        """Whether every slot is empty."""
        return not any(self._slots)

    def is_full(self) -> bool:
        """Whether every slot holds a card or a group (one scan in C, where `all(display)` calls
        `__iter__` back in Python: a draw asks this at every step of a playout)."""
        return all(self._slots)

    def take(self, slot: int) -> tuple[Card, ...]:
        """Take everything in a slot (a single card or a whole group); the slot becomes empty."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        cards = self._slots[slot]
        if not cards:
            raise ValueError(f"display slot {slot} is empty")
        self._slots[slot] = ()
        return cards

    def put(self, slot: int, card: Card) -> None:
        """Add a card to a slot (on an occupied slot this makes or grows a group)."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        self._slots[slot] = self._slots[slot] + (card,)

    def refill(self, source: Pile) -> list[int]:
        """Fill each empty slot, left to right, with one card from the top of `source`.

        Returns the slots filled; stops early when the source runs out.
        """
        slots = self._slots
        if all(slots):  # (a slot's truth is its length, read in C: `() not in` compares tuples)
            return []  # nothing to fill: nothing changes
        watch = self._watch  # `self._changed()`, inlined (a playout refills at most draws)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        drawn = source._cards  # `source.pop()` per card, with one `source._changed()` first
        filled: list[int] = []
        if not drawn:
            return filled
        watch = source._watch  # `source._changed()`, inlined
        if watch is not None and watch.refs:
            watch.zone_changing(source)
        source._seen = source._unseen = None
        slot = slots.index(())  # the empty slots found in C, left to right (often just one)
        while True:
            slots[slot] = (drawn.pop(),)
            filled.append(slot)
            if not drawn or all(slots):
                return filled
            slot = slots.index((), slot + 1)

    def clear(self) -> list[Card]:
        """Remove and return every card, slot by slot from the left; every slot becomes empty."""
        watch = self._watch  # `self._changed()`, inlined (a playout deals a round at a few dozen steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        cards = list(chain.from_iterable(self._slots))
        self._slots = [()] * len(self._slots)
        return cards

    def copy(self) -> "Display":
        clone = Display.__new__(Display)
        clone.visibility = self.visibility
        clone.owner = self.owner
        clone._seen, clone._unseen = self._seen, self._unseen
        clone._watch = None
        clone._slots = self._slots[:]
        return clone

    def _make_view(self, visible: bool) -> DisplayView:
        return _make_display_view(tuple(self._slots))

    def restore(self, view: DisplayView) -> list[int]:
        """Fill from a view; a display is public, so nothing is left unknown."""
        self._changed()
        self._slots = list(view.slots)
        return []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "slots": [list(s) for s in self._slots]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Display":
        slots = data["slots"]
        return cls(len(slots), slots, data["owner"], Visibility(data["visibility"]))
