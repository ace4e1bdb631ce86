"""Per-seat knowledge of cards: a passed card is known to its giver, `reveal` shows cards in
place, views and determinization respect who knows what, and old JSON keeps its shape."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from passing_game import PassCard, PassingGame

from meeple import Hand, Rng, Visibility
from meeple.serialization import state_to_data, view_to_data
from meeple.testing import check_game, check_view_hides, permute_hidden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_passing_game_conforms(players):
    report = check_game(PassingGame(players, {"cards": 3}), games=4, seed=players)
    assert report.simultaneous == 4


def passed(players=3, seed=2):
    game = PassingGame(players)
    state = game.new_state(seed)
    gifts = {}
    for seat in reversed(range(players)):
        gifts[seat] = min(state.hands[seat])
        state.apply(PassCard(gifts[seat]), seat)
    return game, state, gifts


def test_a_passed_card_is_known_to_its_giver_and_nobody_else():
    _, state, gifts = passed()
    card = gifts[0]
    assert state.view(0).hands[1].known_to == ((card, (0,)),)
    assert state.view(2).hands[1].known_to == () and state.view(2).hands[1].known == ()
    assert state.view(1).hands[1].known_to == ((card, (0,)),)  # the owner sees who knows what
    assert state.view(1).hands[1].cards is not None


def test_a_seat_view_ignores_cards_it_does_not_know_but_keeps_those_it_knows():
    _, state, gifts = passed()
    rng = Rng(3)
    for seat in range(3):
        check_view_hides(state, seat, rng)
    shuffled = permute_hidden(state, 0, Rng(4))
    assert gifts[0] in shuffled.hands[1]  # seat 0 knows where its card went: it stays


def test_determinization_keeps_every_card_the_searcher_knows():
    game, state, gifts = passed(seed=5)
    for seed in range(5):
        sample = game.determinize(state.view(0), Rng(seed))
        assert gifts[0] in sample.hands[1] and sample.view(0) == state.view(0)


def test_reveal_to_everyone_or_to_some_seats_keeps_the_cards_in_place():
    hand = Hand([4, 7, 9], owner=0)
    hand.reveal([1], to={2})
    hand.reveal([1], to={3})
    assert hand.known_to(1) == frozenset({2, 3}) and not hand.is_known(1)
    assert hand.view(2).known_to == ((1, 7, (2, 3)),) and hand.view(1).known_to == ()
    hand.reveal([0])
    assert hand.is_known(0) and list(hand) == [4, 7, 9]
    assert hand.view(1).known == ((0, 4),)
    hand.reveal()
    assert hand.known_cards() == [4, 7, 9] and hand.view(1).known_to == ()


def test_reveal_of_a_missing_position_changes_nothing():
    hand = Hand([4, 7], owner=0)
    with pytest.raises(IndexError):
        hand.reveal([0, 5])
    assert not hand.is_known(0)


def test_playing_a_card_removes_the_best_known_copy_first():
    hand = Hand([3, 3, 3], owner=0, known=[False, frozenset({1}), True])
    hand.remove(3)
    assert [hand.known_to(i) for i in range(2)] == [False, frozenset({1})]
    hand.remove(3)
    assert [hand.known_to(i) for i in range(1)] == [False]


_FLAGS = st.sampled_from([True, False, frozenset({1}), frozenset({0, 2})])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), _FLAGS), max_size=10), st.integers(1, 4))
def test_remove_takes_the_first_copy_known_to_all_else_to_some_else_the_first(flagged, card):
    """`remove` visits only the card's copies (found in C); the copy it takes is still the rule's."""
    hand = Hand([c for c, _ in flagged], owner=0, known=[k for _, k in flagged])
    copies = [i for i, (c, _) in enumerate(flagged) if c == card]
    if not copies:
        with pytest.raises(ValueError, match="not in the hand"):
            hand.remove(card)
        return
    def best_known_first(i):
        flag = flagged[i][1]
        return (0 if flag is True else 2 if flag is False else 1), i

    expected = min(copies, key=best_known_first)
    hand.remove(card)
    rest = flagged[:expected] + flagged[expected + 1:]
    assert list(hand) == [c for c, _ in rest]
    assert [hand.known_to(i) for i in range(len(rest))] == [k for _, k in rest]


def test_known_to_names_seats():
    with pytest.raises(ValueError, match="seats"):
        Hand(owner=0).add(3, known_to={"north"})


def test_a_hand_without_per_seat_knowledge_keeps_its_old_json():
    hand = Hand([5, 6], owner=0, known=[True, False])
    assert hand.to_data() == {"visibility": "owner", "owner": 0, "ordered": True, "cards": [5, 6],
                              "known": [0]}
    hand.add(8, known_to=[2])
    assert hand.to_data()["known_to"] == [[2, [2]]]
    assert Hand.from_data(hand.to_data()) == hand


def test_views_of_a_game_without_per_seat_knowledge_have_no_known_to_key():
    state = PassingGame(2).new_state(1)
    assert "known_to" not in view_to_data(PassingGame, state.view(1))["fields"]["hands"][0]
    assert "known_to" not in state_to_data(state)["fields"]["hands"][0]


knowledge = st.one_of(st.just(False), st.just(True), st.frozensets(st.integers(0, 3), min_size=1))


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.tuples(st.integers(1, 6), knowledge), max_size=8),
       ordered=st.booleans(), viewer=st.integers(0, 3))
def test_a_hand_restored_from_a_view_shows_that_view(cards, ordered, viewer):
    hand = Hand([c for c, _ in cards], owner=0, ordered=ordered, known=[k for _, k in cards])
    view = hand.view(viewer)
    again = Hand(owner=0, visibility=Visibility.OWNER)
    unknown = again.restore(view)
    known_by_viewer = [c for i, (c, k) in enumerate(cards) if hand.knows(viewer, i)]
    assert len(unknown) == len(cards) - len(known_by_viewer)
    assert sorted(c for c in again if c is not None) == sorted(known_by_viewer)
    for slot, card in zip(unknown, [c for i, (c, _) in enumerate(cards) if not hand.knows(viewer, i)]):
        again.set_slot(slot, card)
    assert again.view(viewer) == view
