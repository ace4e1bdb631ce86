"""Hand-built Combo Breaker positions for scenario tests.

`position()` deals exactly the given hands, reserves and draw pile (every other card goes to the
discard pile, so all 54 stay accounted for) and starts a trick led by `leader`.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from meeple import Action
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
    state = game.new_state(0)
    for zones in (state.hands, state.reserves, state.drawn):
        for zone in zones:
            zone.clear()
    state.pile.clear()
    state.discard.clear()
    used: Counter = Counter()
    for hand, cards in zip(state.hands, hands):
        hand.extend(cards)
        used.update(cards)
    for seat, slots in (reserves or {}).items():
        for slot, card in enumerate(slots):
            if card is not None:
                state.reserves[seat].put(slot, card)
                used[card] += 1
    state.pile.extend(reversed(list(pile)))
    used.update(pile)
    rest = Counter(game.deck()) - used
    assert not used - Counter(game.deck()), f"more copies than the deck holds: {used - Counter(game.deck())}"
    state.discard.extend(sorted(rest.elements()))
    for seat, amount in (tokens or {}).items():
        state.tokens.take(seat, state.tokens[seat])
        state.tokens.add(seat, amount)
    state.pending.clear()
    start_trick(state, leader)
    state._legal = None
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
