"""Face-up piles keyed by a value (e.g. a row of piles, one per card value)."""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator

from attrs import frozen

from .base import Card, PublicZone, Visibility, ZoneView


@frozen
class KeyedPilesView(ZoneView):
    """Each non-empty pile as `(key, cards)`, keys in ascending order."""

    piles: tuple[tuple[Any, tuple[Any, ...]], ...]

    @property
    def size(self) -> int:
        return sum(len(cards) for _, cards in self.piles)

    def pile(self, key: Any) -> tuple[Any, ...]:
        """The cards of the pile under `key` (empty when there is none)."""
        for k, cards in self.piles:
            if k == key:
                return cards
        return ()

    def text(self) -> str:
        return " ".join(f"{k}:{len(cards)}" for k, cards in self.piles) or "(empty)"


class KeyedPiles(PublicZone):
    """Public piles indexed by key; empty piles are not kept. Always public."""

    __slots__ = ("_piles",)
    kind = "keyed_piles"
    view_type = KeyedPilesView

    def __init__(self, piles: Iterable[tuple[Hashable, Iterable[Card]]] = (),
                 owner: int | None = None, visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, owner)
        self._check_public()
        self._piles: dict[Hashable, list[Card]] = {}
        for key, cards in piles:
            cards = list(cards)
            if cards:
                self._piles[key] = cards

    def __len__(self) -> int:
        """The number of cards in all piles."""
        return sum(len(p) for p in self._piles.values())

    def __repr__(self) -> str:
        return f"KeyedPiles({self._piles!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, KeyedPiles) and self._same_head(other)
                and self._canonical() == other._canonical())

    __hash__ = None  # type: ignore[assignment]

    def _canonical(self) -> tuple:
        return tuple(sorted((k, tuple(v)) for k, v in self._piles.items()))

    def keys(self) -> list[Hashable]:
        """Keys of the non-empty piles, ascending."""
        return sorted(self._piles)

    def pile(self, key: Hashable) -> tuple[Card, ...]:
        """The cards of the pile under `key`, bottom to top (empty when there is none)."""
        return tuple(self._piles.get(key, ()))

    def size_of(self, key: Hashable) -> int:
        """How many cards the pile under `key` holds (0 when there is none)."""
        return len(self._piles.get(key, ()))

    def items(self) -> Iterator[tuple[Hashable, tuple[Card, ...]]]:
        """Every non-empty pile as `(key, cards)`, keys ascending."""
        for key in sorted(self._piles):
            yield key, tuple(self._piles[key])

    def cards(self) -> Iterator[Card]:
        for pile in self._piles.values():
            yield from pile

    def add(self, key: Hashable, card: Card) -> None:
        """Put `card` on the pile under `key` (starting the pile if there is none)."""
        self._changed()
        self._piles.setdefault(key, []).append(card)

    def take(self, key: Hashable) -> list[Card]:
        """Take a whole pile (KeyError when there is none)."""
        self._changed()
        return self._piles.pop(key)

    def copy(self) -> "KeyedPiles":
        clone = KeyedPiles.__new__(KeyedPiles)
        self._copy_head(clone)
        clone._piles = {k: v[:] for k, v in self._piles.items()}
        return clone

    def make_view(self, visible: bool) -> KeyedPilesView:
        piles = self._piles  # `tuple(self.items())`, without a generator step per pile
        return KeyedPilesView(tuple([(key, tuple(piles[key])) for key in sorted(piles)]))

    def restore(self, view: KeyedPilesView) -> list[int]:
        """Fill from a view; the piles are public, so nothing is left unknown."""
        self._changed()
        self._piles = {k: list(v) for k, v in view.piles}
        return []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "piles": [[k, list(v)] for k, v in self.items()]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "KeyedPiles":
        return cls([(k, v) for k, v in data["piles"]], data["owner"], Visibility(data["visibility"]))
