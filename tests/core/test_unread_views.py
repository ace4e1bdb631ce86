"""An unread view (`meeple.view._UnreadView`) is the `View` it will be for every purpose: named
`View`, equal both ways, hashed, printed, pickled and evolved as the view built at once; its first
read of any attribute makes it a plain `View` and lets go of the state it was taken from."""

import pickle

import attrs
import pytest

from meeple import Registry, Rng, View

GAMES = [Registry.load().create("linko", 4), Registry.load().create("hearts")]


def eager_view(state, player):
    """The view read at once (the reference every unread view must equal)."""
    view = state.view(player)
    view.fields
    return view


def moved_on(game, seed, moves):
    state, chooser = game.new_state(seed), Rng(seed)
    for _ in range(moves):
        seat = state.current_player
        legal = state.legal_actions(seat)
        state.apply(legal[chooser.below(len(legal))], seat)
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.spec.id)
def test_an_unread_view_equals_and_hashes_as_the_view_built_at_once_from_either_side(game):
    state = moved_on(game, 4, 9)
    for player in (*range(game.players), None):
        expected = eager_view(state, player)
        assert type(expected) is View
        assert state.view(player) == expected and expected == state.view(player)
        assert not (state.view(player) != expected) and not (expected != state.view(player))
        assert hash(state.view(player)) == hash(expected)
        assert repr(state.view(player)) == repr(expected)
        assert state.view(player) != eager_view(state, (player or 0) + 1)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.spec.id)
def test_two_unread_views_taken_before_and_after_a_move_compare_by_what_they_show(game):
    state = moved_on(game, 5, 3)
    before, again = state.view(1), state.view(1)
    expected_before = eager_view(state, 1)
    seat = state.current_player
    state.apply(state.legal_actions(seat)[0], seat)
    after = state.view(1)
    assert before == again and before == expected_before
    assert after != before and after == eager_view(state, 1)


def test_an_unread_view_is_named_view_and_becomes_a_plain_view_when_first_read():
    state = moved_on(GAMES[0], 6, 5)
    view = state.view(2)
    assert isinstance(view, View) and type(view).__name__ == "View" and type(view) is not View
    assert view.player == 2 and view._src is not None  # whose view it is needs no read
    view.moves
    assert type(view) is View and view._src is None
    assert view == eager_view(state, 2)


def test_an_unread_view_pickles_as_a_view_without_the_state_and_evolves_like_one():
    state = moved_on(GAMES[1], 7, 6)
    expected = eager_view(state, 3)
    data = pickle.dumps(state.view(3))
    loaded = pickle.loads(data)
    assert type(loaded) is View and loaded == expected and b"_cards" not in data
    evolved = attrs.evolve(state.view(3), chosen=(1,))
    assert evolved == attrs.evolve(expected, chosen=(1,)) and evolved.chosen == (1,)
    assert evolved != expected
