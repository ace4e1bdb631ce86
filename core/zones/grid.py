"""A rectangular board of cells with orthogonal neighbours and connected groups."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator

from attrs import frozen

from .base import PublicZone, Visibility, ZoneView

Cell = tuple[int, int]


@lru_cache(maxsize=None)
def _neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(rows * cols):
        r, c = divmod(index, cols)
        around = []
        if r > 0:
            around.append(index - cols)
        if c > 0:
            around.append(index - 1)
        if c < cols - 1:
            around.append(index + 1)
        if r < rows - 1:
            around.append(index + cols)
        table.append(tuple(around))
    return tuple(table)


@frozen
class GridView(ZoneView):
    """The board row by row; None marks an empty cell."""

    rows: int
    cols: int
    cells: tuple[Any, ...]

    def __getitem__(self, cell: Cell) -> Any:
        return self.cells[cell[0] * self.cols + cell[1]]

    def text(self) -> str:
        rows = [" ".join("." if v is None else str(v)[0] for v in self.cells[r * self.cols:(r + 1) * self.cols])
                for r in range(self.rows)]
        return "\n" + "\n".join("    " + row for row in rows)


class Grid(PublicZone):
    """A `rows` x `cols` board; each cell holds None or a JSON-native value. Always public.

    Cells are addressed as `(row, col)`; hot loops may use flat indices (`row * cols + col`).
    """

    __slots__ = ("rows", "cols", "_cells", "_neighbours")
    kind = "grid"
    view_type = GridView

    def __init__(self, rows: int, cols: int, cells: Iterable[Any] | None = None,
                 visibility: Visibility = Visibility.PUBLIC) -> None:
        super().__init__(visibility, None)
        self._check_public()
        self.rows, self.cols = rows, cols
        self._cells = list(cells) if cells is not None else [None] * (rows * cols)
        if len(self._cells) != rows * cols:
            raise ValueError(f"a {rows}x{cols} grid needs {rows * cols} cells")
        self._neighbours = _neighbour_table(rows, cols)

    def __repr__(self) -> str:
        return f"Grid({self.rows}x{self.cols})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Grid) and self._same_head(other) and other.rows == self.rows
                and other.cols == self.cols and other._cells == self._cells)

    __hash__ = None  # type: ignore[assignment]

    def __getitem__(self, cell: Cell) -> Any:
        return self._cells[self.index(cell)]

    def __setitem__(self, cell: Cell, value: Any) -> None:
        self._changed()
        self._cells[self.index(cell)] = value

    def index(self, cell: Cell) -> int:
        """The flat, row-major index of `cell` (IndexError when it is off the board)."""
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise IndexError(f"cell {cell} is off the {self.rows}x{self.cols} board")
        return r * self.cols + c

    def cell(self, index: int) -> Cell:
        """The `(row, col)` of a flat index."""
        return divmod(index, self.cols)

    def contains(self, cell: Cell) -> bool:
        """Whether `cell` lies on the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    @property
    def flat(self) -> list[Any]:
        """The cells row-major, for fast read-only loops (do not mutate)."""
        return self._cells

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Orthogonally adjacent cells on the board."""
        return [divmod(i, self.cols) for i in self._neighbours[self.index(cell)]]

    def neighbour_indices(self, index: int) -> tuple[int, ...]:
        """The flat indices orthogonally adjacent to a flat index (precomputed, for hot loops)."""
        return self._neighbours[index]

    def cards(self) -> Iterator[Any]:
        """A board holds pieces, not cards: nothing here counts towards a deck."""
        return iter(())

    def groups(self, key: Callable[[Any], Any] | None = None) -> list[list[Cell]]:
        """Maximal orthogonally connected sets of non-empty cells with equal `key(value)`.

        Groups are listed by their first cell in row-major order; cells inside a group likewise.
        """
        key = key or (lambda v: v)
        cells, seen, result = self._cells, [False] * len(self._cells), []
        for start, value in enumerate(cells):
            if value is None or seen[start]:
                continue
            wanted, members, stack = key(value), [], [start]
            seen[start] = True
            while stack:
                index = stack.pop()
                members.append(index)
                for n in self._neighbours[index]:
                    if not seen[n] and cells[n] is not None and key(cells[n]) == wanted:
                        seen[n] = True
                        stack.append(n)
            result.append([divmod(i, self.cols) for i in sorted(members)])
        return result

    def count_groups(self, key: Callable[[Any], Any] | None = None) -> int:
        """How many connected groups `groups(key)` finds."""
        return len(self.groups(key))

    def copy(self) -> "Grid":
        clone = Grid.__new__(Grid)
        self._copy_head(clone)
        clone.rows, clone.cols = self.rows, self.cols
        clone._cells = self._cells[:]
        clone._neighbours = self._neighbours
        return clone

    def make_view(self, visible: bool) -> GridView:
        return GridView(self.rows, self.cols, tuple(self._cells))

    def restore(self, view: GridView) -> list[int]:
        """Fill from a view; a grid is public, so nothing is left unknown."""
        self._changed()
        self.rows, self.cols = view.rows, view.cols
        self._cells = list(view.cells)
        self._neighbours = _neighbour_table(view.rows, view.cols)
        return []

    def to_data(self) -> dict[str, Any]:
        return {**self._head(), "rows": self.rows, "cols": self.cols, "cells": list(self._cells)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Grid":
        return cls(data["rows"], data["cols"], data["cells"], Visibility(data["visibility"]))

