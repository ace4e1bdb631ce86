"""Determinized samples respect what every seat knows about the first lead (rule 3).

The first-lead frame, `Play(leader)`, tells every seat who holds the 2 of clubs. A sample drawn
from another seat's view that dealt the 2 of clubs elsewhere would offer the leader
`PlayCard(2C)` without the card, and a search playing on from it would fail (or, with
`can_lead_any_club`, lead clubs from a hand the real leader does not have). The game marks the
card known to everyone when it names the leader (`first_lead`), so samples keep it there.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Registry, Rng
from meeple.testing import random_states
from meeple_hearts.actions import PlayCard
from meeple_hearts.cards import TWO_OF_CLUBS
from meeple_hearts.decisions import Play
from meeple_hearts.game import Hearts

OPTION_SETS = [{}, {"pass_cards": False}, {"can_lead_any_club": True},
               {"pass_cards": False, "can_lead_any_club": True}]


def first_lead_pending(state) -> bool:
    frame = state.pending[-1] if state.pending else None
    return isinstance(frame, Play) and state.cards_played == 0


def test_every_seat_sees_the_two_of_clubs_in_the_hand_of_the_seat_named_to_lead():
    state = Hearts(4, {"pass_cards": False}).new_state(3)
    leader = state.owing()[0]
    assert TWO_OF_CLUBS in state.hands[leader]
    for seat in range(4):
        assert TWO_OF_CLUBS in state.view(seat).hands[leader].known


def test_nobody_but_its_holder_knows_where_the_two_of_clubs_is_during_the_pass():
    state = Hearts(4).deal_state(
        [list(range(seat, 52, 4)) for seat in range(4)], 1)  # seat 0 holds every club
    assert TWO_OF_CLUBS in state.hands[0]
    for seat in (1, 2, 3):
        assert state.view(seat).hands[0].known == ()


@settings(max_examples=60, deadline=None)
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(0, 2**31), steps=st.integers(0, 12),
       sampler_seed=st.integers(0, 2**31))
def test_a_sample_keeps_the_two_of_clubs_with_the_named_leader_and_the_leader_can_play(
        options, seed, steps, sampler_seed):
    game = Hearts(4, options)
    *_, state = random_states(game, seed, steps)
    past_the_pass = bool(state.pending) and not state.decision.simultaneous  # a leader was named
    holder = next((seat for seat, hand in enumerate(state.hands) if TWO_OF_CLUBS in hand), None)
    rng = Rng(sampler_seed)
    for viewer in range(4):
        sampler = game.sampler(state.view(viewer))
        for _ in range(4):
            sample = sampler(rng)
            if past_the_pass and holder is not None:  # everyone knows who holds the 2C, until played
                assert TWO_OF_CLUBS in sample.hands[holder], f"seat {viewer}'s sample moved the 2C"
            if not first_lead_pending(state):
                continue
            leader = state.owing()[0]
            legal = sample.legal_actions(leader)
            assert legal, f"seat {viewer}'s sample leaves the leader no card to lead"
            assert all(action.card in sample.hands[leader] for action in legal)
            if viewer == leader or not options.get("can_lead_any_club"):
                assert legal == state.legal_actions(leader)
            for action in legal:
                sample.clone().apply(action, leader)  # raises if the sample cannot play it


@pytest.mark.parametrize("options", [{}, {"pass_cards": False}], ids=["pass", "no_pass"])
def test_ismcts_searches_the_first_lead_from_every_seat_and_plays_only_legal_cards(options):
    """Every seat's search at the first lead (the leader's, and the others' as they wait) plays
    its samples on from the 2 of clubs; then `ismcts` plays the first two tricks for all seats."""
    game = Hearts(4, options)
    ismcts = Registry.load().bot("ismcts", "hearts")
    bots = [ismcts.factory(game, seat, ismcts.parse_params({"iterations": 30, "seed": seat}))
            for seat in range(4)]
    state = game.new_state(11)
    while not first_lead_pending(state):  # the pass, chosen by ismcts, seats in turn
        seat = state.owing()[0]
        state.apply(bots[seat].act(state.view(seat), state.legal_actions(seat)), seat)
    leader = state.owing()[0]
    for seat in range(4):
        root = bots[seat].search(state.view(seat))
        assert root.visits >= 30
        assert set(root.children) == {PlayCard(TWO_OF_CLUBS)}, f"seat {seat}'s search led another card"
    played = []
    for _ in range(8):
        seat = state.owing()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].act(state.view(seat), legal)
        assert action in legal
        state.apply(action, seat)
        played.append((seat, action))
    assert played[0] == (leader, PlayCard(TWO_OF_CLUBS)) and state.tricks_played == 2
