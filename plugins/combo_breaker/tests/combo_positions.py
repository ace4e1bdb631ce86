"""Hand-built Combo Breaker positions for scenario tests.

`position()` deals exactly the given hands, reserves and draw pile (every other card goes to the
discard pile, so all 54 stay accounted for) and starts a trick led by `leader`.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from meeple import Action, Counters, Display
from meeple.testing import position as build
from meeple_combo_breaker.cards import RESERVE_CARDS
from meeple_combo_breaker.decisions import start_trick
from meeple_combo_breaker.game import ComboBreaker
from meeple_combo_breaker.state import ComboBreakerState


def position(hands: Sequence[Sequence[int]], leader: int,
             reserves: Mapping[int, Sequence[int | None]] | None = None,
             pile: Sequence[int] = (), tokens: Mapping[int, int] | None = None,
             options: Mapping[str, object] | None = None) -> ComboBreakerState:
    """A state with these hands (left to right), reserves (slot 0, slot 1; None = empty slot) and
    draw pile (`pile[0]` drawn first); `leader` leads a new trick."""
    game = ComboBreaker(len(hands), options)
    seats = range(len(hands))
    held = {seat: Display(RESERVE_CARDS, [() if card is None else (card,) for card in slots], owner=seat)
            for seat, slots in (reserves or {}).items()}
    counts = Counters([(seat, (tokens or {}).get(seat, game.options["tokens"])) for seat in seats])
    # meeple.testing.position checks that all 54 cards are there exactly once (the rest discarded).
    state = build(game, hands=[list(cards) for cards in hands], reserves=held, pile=list(reversed(pile)),
                  rest="discard", tokens=counts, to_act=[])
    start_trick(state, leader)
    assert not state.invariants(), state.invariants()
    return state


def act(state: ComboBreakerState, *actions: Action) -> None:
    """Apply each action for whoever owes the decision, checking the invariants after each."""
    for action in actions:
        state.apply(action)
        problems = state.invariants()
        assert not problems, problems


def hand(state: ComboBreakerState, seat: int) -> list[int]:
    return list(state.hands[seat])
