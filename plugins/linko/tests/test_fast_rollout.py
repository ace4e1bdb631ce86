"""The speed path `fast_rollout.py` against its reference, `State.play_randomly` through the
decision frames: from any classic position, the same draws give the same moves and the same
final state, byte for byte (fingerprints, every zone, every seat's view)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Rng, State
from meeple_linko import Linko
from meeple_linko.fast_rollout import can_play

CLASSIC = st.builds(
    lambda players, variant, max_turns: Linko(players, {
        "variant": variant, "max_turns": max_turns, "two_player": "classic"}),
    st.integers(2, 5), st.sampled_from(["base", "advanced", "expert"]), st.sampled_from([1, 3, 20, 500]))


def position(game, seed, moves):
    """The state after up to `moves` random decisions of deal `seed` (it may have ended)."""
    state = game.new_state(seed)
    chooser = Rng(seed + 1)
    for _ in range(moves):
        if not state.pending:
            break
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    return state


def assert_same_rollout(state, draw_seed):
    fast, plain = state.clone(), state.clone()
    fast_draws, plain_draws = random.Random(draw_seed), random.Random(draw_seed)
    fast.play_randomly(fast_draws.random)
    State.play_randomly(plain, plain_draws.random)  # the reference: the decisions, one by one
    assert fast.fingerprint() == plain.fingerprint()
    assert fast.zones() == plain.zones()
    assert (fast.moves, fast.ended, fast.winners(), fast.legal_actions()) == (
        plain.moves, plain.ended, plain.winners(), ())
    assert all(fast.view(seat) == plain.view(seat) for seat in [None, *range(state.players)])
    assert fast_draws.random() == plain_draws.random()  # as many draws taken


@settings(max_examples=60, deadline=None)
@given(game=CLASSIC, seed=st.integers(0, 2**32), moves=st.integers(0, 150), draw_seed=st.integers(0, 2**32))
def test_a_classic_rollout_makes_the_moves_and_final_state_of_the_decisions(game, seed, moves, draw_seed):
    state = position(game, seed, moves)
    assert can_play(state) == bool(state.pending)
    assert_same_rollout(state, draw_seed)


@settings(max_examples=20, deadline=None)
@given(game=CLASSIC, seed=st.integers(0, 2**32), moves=st.integers(0, 150), draw_seed=st.integers(0, 2**32))
def test_a_rollout_from_a_determinized_sample_matches_too(game, seed, moves, draw_seed):
    """Search bots roll out from samples drawn from a view (the hands' known cards restored)."""
    state = position(game, seed, moves)
    if not state.pending:
        return
    sample = game.determinize(state.view(state.current_player), Rng(draw_seed))
    assert can_play(sample)
    assert_same_rollout(sample, draw_seed)


def test_the_duel_and_cards_known_to_some_seats_take_the_plain_path():
    duel = position(Linko(2), 4, 10)
    assert not can_play(duel)
    assert_same_rollout(duel, 1)
    classic = position(Linko(3), 4, 10)
    classic.hands[0].reveal([0], to=[1])  # known to seat 1 only: no Linko rule does this
    assert not can_play(classic)
    assert_same_rollout(classic, 1)
