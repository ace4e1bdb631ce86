"""The greedy bot's rollout path: `act_on_state` chooses exactly as `act` on the seat's view."""

import pytest

from meeple import Registry
from meeple.testing import check_act_on_state
from meeple_combo_breaker.game import ComboBreaker


@pytest.mark.parametrize("players", [3, 4, 5])
def test_greedy_act_on_state_chooses_as_act_on_the_view(players):
    greedy = Registry.load().bot("greedy", "combo_breaker")
    assert check_act_on_state(ComboBreaker(players), greedy, games=4, seed=players) > 300
