"""Which card plays a hand offers (rules 4 and 5a–c), fast: the legal-action hot spot.

A hand offers, at each start position, the combinations formed by its next 1, 2 and 3 cards.
Those depend only on the (up to) three cards, so a grid indexed by those three cards (0 standing
for "past the hand's end") holds a cell for every run: a hand is read by sliding a window of
three cards along it, three list lookups per position (no slice, no hashing), and a run that
cannot beat the trick is passed over without reading its plays.

A run's plays, weakest first, are also in the order a legal-action list wants them (by size,
then rank): every single ranks below every two-card combination and those below every
three-card one (SINGLE < STRAIGHT2 < PAIR < STRAIGHT3 < TRIPLE). So the plays beating a rank are
the tail of that list, and a cell keeps, for every start position, the run's actions there as one
tuple, and for every rank to beat, where its tail starts: a position adds its actions with one
slice (a lead, which beats nothing, takes them all).

A run starting with a Stop or a Draw card forms no combination, but that card may always be
played (rules 5b–c): its cell's best rank is STOP_OR_DRAW, above every rank, so the same walk
that looks for runs beating the trick meets these cards too, and a follower's "can I act at
all?" is answered by the first run that beats the trick or holds such a card.

The grid is a pure function of the cards, built in full once per `double_wild` setting (16³
cells sharing a few hundred distinct action tables, ~10 ms), when a game with that setting is
made (`build_tables`) or else the first time the setting is asked about, so what it answers
never depends on when it was built.
"""

from __future__ import annotations

from bisect import bisect_right

from meeple import Action

from . import combos
from .actions import DRAWS, MOST_POSITIONS, STOPS, PlayCombination, plays_at
from .cards import DRAW, STOP, X
from .combos import NO_COMBINATION

#: (best rank, NO_COMBINATION when the run forms nothing, STOP_OR_DRAW when it starts with such a
#: card; `cuts`: for each rank to beat, the index of the first play beating it, and 0 for
#: NO_COMBINATION, read as `cuts[-1]`; the run's actions at each start position, weakest first, or
#: for a Stop or Draw card the action playing it at each position)
Cell = tuple[int, tuple[int, ...], tuple[tuple[PlayCombination, ...], ...]]

_PAST_END = 0  # not a card: what the grid reads beyond a hand's last card
_PADDING = (_PAST_END, _PAST_END)
_CARD_INDICES = 16  # _PAST_END and cards 1–15 (number cards, X, Draw, Stop)
_HIGHEST_RANK = combos.rank(combos.TRIPLE, max(combos.VALUES))
STOP_OR_DRAW = 1 << 8  # the best rank of a run starting with a Stop or Draw card: above every rank


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

    alone = {STOP: (STOP_OR_DRAW, (), STOPS), DRAW: (STOP_OR_DRAW, (), DRAWS)}
    grid = []
    for a in range(_CARD_INDICES):
        if a in alone:
            grid.append([[alone[a]] * _CARD_INDICES for _ in range(_CARD_INDICES)])
            continue
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


class _LeadGrids(dict):
    """double_wild -> its grid's actions by start only (`cell[2]`), for a lead, which takes every
    play at every position: one lookup less per position."""

    def __missing__(self, double_wild: bool) -> list[list[list[tuple[tuple[Action, ...], ...]]]]:
        grid = _GRIDS[double_wild]
        runs = self[double_wild] = [[[cell[2] for cell in row] for row in rows] for rows in grid]
        return runs


_GRIDS = _Grids()
_LEAD_GRIDS = _LeadGrids()


def build_tables(double_wild: bool) -> None:
    """Build the grids of this `double_wild` setting now (~10 ms, once per process): a game
    calls this when it is made, so that no decision of a game in play pays for it."""
    _LEAD_GRIDS[double_wild]  # (builds `_GRIDS[double_wild]` on the way)


def card_plays(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> list[Action]:
    """Rules 4 and 5a–c: every contiguous window of 1–3 `cards` played as each combination it
    can form that is strictly stronger than `to_beat` (a rank, or NO_COMBINATION when nothing is
    to beat), ordered by position, size, then rank; then each Stop and Draw card, by position.

    The window slides along the hand as the names a, b, c and a start counter (a `zip` of the
    hand's shifts costs more to set up, ~3k instructions, than it saves a hand's walk)."""
    found: list[Action] = []
    specials: list[Action] = []  # the Stop and Draw cards, which follow every combination
    padded = cards + _PADDING
    a = padded[0]
    b = padded[1]
    start = 0
    if to_beat == NO_COMBINATION:  # a lead: every play at every position
        runs = _LEAD_GRIDS[double_wild]
        for c in padded[2:]:
            if a > X:  # a Stop or Draw card (the only cards above X)
                specials.append(STOPS[start] if a == STOP else DRAWS[start])
            else:
                found += runs[a][b][c][start]
            start += 1
            a = b
            b = c
    else:
        grid = _GRIDS[double_wild]
        for c in padded[2:]:
            best, cuts, at = grid[a][b][c]
            if best > to_beat:
                if best == STOP_OR_DRAW:
                    specials.append(at[start])
                else:
                    found += at[start][cuts[to_beat]:]
            start += 1
            a = b
            b = c
    if specials:
        found += specials
    return found


def can_follow(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> bool:
    """Whether `card_plays(cards, to_beat, double_wild)` is not empty, found without listing
    them: the first run that beats `to_beat` or starts with a Stop or Draw card answers."""
    grid = _GRIDS[double_wild]
    padded = cards + _PADDING
    a = padded[0]
    b = padded[1]
    for c in padded[2:]:
        if grid[a][b][c][0] > to_beat:
            return True
        a = b
        b = c
    return False
