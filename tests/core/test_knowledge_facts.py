"""Knowledge constraints (`meeple.knowledge`): facts the rules record about hidden cards are kept
in the state, shown to exactly the seats that know them, saved, and honoured by every sample."""

import json

import attrs
import pytest
from asking_game import Ask, AskingGame, Compare, Turn
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Hand, MeepleError, Pile, Rng, Visibility
from meeple.knowledge import CardAbove, CardBelow, CardIs, HoldsAtLeast, HoldsNone, Known, false_facts
from meeple.serialization import state_from_data, state_to_data, view_from_data, view_to_data
from meeple.testing import check_game


def position(hands, reserves, stock, players=3, **options):
    """A hand-built Asking position: seat 0 to act."""
    game = AskingGame(players, {"kinds": 4, **options})
    seats = range(players)
    return game.build_state(
        Rng(7), pending=[Turn(0)],
        hands=tuple(Hand(hands[s], owner=s, ordered=False) for s in seats),
        reserves=tuple(Pile(reserves[s], visibility=Visibility.OWNER, owner=s) for s in seats),
        stock=Pile(stock, visibility=Visibility.SECRET), books=Pile())


def go_fished():
    """Seat 0 asked seat 1 for a 2: go fish (seat 1 holds none), seat 0 drew a 4."""
    state = position([[2, 3], [1, 1, 3], [2, 3]], [[4], [1], [2]], [4, 4])
    state.apply(Ask(1, 2))
    return state


def test_go_fish_tells_every_seat_the_asked_seat_holds_none_and_the_asker_holds_one():
    state = go_fished()
    expected = (Known(HoldsNone("hands[1]", 2)), Known(HoldsAtLeast("hands[0]", 2)))
    assert state.facts == expected
    for seat in [None, 0, 1, 2]:
        assert state.view(seat).facts == expected


def test_a_comparison_is_known_to_the_two_seats_that_compared_and_shown_to_them_only():
    state = position([[2], [1], [3]], [[4], [1], [2]], [1, 2, 3, 3, 4, 4])
    state.apply(Compare(1))
    mine = (Known(CardBelow("reserves[1]", 0, 4), (0, 1)), Known(CardAbove("reserves[0]", 0, 1), (0, 1)))
    assert state.view(0).facts == mine and state.view(1).facts == mine
    assert state.view(2).facts == () and state.view(None).facts == mine


def test_the_same_fact_learned_again_is_kept_once_known_to_both_sets_of_seats():
    state = position([[2], [1], [3]], [[4], [1], [2]], [1, 2, 3, 3, 4, 4])
    state.learn(HoldsAtLeast("hands[0]", 2), by={1})
    state.learn(HoldsAtLeast("hands[0]", 2), by={2})
    assert state.facts == (Known(HoldsAtLeast("hands[0]", 2), (1, 2)),)
    state.learn(HoldsAtLeast("hands[0]", 2))
    assert state.facts == (Known(HoldsAtLeast("hands[0]", 2), None),)


def test_a_draw_nobody_saw_drops_what_was_known_about_the_drawers_hand():
    state = go_fished()
    state.cards_gained("hands[1]")
    assert state.facts == (Known(HoldsAtLeast("hands[0]", 2)),)
    state.cards_lost("hands[0]", [3])  # a 3 left: "at least one 2" still holds
    assert state.facts == (Known(HoldsAtLeast("hands[0]", 2)),)
    state.cards_lost("hands[0]", [2])
    assert state.facts == ()


def test_handing_over_every_card_of_a_kind_in_full_view_is_known_to_all():
    state = position([[1, 3], [1, 1, 3], [2, 3]], [[4], [2], [2]], [4, 4])
    state.apply(Ask(1, 1))  # seat 1 hands over both 1s: seat 0 completes a book of 1s
    assert Known(HoldsNone("hands[1]", 1)) in state.facts
    assert list(state.books) == [1, 1, 1]


def test_learning_a_false_fact_is_refused_and_changes_nothing():
    state = go_fished()
    before = state.fingerprint()
    with pytest.raises(MeepleError, match=r"^asking: cannot learn that hands\[2\] holds no 3: it is false$"):
        state.learn(HoldsNone("hands[2]", 3))
    with pytest.raises(MeepleError, match="which asking has not"):
        state.learn(HoldsNone("hand[2]", 3))
    with pytest.raises(MeepleError, match="known by seats 0..2"):
        state.learn(HoldsNone("hands[2]", 1), by={5})
    assert state.fingerprint() == before


def test_a_fact_about_a_position_in_an_unordered_hand_is_refused():
    state = go_fished()
    with pytest.raises(MeepleError, match="needs an ordered zone, and hands\\[1\\] is an unordered hand"):
        state.learn(CardIs("hands[1]", 0, 1))


def test_facts_are_saved_with_the_state_and_the_view_and_checked_when_read():
    state = go_fished()
    data = json.loads(json.dumps(state_to_data(state)))
    assert data["facts"] == [
        {"fact": {"type": "holds_none", "zone": "hands[1]", "kind": 2}, "seats": None},
        {"fact": {"type": "holds_at_least", "zone": "hands[0]", "kind": 2, "count": 1}, "seats": None}]
    again = state_from_data(AskingGame, data)
    assert again.facts == state.facts and again.fingerprint() == state.fingerprint()
    view = state.view(2)
    assert view_from_data(AskingGame, json.loads(json.dumps(view_to_data(AskingGame, view)))) == view
    data["facts"][0]["fact"]["kind"] = 3  # seat 1 holds a 3: a save cannot claim it holds none
    with pytest.raises(MeepleError, match=r"^bad state: asking: cannot learn that hands\[1\] holds no 3"):
        state_from_data(AskingGame, data)


