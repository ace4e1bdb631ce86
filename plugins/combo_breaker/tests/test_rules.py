"""Scenario tests, each from a hand-built position and named after the rule it checks."""

from __future__ import annotations

import pytest

from combo_positions import act, hand, position
from meeple import IllegalAction
from meeple_combo_breaker.actions import (InsertDrawn, PlayCombination, PlayDraw, PlayStop,
                                          TakeReserve)
from meeple_combo_breaker.cards import DRAW, STOP, X
from meeple_combo_breaker.combos import PAIR, SINGLE, STRAIGHT2, STRAIGHT3, TRIPLE, rank
from meeple_combo_breaker.decisions import Follow, Lead, PlaceDrawn
from meeple_combo_breaker.game import ComboBreaker
from meeple_combo_breaker.state import PLACING_A_DRAWN_CARD


def plays(state) -> set[PlayCombination]:
    return {a for a in state.legal_actions() if isinstance(a, PlayCombination)}


def best_rank(state) -> int:
    return [p.rank for p in state.trick_plays if p.rank is not None][-1]


# -- rules 1–3: setup, deal, first leader ----------------------------------------------------------

@pytest.mark.parametrize("players, dealt, pile", [(3, 10, 18), (4, 10, 6), (5, 7, 9)])
def test_rule_2_deal_hand_sizes_reserves_and_pile(players, dealt, pile):
    state = ComboBreaker(players).new_state(7)
    assert [len(h) for h in state.hands] == [dealt] * players
    assert all(r.width == 2 and len(r) == 2 for r in state.reserves)
    assert len(state.pile) == pile
    assert not state.invariants()


@pytest.mark.parametrize("tokens", [2, 3])
def test_rule_1_each_player_starts_with_the_tokens_option(tokens):
    state = ComboBreaker(4, {"tokens": tokens}).new_state(1)
    assert [state.tokens[s] for s in range(4)] == [tokens] * 4


def test_rule_3_round_one_is_led_by_the_dealers_left_neighbour():
    for seed in range(5):
        state = ComboBreaker(3).new_state(seed)
        assert state.decision == Lead(1)
        assert state.trick_seats == (1, 2, 0)


def test_rule_2_the_hand_keeps_the_order_dealt_and_cards_stay_in_place():
    state = position([[1], [3, 9, 4, 7], [2], [5]], leader=1, reserves={2: [6, 6]})
    act(state, PlayCombination(1, 1, ()))  # the 9 leaves; the others close the gap in order
    assert hand(state, 1) == [3, 4, 7]


# -- rule 4: combinations ----------------------------------------------------------------------

def test_rule_4_combination_types_rank_single_straight2_pair_straight3_triple():
    assert rank(SINGLE, 12) < rank(STRAIGHT2, 2) < rank(STRAIGHT2, 12) < rank(PAIR, 1)
    assert rank(PAIR, 12) < rank(STRAIGHT3, 3) < rank(STRAIGHT3, 12) < rank(TRIPLE, 1)


def test_rule_4_combinations_are_contiguous_and_in_any_internal_order():
    state = position([[1], [8, 10, 9, 5, 2, 5], [2], [4]], leader=1)
    legal = plays(state)
    assert PlayCombination(0, 3, ()) in legal  # 8-10-9 is a straight of three
    assert not any(a.count == 2 and a.start in (3, 4) for a in legal)  # 5 2 5: the 5s are apart


def test_rule_4_the_gap_closes_so_adjacency_changes():
    state = position([[1, 1], [5, 9, 5], [2, 2], [4, 4]], leader=1,
                     reserves={0: [6, 6], 2: [3, 3], 3: [7, 7]})
    assert PlayCombination(0, 2, ()) not in plays(state)
    act(state, PlayCombination(1, 1, ()), TakeReserve(0, 0), TakeReserve(0, 0), TakeReserve(0, 0))
    assert state.decision == Lead(1) and hand(state, 1) == [5, 5]
    assert PlayCombination(0, 2, ()) in plays(state)  # now a pair of 5s


def test_rule_4_x_takes_any_value_declared_when_played():
    state = position([[1], [X], [2], [4]], leader=1)
    assert plays(state) == {PlayCombination(0, 1, (v,)) for v in range(1, 13)}
    state = position([[1], [5, X], [2], [4]], leader=1, reserves={2: [6, 6]})
    pairs = {a for a in plays(state) if a.count == 2}
    assert pairs == {PlayCombination(0, 2, (4,)), PlayCombination(0, 2, (6,)), PlayCombination(0, 2, (5,))}
    act(state, PlayCombination(0, 2, (6,)))
    assert best_rank(state) == rank(STRAIGHT2, 6)
    assert state.trick_plays[-1].wilds == (6,)


