"""Scenario tests for rules 1–12, each from a hand-built position and named after its rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import Hand, IllegalAction
from meeple_linko import Linko
from meeple_linko.actions import (DECLINE, DISCARD, DRAW_PILE, LEAVE_STOLEN, TAKE_BACK,
                                  TAKE_STOLEN, DrawDisplay, Play)
from meeple_linko.decisions import (BackOrDiscard, DrawCards, NoStealDraw, PlayCards,
                                    TakeOrLeave)
from meeple_linko.cards import VALUES, full_deck
from meeple_linko.rules import winners
from meeple_linko.state import DECIDING_THE_STOLEN_LAYER, DRAWING_CARDS

from linko_positions import J, hand_of, position

ADVANCED = {"variant": "advanced"}
EXPERT = {"variant": "expert"}


def apply_all(state, *actions):
    for action in actions:
        state.apply(action)
    assert state.invariants() == []
    return state


# -- rule 1: setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_rule_1_setup_deals_13_each_and_reveals_6(players):
    state = Linko(players).new_state(7)
    assert [len(h) for h in state.hands] == [13] * players
    assert [len(slot) for slot in state.display] == [1] * 6
    assert len(state.draw_pile) == 109 - 13 * players - 6
    assert not any(h.known_cards() for h in state.hands)
    assert state.pending == [PlayCards(0)]  # seat 0 holds the paw
    assert state.invariants() == []


def test_rule_1_classic_two_player_uses_the_base_setup():
    state = Linko(2, {"two_player": "classic"}).new_state(3)
    assert [len(h) for h in state.hands] == [13, 13]
    assert len(state.ghost) == 0 and len(state.draw_pile) == 109 - 26 - 6


# -- rules 3–4: plays ---------------------------------------------------------------------------

def test_rule_3_legal_plays_are_one_value_plus_jokers_or_jokers_only():
    state = position(hands=[[7, 7, 2, J], [5], [5]])
    assert set(state.legal_actions()) == {
        Play(2, 1, 0), Play(2, 1, 1), Play(7, 1, 0), Play(7, 1, 1), Play(7, 2, 0), Play(7, 2, 1),
        Play(J, 0, 1)}


def rule_3_plays(hand):
    """Rule 3 written plainly, in the order the plays are offered: by value, then naturals, then
    jokers; jokers-only plays last."""
    jokers = hand.count(J)
    plays = [Play(value, naturals, used) for value in VALUES
             for naturals in range(1, hand.count(value) + 1) for used in range(jokers + 1)]
    return plays + [Play(J, 0, used) for used in range(1, jokers + 1)]


DECK = full_deck()


@given(st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=40))
def test_rule_3_the_legal_plays_of_any_hand_are_every_play_it_can_make_in_order(positions):
    cards = [DECK[i] for i in positions]  # any part of the deck, in any order
    state = position(hands=[[], [5], [5]])
    state.hands = (Hand(cards, owner=0, ordered=False), *state.hands[1:])
    assert list(PlayCards(0).legal_actions(state)) == rule_3_plays(cards)


def test_rule_3_a_play_needs_the_cards_in_hand():
    state = position(hands=[[7, 7, 2], [5], [5]])
    with pytest.raises(IllegalAction, match="holds only 2 7s, not 3"):
        state.apply(Play(7, 3, 0))
    with pytest.raises(IllegalAction, match="holds no jokers"):
        state.apply(Play(7, 1, 1))
    with pytest.raises(IllegalAction, match=r"holds only 1 2, not 2 \(rule 3\)$"):  # not "1 2s"
        state.apply(Play(2, 2, 0))


def test_rule_4_the_new_layer_goes_on_top_and_jokers_take_its_value():
    state = position(hands=[[4, 4, 4, J, 9], [5], [5]], tableaux=[[[2]]], rest="pile",
                     options=ADVANCED)
    apply_all(state, Play(4, 3, 1))  # "three 4s + a joker = four 4s"
    assert state.tableaux[0].top == (4, 4, 4, J)
    assert list(state.tableaux[0]) == [(2,), (4, 4, 4, J)]


# -- rule 5: immediate end (a) -------------------------------------------------------------------

def test_rule_5_emptying_the_hand_ends_the_game_without_steals():
    state = position(hands=[[9], [5, 6], [5]], tableaux=[[], [[8]], [[8]]])
    apply_all(state, Play(9, 1, 0))
    assert state.is_terminal and state.ended == "hand_empty"
    assert state.tableaux[1].top == (8,) and state.tableaux[2].top == (8,)  # nothing stolen
    assert state.scores() == (1, -1, 0)
    assert state.winners() == (0,)


# -- rules 6–8: steals --------------------------------------------------------------------------

def test_rule_6_spanish_example_three_7s_against_three_opponents():
    """Nikkita plays three 7s: Bato's two 4s differ in count; Chicho's three 5s are stolen,
    left by Nikkita and taken back by Chicho; Maqui's 3-3-joker is stolen and taken, and Maqui
    draws two display cards and one from the pile; then the display is refilled."""
    nikkita, bato, chicho, maqui = range(4)
    state = position(
        4, hands=[[7, 7, 7, 3, 3, 10], [1, 2], [1, 2], [1, 2]],
        tableaux=[[], [[4, 4]], [[5, 5, 5]], [[3, 3, J]]],
        display=[8, 9, 11, 12, 6, 2], pile_top=[10, 12, 11, 13])
    apply_all(state, Play(7, 3, 0))
    assert state.tableaux[bato].top == (4, 4)
    assert state.pending == [TakeOrLeave(nikkita, victim=chicho)]
    assert list(state.stolen) == [5, 5, 5] and len(state.tableaux[chicho]) == 0
    apply_all(state, LEAVE_STOLEN)
    assert state.pending == [BackOrDiscard(chicho)]
    apply_all(state, TAKE_BACK)
    assert hand_of(state, chicho) == [1, 2, 5, 5, 5]
    assert state.view(maqui).hands[chicho].known == (5, 5, 5)
    assert state.pending == [TakeOrLeave(nikkita, victim=maqui)]
    apply_all(state, TAKE_STOLEN)
    assert hand_of(state, nikkita) == [3, 3, 3, 3, 10, J]
    assert state.view(bato).hands[nikkita].known == (3, 3, J)
    assert state.pending == [DrawCards(maqui, left=3)]
    apply_all(state, DrawDisplay(0), DrawDisplay(4))
    assert state.display[0] == () and state.display[4] == ()  # not refilled mid-draw (8c)
    apply_all(state, DRAW_PILE)
    assert hand_of(state, maqui) == [1, 2, 6, 8, 10]
    assert state.view(bato).hands[maqui].known == (6, 8)
    assert list(state.display) == [(12,), (9,), (11,), (12,), (11,), (2,)]  # refilled left to right
    assert state.pending == [PlayCards(bato)]  # she stole: no rule-9 draw


def test_rule_9_spanish_example_a_single_13_steals_nothing_then_takes_the_joker():
    """Bato plays a 13: Chicho's top has another count, Maqui's single 13 is not lower, and
    Nikkita's three 7s have another count; Bato may take one card and takes the joker."""
    nikkita, bato, chicho, maqui = range(4)
    state = position(
        4, active=bato, hands=[[1], [13, 2, 2], [1], [1]],
        tableaux=[[[7, 7, 7]], [], [[12, 12]], [[13]]],
        display=[4, J, 6, 8, 9, 10], pile_top=[5])
    apply_all(state, Play(13, 1, 0))
    assert [len(t) for t in state.tableaux] == [1, 1, 1, 1]
    assert state.pending == [NoStealDraw(bato)]
    assert DECLINE in state.legal_actions() and DRAW_PILE in state.legal_actions()
    apply_all(state, DrawDisplay(1))
    assert hand_of(state, bato) == [2, 2, J]
    assert state.view(nikkita).hands[bato].known == (J,)
    assert state.display[1] == (5,)
    assert state.pending == [PlayCards(chicho)]


