"""What each player sees ("What each player sees" in rules.md), known cards and determinization."""

from __future__ import annotations

from collections import Counter

from meeple import Rng
from meeple.testing import check_determinization, check_view_hides
from meeple_linko import Linko
from meeple_linko.actions import DRAW_PILE, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN, DrawDisplay, Play

from linko_positions import J, known_of, position


def known_counts(state, seat, viewer):
    """The count per value of seat's cards known to `viewer`."""
    return Counter(known_of(state, seat, viewer))


def test_view_shows_own_hand_and_only_counts_of_other_hands_and_the_pile():
    state = Linko(4).new_state(11)
    view = state.view(1)
    assert view.hands[1].cards == tuple(sorted(state.hands[1]))
    assert [view.hands[s].cards for s in (0, 2, 3)] == [None, None, None]
    assert [view.hands[s].size for s in range(4)] == [13, 13, 13, 13]
    assert view.draw_pile.cards is None and view.draw_pile.size == len(state.draw_pile)
    assert view.display.slots == tuple(state.display)
    assert "rng" not in view.field_names()


def test_view_shows_every_layer_of_every_tableau_and_the_public_piles():
    state = position(hands=[[7, 7, 1], [1], [1]], tableaux=[[[2], [3, 3]], [[4, 4], [6, 6]], []],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[5, 5])
    state.apply(Play(7, 2, 0))
    state.apply(LEAVE_STOLEN)
    view = state.view(2)
    assert view.tableaux[0].layers == ((2,), (3, 3), (7, 7))
    assert view.tableaux[1].layers == ((4, 4),)
    assert view.stolen.cards == (6, 6)  # the stolen layer awaiting its fate is public
    state.apply(TAKE_BACK)
    view = state.view(2)
    assert view.discard.cards == tuple(state.discard) and view.removed.cards == ()


def test_known_cards_are_those_taken_in_full_view():
    """Stolen cards the attacker takes, cards taken back and display cards are known to all;
    cards drawn from the pile are not."""
    state = position(hands=[[7, 7, 1], [1], [1]], tableaux=[[], [[3, 3]], [[2, 2]]],
                     display=[8, 9, 10, 11, 12, J], pile_top=[5, 5, 6])
    state.apply(Play(7, 2, 0))
    state.apply(TAKE_STOLEN)  # seat 0 takes 3 3 from seat 1
    state.apply(DrawDisplay(5))  # seat 1 draws the joker in view...
    state.apply(DrawDisplay(0))
    assert known_of(state, 0, 2) == (3, 3)
    assert known_of(state, 1, 0) == (8, J)
    state.apply(LEAVE_STOLEN)
    state.apply(TAKE_BACK)  # seat 2 takes its 2 2 back
    assert known_of(state, 2, 1) == (2, 2)
    for viewer in range(3):  # the owner sees the same marks on its own hand
        assert state.view(viewer).hands[0].known == (3, 3)


def test_known_count_per_value_drops_by_the_copies_that_player_plays():
    """Seat 0 holds two known 3s and one unseen 3: playing one 3 leaves one known 3; playing
    the remaining two leaves none."""
    state = position(hands=[[3, 3, 3, 9, 9], [1, 1], [1, 1]], known=[[3, 3]], options={"variant": "advanced"})
    assert known_counts(state, 0, 1)[3] == 2
    state.apply(Play(3, 1, 0))
    assert known_counts(state, 0, 1)[3] == 1
    state.apply(Play(1, 1, 0))
    state.apply(Play(1, 1, 0))
    state.apply(Play(3, 2, 0))
    assert known_counts(state, 0, 1)[3] == 0


def test_a_played_joker_lowers_the_known_jokers_first():
    """Seat 0 holds one known joker (from the display) and one unseen: a joker played with 9s
    removes the known one, so no joker is known any more although one remains in hand."""
    state = position(hands=[[9, J, J, 4], [1, 1], [1, 1]], known=[[J]], options={"variant": "advanced"})
    assert known_counts(state, 0, 2)[J] == 1
    state.apply(Play(9, 1, 1))
    assert known_counts(state, 0, 2)[J] == 0
    assert state.hands[0].count(J) == 1


def test_determinization_keeps_known_cards_and_public_zones():
    state = position(4, hands=[[7, 7, 1, 2, 3], [5, 5, J, 4, 4], [6, 6, 8], [10, 11]],
                     known=[[], [5, 5, J], [], [10]], tableaux=[[[2, 2]], [[3]], [], [[12, 12]]],
                     display=[8, 9, 10, 11, 12, 13], pile_top=[1, 2, 3])
    view = state.view(0)
    for seed in range(5):
        sample = state.game.determinize(view, Rng(seed))
        assert sample.view(0) == view
        assert Counter(sample.hands[1])[5] >= 2 and J in sample.hands[1]
        assert 10 in sample.hands[3]
        assert [len(h) for h in sample.hands] == [5, 5, 3, 2]
        assert sample.invariants() == []
    check_determinization(state.game, state, 0, Rng(1))
    check_view_hides(state, 0, Rng(2))


def test_a_card_drawn_from_the_pile_is_seen_by_its_drawer_only():
    state = position(hands=[[7, 1], [1], [1]], display=[8, 9, 10, 11, 12, 13], pile_top=[4])
    state.apply(Play(7, 1, 0))
    state.apply(DRAW_PILE)
    assert state.view(1).hands[0].known == () and state.view(1).hands[0].size == 2
    assert state.view(0).hands[0].cards == (1, 4)
