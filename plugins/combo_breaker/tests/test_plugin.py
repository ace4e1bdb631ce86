"""The plugin's registration, what the game carries, its text renderer and greedy bot."""

from __future__ import annotations

import warnings

import meeple_combo_breaker.plugin
from combo_positions import act, position
from meeple import Registry
from meeple_combo_breaker import ComboBreaker
from meeple_combo_breaker.actions import (InsertDrawn, PlayCombination, PlayDraw, PlayStop,
                                          TakeReserve)
from meeple_combo_breaker.cards import DRAW, STOP, X
from meeple_combo_breaker.greedy import GreedyBot, fit
from meeple_combo_breaker.horizon import end_of_round
from meeple_combo_breaker.narration import ComboBreakerNarrator
from meeple_combo_breaker.render import render


def greedy(game, seat, seed=0):
    return GreedyBot(game, seat, Registry.load().bot("greedy", "combo_breaker").parse_params({"seed": seed}))


def choose(state, seed=0):
    seat = state.current_player
    return greedy(state.game, seat, seed).act(state.view(seat), state.legal_actions())


def test_plugin_registers_the_game_its_greedy_bot_and_renderer(meeple_registry):
    assert meeple_registry.game("combo_breaker") is ComboBreaker
    assert "greedy" in [b.name for b in meeple_registry.bots_for("combo_breaker")]
    assert meeple_registry.renderer("combo_breaker") is render
    assert "Combo Breaker" in ComboBreaker.rules_text and "Going out" in ComboBreaker.rules_text


def test_the_game_class_carries_its_renderer_narrator_horizon_greedy_bot_and_rules():
    assert ComboBreaker.renderer is render
    assert isinstance(ComboBreaker.narrator, ComboBreakerNarrator)
    assert ComboBreaker.rollout_horizon is end_of_round
    assert [bot.factory for bot in ComboBreaker.bots] == [GreedyBot]
    assert ComboBreaker.rules_text.startswith("# Combo Breaker")


def test_the_plugin_is_one_registration_and_uses_no_deprecated_hook():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registry = Registry.load(plugins=[meeple_combo_breaker.plugin], entry_points=False, strict=True)
    assert [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)] == []
    (info,) = [p for p in registry.plugins() if p.provides]
    assert info.hooks == ("meeple_register_games",)
    assert info.provides == ("game combo_breaker (renderer; narrator; rollout horizon; bots: greedy)",)
    assert registry.narrator("combo_breaker") is ComboBreaker.narrator
    assert registry.search_aids("combo_breaker").horizon is end_of_round


def test_render_shows_hand_positions_reserves_trick_and_tokens():
    state = position([[1, 2], [8, 9, X], [DRAW, 5], [4, 4]], leader=1, reserves={3: [6, None]},
                     tokens={0: 1})
    act(state, PlayCombination(0, 3, (10,)), PlayDraw(0))
    text = render(state.view(3))
    assert "you are seat 3" in text
    assert "seat 0: tokens 1  hand 2 cards  reserve [ ] [ ]" in text
    assert "seat 3 (you): tokens 2  hand 2 cards  reserve [6] [ ]" in text
    assert "seat 1: 8 9 X=10  (straight of three to 10)" in text
    assert "seat 2: Draw card" in text
    assert "Your hand:\n  position 0 1\n  card     4 4" in text
    assert "Seat 3 is to beat the trick" in text
    assert "8 9 X" not in render(state.view(3)).split("Your hand")[1]  # others' cards stay hidden
    assert "Seat 1's hand" in render(state.view(None))


def test_render_shows_known_cards_the_drawn_card_and_the_end():
    state = position([[1, 2], [DRAW], [4], [5, 6]], leader=1, pile=[7, 8, 9],
                     reserves={0: [3, 3], 2: [3, 3], 3: [10, 10]})
    act(state, PlayDraw(0), TakeReserve(0, 0))
    assert "known: 3 at 0" in render(state.view(1))
    act(state, TakeReserve(0, 0), TakeReserve(0, 0))
    assert "Drawn card to insert: 7" in render(state.view(1))
    assert "Drawn card" not in render(state.view(0))
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]},
                     tokens={2: 0})
    act(state, PlayCombination(0, 2, ()))
    assert "Game over: seat 2 had to give up a token and had none, and lost" in render(state.view(0))


def test_greedy_fit_counts_pairs_runs_and_x_neighbours():
    assert fit([5, 5, 6, STOP, 7, X]) == 2 + 1 + 1
    assert fit([1, 12, 3]) == 0


def test_greedy_leads_the_longest_combination_lowest_first():
    state = position([[1, 2], [12, 4, 5, 6, 9, 9, 9], [3], [4]], leader=1)
    assert choose(state) == PlayCombination(1, 3, ())  # 4-5-6 before the triple of 9s


