"""Linkage in words: errors name cells as the board labels them (never Python tuples), and the
move list says what each placement leaves and what each side plays for."""

from __future__ import annotations

import pytest
from meeple import IllegalAction, Registry
from meeple_linkage.game import Linkage
from meeple_linkage.actions import ChooseSide, Place, PlaceBlocker

NARRATOR = Registry.load().narrator("linkage")


def test_rule_3_a_placement_on_cells_that_are_not_adjacent_names_the_cells():
    state = Linkage(2).new_state(0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(Place("W", ((0, 0), (2, 2))))
    assert str(caught.value) == ("(0,0) and (2,2) are not two orthogonally adjacent cells of the "
                                 "7x7 board (rule 3)")


def test_rule_2_errors_show_no_python_values():
    state = Linkage(2, {"variant": "balanced"}).new_state(0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(PlaceBlocker((9, 9)))
    assert str(caught.value) == "(9,9) is not a cell of the 7x7 board: rows and columns run from 0 to 6"
    state.apply(PlaceBlocker((1, 1)))
    with pytest.raises(IllegalAction) as caught:
        state.apply(ChooseSide("middle"))
    assert str(caught.value) == "the side is More or Fewer, not middle"
    state.apply(ChooseSide("more"))
    with pytest.raises(IllegalAction) as caught:
        state.apply(Place("Q", ((0, 0), (0, 1))))
    assert "'" not in str(caught.value) and "W (white)" in str(caught.value)


def test_the_move_list_says_what_a_placement_leaves_and_what_a_side_plays_for():
    state = Linkage(2, {"variant": "balanced"}).new_state(0)
    state.apply(PlaceBlocker((1, 1)))
    view = state.view(1)
    assert NARRATOR.describe(view, ChooseSide("more")) == \
        "play More (moves first, wins with 12 or more colour groups)"
    state.apply(ChooseSide("more"))
    state.apply(Place("W", ((3, 3), (3, 4))))
    view = state.view(0)
    assert NARRATOR.describe(view, Place("W", ((0, 0), (0, 1)))) == \
        "place white on (0,0)-(0,1): 2 colour groups (+1)"


def test_rule_4a_the_final_view_says_why_the_game_ended():
    from meeple_linkage.render import render

    state = Linkage(2).new_state(0)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    text = render(state.view(None))
    reason = ("no piece fits on the board any more (rule 4a)" if state.supply.total
              else "the supply is empty (rule 4a)")
    assert text.splitlines()[-2] == reason
