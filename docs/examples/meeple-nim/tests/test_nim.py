"""Nim's tests: the conformance kit over every option that matters, plus one test per rule."""

import pytest

from meeple import IllegalAction
from meeple.testing import check_game
from meeple_nim.rules import Nim, Take


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("misere", [False, True])
def test_conformance(players, misere):
    check_game(Nim(players, {"misere": misere}), games=5)


def test_players_take_turns_in_seat_order():
    state = Nim(3, {"heaps": "5"}).new_state(seed=0)
    for seat in (0, 1, 2, 0):
        assert state.current_player == seat
        state.apply(Take(0, 1))


def test_taking_the_last_stone_wins():
    state = Nim(2, {"heaps": "2"}).new_state(seed=0)
    state.apply(Take(0, 1))
    state.apply(Take(0, 1))
    assert state.is_terminal and state.winners() == (1,)


def test_misere_taking_the_last_stone_loses():
    state = Nim(2, {"heaps": "2", "misere": True}).new_state(seed=0)
    state.apply(Take(0, 2))
    assert state.winners() == (1,)


def test_no_more_than_max_take_stones():
    state = Nim(2, {"heaps": "9", "max_take": 2}).new_state(seed=0)
    with pytest.raises(IllegalAction):
        state.apply(Take(0, 3))
