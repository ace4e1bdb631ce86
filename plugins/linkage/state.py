"""A Linkage position and the facts derived from it: where a piece may go, whether any still
fits, the colour groups and the result. The rules that change it live with the decisions
(`decisions.py`). Rule numbers refer to rules.md.

Two players share one supply of coloured dominoes; More wants many colour groups on the board at
the end, Fewer few.
"""

from __future__ import annotations

from itertools import chain
from typing import Sequence

from meeple import Counters, Grid, State

from .actions import ACROSS_PLACES, COLOUR_NAMES, COLOURS, DOWN_PLACES, Place, cell_name
from .board import ALL, SIZE, SPOT_AT, Cell, any_spot_open, bit, occupied_mask, row_bits

PIECES_PER_COLOUR = 6
#: Rule 6: with this many colour groups or more, More wins; with fewer, Fewer wins.
MORE_WINS_AT = 12
#: The decision, by tag, of a player's turn (rule 4), owed only once the sides are chosen. By tag
#: because the decision classes (`decisions.py`) build on this module, not the other way round;
#: tags are fixed by the records.
TURN = "move"


class LinkageState(State):
    """A Linkage position: the board, the shared supply, the blocker, the green counter, the sides."""

    board: Grid  # colour letters; the blocker is not a piece and is kept apart
    supply: Counters  # pieces left of each colour, shared by both players
    blocker: Cell | None  # None only before the balanced variant's blocker is placed (rule 2)
    green: tuple[Cell, Cell] | None  # the piece under the green counter; None when off the board
    more: int | None  # the seat playing More; None until chosen in the balanced variant

    def blocked(self, green_restriction: bool) -> int:
        """Bits of the cells no piece may cover now: pieces and the blocker (rule 3, first
        condition) and, with the green restriction, cells touching the green-marked piece.
        """
        blocked = occupied_mask(self.board) | bit(self.blocker)  # type: ignore[arg-type]
        if green_restriction and self.green is not None:
            blocked |= SPOT_AT[self.green].touching
        return blocked

    def placements(self) -> tuple[Place, ...]:
        """Rule 3: every colour left in the supply on every spot with neither cell blocked, read
        row by row from the board's tables of open spots (as placements)."""
        rows = row_bits(ALL & ~self.blocked(True))
        parts = [ACROSS_PLACES[row][rows[row]] for row in range(SIZE)]
        parts += [DOWN_PLACES[row][rows[row] & rows[row + 1]] for row in range(SIZE - 1)]
        places = tuple(chain.from_iterable(parts))
        supply = self.supply
        left = [colour for colour in COLOURS if supply[colour]]
        if len(left) == len(COLOURS):
            return places
        return tuple([place for place in places if place.colour in left])

    def piece_fits_anywhere(self) -> bool:
        """Rule 4a: some piece is left and fits somewhere, the green counter aside."""
        if not self.supply.total:
            return False
        return any_spot_open(self.blocked(False))

    # -- the end --------------------------------------------------------------------------------

    def groups(self) -> int:
        """Rule 6: maximal orthogonally connected sets of same-coloured cells."""
        return self.board.count_groups()

    def _scores(self) -> Sequence[float]:
        groups = self.groups()
        return (groups, groups)

    def _winners(self) -> Sequence[int]:
        more: int = self.more  # type: ignore[assignment]  # sides are chosen before any move
        return (more,) if self.groups() >= MORE_WINS_AT else (1 - more,)

    def invariants(self) -> list[str]:
        """Pieces are conserved between supply and board, and the counters sit where they may."""
        problems = super().invariants()
        for colour in COLOURS:
            on_board = sum(1 for value in self.board.flat if value == colour)
            if on_board != 2 * (PIECES_PER_COLOUR - self.supply[colour]):
                problems.append(f"{on_board} {COLOUR_NAMES[colour]} cells on the board but "
                                f"{self.supply[colour]} pieces in the supply")
        if self.blocker is not None and self.board[self.blocker] is not None:
            problems.append(f"a piece covers the blocker's cell {cell_name(self.blocker)}")
        if self.green is not None:
            first, second = self.green
            if self.green not in SPOT_AT or self.board[first] is None or self.board[first] != self.board[second]:
                problems.append(f"the green counter is not on one piece: {self.green}")
        if any(value is not None and value not in COLOURS for value in self.board.flat):
            problems.append("the board holds something that is not a colour letter")
        if self.pending and self.pending[-1].tag == TURN and self.more is None:
            problems.append("a piece is being placed before the sides are chosen")
        return problems
