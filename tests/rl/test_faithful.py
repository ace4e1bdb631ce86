"""The generic observation is faithful to each seat's view: states a seat cannot tell apart give
it the same observation, and two different views never give the same observation."""

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from rl_games import GAMES, make

from meeple import Rng
from meeple.rl import EncodingError, encoder_for
from meeple.serialization import view_to_data
from meeple.testing import permute_hidden, random_states

ALL = GAMES + [("goofspiel", 2, {"cards": 5}), ("goofspiel", 3, {"cards": 3})]


@settings(max_examples=30, deadline=None)
@given(params=st.sampled_from(ALL), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_an_observation_never_differs_between_states_a_seat_cannot_tell_apart(params, seed, steps):
    game = make(*params)
    encoder = encoder_for(game)
    *_, state = random_states(game, seed, steps)
    rng = Rng(seed + 1)
    for seat in range(game.players):
        before = encoder.encode(state.view(seat))
        permuted = permute_hidden(state, seat, rng)  # every card the seat does not know, shuffled
        assert np.array_equal(encoder.encode(permuted.view(seat)), before)
        if state._choices:  # another seat's secret choice, replaced by another legal one
            frame, changed = state.decision, dict(state._choices)
            for other, choice in state._choices.items():
                options = [a for a in frame.legal_actions(state, other) if a != choice]
                if other != seat and options:
                    changed[other] = options[rng.below(len(options))]
            clone = state.clone()
            clone._choices = changed
            assert np.array_equal(encoder.encode(clone.view(seat)), before)


@settings(max_examples=30, deadline=None)
@given(params=st.sampled_from(ALL), seed=st.integers(0, 2**32))
def test_two_different_views_never_share_an_observation(params, seed):
    game = make(*params)
    encoder = encoder_for(game)
    seen: dict[bytes, str] = {}
    for game_seed in (seed, seed + 1):
        for state in random_states(game, game_seed, 120):
            for seat in range(game.players):
                view = state.view(seat)
                shown = json.dumps(view_to_data(type(game), view), sort_keys=True)
                assert seen.setdefault(encoder.encode(view).tobytes(), shown) == shown, \
                    f"two different views of seat {seat} share one observation"


def test_seeing_ones_own_hand_changes_the_observation_but_others_hands_do_not():
    game = make("combo_breaker", 3, {})
    encoder = encoder_for(game)
    state = game.new_state(4)
    swapped = state.clone()
    hand = swapped.hands[1]
    first, last = hand[0], hand[len(hand) - 1]
    assert first != last
    hand.set_slot(0, last)
    hand.set_slot(len(hand) - 1, first)
    assert not np.array_equal(encoder.encode(state.view(1)), encoder.encode(swapped.view(1)))
    assert np.array_equal(encoder.encode(state.view(0)), encoder.encode(swapped.view(0)))


def test_every_observation_has_the_declared_size_and_type(any_game):
    encoder = encoder_for(any_game)
    state = any_game.new_state(0)
    observation = encoder.encode(state.view(0))
    assert observation.shape == (encoder.size,) and observation.dtype == np.float32


def test_a_card_beyond_a_declared_capacity_is_one_clear_error():
    game = make("nim", 2, {})

    class Tiny(type(game)):  # type: ignore[misc, valid-type]
        rl_capacities = {"pending": 4}

    small = Tiny(2, dict(game.options))
    try:
        encoder_for(small).encode(small.new_state(0).view(0))
    except EncodingError as error:
        assert "rl_capacities['pending']" in str(error) and "\n" not in str(error)
    else:
        raise AssertionError("an overflowing pending stack was encoded silently")
