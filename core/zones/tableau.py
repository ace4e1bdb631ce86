"""A layered tableau: a stack of played layers, the most recent one on top."""

from __future__ import annotations

from itertools import chain
from typing import Any, Iterable, Iterator

from attrs import frozen

from .base import Card, Visibility, Zone, public_only, view_maker


@frozen
class TableauView:
    """Every layer, oldest first; `top` is the last one."""

    layers: tuple[tuple[Any, ...], ...]

    @property
    def top(self) -> tuple[Any, ...] | None:
        """The newest layer (None when there is none)."""
        return self.layers[-1] if self.layers else None

    @property
    def size(self) -> int:
        return sum(len(layer) for layer in self.layers)


_make_tableau_view = view_maker(TableauView)


class Tableau(Zone):
    """A player's played cards as layers (each layer a tuple of cards). Always public.

    `top` is the newest layer (None when there is none): a plain attribute, not a property,
    because rules read it at most steps; every method keeps it in step with the layers (read
    it, never set it).
    """

    __slots__ = ("_layers", "top")
    kind = "tableau"

    def __init__(self, layers: Iterable[Iterable[Card]] = (), owner: int | None = None,
                 visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, owner)
        public_only(self)
        self._layers = list(map(tuple, layers))  # (no comprehension frame: a deal builds a tableau per seat)
        self.top: tuple[Card, ...] | None = self._layers[-1] if self._layers else None

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

    def card_count(self) -> int:
        """The number of cards in all layers (`len` counts the layers)."""
        return sum(len(layer) for layer in self._layers)

    def cards(self) -> Iterator[Card]:
        for layer in self._layers:
            yield from layer

    def push_layer(self, cards: Iterable[Card]) -> None:
        """Add a layer of one or more cards on top (ValueError for an empty layer)."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        layer = tuple(cards)
        if not layer:
            raise ValueError("a layer holds at least one card")
        self._layers.append(layer)
        self.top = layer

    def pop_layer(self) -> tuple[Card, ...]:
        """Remove and return the top layer; the one below becomes the top."""
        watch = self._watch  # `self._changed()`, inlined (a playout moves cards at most steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        layers = self._layers
        layer = layers.pop()
        self.top = layers[-1] if layers else None
        return layer

    def copy(self) -> "Tableau":
        clone = Tableau.__new__(Tableau)
        clone.visibility = self.visibility
        clone.owner = self.owner
        clone._seen, clone._unseen = self._seen, self._unseen
        clone._watch = None
        clone._layers = self._layers[:]
        clone.top = self.top
        return clone

    def _make_view(self, visible: bool) -> TableauView:
        return _make_tableau_view(tuple(self._layers))

    def restore(self, view: TableauView) -> list[int]:
        """Fill from a view; a tableau is public, so nothing is left unknown."""
        self._changed()
        self._layers = list(view.layers)
        self.top = self._layers[-1] if self._layers else None
        return []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "layers": [list(layer) for layer in self._layers]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Tableau":
        return cls(data["layers"], data["owner"], Visibility(data["visibility"]))

    def clear(self) -> list[Card]:
        """Remove every layer; returns their cards, oldest layer first (as `Pile.clear` returns
        bottom to top)."""
        watch = self._watch  # `self._changed()`, inlined (a playout ends a trick at a few steps)
        if watch is not None and watch.refs:
            watch.zone_changing(self)
        self._seen = self._unseen = None
        cards = list(chain.from_iterable(self._layers))
        self._layers, self.top = [], None
        return cards
