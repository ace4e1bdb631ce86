"""The conformance kit over Hearts' option sets: views that leak nothing (hands, passed cards,
pending passes), determinization, JSON, records, termination."""

import pytest

from meeple import Dynamics
from meeple.testing import check_game
from meeple_hearts.game import Hearts

OPTION_SETS = {
    "default": {},
    "variants": {"can_lead_any_club": True, "jd_bonus": True, "avoid_all_tricks_bonus": True,
                 "no_pts_on_first_trick": False},
    "hearts_rules": {"qs_breaks_hearts": False, "must_break_hearts": False,
                     "can_lead_hearts_instead_of_qs": True},
}


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
def test_conformance(options):
    report = check_game(Hearts(4, options), games=3, deep_every=9, strict_fields=True)
    assert report is not None


def test_without_the_pass_the_game_is_sequential_and_passes_the_kit():
    """Without `pass_cards` nothing is ever simultaneous: that option set declares sequential
    dynamics (`Game.dynamics`), and the kit holds it to that."""
    game = Hearts(4, {"pass_cards": False})
    assert game.dynamics is Dynamics.SEQUENTIAL and Hearts(4).dynamics is Dynamics.SIMULTANEOUS
    assert check_game(game, games=3, deep_every=9, strict_fields=True) is not None
