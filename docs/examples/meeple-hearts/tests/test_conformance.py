"""The conformance kit over Hearts' option sets: views that leak nothing (hands, passed cards,
pending passes), determinization, JSON, records, termination."""

import pytest

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
    report = check_game(Hearts(4, options), games=3, deep_every=9)
    assert report is not None


def test_conformance_without_the_pass_fails_only_the_dynamics_declaration():
    """Without `pass_cards` nothing is ever simultaneous, but a `GameSpec` declares its dynamics
    once for every option set: the kit runs every other check, then refuses the declaration (its
    last assertion). RULINGS.md: a core gap, reported."""
    with pytest.raises(AssertionError, match="met no simultaneous decision"):
        check_game(Hearts(4, {"pass_cards": False}), games=3, deep_every=9)
