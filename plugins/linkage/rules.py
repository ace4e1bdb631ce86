"""Linkage's rules: the state of a game and what each action does to it.

Section numbers refer to `rules.md` (the authoritative rules). Two players share one supply of
coloured dominoes; More wants many colour groups on the board at the end, Fewer few.
"""

from __future__ import annotations

from itertools import chain
from typing import Iterable, Sequence

from attrs import define

from meeple import Action, Counters, Grid, State

from .actions import (COLOUR_NAMES, COLOURS, FEWER, MORE, BlockerChoice, Cell, ChooseSide, Move,
                      Pass, Place, PlaceBlocker, SideChoice, cell_name)
from .board import (ACROSS, ALL, DOWN, SIZE, SPOT_AT, SPOTS, Spot, any_spot_open, bit,
                    occupied_mask, row_bits)

PIECES_PER_COLOUR = 6
#: Rule 6: with this many colour groups or more, More wins; with fewer, Fewer wins.
MORE_WINS_AT = 12

PASS = Pass()
#: Every placement: PLACES[spot number] holds the spot's four colours in COLOURS order.
PLACES: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(colour, spot.cells) for colour in COLOURS) for spot in SPOTS)
BLOCKER_PLACES: tuple[PlaceBlocker, ...] = tuple(
    PlaceBlocker((row, col)) for row in range(SIZE) for col in range(SIZE))
SIDES: tuple[ChooseSide, ...] = (ChooseSide(MORE), ChooseSide(FEWER))


def _places_on(spots: tuple[Spot, ...]) -> tuple[Place, ...]:
    return tuple(chain.from_iterable(PLACES[spot.number] for spot in spots))


#: The board's ACROSS and DOWN tables of open spots, as placements of every colour.
_ACROSS_PLACES = tuple(tuple(_places_on(spots) for spots in table) for table in ACROSS)
_DOWN_PLACES = tuple(tuple(_places_on(spots) for spots in table) for table in DOWN)


