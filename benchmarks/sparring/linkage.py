"""A sparring player for Linkage (both sides, standard and balanced), written from the rules alone.

How it thinks, in the rules' terms (`shared/rules/linkage.md`):

- **The end result, estimated.** More wins with 12 colour groups or more (rule 6). The player
  estimates the final count as the groups on the board now plus one for every piece More will
  still lay: More can almost always put a piece where no same colour touches it (a new group),
  Fewer almost always joins a group (no new one). So the count still to come is about half the
  pieces still to be laid, and those are bounded by the empty space: a region of empty cells
  takes at most as many dominoes as it has cells of the rarer chessboard colour (every domino
  covers one cell of each). More wants room left; Fewer wants it cut into odd scraps.
- **One reply ahead.** Each of its own placements is followed by the opponent's best reply under
  the same estimate (the green counter of rule 3 keeps the reply off the cells touching the new
  piece; a blocked reply is the forced pass of rule 4b); the player keeps the placement whose
  worst reply is best for it. A placement that ends the game (rule 4a) is judged by the result.
- **The balanced setup** (rule 2): the blocker goes on the centre, which leaves 48 cells that
  dominoes can tile exactly; the side chooser plays More when the blocker leaves the board
  tileable (the sheet: More has a slight advantage in the standard game) and Fewer when it does
  not (a blocker on the other chessboard colour leaves at most 23 pieces room).

It is a different heuristic from every bot in this repository (it was written without reading
them) and is kept in `benchmarks/` for measuring: no shipped bot uses it.
"""

from __future__ import annotations

from typing import Sequence

from meeple import Action, Rng, View

from meeple_linkage.actions import MORE, ChooseSide, Pass, Place, PlaceBlocker
from meeple_linkage.board import CENTRE, SIZE, SPOTS

from .choice import best

#: More wins with this many groups or more (rule 6).
MORE_WINS_AT = 12
CELLS = SIZE * SIZE
#: Each cell's orthogonal neighbours, by flat index (row * 7 + col).
NEIGHBOURS = tuple(tuple(r * SIZE + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
                         if 0 <= r < SIZE and 0 <= c < SIZE)
                   for row in range(SIZE) for col in range(SIZE))
#: Every spot a domino can cover, as two flat indices.
SPOT_CELLS = tuple((a[0] * SIZE + a[1], b[0] * SIZE + b[1]) for a, b in (spot.cells for spot in SPOTS))
#: The cells sharing an edge with each spot (the green counter's reach, rule 3).
TOUCHING = tuple(frozenset(n for cell in spot for n in NEIGHBOURS[cell]) - frozenset(spot) for spot in SPOT_CELLS)
#: How many of its top candidates the player looks one reply ahead for.
CANDIDATES = 8
#: A decided game, in estimated groups: far beyond any estimate.
DECIDED = 100.0


def _flat(cell) -> int:
    return cell[0] * SIZE + cell[1]


