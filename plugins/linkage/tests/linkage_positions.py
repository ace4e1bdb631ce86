"""Hand-built Linkage positions for scenario tests, drawn as pictures of the board."""

from __future__ import annotations

from typing import Sequence

from meeple import Counters, Grid
from meeple.testing import position as build
from meeple_linkage.actions import COLOURS, Cell
from meeple_linkage.decisions import Move
from meeple_linkage.game import Linkage
from meeple_linkage.state import PIECES_PER_COLOUR, LinkageState


def position(picture: str, *, to_move: int = 0, more: int = 0,
             green: Sequence[Cell] | None = None, variant: str = "standard") -> LinkageState:
    """A state drawn as 7 rows of 7 marks: a colour letter (W B R Y), `.` for an empty cell and
    `#` for the blocker. The supply holds whatever the board does not; `green` names the two
    cells under the green counter; `to_move` owes a placement (or the forced pass).
    """
    rows = [row.split() for row in picture.strip().splitlines()]
    assert len(rows) == 7 and all(len(row) == 7 for row in rows), "draw 7 rows of 7 marks"
    board, blocker = Grid(7, 7), None
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            if mark == "#":
                blocker = (r, c)
            elif mark != ".":
                assert mark in COLOURS, f"unknown mark {mark!r}"
                board[(r, c)] = mark
    counts = {colour: sum(1 for v in board.flat if v == colour) for colour in COLOURS}
    assert all(n % 2 == 0 for n in counts.values()), f"pieces cover two cells each: {counts}"
    supply = Counters([(colour, PIECES_PER_COLOUR - counts[colour] // 2) for colour in COLOURS])
    # meeple.testing.position checks the pieces (Linkage's invariants) and says what is wrong.
    return build(Linkage(2, {"variant": variant}), to_act=Move(to_move), board=board, supply=supply,
                 blocker=blocker, green=tuple(sorted(green)) if green else None, more=more)
