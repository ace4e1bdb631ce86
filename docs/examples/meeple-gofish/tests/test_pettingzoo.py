"""Go Fish as a PettingZoo environment: PettingZoo's own API and seed tests pass on it (the AEC
env; Go Fish is sequential). Skipped cleanly without pettingzoo (it is in meeple's `test` extra)."""

import warnings

import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from meeple.rl import pettingzoo_env  # noqa: E402
from meeple_gofish.game import GoFish  # noqa: E402


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (5, {}), (3, {"ranks": 4})],
                         ids=["2p", "3p", "5p", "3p_ranks4"])
def test_the_aec_env_passes_pettingzoos_api_and_seed_tests(players, options):
    game = GoFish(players, options)
    with warnings.catch_warnings():  # the kit's advice on observation spaces, not a failure
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo_env(game), num_cycles=60)
        seed_test(lambda: pettingzoo_env(game), num_cycles=60)
