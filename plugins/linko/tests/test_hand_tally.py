"""Rule 3's hand count (`PlayCards.legal_actions`) reads the tally each hand keeps beside its cards
(`Hand.tally`): at every step of random games, and in every clone, JSON round trip, pickled copy
and determinized sample of those states, each hand's tally is its cards counted by value, and the
plays offered are rule 3's for the hand counted afresh."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Rng
from meeple.serialization import state_from_data, state_to_data
from meeple_linko import Linko
from meeple_linko.actions import JOKER_PLAYS, PLAYS_OF
from meeple_linko.cards import JOKER

GAMES = [Linko(4), Linko(2), Linko(4, {"variant": "expert"})]


def counted(hand) -> list[int]:
    cards = list(hand)
    return [cards.count(value) for value in range(JOKER + 1)]


def plays_of(hand) -> tuple:
    counts = counted(hand)
    of = PLAYS_OF[counts[JOKER]]
    return (*(play for value in range(1, JOKER) for play in of[value][counts[value]]),
            *JOKER_PLAYS[counts[JOKER]])


def check_tallies(state) -> None:
    for hand in state.hands:
        assert hand.tally(JOKER + 1) == counted(hand)
    if state.pending and state.pending[-1].tag == "play_cards":
        assert state.legal_actions() == plays_of(state.hands[state.current_player])


@pytest.mark.parametrize("game", GAMES, ids=["4p", "duel", "expert"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_hand_tally_counts_its_hand_in_every_copy_of_every_state(game, seed):
    state, chooser, rng = game.new_state(seed), Rng(seed), Rng(seed + 1)
    while state.pending:
        check_tallies(state)
        if state.moves % 5 == 0:
            for twin in (state.clone(), state_from_data(type(game), state_to_data(state)),
                         pickle.loads(pickle.dumps(state)),
                         game.determinize(state.view(state.current_player), rng)):
                check_tallies(twin)
                if twin.pending:  # the copy plays on with its own tallies, the original unmoved
                    legal = twin.legal_actions()
                    twin.apply(legal[chooser.below(len(legal))])
                    check_tallies(twin)
                    check_tallies(state)
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    check_tallies(state)