@pytest.mark.parametrize("top, stolen", [
    ((6, 6), True),  # same size, lower value
    ((8, 8), False),  # higher value
    ((7, 7), False),  # equal value: strictly higher is needed
    ((6,), False),  # other size
    ((6, 6, 6), False),
    ((6, J), True),  # a joker counts as the layer's number
])
def test_rule_6_steal_requires_equal_size_and_strictly_higher_value(top, stolen):
    state = position(hands=[[7, 7, 1], [1], [1]], tableaux=[[], [top], []], options=ADVANCED)
    apply_all(state, Play(7, 2, 0))
    if stolen:
        assert state.pending == [TakeOrLeave(0, victim=1)]
        assert len(state.tableaux[1]) == 0
    else:
        assert state.pending == [PlayCards(1)]
        assert state.tableaux[1].top == top


def test_rule_6_the_steal_is_mandatory():
    state = position(hands=[[7, 7, 1], [1], [1]], tableaux=[[], [[3, 3]], []])
    apply_all(state, Play(7, 2, 0))
    assert set(state.legal_actions()) == {TAKE_STOLEN, LEAVE_STOLEN}  # no way to skip it
    assert state.tableaux[1].top is None  # the layer left the victim's tableau (rule 8)


def test_rule_6_opponents_are_checked_clockwise_and_each_once():
    """Seat 2 plays two 5s: seat 3 (its left) is robbed first, exposing two 3s that are not
    stolen again this turn; then seat 0; seat 1's two 6s are higher."""
    state = position(4, active=2, hands=[[1], [1], [5, 5, 9], [1]],
                     tableaux=[[[2, 2]], [[6, 6]], [], [[3, 3], [4, 4]]],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[1, 2, 3, 4])
    apply_all(state, Play(5, 2, 0))
    assert state.pending == [TakeOrLeave(2, victim=3)]
    apply_all(state, LEAVE_STOLEN, TAKE_BACK)
    assert state.tableaux[3].top == (3, 3)  # exposed, but not checked again
    assert state.pending == [TakeOrLeave(2, victim=0)]
    apply_all(state, TAKE_STOLEN, DRAW_PILE, DRAW_PILE)
    assert state.tableaux[1].top == (6, 6) and state.tableaux[3].top == (3, 3)
    assert state.pending == [PlayCards(3)]


