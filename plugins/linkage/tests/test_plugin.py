"""Linkage is found through its entry point with its renderer, its greedy bot and its rules: one
registration, the game class carrying the rest."""

import warnings

import meeple_linkage.plugin
from meeple import Registry
from meeple_bots.search import RankedTreeSearch
from meeple_linkage.game import Linkage
from meeple_linkage.greedy import GreedyBot
from meeple_linkage.narration import LinkageNarrator
from meeple_linkage.render import render


def test_the_plugin_registers_the_game_renderer_and_greedy_bot():
    registry = Registry.load()
    assert registry.game("linkage") is Linkage
    assert registry.renderer("linkage") is render
    assert "greedy" in [b.name for b in registry.bots_for("linkage")]
    assert "mcts" in [b.name for b in registry.bots_for("linkage")]


def test_the_rules_text_is_the_shipped_rules_md():
    assert Linkage.rules_text.startswith("# Linkage (Ethan Larson)")
    assert "12 or more groups: More wins" in Linkage.rules_text


def test_max_length_bounds_placements_passes_and_the_balanced_setup():
    assert Linkage(2).max_length() == 48
    assert Linkage(2, {"variant": "balanced"}).max_length() == 50


def test_the_game_class_carries_its_renderer_narrator_greedy_bot_and_rules():
    assert Linkage.renderer is render
    assert isinstance(Linkage.narrator, LinkageNarrator)
    assert [bot.factory for bot in Linkage.bots] == [GreedyBot]
    assert Linkage.rollout_horizon is None  # a game of at most 50 decisions: rollouts run to the end


def test_the_plugin_is_one_registration_and_uses_no_deprecated_hook():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registry = Registry.load(plugins=[meeple_linkage.plugin], entry_points=False, strict=True)
    assert [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)] == []
    (info,) = [p for p in registry.plugins() if p.provides]
    assert info.hooks == ("meeple_register_games",)
    assert info.provides == ("game linkage (renderer; narrator; bots: greedy)",)
    assert registry.narrator("linkage") is Linkage.narrator


def test_a_bare_mcts_plays_the_strongest_setting_measured_in_linkage():
    registry = Registry.load()
    bot = registry.make_bot("mcts", Linkage(2), 1)
    assert (bot.iterations, bot.tree.widening) == (200, 0.3) and bot.tree.prior is not None
    assert isinstance(bot.tree, RankedTreeSearch)  # order=true: expansion in greedy's ranking
    assert registry.make_bot("mcts:iterations=50", Linkage(2), 1).tree.widening == 0
