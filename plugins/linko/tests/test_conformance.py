"""The core's conformance kit over every option combination that changes the rules."""

from __future__ import annotations

import pytest

from meeple.testing import check_game
from meeple_linko import Linko

CONFIGS = [
    (3, {"variant": "base"}),
    (4, {"variant": "advanced"}),
    (5, {"variant": "expert"}),
    (3, {"variant": "expert", "ties": "shared"}),
    (4, {"variant": "base", "max_turns": 3}),
    (5, {"variant": "base"}),
    (2, {"two_player": "classic", "variant": "base"}),
    (2, {"two_player": "classic", "variant": "expert"}),
    (2, {"variant": "base"}),
    (2, {"variant": "base", "ghost_steal_blocks_draw": False}),
    (2, {"variant": "advanced"}),
    (2, {"variant": "expert"}),
]


@pytest.mark.parametrize("players, options", CONFIGS, ids=lambda c: str(c))
def test_conformance(players, options):
    report = check_game(Linko(players, options), games=3, seed=players * 7, deep_every=9)
    assert report.games == 3
