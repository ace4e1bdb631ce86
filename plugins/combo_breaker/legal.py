"""Which combinations a hand offers (rules 4 and 5a), fast: the legal-action hot spot.

A hand offers, at each start position, the combinations formed by its next 1, 2 and 3 cards.
Those depend only on the (up to) three cards, so a grid indexed by those three cards (0 standing
for "past the hand's end") holds a cell for every run: a hand is read by walking its cards three
at a time, three list lookups per position (no slice, no hashing), and a run that cannot beat the
trick is passed over without reading its plays.

A run's plays, weakest first, are also in the order a legal-action list wants them (by size,
then rank): every single ranks below every two-card combination and those below every
three-card one (SINGLE < STRAIGHT2 < PAIR < STRAIGHT3 < TRIPLE). So the plays beating a rank are
the tail of that list, and a cell keeps, for every start position, the run's actions there as one
tuple, and for every rank to beat, where its tail starts: a position adds its actions with one
slice (a lead, which beats nothing, takes them all).

The grid is a pure function of the cards, built in full the first time a `double_wild` setting
is asked about (16³ cells sharing a few hundred distinct action tables, a few tens of ms), so
what it answers never depends on when it was built.
"""

from __future__ import annotations

from bisect import bisect_right

from . import combos
from .actions import MOST_POSITIONS, PlayCombination, plays_at

#: (best rank, or NO_COMBINATION when the run forms nothing; `cuts`: for each rank to beat, the
#: index of the first play beating it, and 0 for NO_COMBINATION, read as `cuts[-1]`; the run's
#: actions at each start position, weakest first)
Cell = tuple[int, tuple[int, ...], tuple[tuple[PlayCombination, ...], ...]]

_PAST_END = 0  # not a card: what the grid reads beyond a hand's last card
_PADDING = (_PAST_END, _PAST_END)
_CARD_INDICES = 16  # _PAST_END and cards 1–15 (number cards, X, Draw, Stop)
_STARTS = tuple(range(MOST_POSITIONS))
_HIGHEST_RANK = combos.rank(combos.TRIPLE, max(combos.VALUES))


def _build_grid(double_wild: bool) -> list[list[list[Cell]]]:
    """grid[a][b][c]: the cell of the run a, b, c cut at its first _PAST_END.

    A run's plays are those of its first card, its first two, then all three (weakest first
    within each): a window holding a Stop, a Draw or _PAST_END forms nothing, and neither does
    any longer window holding it. Cells with the same plays share their tables."""
    no_combination = combos.NO_COMBINATION
    cells: dict[tuple[tuple[int, tuple[int, ...]], ...], Cell] = {}

    def plays(*window: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        return tuple((rank, (len(window), *wilds)) for rank, wilds in combos.plays_of(window, double_wild))

    def cell(run: tuple[tuple[int, tuple[int, ...]], ...]) -> Cell:
        found = cells.get(run)
        if found is None:
            ranks = [rank for rank, _ in run]
            assert ranks == sorted(set(ranks)), "a run's plays rise in rank"  # the tails above
            rows = [plays_at(count, tuple(wilds)) for _, (count, *wilds) in run]
            cuts = (*(bisect_right(ranks, to_beat) for to_beat in range(_HIGHEST_RANK + 1)), 0)
            by_start = tuple(zip(*rows)) if rows else ((),) * MOST_POSITIONS
            found = cells[run] = (ranks[-1] if ranks else no_combination, cuts, by_start)
        return found

    grid = []
    for a in range(_CARD_INDICES):
        rows = []
        first = plays(a)
        for b in range(_CARD_INDICES):
            two = first + plays(a, b)
            rows.append([cell(two + plays(a, b, c)) for c in range(_CARD_INDICES)])
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
    strictly stronger than `to_beat` (a rank, or `combos.NO_COMBINATION` when nothing is to
    beat), ordered by position, size, then rank."""
    grid = _GRIDS[double_wild]
    found: list[PlayCombination] = []
    if to_beat == combos.NO_COMBINATION:  # a lead: every play at every position
        for start, a, b, c in zip(_STARTS, cards, cards[1:] + _PADDING, cards[2:] + _PADDING):
            found += grid[a][b][c][2][start]
        return found
    for start, a, b, c in zip(_STARTS, cards, cards[1:] + _PADDING, cards[2:] + _PADDING):
        best, cuts, at = grid[a][b][c]
        if best > to_beat:
            found += at[start][cuts[to_beat]:]
    return found


def can_beat(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> bool:
    """Whether `combinations(cards, to_beat, double_wild)` is not empty, found without listing
    them: the first run whose best rank beats `to_beat` answers."""
    grid = _GRIDS[double_wild]
    for a, b, c in zip(cards, cards[1:] + _PADDING, cards[2:] + _PADDING):
        if grid[a][b][c][0] > to_beat:
            return True
    return False
