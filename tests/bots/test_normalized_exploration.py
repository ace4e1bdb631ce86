"""Exploration scaled to the rewards' spread (`normalize`, on by default in `mcts` and `ismcts`):
the search is the same whatever affine scale its rewards come on, so the exploration constant
means the same in a game where a seat's share of a win is at most 1/3 as in one where it is 1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Registry, Rng
from meeple_bots.ismcts import INFO as ISMCTS
from meeple_bots.mcts import INFO as MCTS
from meeple_bots.search import PlayOut, TreeSearch, fast_below

REGISTRY = Registry.load()
DUEL = REGISTRY.create("linko", 2, {})


class Rescaled:
    """A rollout whose rewards are the random playout's, times `scale` plus `shift`."""

    def __init__(self, scale: float, shift: float) -> None:
        self.playout = PlayOut(2, fast_below(3))
        self.scale, self.shift = scale, shift

    def __call__(self, origin, state):
        return [reward * self.scale + self.shift for reward in self.playout(origin, state)]


def visits(search: TreeSearch, deal: int, iterations: int) -> dict:
    """The root's visits per move after a sampled search of the Duel's first decision."""
    state = DUEL.new_state(deal)
    seat = state.current_player
    sample, rng = DUEL.sampler(state.view(seat)), Rng(deal)
    search.observer = seat
    root = search.run_sampled(lambda: sample(rng), iterations)
    return {key: child.visits for key, child in root.children.items()}


@settings(max_examples=12, deadline=None)
@given(scale=st.sampled_from([0.5, 0.25, 2.0]), shift=st.sampled_from([0.0, 0.25]), deal=st.integers(0, 50))
def test_a_normalized_search_is_the_same_whatever_scale_its_rewards_come_on(scale, shift, deal):
    # (powers of two: the rescaled rewards and their sums are exact, so no tie is broken by rounding)
    plain = visits(TreeSearch(0.7, fast_below(2), Rescaled(1.0, 0.0), normalize=True), deal, 150)
    rescaled = visits(TreeSearch(0.7, fast_below(2), Rescaled(scale, shift), normalize=True), deal, 150)
    assert rescaled == plain


def test_without_normalize_rewards_on_a_third_of_the_scale_explore_three_times_as_widely():
    # (what `normalize` corrects: a seat's share of a win with three winners is at most 1/3)
    for deal in range(20):
        plain = visits(TreeSearch(0.7, fast_below(2), Rescaled(1.0, 0.0)), deal, 150)
        third = visits(TreeSearch(0.7, fast_below(2), Rescaled(1 / 3, 0.0)), deal, 150)
        if plain != third:
            break
    else:
        pytest.fail("the unnormalized search ignored the rewards' scale on 20 deals")
    assert max(third.values()) < max(plain.values())  # spread wider over the moves


def test_the_exploration_constant_is_scaled_by_the_spread_of_the_rewards_seen():
    search = TreeSearch(0.6, fast_below(2), Rescaled(1 / 3, 0.1), normalize=True)
    assert search._scaled_exploration() == 0.6  # nothing seen yet: c as given
    visits(search, deal=3, iterations=200)
    assert (search.lowest, search.highest) == (pytest.approx(0.1), pytest.approx(0.1 + 1 / 3))
    assert search._scaled_exploration() == pytest.approx(0.6 / 3)
    search.rollout = Rescaled(0.25, 0.5)
    visits(search, deal=4, iterations=100)  # a new search: its own rewards' range, not the union
    assert (search.lowest, search.highest) == (0.5, 0.75)
    assert search._scaled_exploration() == pytest.approx(0.6 / 4)


def test_a_search_whose_rewards_are_zero_or_one_is_unchanged_by_normalize():
    for deal in (1, 2):
        normalized = visits(TreeSearch(0.7, fast_below(2), Rescaled(1.0, 0.0), normalize=True), deal, 200)
        plain = visits(TreeSearch(0.7, fast_below(2), Rescaled(1.0, 0.0)), deal, 200)
        assert normalized == plain


@pytest.mark.parametrize("info", [ISMCTS, MCTS], ids=["ismcts", "mcts"])
def test_normalize_is_on_by_default_and_can_be_turned_off(info):
    assert info.parse_params({})["normalize"] is True
    assert info.parse_params({"normalize": False})["normalize"] is False
