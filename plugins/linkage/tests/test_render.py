"""The text renderer draws exactly what a view holds: letters, blocker, green marker, supply."""

from linkage_positions import position

from meeple_linkage.game import Linkage
from meeple_linkage.render import render

PICTURE = """
. . . . . . .
. W W . . . .
. . . . . . .
. . . # . . .
. . . . . . .
. . . . . B B
. . . . . . .
"""


def test_render_draws_colours_blocker_green_marker_supply_and_whose_turn():
    state = position(PICTURE, to_move=1, green=[(5, 5), (5, 6)])
    text = render(state.view(0))
    lines = text.splitlines()
    assert lines[0] == "    0 1 2 3 4 5 6"
    assert lines[2] == " 1  . W W . . . ."
    assert lines[4] == " 3  . . . # . . ."
    assert lines[6] == " 5  . . . . . b b"  # lowercase: under the green counter
    assert lines[8] == "    # blocker; lowercase: the piece under the green counter"
    assert "supply: white 5, blue 5, red 6, yellow 6 (22 pieces)" in text
    assert "green counter: on (5,5)-(5,6)" in text
    assert "colour groups: 2" in text
    assert "More: seat 0, Fewer: seat 1" in text
    assert text.endswith("seat 1 (Fewer) is to place a piece")


def test_render_names_the_winner_at_the_end():
    state = Linkage(2).new_state(0)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    text = render(state.view(None))
    groups = state.groups()
    side = "More (seat 0)" if groups >= 12 else "Fewer (seat 1)"
    assert text.endswith(f"game over: {groups} groups, {side} wins")


def test_render_before_the_balanced_setup_shows_no_blocker_and_no_sides():
    state = Linkage(2, {"variant": "balanced"}).new_state(0)
    text = render(state.view(1))
    board_rows = text.splitlines()[1:8]
    assert all("#" not in row for row in board_rows)
    assert "More:" not in text
    assert text.endswith("seat 0 is to place the blocker")
