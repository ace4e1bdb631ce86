"""Every action Linko can ever offer, in a fixed order, for reinforcement learning (`meeple.rl`
reads it through `Linko.rl_action_space`: one index per action, the same for every seat count and
option, so a trained policy's indices never move).

The order: plays of n naturals of a value with j jokers (then jokers alone), ghost piles by value,
the stolen-layer choices, display slots, the pile and the decline — 654 actions.
`tests/rl` play random games to check that every legal action is listed, and
`tests/rl/golden_spaces.json` that the order never changes.
"""

from __future__ import annotations

from typing import Iterator

from meeple import Action

from .actions import (DISPLAY_WIDTH, Decline, Discard, DrawDisplay, DrawPile, LeaveStolen, Play,
                      TakeBack, TakeGhost, TakeStolen)
from .cards import COPIES, JOKER, JOKERS, VALUES


def every_action() -> Iterator[Action]:
    """Each action once, in index order."""
    for value in VALUES:
        for naturals in range(1, COPIES + 1):
            for jokers in range(JOKERS + 1):
                yield Play(value, naturals, jokers)
    for jokers in range(1, JOKERS + 1):
        yield Play(JOKER, 0, jokers)
    for value in VALUES:
        yield TakeGhost(value)
    yield from (TakeStolen(), LeaveStolen(), TakeBack(), Discard())
    for slot in range(DISPLAY_WIDTH):
        yield DrawDisplay(slot)
    yield DrawPile()
    yield Decline()


#: What the generic observation cannot derive from a setup state (`meeple.rl.encoding`): a display
#: slot holds one card or a 2-card group (rule D3), a ghost pile the copies of one value.
RL_CAPACITIES = {"display.slot": 2, "ghost.pile": COPIES}