def test_rule_4_no_wrap_around_between_12_and_1():
    state = position([[1], [12, 1, X], [2], [4]], leader=1)
    assert not any(a.start == 0 and a.count >= 2 for a in plays(state))  # 12-1 and 12-1-X form nothing
    assert {a.wilds for a in plays(state) if a.start == 1 and a.count == 2} == {(1,), (2,)}  # 1-X: pair, 1-2


@pytest.mark.parametrize("double_wild", [True, False])
def test_rule_4_both_x_cards_only_with_double_wild(double_wild):
    state = position([[1], [X, X, 7], [2], [4]], leader=1, options={"double_wild": double_wild})
    both = {a for a in plays(state) if a.start == 0 and a.count >= 2}
    if double_wild:
        assert PlayCombination(0, 3, (7, 7)) in both  # a triple of 7s
        assert PlayCombination(0, 2, (12, 12)) in both
    else:
        assert both == set()
    assert PlayCombination(1, 2, (7,)) in plays(state)  # one X is always allowed


def test_rule_4_stop_and_draw_are_never_part_of_a_combination():
    state = position([[1], [5, STOP, 6, DRAW, 7], [2], [4]], leader=1)
    assert all(a.count == 1 for a in plays(state))
    assert {PlayStop(1), PlayDraw(3)} <= set(state.legal_actions())
    with pytest.raises(IllegalAction, match="never part of a combination"):
        state.apply(PlayCombination(0, 3, ()))


def test_rule_5a_equal_combination_does_not_beat_higher_type_does():
    state = position([[7, 7], [7, 7, 8, 8, 1, 2, 3], [2], [4]], leader=0, reserves={1: [5, 5]})
    act(state, PlayCombination(0, 2, ()))  # pair of 7s
    legal = plays(state)
    assert PlayCombination(0, 2, ()) not in legal  # pair of 7s ties: not strictly greater
    assert PlayCombination(2, 2, ()) in legal  # pair of 8s
    assert PlayCombination(4, 3, ()) in legal  # a straight of three beats any pair
    assert PlayCombination(1, 2, ()) not in legal  # 7-8, a straight of two, is a lower type
    with pytest.raises(IllegalAction, match="does not beat"):
        state.apply(PlayCombination(0, 2, ()))


# -- rule 5: the trick ----------------------------------------------------------------------------

def test_rule_5_the_leader_cannot_take_a_reserve_card():
    state = position([[1], [4, 9], [2], [4]], leader=1, reserves={1: [3, 3]})
    assert not any(isinstance(a, TakeReserve) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="leader"):
        state.apply(TakeReserve(0, 0))


def test_rule_5d_a_reserve_card_may_be_taken_even_when_the_player_could_beat():
    state = position([[1], [4], [12, 3], [5]], leader=1, reserves={2: [8, None]})
    act(state, PlayCombination(0, 1, ()))
    legal = state.legal_actions()
    assert PlayCombination(0, 1, ()) in legal  # the 12 beats
    assert [a for a in legal if isinstance(a, TakeReserve)] == [TakeReserve(0, p) for p in range(3)]
    act(state, TakeReserve(0, 1))
    assert hand(state, 2) == [12, 8, 3]
    assert state.hands[2].is_known(1) and not state.hands[2].is_known(0)
    assert state.reserves[2].is_empty()


def test_rule_5_sheet_example_8_then_12_then_4_5_then_5_6():
    """Javier (seat 1) plays an 8, Dana a 12, Ana a straight of 5 and 4, Kali of 5 and 6."""
    kali, javier, dana, ana = 0, 1, 2, 3
    state = position([[6, 5, 2, 7], [3, 8, 1, 10], [12, 5, 2], [9, 5, 4, 11]], leader=javier)
    act(state, PlayCombination(1, 1, ()))  # Javier's 8
    assert state.decision == Follow(dana)
    act(state, PlayCombination(0, 1, ()))  # Dana's 12
    assert state.decision == Follow(ana)
    assert PlayCombination(0, 1, ()) not in plays(state)  # Ana's 9 no longer beats a 12
    act(state, PlayCombination(1, 2, ()))  # Ana's 5-4: any straight of two beats a single
    assert best_rank(state) == rank(STRAIGHT2, 5)
    assert PlayCombination(3, 1, ()) not in plays(state)  # Kali's 7 cannot beat a straight
    act(state, PlayCombination(0, 2, ()))  # Kali's 6-5: higher than 5-4
    assert state.trick_plays == () and state.decision == Lead(kali)
    assert list(state.discard)[-6:] == [8, 12, 5, 4, 6, 5]