def test_rule_6_a_layer_exposed_by_a_steal_is_stolen_on_a_later_turn():
    state = position(3, active=1, hands=[[1], [5, 5, 9], [6, 6, 9]],
                     tableaux=[[[3, 3], [4, 4]], [], [[9, 9]]],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[1, 2], options=ADVANCED)
    apply_all(state, Play(5, 2, 0), TAKE_STOLEN, DRAW_PILE, DRAW_PILE)
    assert state.tableaux[0].top == (3, 3) and state.pending == [PlayCards(2)]
    apply_all(state, Play(6, 2, 0))  # seat 0 has not played since: its 3s are exposed
    assert state.pending == [TakeOrLeave(2, victim=0)]
    assert list(state.stolen) == [3, 3]


def test_rule_6_an_opponent_without_layers_is_skipped():
    state = position(hands=[[7, 1], [1], [1]], tableaux=[[], [], [[2]]], options=ADVANCED)
    apply_all(state, Play(7, 1, 0))
    assert state.pending == [TakeOrLeave(0, victim=2)]


@pytest.mark.parametrize("variant", ["base", "advanced", "expert"])
def test_rule_7a_a_jokers_only_layer_is_never_stolen_by_numbers_or_jokers(variant):
    state = position(hands=[[13, 13, 1], [1], [1]], tableaux=[[], [[J, J]], [[J]]],
                     options={"variant": variant})
    apply_all(state, Play(13, 2, 0))
    assert state.tableaux[1].top == (J, J)
    state = position(hands=[[J, J, 1], [1], [1]], tableaux=[[], [[J, J]], []],
                     options={"variant": variant})
    apply_all(state, Play(J, 0, 2))
    assert state.tableaux[1].top == (J, J)


def test_rule_7b_a_jokers_only_layer_steals_13s_of_its_size():
    state = position(hands=[[J, J, 1], [1], [1]], tableaux=[[], [[13, 13]], [[13]]])
    apply_all(state, Play(J, 0, 2))
    assert state.pending == [TakeOrLeave(0, victim=1)]
    assert list(state.stolen) == [13, 13]


@pytest.mark.parametrize("variant, stolen", [("base", False), ("advanced", False), ("expert", True)])
def test_rule_7c_only_expert_1s_steal_a_jokers_only_layer(variant, stolen):
    state = position(hands=[[1, 1, 5], [1], [1]], tableaux=[[], [[J, J]], []],
                     options={"variant": variant})
    apply_all(state, Play(1, 2, 0))
    assert (state.tableaux[1].top is None) is stolen


def test_rule_7c_1s_with_jokers_also_steal_a_jokers_only_layer_in_expert():
    state = position(hands=[[1, J, 5], [1], [1]], tableaux=[[], [[J, J]], []], options=EXPERT)
    apply_all(state, Play(1, 1, 1))
    assert state.pending == [TakeOrLeave(0, victim=1)]


def test_rule_7c_1s_are_still_stolen_by_any_higher_value_in_expert():
    state = position(hands=[[2, 2, 5], [1], [1]], tableaux=[[], [[1, 1]], []], options=EXPERT)
    apply_all(state, Play(2, 2, 0))
    assert state.pending == [TakeOrLeave(0, victim=1)]


