"""Scenario tests: each starts from a hand-drawn position and checks one rule of rules.md."""

from __future__ import annotations

import pytest
from linkage_positions import position

from meeple import IllegalAction
from meeple_linkage.actions import FEWER, MORE, ChooseSide, Pass, Place, PlaceBlocker
from meeple_linkage.decisions import BlockerChoice, Move, SideChoice
from meeple_linkage.game import Linkage
from meeple_linkage.state import TURN

EMPTY_BUT_ONE_WHITE = """
. . . . . . .
. W W . . . .
. . . . . . .
. . . # . . .
. . . . . . .
. . . . . W W
. . . . . . .
"""

# A full tiling but for (0,0)-(0,1); the yellow piece beside the gap is under the green counter.
GAP_BESIDE_GREEN = """
. . W W B B R
Y Y W W B B R
R R Y Y W W B
B B Y # R R B
W W Y R R Y Y
B B W W R R Y
R R B B W W Y
"""

# One piece from the end: 22 pieces on the board, one white and one yellow left, 11 groups.
# Empty: (0,0) and (6,5), which no piece can ever cover, and the spot (5,6)-(6,6).
ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE = """
. W W B B R R
W W W B B R R
W W W B B R R
Y Y Y # Y Y W
Y Y Y B B R W
B B B R R R .
B R R Y Y . .
"""


def placements(state):
    return {a for a in state.legal_actions() if isinstance(a, Place)}


# -- rule 1: setup --------------------------------------------------------------------------------

def test_rule_1_setup_blocker_on_the_centre_full_supply_and_more_moves_first():
    state = Linkage(2).new_state(7)
    assert state.blocker == (3, 3) and state.green is None and state.more == 0
    assert state.supply.items() == [("W", 6), ("B", 6), ("R", 6), ("Y", 6)]
    assert state.decision == Move(0)
    # 84 spots on a 7x7 board, 4 of them covering the centre: 80 spots in 4 colours.
    assert len(state.legal_actions()) == 80 * 4
    assert all((3, 3) not in a.cells for a in state.legal_actions())


# -- rule 2: the balanced variant -----------------------------------------------------------------

def test_rule_2_balanced_setup_seat_0_places_the_blocker_then_seat_1_chooses_a_side():
    state = Linkage(2, {"variant": "balanced"}).new_state(3)
    assert state.decision == BlockerChoice(0) and state.blocker is None and state.more is None
    assert len(state.legal_actions()) == 49
    with pytest.raises(IllegalAction):
        state.apply(PlaceBlocker((0, 0)), player=1)
    with pytest.raises(IllegalAction, match="blocker"):
        state.apply(ChooseSide(MORE))

    state.apply(PlaceBlocker((0, 0)), player=0)
    assert state.blocker == (0, 0) and state.decision == SideChoice(1)
    assert set(state.legal_actions()) == {ChooseSide(MORE), ChooseSide(FEWER)}

    state.apply(ChooseSide(FEWER), player=1)
    assert state.more == 0 and state.decision == Move(0)  # More makes the first placement
    assert all((0, 0) not in a.cells for a in state.legal_actions())
    assert len(state.legal_actions()) == (84 - 2) * 4  # a corner cell is in two spots