def test_rule_5d_sheet_example_pair_of_11s_straight_6_7_8_and_two_reserve_takes():
    """Kali plays a pair of 11s, Javier a straight 6-7-8; Dana cannot beat and puts her reserve 7
    next to her 6; Ana cannot beat either and takes the 12 from her reserve."""
    kali, javier, dana, ana = 0, 1, 2, 3
    state = position([[11, 11, 3], [2, 6, 7, 8], [1, 6, 12], [2, 4, 9]], leader=kali,
                     reserves={dana: [7, 5], ana: [3, 12]})
    act(state, PlayCombination(0, 2, ()), PlayCombination(1, 3, ()))
    assert best_rank(state) == rank(STRAIGHT3, 8)
    assert plays(state) == set()  # Dana cannot beat a straight of three
    act(state, TakeReserve(0, 2))  # the 7 goes right after her 6
    assert hand(state, dana) == [1, 6, 7, 12]
    assert state.view(ana).hands[dana].known == ((2, 7),)  # everyone saw where it went
    assert state.decision == Follow(ana) and plays(state) == set()
    act(state, TakeReserve(1, 3))
    assert hand(state, ana) == [2, 4, 9, 12]
    assert state.decision == Lead(javier)  # the best combination leads the next trick


# -- rule 6: Stop --------------------------------------------------------------------------------

def test_rule_6_stop_ends_the_trick_at_once_and_the_stop_player_leads():
    state = position([[1, 2], [5, 6], [STOP, 9], [4, 3]], leader=1)
    act(state, PlayCombination(0, 1, ()), PlayStop(0))
    assert state.decision == Lead(2)  # seats 3 and 0 never acted
    assert hand(state, 3) == [4, 3] and hand(state, 0) == [1, 2]
    assert state.trick_plays == ()


def test_rule_6_a_stop_that_was_the_last_card_passes_the_lead_to_the_right():
    state = position([[1, 2], [5, 6], [STOP], [4, 3]], leader=1)
    act(state, PlayCombination(0, 1, ()), PlayStop(0))
    assert state.decision == Lead(1)  # seat 2's right neighbour


def test_rule_7d_stop_fallback_skips_right_neighbours_without_cards():
    state = position([[1, 2], [5], [STOP], [4, 3]], leader=1)
    act(state, PlayCombination(0, 1, ()), PlayStop(0))  # seat 1 went out with the 5
    assert state.decision == Lead(0)


def test_rule_6_stop_may_lead_the_trick():
    state = position([[1, 2], [STOP, 6], [7], [4, 3]], leader=1)
    act(state, PlayStop(0))
    assert state.decision == Lead(1)


# -- rule 7: end of the trick ----------------------------------------------------------------------

def test_rule_7a_sheet_example_draw_card_makes_the_11_12_straight_draw_three():
    """Javier plays a 12, Dana 7-6, Ana 11-12, Kali a Draw card: Ana draws 3 and then leads."""
    kali, javier, dana, ana = 0, 1, 2, 3
    state = position([[DRAW, 1], [12, 3], [7, 6, 2], [11, 12, 5]], leader=javier, pile=[9, 1, 4, 8])
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 2, ()), PlayCombination(0, 2, ()),
        PlayDraw(0))
    assert state.decision == PlaceDrawn(ana, left=2)
    assert list(state.drawn[ana]) == [9]
    assert state.view(ana).drawn[ana].cards == (9,) and state.view(kali).drawn[ana].cards is None
    assert [a.position for a in state.legal_actions()] == [0, 1]  # Ana holds [5]
    act(state, InsertDrawn(0))
    assert state.decision == PlaceDrawn(ana, left=1) and list(state.drawn[ana]) == [1]
    act(state, InsertDrawn(2), InsertDrawn(1))
    assert hand(state, ana) == [9, 4, 5, 1]
    assert not any(state.hands[ana].is_known(i) for i in range(4))  # drawn cards stay secret
    assert list(state.pile) == [8]
    assert state.decision == Lead(ana)


def test_rule_7a_two_draw_cards_draw_six_and_a_short_pile_draws_what_remains():
    state = position([[DRAW, 1], [5, 3], [DRAW, 2], [1, 4]], leader=1, pile=[9, 10, 11, 12],
                     reserves={3: [6, 6]})
    act(state, PlayCombination(0, 1, ()), PlayDraw(0), TakeReserve(0, 0), PlayDraw(0))
    assert state.decision == PlaceDrawn(1, left=3)  # 6 owed, 4 in the pile
    act(state, *[InsertDrawn(0)] * 4)
    assert hand(state, 1) == [12, 11, 10, 9, 3]
    assert state.decision == Lead(1) and len(state.pile) == 0


