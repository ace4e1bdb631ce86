"""Linkage is found through its entry point with its renderer, its greedy bot and its rules."""

from meeple import Registry
from meeple_linkage.game import Linkage
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
