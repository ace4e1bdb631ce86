"""A layered tableau: a stack of played layers, the most recent one on top."""

from __future__ import annotations

from itertools import chain
from typing import Any, Iterable, Iterator

from attrs import frozen

from .base import Card, PublicZone, Visibility, ZoneView


@frozen
class TableauView(ZoneView):
    """Every layer, oldest first; `top` is the last one."""

    layers: tuple[tuple[Any, ...], ...]

    @property
    def top(self) -> tuple[Any, ...] | None:
        """The newest layer (None when there is none)."""
        return self.layers[-1] if self.layers else None

    @property
    def size(self) -> int:
        return sum(len(layer) for layer in self.layers)

    def text(self) -> str:
        return " | ".join(" ".join(map(str, layer)) for layer in self.layers) or "(empty)"


class Tableau(PublicZone):
    """A player's played cards as layers (each layer a tuple of cards). Always public."""

    __slots__ = ("_layers",)
    kind = "tableau"
    view_type = TableauView

    def __init__(self, layers: Iterable[Iterable[Card]] = (), owner: int | None = None,
                 visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, owner)
        self._check_public()
        self._layers = [tuple(layer) for layer in layers]

    def __len__(self) -> int:
        """The number of layers."""
        return len(self._layers)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        return iter(self._layers)

    def __getitem__(self, index: int) -> tuple[Card, ...]:
        return self._layers[index]

    def __repr__(self) -> str:
        return f"Tableau({self._layers!r}, owner={self.owner})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tableau) and self._same_head(other) and other._layers == self._layers

    __hash__ = None  # type: ignore[assignment]

    @property
    def top(self) -> tuple[Card, ...] | None:
        """The newest layer (None when there is none)."""
        return self._layers[-1] if self._layers else None

    def card_count(self) -> int:
        """The number of cards in all layers (`len` counts the layers)."""
        return sum(len(layer) for layer in self._layers)

    def cards(self) -> Iterator[Card]:
        for layer in self._layers:
            yield from layer

    def push_layer(self, cards: Iterable[Card]) -> None:
        """Add a layer of one or more cards on top (ValueError for an empty layer)."""
        self._changed()
        layer = tuple(cards)
        if not layer:
            raise ValueError("a layer holds at least one card")
        self._layers.append(layer)

    def pop_layer(self) -> tuple[Card, ...]:
        """Remove and return the top layer; the one below becomes the top."""
        self._changed()
        return self._layers.pop()

    def copy(self) -> "Tableau":
        clone = Tableau.__new__(Tableau)
        self._copy_head(clone)
        clone._layers = self._layers[:]
        return clone

    def make_view(self, visible: bool) -> TableauView:
        return TableauView(tuple(self._layers))

    def restore(self, view: TableauView) -> list[int]:
        """Fill from a view; a tableau is public, so nothing is left unknown."""
        self._changed()
        self._layers = list(view.layers)
        return []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "layers": [list(layer) for layer in self._layers]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Tableau":
        return cls(data["layers"], data["owner"], Visibility(data["visibility"]))

    def clear(self) -> list[Card]:
        """Remove every layer; returns their cards, oldest layer first (as `Pile.clear` returns
        bottom to top)."""
        self._changed()
        cards = list(chain.from_iterable(self._layers))
        self._layers = []
        return cards
