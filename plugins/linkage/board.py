"""The 7x7 board's geometry: every spot a domino can cover, and the cells each spot touches.

Built once from the core `Grid`'s neighbour table. The rules work on bit masks over the 49 flat
cell indices (`row * 7 + col`). A spot is open when neither of its cells is blocked; since a
piece lies either across one row or down from one row to the next, the open spots can be read
from tables indexed by one row's free cells (across) or by the columns free in two neighbouring
rows (down), which keeps listing the legal placements cheap.
"""

from __future__ import annotations

from itertools import compress
from typing import NamedTuple

from meeple import Grid

Cell = tuple[int, int]  # (row, col), 0..6

SIZE = 7
CENTRE: Cell = (3, 3)
ROW = (1 << SIZE) - 1  # the bits of one row's cells, shifted down to the low bits
ALL = (1 << (SIZE * SIZE)) - 1


class Spot(NamedTuple):
    """Two orthogonally adjacent cells a piece can cover (rule 3)."""

    number: int  # position in SPOTS (row-major by first cell, then second)
    cells: tuple[Cell, Cell]
    mask: int  # bits of both cells
    touching: int  # bits of every cell sharing an edge with the spot (rule 3, green restriction)


def empty_board() -> Grid:
    return Grid(SIZE, SIZE)


def _spots() -> tuple[Spot, ...]:
    grid = empty_board()
    spots = []
    for first in range(SIZE * SIZE):
        for second in grid.neighbour_indices(first):
            if second < first:
                continue
            touching = 0
            for cell in (first, second):
                for n in grid.neighbour_indices(cell):
                    touching |= 1 << n
            mask = (1 << first) | (1 << second)
            spots.append(Spot(len(spots), (grid.cell(first), grid.cell(second)), mask,
                              touching & ~mask))
    return tuple(spots)


#: All 84 spots of the 7x7 board.
SPOTS: tuple[Spot, ...] = _spots()
SPOT_AT: dict[tuple[Cell, Cell], Spot] = {spot.cells: spot for spot in SPOTS}


def _by_row_bits(down: bool) -> tuple[tuple[tuple[Spot, ...], ...], ...]:
    """For each row and each 7-bit pattern of free columns, the spots of that row that are open:
    across the row (both columns free), or down to the next row (the column free in both).
    """
    rows = range(SIZE - 1) if down else range(SIZE)
    tables = []
    for row in rows:
        mine = [s for s in SPOTS if s.cells[0][0] == row and (s.cells[1][0] == row + 1) == down]
        table = []
        for free in range(1 << SIZE):
            table.append(tuple(s for s in mine
                               if free >> s.cells[0][1] & 1 and free >> s.cells[1][1] & 1))
        tables.append(tuple(table))
    return tuple(tables)


#: ACROSS[row][free columns of row] and DOWN[row][columns free in row and row + 1].
ACROSS = _by_row_bits(down=False)
DOWN = _by_row_bits(down=True)


def row_bits(free: int) -> list[int]:
    """The free bits of each row, as 7-bit column patterns."""
    return [(free >> (row * SIZE)) & ROW for row in range(SIZE)]


_HAS_RIGHT = sum(1 << (row * SIZE + col) for row in range(SIZE) for col in range(SIZE - 1))


def any_spot_open(blocked: int) -> bool:
    """Whether two orthogonally adjacent cells are both outside `blocked` (a piece fits)."""
    free = ALL & ~blocked
    return bool(free & (free >> 1) & _HAS_RIGHT or free & (free >> SIZE))


def bit(cell: Cell) -> int:
    return 1 << (cell[0] * SIZE + cell[1])


_BITS = tuple(1 << index for index in range(SIZE * SIZE))


def occupied_mask(board: Grid) -> int:
    """Bits of every cell holding a piece (colour letters are truthy, empty cells None)."""
    return sum(compress(_BITS, board.flat))
