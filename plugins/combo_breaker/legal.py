"""Which combinations a hand offers (rules 4 and 5a), fast: the legal-action hot spot.

A hand offers, at each start position, the combinations formed by its next 1, 2 and 3 cards.
Those depend only on the (up to) three cards, so a grid indexed by those three cards (0 standing
for "past the hand's end") holds, for every run, its best rank and the shared action at every
start position of each combination it forms: a hand is read by walking its cards three at a time,
three list lookups per position (no slice, no hashing), and a run that cannot beat the trick is
passed over without reading its plays. The grid is a pure function of the cards, built in full
the first time a `double_wild` setting is asked about (16³ cells, a few tens of ms), so what it
answers never depends on when it was built.
"""

from __future__ import annotations

from . import combos
from .actions import MOST_POSITIONS, PlayCombination, plays_at

# (rank, the PlayCombination at each start position) for every combination formed by a run's
# first 1, 2 and 3 cards in turn, weakest first within a size.
Plays = tuple[tuple[int, tuple[PlayCombination, ...]], ...]
Cell = tuple[int, Plays]  # (the best rank among the plays, or NO_COMBINATION if none; the plays)

_PAST_END = 0  # not a card: what the grid reads beyond a hand's last card
_PADDING = (_PAST_END, _PAST_END)
_CARD_INDICES = 16  # _PAST_END and cards 1–15 (number cards, X, Draw, Stop)
_STARTS = tuple(range(MOST_POSITIONS))


def _build_grid(double_wild: bool) -> list[list[list[Cell]]]:
    """grid[a][b][c]: the cell of the run a, b, c cut at its first _PAST_END.

    A run's plays are those of its first card, its first two, then all three (weakest first
    within each): a window holding a Stop, a Draw or _PAST_END forms nothing, and neither does
    any longer window holding it."""
    no_combination = combos.NO_COMBINATION

    def plays(*window: int) -> Plays:
        return tuple((rank, plays_at(len(window), wilds)) for rank, wilds in combos.plays_of(window, double_wild))

    grid = []
    for a in range(_CARD_INDICES):
        rows = []
        first = plays(a)
        for b in range(_CARD_INDICES):
            two = first + plays(a, b)
            row = []
            for c in range(_CARD_INDICES):
                run = two + plays(a, b, c)
                row.append((max(rank for rank, _ in run) if run else no_combination, run))
            rows.append(row)
        grid.append(rows)
    return grid


class _Grids(dict):
    """double_wild -> its grid, built when first asked for."""

    def __missing__(self, double_wild: bool) -> list[list[list[Cell]]]:
        grid = self[double_wild] = _build_grid(double_wild)
        return grid


_GRIDS = _Grids()


def combinations(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> list[PlayCombination]:
    """Every contiguous window of 1–3 cards played as each combination it can form that is
    strictly stronger than `to_beat` (`combos.NO_COMBINATION` when nothing is to beat), ordered
    by position, size, then rank."""
    grid = _GRIDS[double_wild]
    found = []
    for start, a, b, c in zip(_STARTS, cards, cards[1:] + _PADDING, cards[2:] + _PADDING):
        best, plays = grid[a][b][c]
        if best > to_beat:
            for rank, at in plays:
                if rank > to_beat:
                    found.append(at[start])
    return found


def can_beat(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> bool:
    """Whether `combinations(cards, to_beat, double_wild)` is not empty, found without listing
    them: the first run whose best rank beats `to_beat` answers."""
    grid = _GRIDS[double_wild]
    for a, b, c in zip(cards, cards[1:] + _PADDING, cards[2:] + _PADDING):
        if grid[a][b][c][0] > to_beat:
            return True
    return False
