"""The core's conformance kit for 3, 4 and 5 players over both options."""

from __future__ import annotations

import pytest

from meeple.testing import check_game
from meeple_combo_breaker import ComboBreaker

CONFIGS = [
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"tokens": 3, "double_wild": False}),
    (4, {"tokens": 3, "double_wild": False}),
    (5, {"tokens": 3, "double_wild": False}),
    (4, {"tokens": 2, "double_wild": False}),
    (5, {"tokens": 3, "double_wild": True}),
]


@pytest.mark.parametrize("players, options", CONFIGS, ids=str)
def test_conformance(players, options):
    report = check_game(ComboBreaker(players, options), games=3, seed=players * 11, deep_every=7)
    assert report.games == 3
