"""A text picture of a Linkage view: the board with colours as letters, the blocker, the green
counter, the supply left and who plays which side.
"""

from __future__ import annotations

from meeple import Grid, View

from .actions import COLOUR_NAMES, cell_name
from .state import MORE_WINS_AT

BLOCKER, EMPTY = "#", "."


def render(view: View) -> str:
    board = view.board
    green = set(view.green or ())
    header = "    " + " ".join(str(col) for col in range(board.cols))
    lines = [header]
    for row in range(board.rows):
        marks = []
        for col in range(board.cols):
            value = board[(row, col)]
            if (row, col) == view.blocker:
                marks.append(BLOCKER)
            elif value is None:
                marks.append(EMPTY)
            else:
                marks.append(value.lower() if (row, col) in green else value)
        lines.append(f" {row}  " + " ".join(marks))
    lines.append("    # blocker; lowercase: the piece under the green counter")

    supply = ", ".join(f"{COLOUR_NAMES[colour]} {n}" for colour, n in view.supply.counts)
    lines.append(f"supply: {supply} ({view.supply.total} pieces)")
    if view.green:
        first, second = view.green
        lines.append(f"green counter: on {cell_name(first)}-{cell_name(second)}")
    else:
        lines.append("green counter: off the board")
    groups = Grid(board.rows, board.cols, board.cells).count_groups()
    lines.append(f"colour groups: {groups} (More wins with {MORE_WINS_AT} or more)")

    more = view.more
    if more is not None:
        lines.append(f"More: seat {more}, Fewer: seat {1 - more}")
    decision = view.decision
    if decision is not None:
        side = "" if more is None else (" (More)" if decision.player == more else " (Fewer)")
        lines.append(f"seat {decision.player}{side} is to {decision.describe()}")
    else:
        winner, name = (more, "More") if groups >= MORE_WINS_AT else (1 - more, "Fewer")
        lines.append("no piece fits on the board any more (rule 4a)" if view.supply.total
                     else "the supply is empty (rule 4a)")
        lines.append(f"game over: {groups} groups, {name} (seat {winner}) wins")
    return "\n".join(lines)
