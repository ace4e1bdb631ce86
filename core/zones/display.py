"""A face-up row of slots (a market or reserve display); a slot may hold a group of cards."""

from __future__ import annotations

from itertools import chain
from typing import Any, Iterable, Iterator

from attrs import frozen

from .base import Card, PublicZone, Visibility, ZoneView
from .cards import Pile


@frozen
class DisplayView(ZoneView):
    """Each slot's cards, left to right; an empty tuple is an empty slot."""

    slots: tuple[tuple[Any, ...], ...]

    @property
    def size(self) -> int:
        return sum(len(slot) for slot in self.slots)

    def text(self) -> str:
        return " ".join("+".join(map(str, slot)) or "_" for slot in self.slots)


class Display(PublicZone):
    """A row of `width` slots. Each slot is empty, holds one card, or a group taken as one.

    Owned displays (a player's reserve cards) are still public: `owner` only says whose they are.
    """

    __slots__ = ("_slots",)
    kind = "display"
    view_type = DisplayView

    def __init__(self, width: int, slots: Iterable[Iterable[Card]] | None = None,
                 owner: int | None = None, visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, owner)
        self._check_public()
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
        """Whether every slot holds a card or a group."""
        return all(self._slots)

    def take(self, slot: int) -> tuple[Card, ...]:
        """Take everything in a slot (a single card or a whole group); the slot becomes empty."""
        self._changed()
        cards = self._slots[slot]
        if not cards:
            raise ValueError(f"display slot {slot} is empty")
        self._slots[slot] = ()
        return cards

    def put(self, slot: int, card: Card) -> None:
        """Add a card to a slot (on an occupied slot this makes or grows a group)."""
        self._changed()
        self._slots[slot] = self._slots[slot] + (card,)

    def refill(self, source: Pile) -> list[int]:
        """Fill each empty slot, left to right, with one card from the top of `source`.

        Returns the slots filled; stops early when the source runs out.
        """
        filled = [slot for slot, cards in enumerate(self._slots) if not cards][:len(source)]
        if filled:
            self._changed()
        for slot in filled:
            self._slots[slot] = (source.pop(),)
        return filled

    def clear(self) -> list[Card]:
        """Remove and return every card, slot by slot from the left; every slot becomes empty."""
        self._changed()
        cards = list(chain.from_iterable(self._slots))
        self._slots = [()] * len(self._slots)
        return cards

    def copy(self) -> "Display":
        clone = Display.__new__(Display)
        self._copy_head(clone)
        clone._slots = self._slots[:]
        return clone

    def make_view(self, visible: bool) -> DisplayView:
        return DisplayView(tuple(self._slots))

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
