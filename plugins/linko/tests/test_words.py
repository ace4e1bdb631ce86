"""The move list names the cards each move takes, and illegal plays are explained in plain words."""

from __future__ import annotations

import pytest
from linko_positions import position
from meeple import IllegalAction, Registry
from meeple.narration import read_move
from meeple_linko import Linko
from meeple_linko.actions import (DECLINE, DISCARD, DRAW_PILE, LEAVE_STOLEN, TAKE_BACK,
                                  TAKE_STOLEN, DrawDisplay, Play, TakeGhost)
from meeple_linko.cards import JOKER as J

NARRATOR = Registry.load().narrator("linko")


def test_rule_9_the_move_list_names_the_display_card_each_slot_holds():
    state = position(hands=[[5, 7], [5], [5]], display=[8, 9, 13, 11, 12, 6], rest="pile")
    state.apply(Play(7, 1, 0))  # no steal: the optional draw of rule 9
    view = state.view(0)
    described = [NARRATOR.describe(view, a) for a in state.legal_actions()]
    assert "take the 13 (slot 3)" in described
    assert "take an 8" not in described and "take the 8 (slot 1)" in described
    assert NARRATOR.describe(view, DECLINE) == "take no card"
    assert NARRATOR.describe(view, DRAW_PILE).startswith("draw the top card of the pile (")
    assert read_move(NARRATOR, Linko, view, state.legal_actions(), "take the 13 (slot 3)") == DrawDisplay(2)


def test_d3_a_display_group_is_listed_with_its_cards_as_one_card():
    # A Ghost Zone of one card while the pile lasts: unreachable (D2), built on purpose.
    state = position(2, hands=[[5, 7], [5]], display=[(4, J), 9, 10, 11, 12, 6], ghost={2: 1}, invariants=False)
    state.apply(Play(7, 1, 0))
    view = state.view(0)
    assert NARRATOR.describe(view, DrawDisplay(0)) == \
        "take the group of a 4 and a joker (slot 1; counts as one card)"


def test_rule_8a_take_leave_back_and_discard_name_the_stolen_cards():
    state = position(hands=[[6, 6, 1], [2], [3]], tableaux=[[], [[5, 5]], []])
    state.apply(Play(6, 2, 0))  # steals seat 1's pair of 5s
    view = state.view(0)
    assert NARRATOR.describe(view, TAKE_STOLEN) == "take the two 5s stolen from seat 1 (seat 1 draws 2)"
    assert NARRATOR.describe(view, LEAVE_STOLEN) == \
        "leave the two 5s to seat 1 (who takes them back, or discards them and draws 2)"
    state.apply(LEAVE_STOLEN)
    view = state.view(1)
    assert NARRATOR.describe(view, TAKE_BACK) == "take the two 5s back into your hand"
    assert NARRATOR.describe(view, DISCARD) == "discard the two 5s and draw 2"


def test_d4_the_ghost_pile_is_listed_with_its_cards():
    state = position(2, hands=[[7, 7, 1], [5]], ghost={3: 2, 4: 1}, invariants=False)  # a short Ghost Zone
    state.apply(Play(7, 2, 0))
    view = state.view(0)
    assert NARRATOR.describe(view, TakeGhost(3)) == "take the ghost pile of 3s (two 3s)"


def test_rule_3_a_missing_card_is_counted_in_good_english():
    state = position(hands=[[8, 2], [5], [5]])
    with pytest.raises(IllegalAction, match=r"^seat 0 holds only 1 8, not 2 \(rule 3\)$"):
        state.apply(Play(8, 2, 0))
    with pytest.raises(IllegalAction, match=r"^seat 0 holds no jokers \(rule 3\)$"):
        state.apply(Play(J, 0, 1))


def test_rule_5_the_end_names_who_emptied_their_hand_in_narration_and_view():
    from meeple_linko.render import render

    state = position(hands=[[9], [1], [1]])
    before = state.view(2)
    state.apply(Play(9, 1, 0))
    assert NARRATOR.narrate(before, Play(9, 1, 0), state.view(2)) == \
        "seat 0 plays a 9 — the game is over: seat 0 emptied their hand (rule 5)"
    assert "game over: seat 0 emptied their hand (rule 5)" in render(state.view(2))


def test_d4_a_ghost_pile_that_does_not_exist_is_named_as_missing():
    state = position(2, hands=[[7, 7, 1], [5]], ghost={3: 2, 4: 1}, invariants=False)  # a short Ghost Zone
    state.apply(Play(7, 2, 0))
    with pytest.raises(IllegalAction, match=r"^the Ghost Zone has no pile of 13s \(D2\)$"):
        state.apply(TakeGhost(13))
