"""`is_legal` and `apply` find a legal action by identity first, then by equality: an action equal
to (not the same object as) a legal one is judged against the decision under way, never against
an earlier one."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from market_game import MarketGame

from meeple import IllegalAction, Registry, Rng

GAMES = [("linko", 4), ("linko", 2), ("combo_breaker", 4), ("linkage", 2)]


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def _plays_with_equal_copies(state, chooser):
    """Play a random game where every action is handed over as an equal copy (a new object), and
    the action legal one decision ago is offered again by value: is_legal and apply must judge
    both against the decision under way, as a fresh frozenset of its legal actions does."""
    previous = None
    while state.pending:
        seat = state.current_player
        legal = state.legal_actions(seat)
        reference = frozenset(legal)
        if previous is not None:
            assert state.is_legal(copy.copy(previous)) == (previous in reference)
        action = legal[chooser.below(len(legal))]
        twin = copy.copy(action)
        assert twin == action and twin is not action
        assert state.is_legal(twin)
        if previous is not None and previous not in reference:
            before = state.fingerprint()
            with pytest.raises(IllegalAction):
                state.apply(copy.copy(previous), seat)
            assert state.fingerprint() == before
        assert state.apply(twin, seat) == (twin,)
        previous = action


@pytest.mark.parametrize("game_id,players", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_equal_actions_are_judged_against_the_decision_under_way(registry, game_id, players, seed):
    _plays_with_equal_copies(registry.create(game_id, players).new_state(seed), Rng(seed))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), ordered=st.booleans())
def test_equal_actions_are_judged_alike_when_the_state_class_owns_the_rules(seed, ordered):
    _plays_with_equal_copies(MarketGame(3, {"ordered": ordered}).new_state(seed), Rng(seed))
