"""A one-ply heuristic bot for Linkage: a non-trivial opponent for matches and search bots.

It scores each placement by the change it makes to the colour-group count (More wants a new
group, Fewer wants to join groups of the piece's colour) and, second, by the dead cells it
leaves: empty cells no piece can ever cover again. Dead cells shorten the game (rule 4a), so
fewer pieces get placed, which helps Fewer and hurts More. More also likes to put its piece
against pieces of other colours, taking from Fewer the cells where it would join their groups.
Ties are broken with the bot's own seeded generator.

`act` reads its view; `act_on_state` (for search rollouts) reads the board, the blocker and the
sides straight off the state (all public) and runs the same choice, with the same draws. For the
`mcts` search it also ranks every legal move by those values (`rank_on_state`: the order in which
`mcts:order=true` expands them) and values a finished game by its margin (`value_on_state`, for
`mcts:reward=value`).
"""

from __future__ import annotations

import math
from typing import Sequence

from meeple import Action, BotInfo, Game, Grid, Option, Options, Rng, State, View

from .actions import FEWER, ChooseSide, Place, PlaceBlocker
from .board import CENTRE
from .state import MORE_WINS_AT

#: Groups per unit of `value_on_state`'s logistic: a margin of one group more is worth less
#: than the win itself, but still tells a wide win from a narrow one.
MARGIN_SCALE = 1.0
#: One colour group outweighs any number of dead cells one piece can make.
GROUP_WEIGHT = 10
#: More's bonus per neighbouring cell of another colour: a cell next to a group is where Fewer
#: would join it, and a piece of another colour there takes that chance away. Against the bot
#: without it, More won 40% instead of 4% (docs/figures.md, "Greedy bots").
BESIDE_OTHER_COLOURS = 1


class GreedyBot:
    """Picks the placement with the best immediate effect for its side (see the module doc)."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or not isinstance(legal[0], Place):
            return self._choose(legal)
        board = view.board
        return self._best_placement(Grid(board.rows, board.cols, board.cells), view.blocker,
                                    view.more, legal)  # type: ignore[arg-type]

    def act_on_state(self, state: State, legal: Sequence[Action]) -> Action:
        """The choice `act(state.view(self.seat), legal)` makes, read straight off `state`."""
        if len(legal) == 1 or not isinstance(legal[0], Place):
            return self._choose(legal)
        return self._best_placement(state.board, state.blocker, state.more, legal)  # type: ignore[arg-type]

    def rank_on_state(self, state: State, legal: Sequence[Action]) -> list[Action]:
        """`legal` best first by the same values `act_on_state` maximises (ties keep their order
        in `legal`; no draw from the bot's generator): a search expands moves in this order
        (`mcts:order=true`, `meeple_bots.search.RankedTreeSearch`)."""
        if len(legal) == 1 or not isinstance(legal[0], Place):
            first = self._choose(legal)
            return [first, *[action for action in legal if action != first]]
        values = self._values(state.board, state.blocker, state.more, legal)  # type: ignore[arg-type]
        order = sorted(range(len(legal)), key=values.__getitem__, reverse=True)  # stable: ties in order
        return [legal[index] for index in order]

    def value_on_state(self, state: State) -> tuple[float, float]:
        """Each seat's worth of the finished game `state`, in [0, 1], graded by the margin of the
        result (for `mcts:reward=value`): More's is a logistic of the group count's distance from
        the line between the sides (11.5 groups, rule 6), so the winner always gets more than 1/2,
        and more the wider the margin (12 groups: 0.62, 14: 0.92); Fewer's is the rest."""
        more = 1 / (1 + math.exp((MORE_WINS_AT - 0.5 - state.groups()) / MARGIN_SCALE))  # type: ignore[attr-defined]
        return (more, 1 - more) if state.more == 0 else (1 - more, more)  # type: ignore[attr-defined]

    def _choose(self, legal: Sequence[Action]) -> Action:
        """A forced move, or a choice of the balanced variant's setup."""
        if len(legal) == 1:
            return legal[0]  # the forced pass, or a single placement
        first = legal[0]
        if isinstance(first, PlaceBlocker):
            # The standard game's blocker cell (rule 1); the greedy bot has no opinion beyond it.
            return next(a for a in legal if a.cell == CENTRE)  # type: ignore[attr-defined]
        if isinstance(first, ChooseSide):
            # Between one-ply players Fewer wins most games (see RULINGS.md): take it.
            return next(a for a in legal if a.side == FEWER)  # type: ignore[attr-defined]
        raise ValueError(f"no rule of the greedy bot chooses among {legal[:3]}...")

    def _best_placement(self, grid: Grid, blocker_cell: tuple[int, int], more: int,
                        legal: Sequence[Place]) -> Place:
        values = self._values(grid, blocker_cell, more, legal)
        best_value = max(values)
        best = [action for action, value in zip(legal, values) if value == best_value]
        return best[self.rng.below(len(best))]

    def _values(self, grid: Grid, blocker_cell: tuple[int, int], more: int,
                legal: Sequence[Place]) -> list[int]:
        """Each placement's value for this bot's side (see the module doc), in the order of `legal`."""
        cells = grid.flat
        cols = grid.cols
        label = [-1] * len(cells)
        for number, group in enumerate(grid.groups()):
            for row, col in group:
                label[row * cols + col] = number
        blocker = grid.index(blocker_cell)
        neighbours = grid.neighbour_indices
        # How many empty neighbours each empty cell has: once a piece covers one of them, a cell
        # left with none is dead (no piece can cover it any more).
        empty = [value is None and index != blocker for index, value in enumerate(cells)]
        open_around = [sum([empty[n] for n in neighbours(index)]) if empty[index] else 0
                       for index in range(len(cells))]
        sign = 1 if more == self.seat else -1

        # Per spot (two cells), whichever colour goes there: the dead cells it leaves and, per
        # colour, the groups of that colour it touches.
        spots: dict[tuple, tuple[int, dict]] = {}
        values = []
        for action in legal:
            facts = spots.get(action.cells)
            if facts is None:
                (ra, ca), (rb, cb) = action.cells
                a, b = ra * cols + ca, rb * cols + cb
                dead = 0
                touching: dict = {}
                beside: dict = {}  # colour -> neighbouring cells of that colour
                for own in (a, b):
                    for n in neighbours(own):
                        if n == a or n == b:
                            continue
                        value = cells[n]
                        if value is not None:
                            touching.setdefault(value, set()).add(label[n])
                            beside[value] = beside.get(value, 0) + 1
                        elif empty[n] and open_around[n] == 1:  # `own` was its last empty neighbour
                            dead += 1
                facts = spots[action.cells] = (dead, touching, beside, sum(beside.values()))
            dead, touching, beside, occupied = facts
            # The piece is a group of its own, less the groups it merges with (rule 6).
            delta_groups = 1 - len(touching.get(action.colour, ()))
            value = sign * (GROUP_WEIGHT * delta_groups - dead)
            if sign > 0:  # More packs pieces against other colours (see BESIDE_OTHER_COLOURS)
                value += BESIDE_OTHER_COLOURS * (occupied - beside.get(action.colour, 0))
            values.append(value)
        return values


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="one-ply heuristic: More makes new colour groups, Fewer joins them and leaves dead cells",
    params=(Option("seed", "int", 0, "seed for breaking ties between equally good placements"),),
)
