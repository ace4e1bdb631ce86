"""Linkage in words: each placement with the colour groups it leaves, and the short notation.

Linkage has perfect information, so every viewer hears the same narration.

Notation (case and spaces do not matter; a cell is its row digit then its column digit, as the
renderer labels them):

| move | typed | example |
| --- | --- | --- |
| lay a piece of colour C on two adjacent cells (rule 3) | `C RC-RC` | `W 33-34`, `y 05 15` |
| the forced pass (rule 4b) | `pass` | |
| balanced variant: put the blocker on a cell (rule 2) | `blocker RC` | `blocker 24` |
| balanced variant: choose a side (rule 2) | `more`, `fewer` | |
"""

from __future__ import annotations

import re

from meeple import Action, Grid, Narrator, View

from .actions import (COLOUR_NAMES, COLOURS, FEWER, MORE, ChooseSide, Pass, Place, PlaceBlocker,
                      cell_name)
from .state import MORE_WINS_AT

_PLACE = re.compile(r"^([a-z])(\d)(\d)(\d)(\d)$")
_BLOCKER = re.compile(r"^blocker(\d)(\d)$")


def _side(view: View, seat: int) -> str:
    if view.more is None:
        return ""
    return " (More)" if seat == view.more else " (Fewer)"


def _groups(view: View) -> int:
    board = view.board
    return Grid(board.rows, board.cols, board.cells).count_groups()


class LinkageNarrator(Narrator):
    """Narration and notation for Linkage (see the module docstring)."""

    notation_help = (
        "A placement is the colour letter (W, B, R, Y) and the two cells, each as row digit then "
        "column digit: `W 33-34` lays white on (3,3) and (3,4). `pass` is the forced pass; in the "
        "balanced variant `blocker 24` places the blocker and `more` / `fewer` choose a side."
    )

    def narrate(self, before: View, action: Action, after: View) -> str:
        seat = before.current_player
        who = f"seat {seat}{_side(before, seat)}"
        kind = type(action)
        if kind is Place:
            first, second = action.cells
            groups = _groups(after)
            text = (f"{who} lays {COLOUR_NAMES[action.colour]} on {cell_name(first)}-{cell_name(second)}: "
                    f"{groups} colour group{'' if groups == 1 else 's'}")
        elif kind is Pass:
            text = f"{who} cannot lay a piece clear of the green counter, so passes and removes it"
        elif kind is PlaceBlocker:
            text = f"{who} puts the blocker on {cell_name(action.cell)}"
        elif kind is ChooseSide:
            text = f"{who} chooses to play {action.side.capitalize()}; seat {after.more} is More and moves first"
        else:
            text = f"{who}: {action.describe()}"
        if after.is_terminal:
            groups = _groups(after)
            more_wins = groups >= MORE_WINS_AT  # rule 6
            winner = after.more if more_wins else 1 - after.more
            text += (f" — no piece fits any more: {groups} groups, "
                     f"{'More' if more_wins else 'Fewer'} (seat {winner}) wins")
        return text

    def describe(self, view: View, action: Action) -> str:
        """The move and what it leaves: "place white on (3,3)-(3,4): 5 colour groups (+1)";
        a side with what it plays for."""
        kind = type(action)
        if kind is Place:
            board = view.board
            grid = Grid(board.rows, board.cols, board.cells)
            was = grid.count_groups()
            for cell in action.cells:
                grid[cell] = action.colour
            groups = grid.count_groups()
            return (f"{action.describe()}: {groups} colour group{'' if groups == 1 else 's'} "
                    f"({groups - was:+d})")
        if kind is ChooseSide:
            aim = (f"moves first, wins with {MORE_WINS_AT} or more colour groups" if action.side == MORE
                   else f"moves second, wins with {MORE_WINS_AT - 1} or fewer colour groups")
            return f"{action.describe()} ({aim})"
        return action.describe()

    def notation(self, view: View, action: Action) -> str:
        kind = type(action)
        if kind is Place:
            (r1, c1), (r2, c2) = action.cells
            return f"{action.colour} {r1}{c1}-{r2}{c2}"
        if kind is Pass:
            return "pass"
        if kind is PlaceBlocker:
            return f"blocker {action.cell[0]}{action.cell[1]}"
        if kind is ChooseSide:
            return action.side
        return super().notation(view, action)

    def parse(self, view: View, text: str) -> Action | None:
        typed = re.sub(r"[\s,()\-]", "", text.lower())
        if typed == "pass":
            return Pass()
        if typed in (MORE, FEWER):
            return ChooseSide(typed)
        match = _PLACE.match(typed)
        if match and match[1].upper() in COLOURS:
            first, second = (int(match[2]), int(match[3])), (int(match[4]), int(match[5]))
            return Place(match[1].upper(), (first, second))
        match = _BLOCKER.match(typed)
        if match:
            return PlaceBlocker((int(match[1]), int(match[2])))
        return None
