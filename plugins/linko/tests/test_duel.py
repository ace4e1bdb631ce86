"""Scenario tests for the Duel (rules D1–D8), each from a hand-built position or a fresh deal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import Display, KeyedPiles, Pile, Rng
from meeple.testing import check_determinization, check_view_hides
from meeple_linko import Linko
from meeple_linko.actions import (DECLINE, DRAW_PILE, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN,
                                  DrawDisplay, Play, TakeGhost)
from meeple_linko.decisions import ChooseGhostPile, DrawCards, NoStealDraw, PlayCards, TakeOrLeave
from meeple_linko.ghost import eligible_piles, fill_ghost_zone

from linko_positions import J, hand_of, known_of, position

#: A full Ghost Zone (13 cards): three 1s and two each of 2, 4, 7, 9 and 10.
GHOST = {1: 3, 2: 2, 4: 2, 7: 2, 9: 2, 10: 2}
DISPLAY = [3, 10, 2, 11, 12, 2]


def duel(options=None, **kwargs):
    kwargs.setdefault("ghost", GHOST)
    kwargs.setdefault("display", DISPLAY)
    return position(2, options, **kwargs)


def apply_all(state, *actions):
    for action in actions:
        state.apply(action)
    assert state.invariants() == []
    return state


# -- D1–D2: setup -------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_D1_each_player_gets_two_open_jokers_and_eleven_cards(seed):
    state = Linko(2).new_state(seed)
    assert [len(h) for h in state.hands] == [13, 13]
    assert [sorted(h.known_cards()) for h in state.hands] == [[J, J], [J, J]]
    assert known_of(state, 0, 1) == (J, J)
    assert len(state.ghost) == 13
    diverted = sum(len(s) - 1 for s in state.display) + len(state.removed)
    assert len(state.draw_pile) == 109 - 4 - 22 - 6 - 13 - diverted
    assert state.invariants() == []


def test_D1_the_duel_is_the_default_for_two_players():
    assert Linko(2).duel and not Linko(2, {"two_player": "classic"}).duel and not Linko(3).duel


@pytest.mark.parametrize("seed", range(20))
def test_D2_the_ghost_zone_holds_only_1_to_12_piled_by_value(seed):
    state = Linko(2).new_state(seed)
    for value, cards in state.ghost.items():
        assert 1 <= value <= 12 and set(cards) == {value}
    for slot in state.display:
        assert len(slot) == 1 or (len(slot) == 2 and slot[1] >= 13)


def test_D2_13s_and_jokers_go_onto_the_lowest_single_slot_leftmost_first():
    display = Display(6, [(J,), (5,), (13,), (2,), (9,), (2,)])
    ghost, removed = KeyedPiles([(4, [4] * 10)]), Pile()
    pile = Pile([6, 6, 6, 13, 13, J, 13, 13, 13, 7])  # revealed from the end: 7 first
    fill_ghost_zone(ghost, pile, display, removed)
    # 7 → ghost; 13 → leftmost 2; 13 → other 2; 13 → the 5; J → the 9; 13 → the 13; 13 → the
    # lone joker (14); then 6, 6 fill the zone to 13, and the last 6 stays in the pile.
    assert list(display) == [(J, 13), (5, 13), (13, 13), (2, 13), (9, J), (2, 13)]
    assert ghost.pile(7) == (7,) and ghost.pile(6) == (6, 6) and len(ghost) == 13
    assert list(pile) == [6] and list(removed) == []


def test_D2_a_13_or_joker_with_no_single_slot_is_removed_from_the_game():
    display = Display(6, [(1, 13), (2, J), (), (4, 13), (5, 13), (6, 13)])
    ghost, removed = KeyedPiles([(4, [4] * 11)]), Pile()
    pile = Pile([8, J, 13, 3])
    fill_ghost_zone(ghost, pile, display, removed)
    assert list(removed) == [13, J]  # an empty slot does not take one either
    assert ghost.pile(3) == (3,) and ghost.pile(8) == (8,) and len(pile) == 0


def test_D2_refilling_stops_when_the_pile_runs_out():
    display = Display(6, [(1,), (2,), (3,), (4,), (5,), (6,)])
    ghost, removed = KeyedPiles([(4, [4] * 5)]), Pile()
    pile = Pile([13, 8])
    fill_ghost_zone(ghost, pile, display, removed)
    assert len(ghost) == 6 and len(pile) == 0 and display[0] == (1, 13)


# -- D3: groups ----------------------------------------------------------------------------------

def test_D3_a_group_counts_as_one_card_in_a_victims_draw():
    state = duel(hands=[[6, 6, 8], [1]], tableaux=[[], [[3, 3]]],
                 display=[(2, 13), 10, (4, J), 11, 12, 2], pile_top=[5, 6, 7], ghost={1: 3, 2: 1, 7: 5, 9: 4})
    apply_all(state, Play(6, 2, 0))
    assert state.pending == [TakeOrLeave(0, victim=1)]  # no ghost pile of 2 cards below 6
    apply_all(state, TAKE_STOLEN, DrawDisplay(0))
    assert state.pending == [DrawCards(1, left=1)]
    apply_all(state, DrawDisplay(2))
    assert hand_of(state, 1) == [1, 2, 4, 13, J]
    assert known_of(state, 1, 0) == (2, 4, 13, J)
    assert state.display[0] == (5,) and state.display[2] == (6,)  # one card per emptied slot
    assert state.pending == [PlayCards(1)]


def test_D3_a_group_counts_as_one_card_in_the_no_steal_draw():
    state = duel(hands=[[8, 1], [1]], display=[(2, 13), 10, 3, 11, 12, 2], pile_top=[5])
    apply_all(state, Play(8, 1, 0))
    assert state.pending == [NoStealDraw(0)]
    apply_all(state, DrawDisplay(0))
    assert hand_of(state, 0) == [1, 2, 13] and state.display[0] == (5,)
    assert state.pending == [PlayCards(1)]


# -- D4–D6: the ghost steal ------------------------------------------------------------------------

def test_D4_eligible_piles_have_the_played_size_and_a_lower_value():
    state = duel(hands=[[6, 6, 9], [1]])
    apply_all(state, Play(6, 2, 0))
    assert state.pending == [ChooseGhostPile(0)]
    assert state.legal_actions() == (TakeGhost(2), TakeGhost(4))  # not 7 (higher), not 1 (3 cards)


@given(st.dictionaries(st.integers(1, 12), st.integers(1, 8)), st.integers(1, 8), st.integers(1, J))
def test_D4_eligible_piles_are_every_pile_of_the_size_below_the_value(sizes, size, value):
    piles = KeyedPiles([(key, [key] * n) for key, n in sizes.items()])
    expected = [key for key in sorted(sizes) if sizes[key] == size and key < value]
    assert eligible_piles(piles.items(), size, value) == expected
    assert eligible_piles(piles.view(None).piles, size, value) == expected


def test_D4_the_chosen_pile_goes_whole_into_hand_and_the_zone_refills_without_a_draw():
    state = duel(hands=[[6, 6, 9], [1]], pile_top=[8, 13, 9, 10])
    apply_all(state, Play(6, 2, 0), TakeGhost(4))
    assert hand_of(state, 0) == [4, 4, 9]
    assert known_of(state, 0, 1) == (4, 4)
    assert hand_of(state, 1) == [1]  # no one draws to replace it
    assert state.ghost.pile(4) == () and state.ghost.pile(8) == (8,) and state.ghost.pile(9) == (9, 9, 9)
    assert len(state.ghost) == 13
    assert state.display[2] == (2, 13)  # the diverted 13 joined the lowest, leftmost slot
    assert list(state.draw_pile)[-1] == 10


def test_D4_a_jokers_only_play_can_take_any_pile_of_its_size():
    state = duel(hands=[[J, J, 5], [1]])
    apply_all(state, Play(J, 0, 2))
    assert state.legal_actions() == (TakeGhost(2), TakeGhost(4), TakeGhost(7), TakeGhost(9),
                                     TakeGhost(10))


def test_D4_no_ghost_steal_when_no_pile_is_eligible():
    state = duel(hands=[[1, 1, 1, 5], [1]], options={"variant": "advanced"})
    apply_all(state, Play(1, 3, 0))  # the 3-card pile of 1s is not lower
    assert state.pending == [PlayCards(1)]


def test_D4_no_ghost_steal_when_the_play_empties_the_hand():
    state = duel(hands=[[6, 6], [1]])
    apply_all(state, Play(6, 2, 0))
    assert state.is_terminal and state.ended == "hand_empty"
    assert state.ghost.pile(2) == (2, 2)


def test_D5_the_ghost_comes_first_then_the_rival():
    state = duel(hands=[[6, 6, 9], [1]], tableaux=[[], [[5, 5]]], pile_top=[8, 10])
    apply_all(state, Play(6, 2, 0))
    assert state.pending == [ChooseGhostPile(0)] and state.tableaux[1].top == (5, 5)
    apply_all(state, TakeGhost(2))
    assert state.pending == [TakeOrLeave(0, victim=1)]
    apply_all(state, LEAVE_STOLEN, TAKE_BACK)
    assert hand_of(state, 1) == [1, 5, 5] and state.pending == [PlayCards(1)]


def test_D2_the_refill_after_a_ghost_steal_reveals_what_the_pile_has_left():
    """The steal takes 2 cards but the pile holds one: the zone ends at 12, the pile empty."""
    state = duel(hands=[[6, 6, 9], [1]], pile_top=[8], rest="discard", options={"variant": "advanced"})
    apply_all(state, Play(6, 2, 0), TakeGhost(2))
    assert state.ghost.pile(8) == (8,) and len(state.ghost) == 12 and len(state.draw_pile) == 0


def test_D6_a_refill_never_creates_a_second_ghost_steal():
    """The refill makes the pile of 5s two cards high (eligible for two 6s) but the turn's ghost
    steal is spent."""
    state = duel(hands=[[6, 6, 9], [1]], pile_top=[5, 13, 5], options={"variant": "advanced"})
    apply_all(state, Play(6, 2, 0), TakeGhost(4))
    assert state.ghost.pile(5) == (5, 5)
    assert state.pending == [PlayCards(1)]


# -- D7: the no-steal draw in the Duel -------------------------------------------------------------

@pytest.mark.parametrize("blocks, offered", [(True, False), (False, True)])
def test_D7_a_ghost_steal_blocks_the_no_steal_draw_unless_the_option_says_not(blocks, offered):
    state = duel(hands=[[6, 6, 9], [1]], pile_top=[8, 10],
                 options={"ghost_steal_blocks_draw": blocks})
    apply_all(state, Play(6, 2, 0), TakeGhost(2))
    assert (state.pending == [NoStealDraw(0)]) is offered


def test_D7_a_rival_steal_always_blocks_the_no_steal_draw():
    state = duel(hands=[[6, 6, 9], [1]], tableaux=[[], [[5, 5]]], pile_top=[8, 10],
                 options={"ghost_steal_blocks_draw": False})
    apply_all(state, Play(6, 2, 0), TakeGhost(2), TAKE_STOLEN, DRAW_PILE, DRAW_PILE)
    assert state.pending == [PlayCards(1)]


def test_D7_no_draw_at_all_in_advanced_duel():
    state = duel(hands=[[8, 9], [1]], options={"variant": "advanced", "ghost_steal_blocks_draw": False})
    apply_all(state, Play(8, 1, 0))
    assert state.pending == [PlayCards(1)]


# -- D8: end and scoring ---------------------------------------------------------------------------

def test_D8_taking_the_last_group_empties_the_display_and_ends_the_game():
    state = duel(hands=[[8, 1], [1]], display=[(), (), (3, J), (), (), ()], rest="discard",
                 ghost={1: 3, 2: 2})
    apply_all(state, Play(8, 1, 0))
    assert state.legal_actions() == (DECLINE, DrawDisplay(2))
    apply_all(state, DrawDisplay(2))
    assert state.is_terminal and state.ended == "supply_exhausted"
    assert state.scores() == (1 - 3, -1)
    assert state.winners() == (1,)


def test_D8_a_ghost_refill_that_empties_the_pile_does_not_end_the_game():
    state = duel(hands=[[6, 6, 9], [1]], pile_top=[8], rest="discard")
    apply_all(state, Play(6, 2, 0), TakeGhost(2))
    assert len(state.draw_pile) == 0 and len(state.ghost) == 12
    assert state.pending == [PlayCards(1)]  # ghost steal blocks the draw; the game goes on


# -- views ---------------------------------------------------------------------------------------------

def test_duel_views_show_the_ghost_zone_groups_and_removed_cards():
    state = duel(hands=[[6, 6, 9], [1]], display=[(2, 13), 10, (4, J), 11, 12, 2], removed=[13])
    view = state.view(1)
    assert view.ghost.piles == tuple((v, (v,) * n) for v, n in sorted(GHOST.items()))
    assert view.display.slots[0] == (2, 13) and view.removed.cards == (13,)
    check_view_hides(state, 1, Rng(3))
    sample = check_determinization(state.game, state, 1, Rng(4))
    assert sample.ghost == state.ghost and sample.display == state.display


def test_duel_render_shows_the_ghost_zone():
    from meeple_linko.render import render

    state = duel(hands=[[6, 6, 9], [1]], display=[(2, 13), 10, (4, J), 11, 12, 2])
    text = render(state.view(0))
    assert "display: [2+13] [10] [4+J]" in text
    assert "ghost zone, 13 cards (piles as count×value): 3×1  2×2  2×4  2×7" in text