def test_rule_7a_draw_led_trick_where_everyone_takes_a_reserve_the_leader_draws_and_leads():
    state = position([[1, 2], [DRAW], [4], [5, 6]], leader=1, pile=[7, 8, 9],
                     reserves={0: [3, 3], 2: [3, 3], 3: [10, 10]})
    act(state, PlayDraw(0))
    assert hand(state, 1) == []  # the Draw card was the leader's last card
    act(state, TakeReserve(0, 0), TakeReserve(0, 0), TakeReserve(0, 0))
    assert state.decision == PlaceDrawn(1, left=2)
    act(state, InsertDrawn(0), InsertDrawn(1), InsertDrawn(2))
    assert hand(state, 1) == [7, 8, 9]  # back in the round (rule 8)
    assert state.decision == Lead(1)


def test_rule_7d_the_drawer_leads_even_when_a_stop_ended_the_trick():
    state = position([[1, 2], [5, 3], [DRAW, 2], [STOP, 4]], leader=1, pile=[7, 8, 9])
    act(state, PlayCombination(0, 1, ()), PlayDraw(0), PlayStop(0))
    assert state.decision == PlaceDrawn(1, left=2)
    act(state, *[InsertDrawn(0)] * 3)
    assert state.decision == Lead(1)


def test_rule_7d_a_drawer_who_found_the_pile_empty_passes_the_lead_to_the_right():
    state = position([[1, 2], [DRAW], [4], [5, 6]], leader=1, pile=[],
                     reserves={0: [3, 3], 2: [3, 3], 3: [10, 10]})
    act(state, PlayDraw(0), TakeReserve(0, 0), TakeReserve(0, 0), TakeReserve(0, 0))
    assert state.decision == Lead(0)


def test_rule_7d_best_combination_out_of_cards_second_best_leads():
    state = position([[1, 2], [5, 3], [9], [4]], leader=1, reserves={0: [6, 6], 3: [6, 6]})
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()),  # seat 2 goes out with the 9
        TakeReserve(0, 0), TakeReserve(0, 0))
    assert state.decision == Lead(1)
    assert state.trick_seats == (1, 3, 0)  # seat 2 is out of the round (rule 8)


def test_rule_7d_no_combination_player_has_cards_the_right_of_the_best_leads():
    state = position([[1, 2], [5], [9], [4]], leader=1, reserves={0: [3, 3], 3: [3, 3]})
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()), TakeReserve(0, 0),
        TakeReserve(0, 0))
    assert state.decision == Lead(0)  # right of seat 2: seat 1 (out), then seat 0


def test_rule_7d_sheet_only_player_to_play_went_out_right_neighbour_leads():
    state = position([[1, 2], [5], [4], [3, 3]], leader=1,
                     reserves={0: [3, None], 2: [3, None], 3: [2, None]})
    act(state, PlayCombination(0, 1, ()), TakeReserve(0, 0), TakeReserve(0, 0), TakeReserve(0, 0))
    assert state.decision == Lead(0)


# -- rule 5 (stuck) and rules 7c, 8, 9: round end, tokens, game end ------------------------------

def test_rule_5_a_stuck_player_without_reserve_ends_the_round_and_pays():
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]})
    act(state, PlayCombination(0, 2, ()))
    # seat 2 cannot beat a pair of 12s, holds no Stop or Draw card and has no reserve: no action
    assert state.round_number == 2 and state.paid == (2,)
    assert [state.tokens[s] for s in range(4)] == [2, 2, 1, 2]
    assert state.decision == Lead(2)  # rule 3: the player who gave up the token leads
    assert [len(h) for h in state.hands] == [10] * 4
    assert not state.invariants()


def test_rule_5_a_stuck_player_with_a_stop_is_not_stuck():
    state = position([[1, 2], [12, 12], [3, STOP], [4, 6]], leader=1)
    act(state, PlayCombination(0, 2, ()))
    assert state.legal_actions() == (PlayStop(1),)


def test_rule_7c_the_last_player_holding_cards_pays():
    state = position([[1, 2], [5], [7], []], leader=1, reserves={0: [3, 3]})
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()), TakeReserve(0, 0))
    assert state.paid == (0,) and state.tokens[0] == 1
    assert state.decision == Lead(0) and state.round_number == 2