def test_greedy_beats_with_the_lowest_sufficient_combination_sparing_x():
    state = position([[1, 2], [5, 3], [9, 1, 7, 3], [4]], leader=1)
    act(state, PlayCombination(0, 1, ()))
    assert choose(state) == PlayCombination(2, 1, ())  # the 7, not the 9


def test_greedy_beats_keeping_its_pairs_and_runs_together():
    state = position([[1, 2], [5, 3], [12, 6, 7, 3], [4]], leader=1)
    act(state, PlayCombination(0, 1, ()))
    assert choose(state) == PlayCombination(0, 1, ())  # the 12 keeps 6-7 together
    state = position([[1, 2], [5, 3], [12, 7, X, 6], [4]], leader=1)
    act(state, PlayCombination(0, 1, ()))
    assert choose(state) == PlayCombination(1, 1, ())  # 12 X 6 fits as well as 7 X 6: the 7; never an X


def test_greedy_goes_out_when_it_can():
    state = position([[1, 2], [5, 3], [9, 8], [4]], leader=1)
    act(state, PlayCombination(0, 1, ()))
    assert choose(state) == PlayCombination(0, 2, ())


def test_greedy_takes_the_reserve_card_that_fits_where_it_fits():
    state = position([[1, 2], [12, 12], [3, 7, 9, 1], [4]], leader=1, reserves={2: [11, 8]})
    act(state, PlayCombination(0, 2, ()))
    assert choose(state) == TakeReserve(1, 2)  # the 8 between the 7 and the 9


def test_greedy_keeps_stop_and_draw_for_emergencies():
    state = position([[1, 2], [5, 3], [STOP, 9, DRAW], [4]], leader=1, reserves={2: [11, None]})
    act(state, PlayCombination(0, 1, ()))
    assert choose(state) == PlayCombination(1, 1, ())
    state = position([[1, 2], [12, 12], [STOP, 3, DRAW], [4]], leader=1, reserves={2: [11, None]})
    act(state, PlayCombination(0, 2, ()))
    assert isinstance(choose(state), TakeReserve)
    state = position([[1, 2], [12, 12], [STOP, 3, DRAW], [4]], leader=1)
    act(state, PlayCombination(0, 2, ()))
    assert choose(state) == PlayDraw(2)  # another player holds the best combination: it draws
    state = position([[1, 2], [STOP, 3, DRAW], [4], [5]], leader=1)
    assert choose(state) == PlayCombination(1, 1, ())  # leads the 3, keeps the Stop and Draw
    state = position([[1, 2], [DRAW, STOP], [4], [5]], leader=1)
    assert choose(state) == PlayStop(1)  # nothing else left: a Stop, not a Draw it would draw for


def test_greedy_inserts_drawn_cards_next_to_their_partners():
    state = position([[DRAW, 1], [12, 3], [7, 6, 2], [11, 12, 5, 1]], leader=1, pile=[5, 1, 4, 8])
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 2, ()), PlayCombination(0, 2, ()),
        PlayDraw(0))
    action = choose(state)
    assert isinstance(action, InsertDrawn) and action.position in (0, 1)  # next to the 5
    assert fit([*[5, 1][:action.position], 5, *[5, 1][action.position:]]) == 2


def test_greedy_only_ever_chooses_legal_actions_and_beats_random():
    registry = Registry.load()
    losses = {"greedy": 0, "random": 0}
    for number in range(24):
        game = ComboBreaker(3 + number % 3)
        state = game.new_state(number)
        greedy_seat = number % game.players
        bots = [registry.make_bot("greedy" if s == greedy_seat else f"random:seed={number * 7 + s}",
                                  game, s) for s in range(game.players)]
        while not state.is_terminal:
            seat = state.current_player
            action = bots[seat].act(state.view(seat), state.legal_actions())
            state.apply(action)  # raises if the bot picked an illegal action
        for seat in state.losers:
            losses["greedy" if seat == greedy_seat else "random"] += 1
    assert losses["greedy"] < losses["random"] / 4  # random bots hold 2–4 seats per game


def test_a_bare_ismcts_plays_the_strongest_setting_measured_in_combo_breaker():
    registry = Registry.load()
    bot = registry.make_bot("ismcts", ComboBreaker(4), 0)
    assert (bot.iterations, bot.tree.paired, bot.tree.depth) == (700, True, 1)
    spelled_out = registry.make_bot("ismcts:iterations=50", ComboBreaker(4), 0)
    assert (spelled_out.iterations, spelled_out.tree.paired, spelled_out.tree.depth) == (50, False, 0)