def test_rule_2_the_seat_that_chooses_more_moves_first_and_wins_as_more():
    state = Linkage(2, {"variant": "balanced"}).new_state(3)
    state.apply(PlaceBlocker((6, 6)))
    state.apply(ChooseSide(MORE))
    assert state.more == 1 and state.decision == Move(1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    groups = state.groups()
    assert state.winners() == ((1,) if groups >= 12 else (0,))
    assert state.scores() == (groups, groups)


# -- rule 3: legal placement ----------------------------------------------------------------------

def test_rule_3_green_piece_forbids_edge_contact_but_allows_diagonal_contact():
    state = position(EMPTY_BUT_ONE_WHITE, green=[(1, 1), (1, 2)])
    legal = placements(state)
    for cells in [((0, 1), (0, 2)), ((1, 3), (1, 4)), ((2, 1), (2, 2)), ((0, 0), (1, 0))]:
        assert Place("B", cells) not in legal, f"{cells} shares an edge with the green piece"
    for cells in [((0, 3), (0, 4)), ((2, 3), (2, 4)), ((2, 0), (3, 0))]:
        assert Place("B", cells) in legal, f"{cells} only touches the green piece diagonally"
    with pytest.raises(IllegalAction, match="share an edge with the green-marked piece"):
        state.apply(Place("W", ((0, 1), (0, 2))))


def test_rule_3_only_the_green_marked_piece_restricts_placements():
    state = position(EMPTY_BUT_ONE_WHITE, green=[(1, 1), (1, 2)])
    # The other white piece (5,5)-(5,6) has no green counter: touching it is fine.
    assert Place("W", ((4, 5), (4, 6))) in placements(state)
    assert Place("Y", ((6, 5), (6, 6))) in placements(state)


def test_rule_3_both_cells_must_be_empty_and_off_the_blocker():
    state = position(EMPTY_BUT_ONE_WHITE)
    legal = placements(state)
    assert Place("R", ((3, 2), (3, 3))) not in legal
    assert Place("R", ((5, 4), (5, 5))) not in legal
    with pytest.raises(IllegalAction, match=r"\(3,3\) holds the blocker"):
        state.apply(Place("R", ((3, 3), (3, 4))))
    with pytest.raises(IllegalAction, match=r"\(5,5\) already holds a piece"):
        state.apply(Place("R", ((5, 4), (5, 5))))
    with pytest.raises(IllegalAction, match="not two orthogonally adjacent cells"):
        state.apply(Place("R", ((0, 0), (1, 1))))


def test_rule_3_the_colour_supply_is_shared_by_both_players():
    picture = """
    W W B B R R .
    W W B B R R .
    W W B B R R .
    W W B B R R #
    W W B B R R .
    W W B B Y Y .
    . . . . . . .
    """
    state = position(picture, to_move=0)  # white and blue are all on the board, red but one
    assert {a.colour for a in placements(state)} == {"R", "Y"}
    with pytest.raises(IllegalAction, match="no white pieces are left in the supply"):
        state.apply(Place("W", ((6, 0), (6, 1))))
    state.apply(Place("R", ((6, 0), (6, 1))))  # seat 0 takes the last red piece
    assert state.supply["R"] == 0
    assert state.decision == Move(1)
    assert {a.colour for a in placements(state)} == {"Y"}  # so seat 1 cannot play red either


def test_rule_3_the_piece_placed_takes_the_green_counter():
    state = position(EMPTY_BUT_ONE_WHITE, green=[(1, 1), (1, 2)])
    state.apply(Place("Y", ((4, 0), (4, 1))))
    assert state.green == ((4, 0), (4, 1))
    assert state.board[(4, 0)] == state.board[(4, 1)] == "Y"
    assert state.supply["Y"] == 5


# -- rule 4: the turn -----------------------------------------------------------------------------

def test_rule_4b_forced_pass_removes_the_green_counter_then_the_opponent_plays_unrestricted():
    state = position(GAP_BESIDE_GREEN, to_move=1, green=[(1, 0), (1, 1)])
    assert state.legal_actions() == (Pass(),)  # (0,0)-(0,1) touches the green piece
    state.apply(Pass(), player=1)
    assert state.green is None
    assert state.decision == Move(0)  # rule 5: the opponent, now free of the green counter
    assert state.legal_actions() == (Place("Y", ((0, 0), (0, 1))),)
    state.apply(Place("Y", ((0, 0), (0, 1))))
    assert state.is_terminal  # the board is full


def test_rule_4b_passing_is_not_allowed_while_a_placement_exists():
    state = position(EMPTY_BUT_ONE_WHITE, green=[(1, 1), (1, 2)])
    assert Pass() not in state.legal_actions()
    with pytest.raises(IllegalAction, match="rule 4b"):
        state.apply(Pass())


def test_rule_4a_the_game_ends_when_no_piece_fits_even_with_empty_cells_and_pieces_left():
    state = position(ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE, to_move=1)
    state.apply(Place("W", ((5, 6), (6, 6))))
    assert state.is_terminal and state.legal_actions() == ()
    assert state.board[(0, 0)] is None and state.board[(6, 5)] is None  # two lone gaps
    assert state.supply.total == 1  # a yellow piece is left, but it fits nowhere


def test_rule_4a_a_single_open_spot_keeps_the_game_going():
    state = position(ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE, to_move=1)
    assert not state.is_terminal
    assert {a.cells for a in placements(state)} == {((5, 6), (6, 6)), ((6, 5), (6, 6))}


# -- rule 6: end and scoring ------------------------------------------------------------------------

def test_rule_6_eleven_groups_fewer_wins():
    state = position(ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE, to_move=1)
    assert state.groups() == 11
    state.apply(Place("W", ((5, 6), (6, 6))))  # joins the white piece (3,6)-(4,6)
    assert state.is_terminal and state.groups() == 11
    assert state.winners() == (1,)  # seat 1 is Fewer
    assert state.scores() == (11, 11)


def test_rule_6_twelve_groups_more_wins():
    state = position(ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE, to_move=1)
    state.apply(Place("Y", ((5, 6), (6, 6))))  # touches no yellow: a new group
    assert state.is_terminal and state.groups() == 12
    assert state.winners() == (0,)  # seat 0 is More
    assert state.scores() == (12, 12)


def test_rule_6_winners_follow_the_sides_not_the_seats():
    state = position(ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE, to_move=0, more=1)
    state.apply(Place("Y", ((5, 6), (6, 6))))
    assert state.groups() == 12 and state.winners() == (1,)


def test_rule_6_groups_merge_across_several_pieces():
    picture = """
    W W . W W . .
    . . . . . . .
    . . . . . . .
    . . . # . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    """
    state = position(picture)
    assert state.groups() == 2
    state.apply(Place("W", ((0, 2), (1, 2))))  # touches both white pieces
    assert state.groups() == 1
    state.apply(Place("W", ((1, 4), (2, 4))))  # a fourth white piece, touching the third's group
    assert state.groups() == 1
    state.apply(Place("B", ((2, 0), (2, 1))))  # another colour is its own group
    assert state.groups() == 2


def test_rule_6_a_full_board_from_the_hand_drawn_tiling_counts_every_group():
    state = position(ELEVEN_GROUPS_BEFORE_THE_LAST_PIECE, to_move=1)
    # Top: a white block of 4 pieces, 3 blue and 3 red pieces in columns. Middle: 3 yellow pieces
    # left of the blocker, lone yellow (3,4)-(3,5), white (3,6)-(4,6) and blue (4,3)-(4,4); red
    # (4,5)-(5,5) with red (5,3)-(5,4). Bottom: blue (5,0)-(6,0) with blue (5,1)-(5,2), lone red
    # (6,1)-(6,2) and lone yellow (6,3)-(6,4). 11 groups.
    groups = state.board.groups()
    assert len(groups) == 11
    assert sorted(len(g) for g in groups) == [2, 2, 2, 2, 2, 4, 4, 6, 6, 6, 8]


def test_rule_2_no_turn_is_owed_before_the_sides_are_chosen():
    """The state names the turn by tag (decisions.py builds on state.py, not back), so the tag
    must be the decision class's, or the invariant would check nothing."""
    assert TURN == Move.tag
    state = Linkage(2, {"variant": "balanced"}).new_state(0)
    assert state.invariants() == []
    state.pending[-1] = Move(0)  # a turn while nobody is More yet
    assert "a piece is being placed before the sides are chosen" in state.invariants()
