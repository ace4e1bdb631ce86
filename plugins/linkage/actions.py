"""Linkage's actions (what a player does), with one shared instance of each for the legal lists.

Cells are `(row, col)` pairs, 0..6. A piece is named by its colour letter and its two cells,
listed in row-major order, so each placement has exactly one spelling.
"""

from __future__ import annotations

from itertools import chain

from attrs import field, frozen

from meeple import Action

from .board import ACROSS, DOWN, SIZE, SPOTS, Cell, Spot

#: The four colours of the shared supply, as the letters written on the board (rule "Components").
COLOURS: tuple[str, ...] = ("W", "B", "R", "Y")
COLOUR_NAMES = {"W": "white", "B": "blue", "R": "red", "Y": "yellow"}

MORE, FEWER = "more", "fewer"


def _row_major(cells: tuple[Cell, Cell]) -> tuple[Cell, Cell]:
    """The two cells of a piece in row-major order (the piece is the same either way round)."""
    first, second = (tuple(c) for c in cells)
    return (first, second) if first <= second else (second, first)  # type: ignore[return-value]


def cell_name(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


@frozen(cache_hash=True)
class Place(Action):
    """Rule 3/4c: take a piece of `colour` from the supply and lay it on two adjacent cells.

    The hash is cached: search bots and the legal-action set hash these constantly.
    """

    tag = "place"
    colour: str
    cells: tuple[Cell, Cell] = field(converter=_row_major)

    def describe(self) -> str:
        first, second = self.cells
        return f"place {COLOUR_NAMES.get(self.colour, self.colour)} on {cell_name(first)}-{cell_name(second)}"


@frozen
class Pass(Action):
    """Rule 4b: the forced pass when the green counter blocks every placement; removes it."""

    tag = "pass"

    def describe(self) -> str:
        return "pass (remove the green counter)"


@frozen
class PlaceBlocker(Action):
    """Rule 2 (balanced variant): seat 0 puts the black blocker on any cell."""

    tag = "place_blocker"
    cell: Cell = field(converter=tuple)

    def describe(self) -> str:
        return f"place the blocker on {cell_name(self.cell)}"


@frozen
class ChooseSide(Action):
    """Rule 2 (balanced variant): seat 1 chooses to play More or Fewer."""

    tag = "choose_side"
    side: str

    def describe(self) -> str:
        return f"play {self.side.capitalize()}"


ACTION_TYPES = (Place, Pass, PlaceBlocker, ChooseSide)

# -- one shared instance per distinct action: legal-action lists are made of these ---------------

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
ACROSS_PLACES = tuple(tuple(_places_on(spots) for spots in table) for table in ACROSS)
DOWN_PLACES = tuple(tuple(_places_on(spots) for spots in table) for table in DOWN)
