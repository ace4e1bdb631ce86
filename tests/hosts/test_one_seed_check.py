"""One seed check for every host (`meeple.seeds.check_seed`): a seed is any integer the games'
generator reads, 0 to 2**64 - 1, whether it reaches a match, a session or the command line."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from meeple import Registry
from meeple.cli.app import app
from meeple.errors import OptionError
from meeple.match import run_match
from meeple.seeds import SEED_LIMIT, check_seed
from meeple.session import Session

REGISTRY = Registry.load()


@pytest.mark.parametrize("seed", [0, 2**63 - 1, 2**63, 2**64 - 1])
def test_every_seed_the_generator_reads_is_accepted_everywhere(seed):
    assert check_seed(seed) == seed
    assert Session.start(REGISTRY, "nim", ["human", "random"], seed).seed == seed
    assert run_match(REGISTRY, "nim", ["random", "random"], 1, seed=seed).seed == seed


def test_seeds_above_2_to_the_63_are_deals_of_their_own():
    game = REGISTRY.create("linko", 3)
    low, high = game.new_state(5), game.new_state(2**63 + 5)  # the generator reads all 64 bits
    assert low.fingerprint() != high.fingerprint()


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2**70, 5.0, True, "7"])
def test_a_seed_out_of_range_or_of_another_type_is_one_error(seed):
    with pytest.raises(OptionError, match=r"must be an integer from 0 to 2\*\*64 - 1, got"):
        check_seed(seed)


def test_the_command_line_takes_the_largest_seed_and_refuses_the_next():
    runner = CliRunner()
    done = runner.invoke(app, ["match", "nim", "-b", "random", "-b", "random", "--games", "2", "--seed", str(2**64 - 1)])
    assert done.exit_code == 0, done.output
    refused = runner.invoke(app, ["match", "nim", "-b", "random", "-b", "random", "--seed", str(2**64)])
    assert refused.exit_code == 2 and "--seed must be an integer from 0 to 2**64 - 1" in refused.output