def test_rule_7c_other_values_never_steal_a_jokers_only_layer_in_expert():
    state = position(hands=[[2, 2, 13, 13, 5], [1], [1]], tableaux=[[], [[J, J]], [[J, J]]],
                     options=EXPERT)
    apply_all(state, Play(13, 2, 0))
    assert state.tableaux[1].top == (J, J) and state.tableaux[2].top == (J, J)


def test_rule_8a_a_taken_layer_makes_the_victim_draw_as_many():
    state = position(hands=[[7, 7, 7, 1], [1], [1]], tableaux=[[], [[3, 3, 3]], []],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[4, 5, 6, 2])
    apply_all(state, Play(7, 3, 0), TAKE_STOLEN)
    assert state.pending == [DrawCards(1, left=3)]
    apply_all(state, DRAW_PILE, DRAW_PILE, DRAW_PILE)
    assert hand_of(state, 1) == [1, 4, 5, 6]
    assert state.view(0).hands[1].known == ()  # cards from the pile are not seen


def test_rule_8a_a_declined_layer_taken_back_means_no_draw():
    state = position(hands=[[7, 1], [1], [1]], tableaux=[[], [[3]], []], options=ADVANCED)
    apply_all(state, Play(7, 1, 0), LEAVE_STOLEN, TAKE_BACK)
    assert hand_of(state, 1) == [1, 3]
    assert state.pending == [PlayCards(1)]
    assert len(state.discard) == 0


def test_rule_8a_victim_discards_and_draws_as_many():
    state = position(hands=[[7, 7, 1], [1], [1]], tableaux=[[], [[3, J]], []],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[4, 5, 6])
    apply_all(state, Play(7, 2, 0), LEAVE_STOLEN)
    assert state.pending == [BackOrDiscard(1)]
    apply_all(state, DISCARD)
    assert list(state.discard)[-2:] == [3, J]
    assert state.pending == [DrawCards(1, left=2)]
    apply_all(state, DrawDisplay(5), DRAW_PILE)
    assert hand_of(state, 1) == [1, 4, 13]
    assert state.display[5] == (5,)


def test_rule_8b_each_card_is_drawn_from_the_display_or_the_pile():
    state = position(hands=[[7, 1], [1], [1]], tableaux=[[], [[3]], []],  # slot 1 empty: unreachable (8c)
                     display=[8, (), 10, 11, 12, 13], pile_top=[4], invariants=False)
    apply_all(state, Play(7, 1, 0), TAKE_STOLEN)
    assert set(state.legal_actions()) == {DrawDisplay(0), DrawDisplay(2), DrawDisplay(3),
                                          DrawDisplay(4), DrawDisplay(5), DRAW_PILE}


def test_rule_8b_the_game_ends_mid_draw_when_pile_and_display_run_out():
    """The victim owes two cards but takes the last display card with the pile empty: the game
    ends at once and the steal from seat 2 is dropped."""
    state = position(hands=[[5, 5, 1], [1], [1]], tableaux=[[], [[4, 4]], [[3, 3]]],
                     display=[8, (), (), (), (), ()], rest="discard")
    apply_all(state, Play(5, 2, 0), TAKE_STOLEN)
    assert state.pending == [DrawCards(1, left=2)]
    assert state.legal_actions() == (DrawDisplay(0),)
    apply_all(state, DrawDisplay(0))
    assert state.is_terminal and state.ended == "supply_exhausted"
    assert state.tableaux[2].top == (3, 3)
    assert hand_of(state, 1) == [1, 8]


def test_rule_8c_the_display_is_refilled_only_after_the_drawer_finishes():
    state = position(hands=[[6, 6, 6, 1], [1], [1]], tableaux=[[], [[2, 2, 2]], []],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[3, 4, 5, 7])
    apply_all(state, Play(6, 3, 0), TAKE_STOLEN, DrawDisplay(2), DrawDisplay(0))
    assert [len(s) for s in state.display] == [0, 1, 0, 1, 1, 1]
    apply_all(state, DrawDisplay(5))
    assert list(state.display) == [(3,), (9,), (4,), (11,), (12,), (5,)]
    assert list(state.draw_pile)[-1] == 7


def test_rule_8c_the_display_may_run_short_once_the_pile_is_empty():
    state = position(hands=[[6, 6, 1], [1], [1]], tableaux=[[], [[2, 2]], []],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[3], rest="discard")
    apply_all(state, Play(6, 2, 0), TAKE_STOLEN, DrawDisplay(0), DrawDisplay(1))
    assert list(state.display) == [(3,), (), (10,), (11,), (12,), (13,)]
    assert len(state.draw_pile) == 0 and not state.is_terminal


