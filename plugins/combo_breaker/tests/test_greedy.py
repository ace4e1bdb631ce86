"""The greedy bot: its rollout path chooses exactly as `act` on the seat's view, and how it
measures the hand it would keep."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import Registry, Rng
from meeple.testing import check_act_on_state
from meeple_combo_breaker.actions import PlayCombination
from meeple_combo_breaker.cards import DRAW, STOP, X
from meeple_combo_breaker.game import ComboBreaker
from meeple_combo_breaker.greedy import best_insertion, fit, fits_without


@pytest.mark.parametrize("players", [3, 4, 5])
def test_greedy_act_on_state_chooses_as_act_on_the_view(players):
    greedy = Registry.load().bot("greedy", "combo_breaker")
    assert check_act_on_state(ComboBreaker(players), greedy, games=4, seed=players) > 300


CARDS = st.sampled_from([*range(1, 13), X, STOP, DRAW])


@given(st.lists(CARDS, min_size=1, max_size=14), st.data())
def test_greedy_fit_without_a_play_is_the_fit_of_the_hand_left(cards, data):
    start = data.draw(st.integers(0, len(cards) - 1))
    count = data.draw(st.integers(1, min(3, len(cards) - start)))
    left = cards[:start] + cards[start + count:]
    assert fits_without(cards)(PlayCombination(start, count, ())) == fit(left)


@given(st.lists(CARDS, max_size=14), CARDS, st.integers(0, 2**32))
def test_greedy_inserts_where_the_hand_fits_best(cards, card, seed):
    fits = [fit(cards[:p] + [card] + cards[p:]) for p in range(len(cards) + 1)]
    best, position = best_insertion(cards, card, Rng(seed))
    assert best == max(fits) == fits[position]
