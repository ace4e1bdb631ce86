"""The conformance kit over Go Fish's player counts and a short deck: views that leak nothing
(hands, the pool), determinization, JSON, records, termination, elimination (final, in order,
no decision owed by a seat that is out, its books unchanged)."""

import pytest

from meeple.testing import check_game
from meeple_gofish.game import GoFish

# Five players play a 7-rank deck here: with the full deck, the sampler's count of the deals that
# keep every fact (meeple.counted_deal.CountedDeal, 13 ranks over 5 hands and the pool) takes
# minutes for some views.
CASES = {"2p": (2, {}), "3p": (3, {}), "4p": (4, {}), "5p_ranks7": (5, {"ranks": 7}),
         "3p_ranks4": (3, {"ranks": 4})}


@pytest.mark.parametrize("players, options", CASES.values(), ids=CASES.keys())
def test_conformance(players, options):
    report = check_game(GoFish(players, options), games=3, deep_every=7, strict_fields=True)
    assert report.facts_seen > 0 and report.facts_compared > 0  # the kit checked what was heard
    # With 3+ players seats run out of cards before the end, and the kit saw them go out; with 2,
    # the seat left holding cards holds every rank whole, so the game ends instead (RULINGS.md 5).
    assert report.eliminations > 0 or players == 2