def test_a_state_without_facts_keeps_the_json_it_always_had():
    state = AskingGame(3).new_state(1)
    assert "facts" not in state_to_data(state) and "facts" not in view_to_data(AskingGame, state.view(0))


def test_a_clone_keeps_the_facts_and_learning_on_it_leaves_the_original_alone():
    state = go_fished()
    clone = state.clone()
    clone.learn(HoldsNone("hands[2]", 1))
    assert len(clone.facts) == 3 and len(state.facts) == 2


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.sampled_from([0, 1, 2]))
def test_every_sample_honours_the_facts_its_seat_knows(seed, seat):
    state = go_fished()
    state.apply(Compare(2), 1)  # seats 1 and 2 compare reserves: a fact only they know
    sample = state.game.sampler(state.view(seat))(Rng(seed))
    assert false_facts(sample) == []
    assert sample.view(seat) == state.view(seat)
    assert 2 not in sample.hands[1] and 2 in sample.hands[0]


def test_a_sample_honours_holds_none_even_where_a_plain_deal_rarely_would():
    # Seat 0 knows seats 1 and 2 hold no 1, 2 or 3: every 1, 2 and 3 it cannot see is in the stock.
    state = position([[1], [4, 4], [4]], [[1], [2], [3]], [1, 2, 2, 3, 3])
    for seat in (1, 2):
        for kind in (1, 2, 3):
            state.learn(HoldsNone(f"hands[{seat}]", kind))
    sampler = state.game.sampler(state.view(0))
    for seed in range(20):
        sample = sampler(Rng(seed))
        assert list(sample.hands[1]) == [4, 4] and list(sample.hands[2]) == [4]


def test_contradictory_facts_are_one_clear_error():
    state = go_fished()
    view = attrs.evolve(state.view(2), facts=state.view(2).facts + (Known(HoldsAtLeast("hands[1]", 2, 1)),))
    with pytest.raises(MeepleError, match=r"^asking: seat 2 knows contradictory facts: no deal of its 9 unseen "
                                          r"cards makes them all true \(hands\[1\] holds no 2; "):
        state.game.sampler(view)


def test_card_kind_lets_facts_speak_of_ranks_of_distinct_cards():
    game = AskingGame(2, {"suited": True})
    state = game.new_state(4)
    holder = next(s for s in range(2) if any(c // 10 == 2 for c in state.hands[s]))
    state.learn(HoldsAtLeast(f"hands[{holder}]", 2))
    with pytest.raises(MeepleError, match="it is false"):
        state.learn(HoldsAtLeast(f"hands[{holder}]", 2, 9))
    for seed in range(10):
        sample = game.sampler(state.view(1 - holder))(Rng(seed))
        assert any(c // 10 == 2 for c in sample.hands[holder])


@pytest.mark.parametrize("players,suited", [(2, False), (3, True), (4, False)])
def test_the_asking_game_conforms(players, suited):
    report = check_game(AskingGame(players, {"suited": suited, "turns": 12}), games=4, seed=players)
    assert report.games == 4


def test_a_view_with_facts_matches_the_published_view_schema():
    from jsonschema import Draft202012Validator

    from meeple.protocol.schema import schema_registry

    state = go_fished()
    state.apply(Compare(2), 1)
    validator = Draft202012Validator({"$ref": "common.json#/$defs/view"}, registry=schema_registry())
    for seat in (None, 0, 1, 2):
        data = json.loads(json.dumps(view_to_data(AskingGame, state.view(seat))))
        assert data["facts"]
        assert not list(validator.iter_errors(data)), list(validator.iter_errors(data))


def test_contradictory_facts_about_one_card_are_one_clear_error_after_the_rejection_limit(monkeypatch):
    from meeple import determinize

    monkeypatch.setattr(determinize, "MOST_DEALS", 30)
    state = go_fished()
    view = attrs.evolve(state.view(0), facts=state.view(0).facts + (
        Known(CardAbove("reserves[2]", 0, 3)), Known(CardBelow("reserves[2]", 0, 2))))
    with pytest.raises(MeepleError, match=r"^asking: seat 0's view allows no sample that keeps what it knows \(the card "
                                          r"at reserves\[2\]\[0\] is above 3; the card at reserves\[2\]\[0\] is "
                                          r"below 2\) \(none in 30 deals of its 8 unseen cards\)$"):
        state.game.sampler(view)(Rng(0))


def test_forget_drops_the_facts_it_names_and_keeps_the_others():
    state = go_fished()
    state.learn(CardAbove("reserves[2]", 0, 1), by={1, 2})
    state.forget(types=(CardAbove,))
    assert [known.fact for known in state.facts] == [HoldsNone("hands[1]", 2), HoldsAtLeast("hands[0]", 2)]
    state.forget("hands[1]", kinds=[3])
    assert len(state.facts) == 2
    state.forget("hands[1]")
    assert [known.fact for known in state.facts] == [HoldsAtLeast("hands[0]", 2)]
