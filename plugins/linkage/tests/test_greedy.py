"""The greedy bot: each side's one-ply preference, and that it beats random play from both seats."""

from linkage_positions import position

from meeple import Options, Registry
from meeple.runner import play_game
from meeple.testing import check_act_on_state
from meeple_linkage.actions import ChooseSide, Place, PlaceBlocker
from meeple_linkage.game import Linkage
from meeple_linkage.greedy import GreedyBot

PICTURE = """
W W . . . . .
. . . . . . .
. . . . . . .
. . . # . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def bot(seat, seed=0):
    return GreedyBot(Linkage(2), seat, Options((("seed", seed),)))


def joins_white(action):
    return action.colour == "W" and any(c in ((0, 2), (1, 0), (1, 1)) for c in action.cells)


def test_greedy_more_never_joins_a_piece_of_its_own_colour():
    state = position(PICTURE, to_move=0)
    for seed in range(10):
        action = bot(0, seed).act(state.view(0), state.legal_actions())
        assert not joins_white(action)


def test_greedy_fewer_joins_a_group_of_the_same_colour():
    state = position(PICTURE, to_move=1)
    for seed in range(10):
        action = bot(1, seed).act(state.view(1), state.legal_actions())
        assert joins_white(action), action


def test_greedy_fewer_strands_cells_and_more_avoids_it_when_groups_are_equal():
    picture = """
    W B B B B . .
    W . B B B . .
    . . B B B . .
    . . . # . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    """
    # Both placements join the white piece; (2,0)-(2,1) also leaves (1,1) with no empty
    # neighbour, a cell no piece can cover any more, which shortens the game.
    strands, keeps = Place("W", ((2, 0), (2, 1))), Place("W", ((1, 1), (2, 1)))
    fewer = position(picture, to_move=1)
    assert bot(1).act(fewer.view(1), [keeps, strands]) == strands
    more = position(picture, to_move=0)
    assert bot(0).act(more.view(0), [strands, keeps]) == keeps


def test_greedy_more_packs_its_piece_against_other_colours():
    """Both placements make a new group and strand nothing; beside the white piece, the blue
    one takes two cells where Fewer could have joined the white group."""
    state = position(PICTURE, to_move=0)
    beside, apart = Place("B", ((1, 0), (1, 1))), Place("B", ((5, 5), (5, 6)))
    for seed in range(5):
        assert bot(0, seed).act(state.view(0), [apart, beside]) == beside


def test_greedy_plays_the_balanced_setup():
    state = Linkage(2, {"variant": "balanced"}).new_state(0)
    assert bot(0).act(state.view(0), state.legal_actions()) == PlaceBlocker((3, 3))
    state.apply(PlaceBlocker((3, 3)))
    assert bot(1).act(state.view(1), state.legal_actions()) == ChooseSide("fewer")


def test_greedy_beats_random_as_fewer_more_often_than_random_does():
    registry = Registry.load()
    game = registry.create("linkage")
    wins = {"greedy": 0, "random": 0}
    for deal in range(20):
        for name in wins:
            bots = [registry.make_bot(f"random:seed={deal}", game, 0),
                    registry.make_bot(f"{name}:seed={deal}", game, 1)]
            record, _ = play_game(game, bots, deal, ["random", name])
            wins[name] += 1 in record.winners
    assert wins["greedy"] > wins["random"] + 5, wins


def test_greedy_act_on_state_chooses_as_act_on_the_view():
    greedy = Registry.load().bot("greedy", "linkage")
    assert check_act_on_state(Linkage(2), greedy, games=4) > 80
    assert check_act_on_state(Linkage(2, {"variant": "balanced"}), greedy, games=2, seed=1) > 40
