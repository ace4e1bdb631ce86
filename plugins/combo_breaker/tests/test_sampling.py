"""Determinized samples keep what the public flow tells every seat about a follower's hand.

A `Follow(seat)` frame is pushed only when that seat can act: it has a reserve card, a Stop or a
Draw card, or a combination that beats the trick (rule 5a–d; otherwise the round ends, ruling 7).
So every seat watching knows the follower holds something to play. A sample drawn from another
seat's view that ignored this could leave the follower owing a decision with no legal action, a
world the game never reaches, and a search or a resample playing on from it would be stuck. The
game declares the fact as its `sample_condition` (`meeple.determinize.owing_seats_can_act`), and
the sampler deals the hidden cards again until the sample agrees.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Registry, Rng
from meeple_combo_breaker import ComboBreaker
from meeple_combo_breaker.decisions import Follow

OPTIONS = {"tokens": 3, "double_wild": True}


def follower_without_reserve(state) -> int | None:
    """The seat owing a Follow with no reserve card to take (its hand alone lets it act), if any."""
    frame = state.pending[-1] if state.pending else None
    if type(frame) is Follow and state.reserves[frame.player].is_empty():
        return frame.player
    return None


def a_follow_waiting_seat_1_sees():
    """5 players, seed 1, 32 random moves in: seat 2 follows with six cards and no reserve card,
    against a combination of rank 36. Two thirds of the deals seat 1's view allows give seat 2
    nothing to play (measured: 65 in 100)."""
    state = ComboBreaker(5, OPTIONS).new_state(1)
    chooser = Rng(1)
    while state.moves < 32:
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    assert follower_without_reserve(state) == 2
    return state


def test_samples_from_a_waiting_seat_give_the_follower_something_to_play():
    state = a_follow_waiting_seat_1_sees()
    game = state.game
    view = state.view(1)
    sampler, rng = game.sampler(view), Rng(5)
    hands = set()
    for draw in range(40):
        sample = sampler(rng)
        assert sample.view(1) == view
        assert sample.legal_actions(2), f"sample {draw} leaves seat 2 owing a Follow it cannot make"
        hands.add(tuple(sample.hands[2].cards()))
    assert len(hands) > 30  # still random deals, not the real hand


def test_the_sampler_and_determinize_draw_the_same_conditioned_samples():
    state = a_follow_waiting_seat_1_sees()
    game, view = state.game, state.view(1)
    sampler, draws, fresh = game.sampler(view), Rng(8), Rng(8)
    for _ in range(10):
        assert sampler(draws).fingerprint() == game.determinize(view, fresh).fingerprint()
    assert draws == fresh


def test_the_followers_own_view_needs_no_test():
    state = a_follow_waiting_seat_1_sees()
    assert ComboBreaker.sample_condition(state.view(2)) is None  # its own cards stay in place
    assert ComboBreaker.sample_condition(state.view(1)) is not None


def test_ismcts_searches_from_every_waiting_seat_at_a_follow():
    """Every seat searches the follower's decision, the waiting ones included; each root move is
    a move seat 2 could make in some world its watchers allow (a Follow action)."""
    state = a_follow_waiting_seat_1_sees()
    ismcts = Registry.load().bot("ismcts", "combo_breaker")
    for seat in range(5):
        bot = ismcts.factory(state.game, seat, ismcts.parse_params({"iterations": 40, "seed": seat}))
        root = bot.search(state.view(seat))
        assert root.visits >= 40
        assert root.children
        if seat == 2:
            assert set(root.children) <= set(state.legal_actions(2))


def random_position(game, seed: int, steps: int):
    """`game` after `steps` random moves, then on to the next Follow owed by a seat without a
    reserve card (where its watchers learn something about its hand), if the game gets there."""
    state = game.new_state(seed)
    chooser = Rng(seed ^ 0x5A5A)
    while state.pending and (state.moves < steps or follower_without_reserve(state) is None):
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    return state


@settings(max_examples=80, deadline=None)
@given(players=st.integers(3, 5), double_wild=st.booleans(), tokens=st.sampled_from([2, 3]),
       seed=st.integers(0, 2**31), steps=st.integers(0, 150), sampler_seed=st.integers(0, 2**31))
def test_every_sample_lets_every_owing_seat_act_and_shows_its_viewer_the_real_view(
        players, double_wild, tokens, seed, steps, sampler_seed):
    game = ComboBreaker(players, {"tokens": tokens, "double_wild": double_wild})
    state = random_position(game, seed, steps)
    rng = Rng(sampler_seed)
    for viewer in (*range(players), None):  # every seat, and the observer
        view = state.view(viewer)
        sampler = game.sampler(view)
        for _ in range(3):
            sample = sampler(rng)
            assert sample.view(viewer) == view, f"seat {viewer}'s sample shows it a different view"
            assert not sample.invariants()
            for seat in sample.owing():
                assert sample.legal_actions(seat), \
                    f"seat {viewer}'s sample leaves seat {seat} owing {sample.pending[-1]} with no legal action"
            if viewer is not None and viewer in state.owing():
                assert sample.legal_actions(viewer) == state.legal_actions(viewer)
