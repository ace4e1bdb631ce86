"""The conformance kit: the checks every meeple game must pass, for plugin authors' test suites.

    from meeple.testing import check_game
    def test_conformance():
        check_game(MyGame(players=3, options={"variant": "expert"}), games=10, seed=1)

Scenario tests build the position they check with `position` (these cards here, this seat to
act, the rest of the deck there). Installed as a pytest plugin too: the ``meeple_registry``
fixture gives a fresh registry of the installed plugins.
"""

from .chance import exact_scores
from .conformance import ConformanceReport, check_game
from .leaks import (check_action_hides, check_choices_hidden, check_deals_agree, check_determinization,
                    check_facts_learned, check_public_records, check_view_hides, permute_hidden)
from .posterior import PosteriorReport, check_posterior, exact_posterior
from .positions import PositionError, position
from .random_play import random_states
from .state_policies import check_act_on_state
from .zones import check_zone

__all__ = ["ConformanceReport", "check_game", "exact_scores", "check_choices_hidden", "check_determinization",
           "check_view_hides", "permute_hidden", "check_action_hides", "check_deals_agree", "check_act_on_state",
           "random_states", "check_zone", "check_facts_learned", "check_public_records",
           "check_posterior", "exact_posterior", "PosteriorReport",
           "position", "PositionError"]
