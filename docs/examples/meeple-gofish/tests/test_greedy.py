"""The greedy bot listens: it asks where a rank is known to be and never where it was denied
(greedy.py), reading only its view's facts."""

from __future__ import annotations

from meeple import HoldsAtLeast, HoldsNone
from meeple.testing import position
from meeple_gofish.actions import Ask
from meeple_gofish.decisions import Turn
from meeple_gofish.game import GoFish
from meeple_gofish.greedy import GreedyBot

THREE, FOUR, FIVE = 1, 2, 3


def state_with(hands: dict[int, list[int]]):
    return position(GoFish(3, {"ranks": 4}), hands=hands, rest="pool", to_act=Turn(0))


def choice(state):
    return GreedyBot(state.game, 0, {}).act(state.view(0), state.legal_actions())


def test_greedy_asks_the_seat_known_to_hold_the_rank():
    state = state_with({0: [4, 8], 1: [12, 13], 2: [9, 14]})  # seat 0: 3C 4C; seat 2 holds the 4D
    state.learn(HoldsAtLeast("hands[2]", FOUR))  # seat 2 asked for 4s earlier
    assert choice(state) == Ask(2, FOUR)


def test_greedy_never_asks_a_seat_for_a_rank_it_denied():
    state = state_with({0: [4, 5, 8], 1: [12, 13], 2: [9, 14, 15]})  # seat 0: 3C 3D 4C
    state.learn(HoldsNone("hands[2]", THREE))
    state.learn(HoldsNone("hands[1]", THREE))
    state.learn(HoldsNone("hands[1]", FOUR))
    assert choice(state) == Ask(2, FOUR)  # the only question nobody has answered "go fish" to
