"""Which combinations a hand offers (rules 4 and 5a), fast: the legal-action hot spot.

A hand offers, at each start position, the combinations formed by its next 1, 2 and 3 cards.
Those depend only on the (up to) three cards, so each run of cards is worked out once, the first
time it is met, and kept with the shared action for every start position and its best rank (a
run that cannot beat the trick is passed over without reading its plays). The table is a pure
function of its keys, so what it answers never depends on when a run was first met.
"""

from __future__ import annotations

from . import combos
from .actions import PlayCombination, plays_at
from .cards import DRAW, STOP

# run of up to 3 cards -> (the best rank among its plays, or NO_COMBINATION if none; (rank, the
# PlayCombination at each start position) for every combination formed by its first 1, 2 and 3
# cards in turn, weakest first within a size).
Plays = tuple[tuple[int, tuple[PlayCombination, ...]], ...]
_RUNS: dict[bool, dict[tuple[int, ...], tuple[int, Plays]]] = {False: {}, True: {}}


def combinations(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> list[PlayCombination]:
    """Every contiguous window of 1–3 cards played as each combination it can form that is
    strictly stronger than `to_beat` (`combos.NO_COMBINATION` when nothing is to beat), ordered
    by position, size, then rank."""
    runs = _RUNS[double_wild]
    found = []
    for start in range(len(cards)):
        run = cards[start:start + 3]
        entry = runs.get(run)
        if entry is None:
            entry = runs[run] = _plays_in(run, double_wild)
        if entry[0] > to_beat:
            for rank, at in entry[1]:
                if rank > to_beat:
                    found.append(at[start])
    return found


def can_beat(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> bool:
    """Whether `combinations(cards, to_beat, double_wild)` is not empty, found without listing
    them: the first run whose best rank beats `to_beat` answers."""
    runs = _RUNS[double_wild]
    for start in range(len(cards)):
        run = cards[start:start + 3]
        entry = runs.get(run)
        if entry is None:
            entry = runs[run] = _plays_in(run, double_wild)
        if entry[0] > to_beat:
            return True
    return False


def _plays_in(run: tuple[int, ...], double_wild: bool) -> tuple[int, Plays]:
    plays = []
    for count in range(1, len(run) + 1):
        window = run[:count]
        if window[-1] in (STOP, DRAW):
            break  # Stop and Draw cards are never part of a combination (rule 4)
        plays.extend((rank, plays_at(count, wilds)) for rank, wilds in combos.plays_of(window, double_wild))
    return max((rank for rank, _ in plays), default=combos.NO_COMBINATION), tuple(plays)
