"""The plugin's registration, what the game carries, its text renderer and greedy bot."""

from __future__ import annotations

import warnings

import meeple_linko.plugin
from meeple import Registry
from meeple_linko import Linko
from meeple_linko.actions import (DECLINE, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN, DrawDisplay,
                                  Play, TakeGhost)
from meeple_linko.greedy import GreedyBot
from meeple_linko.narration import LinkoNarrator
from meeple_linko.render import render

from linko_positions import J, position


def greedy(game, seat, seed=0):
    return GreedyBot(game, seat, Registry.load().bot("greedy", "linko").parse_params({"seed": seed}))


def test_plugin_registers_linko_its_greedy_bot_and_renderer(meeple_registry):
    assert meeple_registry.game("linko") is Linko
    assert "greedy" in [b.name for b in meeple_registry.bots_for("linko")]
    assert meeple_registry.renderer("linko") is render


def test_the_game_class_carries_its_renderer_narrator_greedy_bot_and_rules():
    assert Linko.renderer is render
    assert isinstance(Linko.narrator, LinkoNarrator)
    assert [bot.factory for bot in Linko.bots] == [GreedyBot]
    assert Linko.rules_text.startswith("# Linko")


def test_the_plugin_is_one_registration_and_uses_no_deprecated_hook():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registry = Registry.load(plugins=[meeple_linko.plugin], entry_points=False, strict=True)
    assert [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)] == []
    (info,) = [p for p in registry.plugins() if p.provides]
    assert info.hooks == ("meeple_register_games",)
    assert info.provides == ("game linko (renderer; narrator; bots: greedy)",)
    assert registry.narrator("linko") is Linko.narrator


def test_render_shows_hands_layers_display_and_piles():
    state = position(hands=[[7, 7, 1], [1, 2], [1]], known=[[], [2]],
                     tableaux=[[[2], [3, 3, J]], [], []], display=[8, (), 10, 11, 12, J],
                     pile_top=[4], invariants=False)  # an empty display slot while the pile lasts (8c)
    text = render(state.view(0))
    assert "display: [8] [ ] [10] [11] [12] [J]" in text
    assert "seat 0 (you): hand [1 7 7]" in text
    assert "tableau (top last): 2 (1×2) | 3 3 J (3×3)" in text
    assert "seat 1: hand 2 cards (known: 2)" in text
    assert "seat 0 is to play cards" in text
    state.apply(Play(1, 1, 0))
    state.apply(DECLINE)
    assert "draw pile:" in render(state.view(None))


def test_render_shows_the_end():
    state = position(hands=[[9], [1], [1]])
    state.apply(Play(9, 1, 0))
    assert "game over: seat 0 emptied their hand (rule 5)" in render(state.view(1))


def test_greedy_prefers_the_play_that_steals_most():
    state = position(hands=[[7, 7, 5, 5, 5, 9, 9], [1], [1]],
                     tableaux=[[], [[4, 4, 4]], [[6, 6]]])
    bot = greedy(state.game, 0)
    assert bot.act(state.view(0), state.legal_actions()) == Play(5, 3, 0)


def test_greedy_takes_stolen_cards_unless_the_end_is_near():
    state = position(hands=[[7, 9, 9, 10, 10], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], tableaux=[[], [[3]], []])
    state.apply(Play(7, 1, 0))
    assert greedy(state.game, 0).act(state.view(0), state.legal_actions()) == TAKE_STOLEN
    state = position(hands=[[7, 9, 9, 10, 10], [1, 2], [1, 2, 3, 4, 5]], tableaux=[[], [[3]], []])
    state.apply(Play(7, 1, 0))
    assert greedy(state.game, 0).act(state.view(0), state.legal_actions()) == LEAVE_STOLEN


def test_greedy_draws_the_joker_and_keeps_layers_that_fit():
    hands = [[7, 9, 9, 10, 10], [3, 1, 2, 4, 5], [1, 2, 3, 4, 5]]  # the end is not near
    state = position(hands=hands, tableaux=[[], [[3]], []], display=[8, 9, 10, 11, J, 13])
    state.apply(Play(7, 1, 0))
    state.apply(LEAVE_STOLEN)
    assert greedy(state.game, 1).act(state.view(1), state.legal_actions()) == TAKE_BACK
    state = position(hands=[[7, 9], [3, 1], [1]], tableaux=[[], [[3]], []],
                     display=[8, 9, 10, 11, J, 13])
    state.apply(Play(7, 1, 0))
    state.apply(TAKE_STOLEN)
    assert greedy(state.game, 1).act(state.view(1), state.legal_actions()) == DrawDisplay(4)


def test_greedy_takes_the_ghost_pile_matching_its_hand():
    state = position(2, hands=[[6, 6, 4, 9], [1]], ghost={1: 3, 2: 2, 4: 2, 7: 2, 9: 2, 10: 2},
                     display=[3, 10, 2, 11, 12, 2])
    state.apply(Play(6, 2, 0))
    assert greedy(state.game, 0).act(state.view(0), state.legal_actions()) == TakeGhost(4)


def test_greedy_counts_a_ghost_steal_as_a_gain():
    """Two 4s take the ghost pile of 3s; two 3s would keep the 4s but take nothing: greedy
    steals (low sets first otherwise: the 9 stays in hand)."""
    state = position(2, hands=[[3, 3, 4, 4, 9], [1]], ghost={3: 2, 8: 4, 11: 3, 12: 4},
                     display=[3, 10, 2, 11, 12, 2])
    assert greedy(state.game, 0).act(state.view(0), state.legal_actions()) == Play(4, 2, 0)


def test_greedy_only_plays_legal_actions():
    for players in (2, 3, 5):
        game = Linko(players)
        bots = [greedy(game, seat, seed=seat) for seat in range(players)]
        for seed in range(3):
            state = game.new_state(seed)
            while not state.is_terminal:
                seat = state.current_player
                state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
            assert state.invariants() == []


def test_a_bare_ismcts_plays_the_strongest_setting_measured_for_the_duel_and_for_more_players(meeple_registry):
    duel = meeple_registry.make_bot("ismcts", Linko(2), 0)
    assert (duel.iterations, duel.tree.paired, duel.tree.depth) == (400, True, 1)
    for players, options in ((4, {}), (3, {"variant": "expert"}), (2, {"two_player": "classic"})):
        bot = meeple_registry.make_bot("ismcts", Linko(players, options), 0)
        assert (bot.iterations, bot.tree.paired, bot.tree.depth) == (300, False, 0)
        assert bot.tree.rollout.policies is not None  # greedy rollouts
    spelled_out = meeple_registry.make_bot("ismcts:iterations=50", Linko(2), 0)
    assert (spelled_out.iterations, spelled_out.tree.paired) == (50, False)
