"""The state contract: pending decisions, validation, atomic rejection, clones, views, samples."""

import pytest
from market_game import DrawBlind, MarketGame, PlayCard, TakeMarket

from meeple import IllegalAction, Rng
from meeple.testing import check_determinization, check_view_hides


@pytest.fixture
def state():
    return MarketGame(3).new_state(11)


def test_the_top_decision_says_who_acts(state):
    assert state.current_player == 0 and state.decision.tag == "turn"
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1 and state.moves == 1


def test_legal_actions_are_deterministic(state):
    assert state.legal_actions() == MarketGame(3).new_state(11).legal_actions()


def test_illegal_action_raises_with_a_reason_and_changes_nothing(state):
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="not legal now: seat 0 is to turn"):
        state.apply(PlayCard(17))
    assert state.fingerprint() == before


def test_wrong_seat_is_rejected(state):
    with pytest.raises(IllegalAction, match="seat 2 has nothing to decide now: seat 0"):
        state.apply(state.legal_actions()[0], player=2)


def test_no_action_after_the_end():
    state = MarketGame(2, {"turns": 1}).new_state(1)
    state.apply(DrawBlind())
    assert state.is_terminal and state.legal_actions() == () and state.winners()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(DrawBlind())


def test_clones_are_independent(state):
    clone = state.clone()
    fingerprint = clone.fingerprint()
    state.apply(TakeMarket(0, 0))
    assert clone.fingerprint() == fingerprint and len(clone.hands[0]) == 3
    assert len(state.hands[0]) == 4


def test_same_seed_and_actions_give_the_same_game():
    a, b = MarketGame(2).new_state(5), MarketGame(2).new_state(5)
    chooser = Rng(1)
    while not a.is_terminal:
        action = a.legal_actions()[chooser.below(len(a.legal_actions()))]
        a.apply(action)
        b.apply(action)
    assert a.fingerprint() == b.fingerprint()


def test_view_shows_own_hand_hides_others_and_exposes_known_cards(state):
    state.apply(TakeMarket(1, 0))
    taken = state.hands[0][len(state.hands[0]) - 1]
    view = state.view(1)
    assert view.hands[1].cards is not None
    assert view.hands[0].cards is None and view.hands[0].size == 4
    assert view.hands[0].known == (taken,)
    assert view.pile.cards is None and view.pile.size == len(state.pile)
    assert "rng" not in view.field_names()


def test_view_does_not_change_when_hidden_cards_move(state):
    for seat in range(3):
        check_view_hides(state, seat, Rng(seat))


def test_determinized_sample_matches_the_view_and_uses_the_callers_rng(state):
    state.apply(TakeMarket(0, 0))
    sample = check_determinization(state.game, state, 1, Rng(3))
    assert sample.rng != state.rng
    again = state.game.determinize(state.view(1), Rng(3))
    assert again.fingerprint() == sample.fingerprint()


def test_determinization_keeps_known_cards_in_place():
    game = MarketGame(2, {"ordered": True})
    state = game.new_state(4)
    state.apply(TakeMarket(2, 1))
    known = state.hands[0][1]
    for seed in range(10):
        sample = game.determinize(state.view(1), Rng(seed))
        assert sample.hands[0][1] == known and sample.hands[0].is_known(1)
        assert list(sample.hands[1]) == list(state.hands[1])


def test_scores_and_winners(state):
    assert len(state.scores()) == 3 and state.winners() == ()
