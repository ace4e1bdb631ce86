"""`Game.bot_settings`: a game's tuned parameters for a generic bot, played by a bare spec."""

from __future__ import annotations

import pytest
from meeple_nim.rules import Nim

from meeple import OptionError, Registry


class TunedNim(Nim):
    """Nim tuning `mcts` (and, wrongly, `random` with a parameter it does not take)."""

    def bot_settings(self, bot):
        if bot == "mcts":
            return {"iterations": 37, "exploration": 0.5}
        if bot == "random":
            return {"depth": 3}
        return {}


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def test_a_game_tunes_no_bot_unless_it_says_so(registry):
    assert Nim(2).bot_settings("mcts") == {}
    bot = registry.make_bot("mcts", Nim(2), 0)
    assert bot.iterations == 1000 and bot.tree.exploration == pytest.approx(2 ** 0.5)


def test_a_bare_spec_plays_the_games_tuned_setting(registry):
    bot = registry.make_bot("mcts", TunedNim(2), 0)
    assert bot.iterations == 37 and bot.tree.exploration == 0.5


def test_a_spec_naming_only_its_seed_keeps_the_tuned_setting_and_its_seed(registry):
    tuned = registry.make_bot("mcts:seed=5", TunedNim(2), 0)
    plain = registry.make_bot("mcts:seed=5", Nim(2), 0)
    assert tuned.iterations == 37 and tuned.rng == plain.rng


def test_a_host_seed_reaches_a_tuned_bot(registry):
    assert registry.make_bot("mcts", TunedNim(2), 0, {"seed": 9}).rng == registry.make_bot("mcts:seed=9", Nim(2), 0).rng


def test_a_spec_naming_another_parameter_starts_from_the_bots_own_defaults(registry):
    bot = registry.make_bot("mcts:exploration=0.9", TunedNim(2), 0)
    assert bot.iterations == 1000 and bot.tree.exploration == 0.9


def test_a_tuned_setting_the_bot_refuses_is_one_error_naming_the_game(registry):
    with pytest.raises(OptionError, match=r"^nim's tuned setting for bot 'random' is refused: bot 'random': "):
        registry.make_bot("random", TunedNim(2), 0)
    registry.make_bot("random:seed=1", Nim(2), 0)  # the plain game's bot is unaffected
