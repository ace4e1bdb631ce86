"""`meeple.testing.position`: scenario positions that hold the deck's cards exactly once, or a
one-line reason why not."""

from __future__ import annotations

from collections import Counter

import pytest
from knockout_game import Fold, Knockout, PlayCard, Turn
from passing_game import PassingGame, Play

from meeple import Hand, Tableau
from meeple.testing import PositionError, check_game, position


def test_the_named_cards_go_where_the_test_puts_them_and_the_rest_to_the_rest_zone():
    game = Knockout(3)  # cards 1..11
    state = position(game, hands={0: [9, 2], 1: [5]}, pile=[4], rest="stock", to_act=1)
    assert list(state.hands[0]) == [9, 2] and list(state.hands[1]) == [5] and list(state.hands[2]) == []
    assert list(state.pile) == [4]
    assert list(state.stock) == [1, 3, 6, 7, 8, 10, 11]  # deck order
    assert Counter(card for _, zone in state.zones() for card in zone.cards()) == game.deck_counts()
    assert state.pending == [Turn(1)]
    assert state.legal_actions() == (PlayCard(5), Fold())


def test_the_rest_goes_under_the_cards_named_for_the_same_zone():
    state = position(Knockout(2), hands=[[1, 2, 3], [4, 5, 6]], stock=[7], rest="stock")
    assert list(state.stock) == [8, 7]  # 7 on top: the next card drawn


def test_plain_fields_are_set_and_a_decision_can_be_given_whole():
    state = position(Knockout(3), hands=[[1], [2], [3]], rest="stock", out=[0], played=[0, 2, 1],
                     to_act=Turn(2))
    assert state.eliminated() == (0,) and state.played == [0, 2, 1] and state.current_player == 2


def test_a_zone_object_keeps_what_a_list_cannot_say():
    known = Hand([6, 7], owner=1, ordered=False, known=[True, False])
    state = position(Knockout(3), hands={1: known}, rest="stock")
    assert state.view(0).hands[1].known == (6,)
    known.add(8)  # the position holds a copy
    assert list(state.hands[1]) == [6, 7]


def test_the_chance_after_a_position_comes_from_a_fresh_rng_of_its_seed():
    from meeple import Rng

    state = position(Knockout(2), hands=[[1], [2]], rest="stock", seed=7)
    assert state.rng.state == Rng(7).state


def test_a_position_plays_on_under_the_kit_checks():
    state = position(PassingGame(3), hands=[[1, 2], [3, 4], [5, 6]], rest="stock", to_act=Play(0))
    while state.pending:
        state.apply(state.legal_actions()[0])
    assert not state.invariants()
    check_game(Knockout(2), games=1)  # the builder leaves the game class untouched


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands={0: [1, 1]}, rest="stock"), r"cards beyond the knockout deck .*: 1$"),
    (dict(hands={0: [99]}, rest="stock"), r"no such card\): 99"),
    (dict(hands={0: [1]}), r"10 cards of the deck are placed nowhere .*: name the zone that takes them"),
    (dict(hands={0: [1]}, rest="stack"), r"rest='stack' names no zone .*its zones: hands\[0\]"),
    (dict(hnads={0: [1]}, rest="stock"), r"has no field 'hnads' \(its fields: hands, pile"),
    (dict(hands={3: [1]}, rest="stock"), r"hands has zones 0..2, not 3"),
    (dict(hands=[[1], [2]], rest="stock"), r"hands has 3 zones: give a list of 3 entries"),
    (dict(hands={0: Hand([1], owner=1)}, rest="stock"), r"hands\[0\] must be a Hand with visibility owner and owner 0"),
    (dict(pile=Tableau([[1]]), rest="stock"), r"pile must be a Pile"),
    (dict(rest="stock", to_act=7), r"to_act=7 is not a seat of a 3-player game"),
    (dict(rest="stock", to_act="me"), r"to_act is a seat, a Decision or a list of them, not 'me'"),
])
def test_a_position_that_cannot_be_built_is_one_clear_line(kwargs, message):
    with pytest.raises(PositionError, match=message) as caught:
        position(Knockout(3), **kwargs)
    assert "\n" not in str(caught.value)


def test_a_simultaneous_opening_needs_the_decision_itself():
    with pytest.raises(PositionError, match="pass the Decision itself"):
        position(PassingGame(2), hands=[[1], [2]], rest="stock", to_act=1)


def test_broken_invariants_are_reported():
    class Strict(Knockout):
        state_class = type("StrictState", (Knockout.state_class,), {
            "invariants": lambda self: ["seat 0 holds no card"] if not len(self.hands[0]) else []})

    with pytest.raises(PositionError, match="breaks the knockout invariants: seat 0 holds no card"):
        position(Strict(2), rest="stock")
    assert position(Strict(2), rest="stock", invariants=False).hands[0].is_empty()
    with pytest.raises(PositionError, match="placed nowhere"):  # the deck is still checked
        position(Strict(2), invariants=False, stock=[1])