@define(slots=True, eq=False, kw_only=True)
class LinkageState(State):
    """A Linkage position: the board, the shared supply, the blocker, the green counter, the sides."""

    board: Grid  # colour letters; the blocker is not a piece and is kept apart
    supply: Counters  # pieces left of each colour, shared by both players
    blocker: Cell | None  # None only before the balanced variant's blocker is placed (rule 2)
    green: tuple[Cell, Cell] | None  # the piece under the green counter; None when off the board
    more: int | None  # the seat playing More; None until chosen in the balanced variant

    # -- legal actions ----------------------------------------------------------------------------

    def _legal_actions(self) -> Iterable[Action]:
        decision = type(self.pending[-1])
        if decision is Move:
            return self._placements() or (PASS,)  # rule 4b: forced pass
        if decision is BlockerChoice:
            return BLOCKER_PLACES
        return SIDES

    def _blocked(self, green_restriction: bool) -> int:
        """Bits of the cells no piece may cover now: pieces and the blocker (rule 3, first
        condition) and, with the green restriction, cells touching the green-marked piece.
        """
        blocked = occupied_mask(self.board) | bit(self.blocker)  # type: ignore[arg-type]
        if green_restriction and self.green is not None:
            blocked |= SPOT_AT[self.green].touching
        return blocked

    def _placements(self) -> tuple[Place, ...]:
        """Rule 3: every colour left in the supply on every spot with neither cell blocked, read
        row by row from the board's tables of open spots (as placements)."""
        rows = row_bits(ALL & ~self._blocked(True))
        parts = [_ACROSS_PLACES[row][rows[row]] for row in range(SIZE)]
        parts += [_DOWN_PLACES[row][rows[row] & rows[row + 1]] for row in range(SIZE - 1)]
        places = tuple(chain.from_iterable(parts))
        supply = self.supply
        left = [colour for colour in COLOURS if supply[colour]]
        if len(left) == len(COLOURS):
            return places
        return tuple([place for place in places if place.colour in left])

    def _piece_fits_anywhere(self) -> bool:
        """Rule 4a: some piece is left and fits somewhere, the green counter aside."""
        if not self.supply.total:
            return False
        return any_spot_open(self._blocked(False))

    # -- carrying out actions -------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        player = self.pending.pop().player
        kind = type(action)
        if kind is Place:
            self._place(action)  # type: ignore[arg-type]
            self._start_turn(1 - player)  # rule 5: players alternate
        elif kind is Pass:
            self.green = None  # rule 4b: the green counter leaves the board
            self._start_turn(1 - player)  # rule 5: the opponent plays unrestricted
        elif kind is PlaceBlocker:
            self.blocker = action.cell  # type: ignore[attr-defined]
            self.pending.append(SideChoice(1 - player))  # rule 2: the other player picks a side
        else:
            side = action.side  # type: ignore[attr-defined]
            self.more = player if side == MORE else 1 - player
            self._start_turn(self.more)  # rule 2: More makes the first placement

    def _place(self, action: Place) -> None:
        """Rule 4c: the piece leaves the supply, covers its cells and takes the green counter."""
        self.supply.take(action.colour)
        first, second = action.cells
        self.board[first] = action.colour
        self.board[second] = action.colour
        self.green = action.cells

    def _start_turn(self, player: int) -> None:
        """Rule 4a: the game ends when no piece fits anywhere; otherwise `player` moves."""
        if self._piece_fits_anywhere():
            self.pending.append(Move(player))

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

    # -- explanations and checks ------------------------------------------------------------------

    def explain_illegal(self, action: Action) -> str | None:
        decision = self.pending[-1]
        kind = type(action)
        if kind is Place:
            if type(decision) is not Move:
                return f"seat {decision.player} is to {decision.describe()}, not to place a piece"
            return self._why_not_placeable(action)  # type: ignore[arg-type]
        if kind is Pass and type(decision) is Move:
            return ("passing is allowed only when the green counter blocks every placement "
                    "(rule 4b)")
        if kind is PlaceBlocker:
            if type(decision) is not BlockerChoice:
                return "the blocker is placed only before the first move of the balanced variant (rule 2)"
            return (f"{cell_name(action.cell)} is not a cell of the 7x7 board: rows and columns "  # type: ignore[attr-defined]
                    f"run from 0 to {SIZE - 1}")
        if kind is ChooseSide:
            if type(decision) is not SideChoice:
                return "sides are chosen only after the blocker is placed in the balanced variant (rule 2)"
            return f"the side is More or Fewer, not {action.side}"  # type: ignore[attr-defined]
        return None

    def _why_not_placeable(self, action: Place) -> str | None:
        colour = action.colour
        if colour not in COLOURS:
            return (f"{colour} is not a colour; the colours are "
                    f"{', '.join(f'{c} ({COLOUR_NAMES[c]})' for c in COLOURS)}")
        if not self.supply[colour]:
            return f"no {COLOUR_NAMES[colour]} pieces are left in the supply (rule 3)"
        spot = SPOT_AT.get(action.cells)
        if spot is None:
            first, second = action.cells
            return (f"{cell_name(first)} and {cell_name(second)} are not two orthogonally adjacent "
                    f"cells of the 7x7 board (rule 3)")
        for cell in action.cells:
            if self.board[cell] is not None:
                return f"{cell_name(cell)} already holds a piece (rule 3)"
            if cell == self.blocker:
                return f"{cell_name(cell)} holds the blocker (rule 3)"
        if self.green is not None and spot.mask & SPOT_AT[self.green].touching:
            first, second = self.green
            return (f"the piece would share an edge with the green-marked piece on "
                    f"{cell_name(first)}-{cell_name(second)} (rule 3)")
        return None

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
        if self.pending and type(self.pending[-1]) is Move and self.more is None:
            problems.append("a piece is being placed before the sides are chosen")
        return problems
