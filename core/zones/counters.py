"""Named counters that never go negative: tokens, a shared supply of pieces, victory points."""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator

from attrs import frozen

from .base import PublicZone, Visibility, ZoneView


@frozen
class CountersView(ZoneView):
    """Every counter as `(key, amount)`, in declaration order."""

    counts: tuple[tuple[Any, int], ...]

    def __getitem__(self, key: Any) -> int:
        for k, n in self.counts:
            if k == key:
                return n
        raise KeyError(key)

    @property
    def total(self) -> int:
        """The sum of all counters."""
        return sum(n for _, n in self.counts)

    def text(self) -> str:
        return ", ".join(f"{k}={n}" for k, n in self.counts)


class Counters(PublicZone):
    """Integer amounts by key (declaration order kept). `take` refuses to go below zero."""

    __slots__ = ("_counts",)
    kind = "counters"
    view_type = CountersView

    def __init__(self, counts: Iterable[tuple[Hashable, int]] | dict = (),
                 owner: int | None = None, visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, owner)
        self._check_public()
        items = counts.items() if isinstance(counts, dict) else counts
        self._counts: dict[Hashable, int] = {}
        for key, amount in items:
            if amount < 0:
                raise ValueError(f"counter {key!r} cannot start negative")
            self._counts[key] = amount

    def __getitem__(self, key: Hashable) -> int:
        return self._counts[key]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __repr__(self) -> str:
        return f"Counters({self._counts!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Counters) and self._same_head(other)
                and list(self._counts.items()) == list(other._counts.items()))

    __hash__ = None  # type: ignore[assignment]

    def items(self) -> list[tuple[Hashable, int]]:
        """Every `(key, amount)`, in declaration order."""
        return list(self._counts.items())

    @property
    def total(self) -> int:
        """The sum of all counters."""
        return sum(self._counts.values())

    def add(self, key: Hashable, amount: int = 1) -> None:
        """Add `amount` to the counter `key` (KeyError when there is no such counter)."""
        self._changed()
        self._counts[key] = self._counts[key] + amount

    def take(self, key: Hashable, amount: int = 1) -> None:
        """Remove `amount`; ValueError (and no change) if that would go below zero."""
        self._changed()
        have = self._counts[key]
        if amount > have:
            raise ValueError(f"counter {key!r} holds {have}, cannot take {amount}")
        self._counts[key] = have - amount

    def cards(self) -> Iterator[Any]:
        return iter(())

    def copy(self) -> "Counters":
        clone = Counters.__new__(Counters)
        self._copy_head(clone)
        clone._counts = dict(self._counts)
        return clone

    def make_view(self, visible: bool) -> CountersView:
        return CountersView(tuple(self._counts.items()))

    def restore(self, view: CountersView) -> list[int]:
        """Fill from a view; counters are public, so nothing is left unknown."""
        self._changed()
        self._counts = dict(view.counts)
        return []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "counts": [[k, n] for k, n in self._counts.items()]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Counters":
        return cls([(k, n) for k, n in data["counts"]], data["owner"], Visibility(data["visibility"]))
