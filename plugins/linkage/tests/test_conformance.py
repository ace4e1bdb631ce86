"""The shared conformance kit over both variants of Linkage."""

import pytest

from meeple.testing import check_game
from meeple_linkage.game import Linkage


@pytest.mark.parametrize("variant", ["standard", "balanced"])
def test_conformance_kit_passes(variant):
    report = check_game(Linkage(2, {"variant": variant}), games=12, seed=11)
    assert report.games == 12
    assert report.longest <= Linkage(2, {"variant": variant}).max_length()
