"""Simultaneous decisions, through Goofspiel: secret choices, any arrival order, one record."""

import json

import pytest
from goofspiel_game import Bid, BidCard, Goofspiel

from meeple import IllegalAction, Rng
from meeple.records import make_record, record_to_data
from meeple.serialization import state_from_data, state_to_data, view_from_data, view_to_data
from meeple.testing import check_game


def fresh(players=3, cards=5, seed=1):
    return Goofspiel(players, {"cards": cards}).new_state(seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_goofspiel_conforms(players):
    report = check_game(Goofspiel(players, {"cards": 4}), games=5, seed=players)
    assert report.simultaneous == 5 * 4
    assert players == 2 or report.choices_replaced > 0


def test_every_seat_owes_the_bid_and_the_lowest_waiting_seat_is_current():
    state = fresh()
    assert state.owing() == (0, 1, 2) and state.current_player == 0
    state.apply(BidCard(4), 0)
    assert state.owing() == (1, 2) and state.current_player == 1
    state.apply(BidCard(4), 2)
    assert state.owing() == (1,) and state.current_player == 1 and state.chosen == (0, 2)


def test_highest_unique_bid_wins_the_prize():
    state = fresh()
    prize = state.prize.top
    for seat, card in ((0, 5), (1, 5), (2, 3)):
        state.apply(BidCard(card), seat)
    assert list(state.won[2]) == [prize] and not len(state.won[0]) and not len(state.won[1])
    assert 3 not in state.hands[2] and list(state.spent[0]) == [5]


def test_no_unique_bid_discards_the_prize():
    state = fresh(players=2)
    prize = state.prize.top
    state.apply(BidCard(2), 1)
    state.apply(BidCard(2), 0)
    assert list(state.discard) == [prize] and not any(len(pile) for pile in state.won)


def test_a_bid_stays_secret_until_every_seat_has_bid():
    state = fresh()
    state.apply(BidCard(5), 1)
    mine, theirs = state.view(1), state.view(0)
    assert mine.choice == BidCard(5) and mine.chosen == (1,)
    assert theirs.choice is None and theirs.choices == () and theirs.chosen == (1,)
    assert 5 in state.hands[1]  # the card leaves the hand only when the bids are revealed
    assert "card" not in json.dumps(view_to_data(Goofspiel, theirs)["choices"])
    assert state.view(None).choices == ((1, BidCard(5)),)


def test_choices_in_any_order_give_the_same_state_and_record():
    bids = {0: BidCard(2), 1: BidCard(5), 2: BidCard(1)}
    finals, records = [], []
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        state = fresh()
        recorded = []
        for seat in order:
            recorded.extend(state.apply(bids[seat], seat))
        finals.append(state.fingerprint())
        records.append(recorded)
    assert len(set(finals)) == 1
    assert records == [[bids[0], bids[1], bids[2]]] * 3  # seat order, whatever the arrival order


def test_a_seat_cannot_bid_twice_nor_bid_a_card_it_spent():
    state = fresh()
    state.apply(BidCard(3), 0)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="seat 0 has already chosen"):
        state.apply(BidCard(4), 0)
    with pytest.raises(IllegalAction, match="seat 1 has no 9 left to bid"):
        state.apply(BidCard(9), 1)
    with pytest.raises(IllegalAction, match="seat 5 has nothing to decide"):
        state.apply(BidCard(1), 5)
    assert state.fingerprint() == before


def test_legal_actions_are_per_seat_and_empty_for_a_seat_that_chose():
    state = fresh()
    state.apply(BidCard(3), 1)
    assert state.legal_actions(1) == ()
    assert state.legal_actions(2) == tuple(BidCard(c) for c in range(1, 6))
    assert state.legal_actions() == state.legal_actions(0)


def test_pending_choices_survive_json_and_a_forged_choice_is_refused():
    state = fresh()
    state.apply(BidCard(3), 2)
    data = json.loads(json.dumps(state_to_data(state)))
    assert data["choices"] == [[2, {"type": "bid_card", "card": 3}]]
    again = state_from_data(Goofspiel, data)
    assert again.fingerprint() == state.fingerprint() and again.owing() == (0, 1)
    view = state.view(2)
    assert view_from_data(Goofspiel, json.loads(json.dumps(view_to_data(Goofspiel, view)))) == view
    data["choices"] = [[2, {"type": "bid_card", "card": 9}]]
    with pytest.raises(Exception, match="not a legal choice"):
        state_from_data(Goofspiel, data)


def test_no_choices_key_while_no_simultaneous_choice_is_pending():
    state = fresh()
    assert "choices" not in state_to_data(state)
    assert "chosen" not in view_to_data(Goofspiel, state.view(0))


def test_determinization_keeps_the_searchers_bid_and_drops_the_others():
    game = Goofspiel(3, {"cards": 5})
    state = game.new_state(4)
    state.apply(BidCard(2), 0)
    state.apply(BidCard(5), 2)
    sample = game.determinize(state.view(2), Rng(9))
    assert sample.chosen == (2,) and sample.pending_choice(2) == BidCard(5)
    assert sample.pending_choice(0) is None and sample.owing() == (0, 1)


def test_withdrawn_choices_make_the_state_a_replay_of_the_record_reaches():
    """A host that takes choices in any order and stops mid-decision (a forfeit) records only
    what `apply` returned; withdrawing the rest makes the final state the replayed one."""
    game = Goofspiel(3, {"cards": 3})
    state = game.new_state(7)
    recorded = []
    for seat in (0, 1, 2):
        recorded.extend(state.apply(BidCard(1), seat))
    recorded.extend(state.apply(BidCard(2), 2))
    state.withdraw_choices()
    replayed = game.new_state(7)
    for action in recorded:
        replayed.apply(action)
    assert replayed.fingerprint() == state.fingerprint() and state.owing() == (0, 1, 2)


def test_a_record_of_choices_in_seat_order_replays():
    game = Goofspiel(3, {"cards": 3})
    state = game.new_state(3)
    actions = []
    rng = Rng(5)
    while not state.is_terminal:
        for seat in reversed(state.owing()):  # any order: here the highest seat first
            legal = state.legal_actions(seat)
            actions.extend(state.apply(legal[rng.below(len(legal))], seat))
    record = make_record(state, 3, actions, ("a", "b", "c"), "test")
    assert json.loads(json.dumps(record_to_data(Goofspiel, record)))["actions"][0]["type"] == "bid_card"
    replayed = game.new_state(3)
    for action in actions:
        replayed.apply(action)
    assert replayed.fingerprint() == record.final_fingerprint and replayed.scores() == state.scores()


def test_a_simultaneous_frame_has_no_single_player_and_sorted_seats():
    frame = Bid((2, 0, 1))
    assert frame.players == (0, 1, 2) and frame.player is None and frame.seats() == (0, 1, 2)
    with pytest.raises(ValueError, match="distinct seats"):
        Bid((1, 1))
    with pytest.raises(ValueError, match="distinct seats"):
        Bid(())
