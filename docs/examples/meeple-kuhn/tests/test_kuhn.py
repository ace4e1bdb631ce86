"""Kuhn poker's tests: the conformance kit, exact values by enumerating deals, one test per rule."""

from fractions import Fraction

import pytest

from meeple import IllegalAction, Rng
from meeple.testing import check_game, exact_scores
from meeple_kuhn.game import BET, PASS, Kuhn
from meeple_kuhn.nash import NashBot, bet_probability

JACK, QUEEN, KING = 0, 1, 2


def hand(deal, *actions):
    state = Kuhn(2).setup_with(deal, Rng(0))
    for action in actions:
        state.apply(action)
    return state


def test_conformance():
    report = check_game(Kuhn(2), games=40, seed=1, strict_fields=True)
    assert report.games == 40 and report.longest <= 3
    assert report.deals_compared and report.actions_compared and report.hiding_views


def test_six_deals_each_one_sixth_in_openspiel_order():
    outcomes = Kuhn(2).deal_outcomes()
    assert [deal for deal, _ in outcomes] == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)


def test_setup_draws_every_deal_from_the_seed():
    seen = {tuple(h[0] for h in Kuhn(2).new_state(seed).hands) for seed in range(60)}
    assert len(seen) == 6


@pytest.mark.parametrize("deal", [(0, 0), (0, 3), (1,), [0, 1], "01"])
def test_a_deal_is_two_different_cards(deal):
    with pytest.raises(ValueError, match="two different cards"):
        Kuhn(2).setup_with(deal, Rng(0))


def test_exact_random_play_value_is_one_eighth_for_seat_0():
    assert exact_scores(Kuhn(2)) == (Fraction(1, 8), Fraction(-1, 8))


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 6), Fraction(1, 3)])
def test_the_equilibrium_is_worth_minus_one_eighteenth_to_seat_0_for_every_alpha(alpha):
    def nash(state, seat, legal):
        bet = Fraction(bet_probability(seat, state.hands[seat][0], state.pot, alpha)).limit_denominator(9)
        return [1 - bet, bet]

    assert exact_scores(Kuhn(2), nash) == (Fraction(-1, 18), Fraction(1, 18))


def test_check_check_higher_card_takes_the_antes():
    state = hand((KING, JACK), PASS, PASS)
    assert state.scores() == (1, -1) and state.winners() == (0,)


def test_bet_fold_bettor_takes_the_pot_and_no_card_is_shown():
    state = hand((JACK, KING), BET, PASS)
    assert state.scores() == (1, -1) and state.folded == 1
    assert state.view(1).hands[0].cards is None and state.view(1).hands[0].known == ()


def test_check_bet_call_is_a_showdown_for_two_chips_both_cards_shown():
    state = hand((QUEEN, KING), PASS, BET, BET)
    assert state.scores() == (-2, 2) and state.winners() == (1,)
    assert state.view(0).hands[1].known == (KING,) and state.view(1).hands[0].known == (QUEEN,)


def test_check_bet_fold_loses_the_ante():
    assert hand((KING, JACK), PASS, BET, PASS).scores() == (-1, 1)


def test_the_opponents_card_is_hidden_before_the_showdown():
    state = hand((QUEEN, KING), PASS, BET)
    assert state.view(0).hands[1].cards is None and state.view(0).hands[0].cards == (QUEEN,)


def test_the_hand_is_over_after_a_call_and_no_action_is_legal():
    state = hand((QUEEN, KING), BET, BET)
    with pytest.raises(IllegalAction):
        state.apply(PASS)


def test_moves_are_worded_as_a_poker_player_says_them():
    state = hand((QUEEN, KING))
    assert [state.describe(a) for a in state.legal_actions()] == ["check", "bet"]
    state.apply(BET)
    assert [state.describe(a) for a in state.legal_actions()] == ["fold", "call"]


def test_the_nash_bot_never_bluffs_with_alpha_zero_and_always_calls_with_the_king():
    game = Kuhn(2)
    bot = NashBot(game, 0, {"alpha": 0.0, "seed": 5})
    for seed in range(20):
        state = game.setup_with((JACK, QUEEN), Rng(seed))
        assert bot.act(state.view(0), state.legal_actions()) == PASS
    caller = NashBot(game, 1, {"alpha": 0.0, "seed": 5})
    state = hand((QUEEN, KING), BET)
    assert all(caller.act(state.view(1), state.legal_actions()) == BET for _ in range(20))