# -- rule 9: the no-steal draw ------------------------------------------------------------------

def test_rule_9_base_offers_one_card_or_decline_after_no_steal():
    state = position(hands=[[7, 1], [1], [1]], tableaux=[[], [[9]], []],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[4, 5])
    apply_all(state, Play(7, 1, 0))
    assert state.pending == [NoStealDraw(0)]
    apply_all(state, DRAW_PILE)
    assert hand_of(state, 0) == [1, 4] and state.pending == [PlayCards(1)]


def test_rule_9_base_no_steal_draw_may_be_declined():
    state = position(hands=[[7, 1], [1], [1]])
    apply_all(state, Play(7, 1, 0), DECLINE)
    assert hand_of(state, 0) == [1] and state.pending == [PlayCards(1)]


def test_rule_9_advanced_and_expert_have_no_no_steal_draw():
    for variant in ("advanced", "expert"):
        state = position(hands=[[7, 1], [1], [1]], options={"variant": variant})
        apply_all(state, Play(7, 1, 0))
        assert state.pending == [PlayCards(1)]


def test_rule_9_no_draw_after_a_steal_even_if_the_victim_took_it_back():
    state = position(hands=[[7, 1], [1], [1]], tableaux=[[], [[3]], []])
    apply_all(state, Play(7, 1, 0), LEAVE_STOLEN, TAKE_BACK)
    assert state.pending == [PlayCards(1)]


def test_rule_9_the_no_steal_draw_can_end_the_game():
    state = position(hands=[[7, 1], [1], [1]], display=[J, (), (), (), (), ()], rest="discard")
    apply_all(state, Play(7, 1, 0), DrawDisplay(0))
    assert state.is_terminal and state.ended == "supply_exhausted"


# -- rules 10–12: turn order, scoring, turn cap ------------------------------------------------

def test_rule_10_turns_pass_clockwise_and_wrap():
    state = position(3, active=2, hands=[[1], [1], [7, 1]], options=ADVANCED)
    apply_all(state, Play(7, 1, 0))
    assert state.pending == [PlayCards(0)] and state.active == 0 and state.turn == 1


def test_rule_11_score_is_tableau_cards_minus_hand_cards():
    state = position(hands=[[9], [5, 6, 7], [5]], tableaux=[[[2, 2]], [[3, 3, 3, 3]], [[4]]])
    apply_all(state, Play(9, 1, 0))
    assert state.scores() == (3, 1, 0)


@pytest.mark.parametrize("ties, expected", [("fewest_hand", (0,)), ("shared", (0, 1))])
def test_rule_11_ties(ties, expected):
    state = position(hands=[[9], [5], [5, 6, 7]], tableaux=[[[2, 2]], [[3, 3, 3, 3]], []],
                     options={"ties": ties})
    apply_all(state, Play(9, 1, 0))
    assert state.scores() == (3, 3, -3)
    assert state.winners() == expected


def test_rule_11_fewest_hand_can_still_share():
    assert winners([2, 2, 0], [1, 1, 3], "fewest_hand") == [0, 1]
    assert winners([2, 2, 0], [0, 1, 3], "fewest_hand") == [0]
    assert winners([2, 2, 0], [0, 1, 3], "shared") == [0, 1]


def test_rule_12_the_game_ends_after_max_turns_and_is_scored():
    state = Linko(3, {"max_turns": 2, "variant": "advanced"}).new_state(5)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert state.turn == 2 and state.ended == "turn_cap"
    assert state.scores() == tuple(t.card_count() - len(h) for t, h in zip(state.tableaux, state.hands))
    assert state.winners()


def test_rule_8_the_stolen_layer_waits_exactly_while_its_fate_is_decided():
    """The state names these decisions by tag (decisions.py builds on state.py, not back), so the
    tags must be those of the decision classes, or the invariant would check nothing."""
    assert DECIDING_THE_STOLEN_LAYER == {TakeOrLeave.tag, BackOrDiscard.tag}
    assert DRAWING_CARDS == DrawCards.tag
    state = position(hands=[[7, 9], [3, 1], [1]], tableaux=[[], [[3]], []])
    state.apply(Play(7, 1, 0))
    assert type(state.pending[-1]) is TakeOrLeave and len(state.stolen) == 1
    assert state.invariants() == []
    state.stolen.clear()  # a layer gone missing mid-decision: the deck check and rule 8 say so
    assert "the stolen pile must hold a layer exactly while its fate is decided" in state.invariants()