def _dark(index: int) -> bool:
    """The cell's chessboard colour: every domino covers one dark and one light cell."""
    return (index // SIZE + index % SIZE) % 2 == 0


class Position:
    """A board as the player reasons about it: colours by flat index, the blocker, the supply."""

    def __init__(self, cells: list, blocker: int, supply: dict[str, int]) -> None:
        self.cells, self.blocker, self.supply = cells, blocker, supply

    def free(self, index: int) -> bool:
        return self.cells[index] is None and index != self.blocker

    def labels(self) -> tuple[list[int], int]:
        """Each cell's colour group (−1 for none) and the number of groups (rule 6)."""
        cells, label, groups = self.cells, [-1] * CELLS, 0
        for start in range(CELLS):
            colour = cells[start]
            if colour is None or label[start] >= 0:
                continue
            label[start] = groups
            stack = [start]
            while stack:
                cell = stack.pop()
                for n in NEIGHBOURS[cell]:
                    if label[n] < 0 and cells[n] == colour:
                        label[n] = groups
                        stack.append(n)
            groups += 1
        return label, groups

    def room(self) -> int:
        """An upper bound on the pieces still to be laid: per region of free cells, its cells of
        the rarer chessboard colour; never more than the supply holds."""
        seen = [False] * CELLS
        total = 0
        for start in range(CELLS):
            if seen[start] or not self.free(start):
                continue
            seen[start] = True
            stack, dark, light = [start], 0, 0
            while stack:
                cell = stack.pop()
                if _dark(cell):
                    dark += 1
                else:
                    light += 1
                for n in NEIGHBOURS[cell]:
                    if not seen[n] and self.free(n):
                        seen[n] = True
                        stack.append(n)
            total += min(dark, light)
        return min(total, sum(self.supply.values()))

    def open_spots(self, green: tuple[int, int] | None) -> list[int]:
        """The spots a piece may go on now (rule 3), as indices into SPOT_CELLS."""
        banned = TOUCHING[SPOT_CELLS.index(green)] if green is not None else frozenset()
        return [i for i, (a, b) in enumerate(SPOT_CELLS)
                if self.free(a) and self.free(b) and a not in banned and b not in banned]

    def any_fits(self) -> bool:
        """Rule 4a: a piece is left and two free neighbouring cells exist."""
        return sum(self.supply.values()) > 0 and any(self.free(a) and self.free(b) for a, b in SPOT_CELLS)

    def placed(self, colour: str, spot: tuple[int, int]) -> "Position":
        cells = list(self.cells)
        cells[spot[0]] = cells[spot[1]] = colour
        supply = dict(self.supply)
        supply[colour] -= 1
        return Position(cells, self.blocker, supply)

    def change(self, label: list[int], colour: str, spot: tuple[int, int]) -> int:
        """How the group count changes when `colour` covers `spot`: one new group, less one for
        every distinct group of that colour it touches (they merge into it)."""
        a, b = spot
        touched = {label[n] for cell in (a, b) for n in NEIGHBOURS[cell]
                   if n != a and n != b and self.cells[n] == colour}
        return 1 - len(touched)


def estimate(position: Position, groups: int, more_to_move: bool) -> float:
    """The final group count to expect: the groups now, plus one for each piece More will lay
    among those the free space still holds (players alternate, rule 5)."""
    room = position.room()
    more_pieces = (room + 1) // 2 if more_to_move else room // 2
    return groups + more_pieces


def outcome(groups: int) -> float:
    """A finished game in the estimate's units, seen from More's side (rule 6)."""
    return groups + (DECIDED if groups >= MORE_WINS_AT else -DECIDED)


class LinkageSpar:
    """Linkage's sparring bot: the balanced setup, then every placement one reply ahead."""

    def __init__(self, game, seat: int, params) -> None:
        self.seat = seat
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if len(legal) == 1:
            return first
        if isinstance(first, PlaceBlocker):
            return next(a for a in legal if a.cell == CENTRE)
        if isinstance(first, ChooseSide):
            tileable = _dark(_flat(view.blocker))
            want = MORE if tileable else "fewer"
            return next(a for a in legal if a.side == want)
        return self.place(view, legal)

    def place(self, view: View, legal: Sequence[Action]) -> Action:
        position = Position(list(view.board.cells), _flat(view.blocker), dict(view.supply.counts))
        am_more = view.more == self.seat
        sign = 1.0 if am_more else -1.0  # the player maximises sign × (More's estimate)
        label, groups = position.labels()
        # One ply for every placement: it orders the candidates for the deeper look.
        first_look = []
        room_after: dict[tuple[int, int], Position] = {}
        for action in legal:
            if not isinstance(action, Place):
                continue
            spot = (_flat(action.cells[0]), _flat(action.cells[1]))
            after = position.placed(action.colour, spot)
            count = groups + position.change(label, action.colour, spot)
            if not after.any_fits():
                score = sign * outcome(count)
            else:
                score = sign * estimate(after, count, not am_more)
            first_look.append((score, action, spot, after, count))
        first_look.sort(key=lambda row: -row[0])
        candidates = {action: (score, spot, after, count) for score, action, spot, after, count
                      in first_look[:CANDIDATES]}

        def deeper(action: Place) -> float:
            score, spot, after, count = candidates[action]
            return self.after_reply(after, spot, count, am_more, sign) if after.any_fits() else score

        return best(self.rng, list(candidates), deeper)

    @staticmethod
    def after_reply(position: Position, green: tuple[int, int], groups: int, am_more: bool,
                    sign: float) -> float:
        """The position's worth to the player after the opponent's best reply (for the opponent,
        −sign), the reply kept off the cells touching the piece just laid (rule 3)."""
        spots = position.open_spots(green)
        if not spots:  # rule 4b: the opponent passes; the player moves next, unrestricted
            return sign * estimate(position, groups, am_more)
        label, _ = position.labels()
        colours = [c for c, n in position.supply.items() if n > 0]
        worst = None
        for index in spots:
            spot = SPOT_CELLS[index]
            # The opponent's best colour on this spot: Fewer joins the most groups, More the fewest.
            changes = [position.change(label, c, spot) for c in colours]
            colour = colours[changes.index(max(changes) if not am_more else min(changes))]
            count = groups + position.change(label, colour, spot)
            after = position.placed(colour, spot)
            if not after.any_fits():
                score = sign * outcome(count)
            else:
                score = sign * estimate(after, count, am_more)
            if worst is None or score < worst:
                worst = score
        return worst  # type: ignore[return-value]