def test_rule_7c_everyone_out_all_pay_but_the_best_combination():
    state = position([[9], [5], [7]], leader=1)
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 1, ()), PlayCombination(0, 1, ()))
    assert state.paid == (1, 2)
    assert [state.tokens[s] for s in range(3)] == [2, 1, 1]
    assert state.decision == Lead(0)  # rule 3: several paid, the dealer leads


def test_rule_7c_everyone_out_without_combination_the_next_leader_is_exempt():
    # Seat 0 is already out; seat 1 leads its last card, a Draw; seat 2 stops with its last card;
    # the pile is empty, so nobody draws. The next leader under 7d (the drawer, seat 1) is exempt.
    state = position([[], [DRAW], [STOP]], leader=1, pile=[])
    assert state.trick_seats == (1, 2)
    act(state, PlayDraw(0), PlayStop(0))
    assert state.paid == (2,)
    assert [state.tokens[s] for s in range(3)] == [2, 2, 1]


def test_rule_3_new_round_single_payer_leads_several_payers_dealer_leads():
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]})
    act(state, PlayCombination(0, 2, ()))
    assert state.decision == Lead(2)
    state = position([[9], [1], [3], [5]], leader=1)
    act(state, *[PlayCombination(0, 1, ())] * 4)
    assert state.paid == (1, 2, 3) and state.decision == Lead(0)


def test_rule_9_last_token_may_be_given_up_and_play_goes_on():
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]},
                     tokens={2: 1})
    act(state, PlayCombination(0, 2, ()))
    assert state.tokens[2] == 0 and not state.is_terminal


def test_rule_9_a_player_who_must_pay_without_tokens_loses_and_everyone_else_wins():
    state = position([[1, 2], [12, 12], [3, 5], [4, 6]], leader=1, reserves={2: [None, None]},
                     tokens={2: 0})
    act(state, PlayCombination(0, 2, ()))
    assert state.is_terminal and state.legal_actions() == ()
    assert state.losers == (2,)
    assert state.winners() == (0, 1, 3)
    assert state.scores() == (2, 2, -1, 2)


def test_rule_9_game_end_with_several_losers_and_debtors_who_still_pay():
    state = position([[9], [5], [7], [8]], leader=1, tokens={0: 1, 1: 0, 2: 0, 3: 1})
    act(state, *[PlayCombination(0, 1, ())] * 4)  # 5, 7, 8, 9: everyone out, seat 0 best
    assert state.is_terminal
    assert state.losers == (1, 2)
    assert state.winners() == (0, 3)
    assert state.scores() == (1, -1, -1, 0)  # seat 3 still paid its token


def test_rule_7a_only_a_drawer_placing_a_drawn_card_may_act_outside_the_trick():
    """The state names that decision by tag (decisions.py builds on state.py, not back), so the
    tag must be the decision class's, or the invariant would check nothing."""
    assert PLACING_A_DRAWN_CARD == PlaceDrawn.tag
    state = position([[1, 2], [DRAW], [4], [5, 6]], leader=1, pile=[7, 8, 9],
                     reserves={0: [3, 3], 2: [3, 3], 3: [10, 10]})
    act(state, PlayDraw(0), TakeReserve(0, 0), TakeReserve(0, 0), TakeReserve(0, 0))
    assert state.decision == PlaceDrawn(1, left=2)
    state.trick_seats = (2, 3, 0)  # the drawer outside the trick's seats: still allowed
    assert state.invariants() == []
    state.pending[-1] = Follow(1)  # anyone else outside them: the invariant says so
    assert "seat 1 acts but was not in the trick" in state.invariants()


# -- explanations and descriptions -----------------------------------------------------------------

def test_illegal_actions_are_explained_and_change_nothing():
    state = position([[1], [12, 1, X], [2], [4]], leader=1)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="not a combination"):
        state.apply(PlayCombination(0, 2, ()))
    with pytest.raises(IllegalAction, match="no Stop"):
        state.apply(PlayStop(0))
    with pytest.raises(IllegalAction, match="no drawn card"):
        state.apply(InsertDrawn(0))
    with pytest.raises(IllegalAction):
        state.apply(PlayCombination(1, 2, (2,)), player=0)
    assert state.fingerprint() == before


def test_narration_names_the_cards_and_the_combination():
    state = position([[1], [8, 9, X], [2], [4]], leader=1)
    before, action = state.view(None), PlayCombination(0, 3, (10,))
    act(state, action)
    text = ComboBreaker.narrator.narrate(before, action, state.view(None))
    assert text.split("; ")[0] == "seat 1 plays 8 9 X=10 (straight of three to 10)"
