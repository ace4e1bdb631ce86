"""The observation is faithful to each seat's view: states a seat cannot tell apart give it the
same observation (and the same information state), and two views that differ in more than the
order of a pile's cards never give the same observation."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from rl_games import GAMES, make

from meeple import Rng
from meeple.rl import EncodingError, InformationState, encoder_for
from meeple.rl.encoding import random_play
from meeple.testing import permute_hidden, random_states
from meeple.zones import DisplayView, KeyedPilesView, PileView, TableauView

ALL = GAMES + [("goofspiel", 2, {"cards": 5}), ("goofspiel", 3, {"cards": 3})]


def random_history(game, seed: int, steps: int):
    """A random game's state after `steps` moves (or at its end), with its history."""
    for state, history in random_play(game, seed, Rng(seed)):
        if len(history) >= steps:
            break
    return state, history


@settings(max_examples=30, deadline=None)
@given(params=st.sampled_from(ALL), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_an_observation_never_differs_between_states_a_seat_cannot_tell_apart(params, seed, steps):
    game = make(*params)
    encoder, information = encoder_for(game), InformationState(game)
    state, history = random_history(game, seed, steps)
    rng = Rng(seed + 1)
    for seat in range(game.players):
        before = encoder.encode(state.view(seat))
        recalled = information.encode(state.view(seat), history)
        permuted = permute_hidden(state, seat, rng)  # every card the seat does not know, shuffled
        assert np.array_equal(encoder.encode(permuted.view(seat)), before)
        assert np.array_equal(information.encode(permuted.view(seat), history), recalled)
        if state._choices:  # another seat's secret choice, replaced by another legal one
            frame, changed = state.decision, dict(state._choices)
            for other, choice in state._choices.items():
                options = [a for a in frame.legal_actions(state, other) if a != choice]
                if other != seat and options:
                    changed[other] = options[rng.below(len(options))]
            clone = state.clone()
            clone._choices = changed
            assert np.array_equal(encoder.encode(clone.view(seat)), before)


def shown(encoder, view) -> str:
    """What the observation promises to keep of a view: everything but the order of a pile's
    cards (a pile declared by position keeps it), of a tableau's layers below the top one, and
    of the cards in a display slot or a keyed pile."""
    positional = encoder.context.capacities

    def keep(name, value):
        if isinstance(value, tuple) and value and all(isinstance(v, PileView) for v in value):
            return tuple(keep(name, v) for v in value)
        if isinstance(value, PileView):
            if name in positional or value.cards is None:
                return value
            return (value.size, sorted(value.cards, key=repr), value.cards[-1] if value.cards else None)
        if isinstance(value, TableauView):
            return (len(value.layers), sorted((c for layer in value.layers for c in layer), key=repr),
                    sorted(value.layers[-1], key=repr) if value.layers else None)
        if isinstance(value, DisplayView):
            return tuple(sorted(slot, key=repr) for slot in value.slots)
        if isinstance(value, KeyedPilesView):
            return tuple((key, sorted(cards, key=repr)) for key, cards in value.piles)
        if isinstance(value, tuple) and value and isinstance(value[0], TableauView):
            return tuple(keep(name, v) for v in value)
        return value

    fields = [(name, keep(name, value)) for name, value in view.fields]
    return repr((view.player, view.moves, view.pending, view.chosen, view.choice, fields))


@settings(max_examples=30, deadline=None)
@given(params=st.sampled_from(ALL), seed=st.integers(0, 2**32))
def test_two_views_differing_beyond_a_piles_order_never_share_an_observation(params, seed):
    game = make(*params)
    encoder = encoder_for(game)
    seen: dict[bytes, str] = {}
    for game_seed in (seed, seed + 1):
        for state in random_states(game, game_seed, 120):
            for seat in range(game.players):
                view = state.view(seat)
                kept = shown(encoder, view)
                assert seen.setdefault(encoder.encode(view).tobytes(), kept) == kept, \
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


def test_another_seats_secret_action_is_in_no_information_state_but_its_own():
    game = make("goofspiel", 2, {"cards": 4})
    information = InformationState(game)
    state, history = random_history(game, 3, 1)  # seat 0 has bid in secret
    (seat, action, secret), = history
    assert secret and seat == 0
    changed = [(0, next(a for a in information.action.space.actions if a != action), True)]
    assert np.array_equal(information.encode(state.view(1), history), information.encode(state.view(1), changed))
    assert not np.array_equal(information.encode(state.view(0), history), information.encode(state.view(0), changed))


def test_a_pending_stack_beyond_its_declared_capacity_is_one_clear_error():
    game = make("nim", 2, {})

    class Tiny(type(game)):  # type: ignore[misc, valid-type]
        rl_capacities = {"pending": 0}

    small = Tiny(2, dict(game.options))
    try:
        encoder_for(small).encode(small.new_state(0).view(0))
    except EncodingError as error:
        assert "rl_capacities['pending']" in str(error) and "\n" not in str(error)
    else:
        raise AssertionError("an overflowing pending stack was encoded silently")
