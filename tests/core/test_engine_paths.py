"""The bare engine's shortcuts decide what the plain rules decide: `legal_actions`, `is_legal` and
`apply` call the frame on top directly only for a state class whose frames own the rules
(`State._frames_rule`), and `is_legal` keeps the frozenset of the legal actions beside the tuple
it was built from, so an action equal to (not the same object as) a legal one is judged against
the decision under way, never against an earlier one."""

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from market_game import MarketGame, MarketState

from meeple import IllegalAction, Registry, Rng, State
from meeple.state import _frames_rule

GAMES = [("linko", 4), ("linko", 2), ("combo_breaker", 4), ("linkage", 2)]


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def test_frames_rule_only_where_the_class_overrides_neither_rule_method(registry):
    linko = registry.create("linko", 4).new_state(1)
    market = MarketGame(2, {"ordered": True}).new_state(1)
    assert linko._frames_rule is True
    assert market._frames_rule is False  # MarketState overrides _legal_actions and _apply

    class OnlyApply(State):  # a state class overriding one of the two takes the written-out path
        def _apply(self, action):
            raise NotImplementedError

    assert _frames_rule(OnlyApply) is False and _frames_rule(MarketState) is False


def test_frames_rule_survives_clone_pickle_and_copy(registry):
    state = registry.create("combo_breaker", 4).new_state(3)
    for twin in (state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin._frames_rule is True
        assert twin.legal_actions() == state.legal_actions()


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
