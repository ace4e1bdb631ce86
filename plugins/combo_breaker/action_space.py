"""Every action Combo Breaker can ever offer, in a fixed order, for reinforcement learning
(`meeple.rl` reads it through `ComboBreaker.rl_action_space`: one index per action, so a trained
policy's indices never move).

The order: combinations of 1–3 contiguous cards at every hand position with each declaration of
their X cards, then per position Stop, Draw, insert and the reserve takes — 11,000 actions
(2,420 without `double_wild`). A hand never holds more than the whole deck, so positions run
0..54. `tests/rl` play random games to check that every legal action is listed, and
`tests/rl/golden_spaces.json` that the order never changes.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Iterator

from meeple import Action

from .actions import InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from .cards import COPIES_PER_SPECIAL, MOST_SEATS, RESERVE_CARDS, VALUES, deck


def every_action(double_wild: bool) -> Iterator[Action]:
    """Each action once, in index order; `double_wild`: a combination may hold both X cards."""
    positions = range(len(deck()) + 1)
    most_wilds = COPIES_PER_SPECIAL if double_wild else 1
    declarations = [()] + [wilds for k in range(1, most_wilds + 1)
                           for wilds in combinations_with_replacement(VALUES, k)]
    for start in positions:
        for count in (1, 2, 3):
            for wilds in declarations:
                if len(wilds) <= count:
                    yield PlayCombination(start, count, wilds)
    for position in positions:
        yield PlayStop(position)
        yield PlayDraw(position)
        yield InsertDrawn(position)
        for slot in range(RESERVE_CARDS):
            yield TakeReserve(slot, position)


#: What the generic observation cannot derive from a setup state (`meeple.rl.encoding`): the public
#: record of the trick holds at most one entry per card, each declaring at most the deck's two X
#: cards as wilds; the seat tuples hold at most 5 seats.
RL_CAPACITIES = {"trick_plays": len(deck()), "trick_plays[].wilds": COPIES_PER_SPECIAL, "trick_seats": MOST_SEATS,
                 "paid": MOST_SEATS, "losers": MOST_SEATS}
