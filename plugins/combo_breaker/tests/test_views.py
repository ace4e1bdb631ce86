"""Views show exactly what a seat may know; determinization keeps it and shuffles the rest."""

from __future__ import annotations

import json
from collections import Counter

from combo_positions import act, position
from meeple import Rng
from meeple.serialization import view_from_data, view_to_data
from meeple.testing import check_determinization, check_view_hides
from meeple_combo_breaker.actions import PlayCombination, PlayDraw, TakeReserve
from meeple_combo_breaker.cards import DRAW, X
from meeple_combo_breaker.game import ComboBreaker


def reserve_position():
    """Seat 2 has taken reserve 7 into position 2 and seat 3 reserve 12 into position 0."""
    state = position([[11, 11, 3, 4], [2, 6, 7, 8, 1], [1, 6, 12, 5, 9], [2, 4, 9, 10]], leader=0,
                     reserves={2: [7, 5], 3: [12, 3]})
    act(state, PlayCombination(0, 2, ()), PlayCombination(1, 3, ()), TakeReserve(0, 2),
        TakeReserve(0, 0))
    return state


def test_views_show_own_hand_in_order_and_only_sizes_and_known_cards_of_others():
    state = reserve_position()
    view = state.view(1)
    assert view.hands[1].cards == (2, 1)
    assert view.hands[2].cards is None and view.hands[2].size == 6
    assert view.hands[2].known == ((2, 7),)
    assert view.hands[3].known == ((0, 12),)
    assert view.hands[0].known == ()
    assert view.reserves[2].slots == ((), (5,))
    assert view.pile.cards is None and view.pile.size == len(state.pile)
    assert view.tokens[1] == 2
    assert "rng" not in view.field_names()


def test_views_show_the_trick_with_who_played_what():
    state = position([[1, 2], [8, 9, X], [DRAW, 5], [4]], leader=1, reserves={3: [6, 6]})
    act(state, PlayCombination(0, 3, (10,)), PlayDraw(0))
    view = state.view(3)
    assert view.trick.layers == ((8, 9, X), (DRAW,))
    assert [(p.seat, p.what, p.wilds) for p in view.trick_plays] == [(1, "combination", (10,)),
                                                                     (2, "draw", ())]
    assert view.trick_seats == (1, 2, 3, 0)


def test_known_positions_follow_plays_and_insertions():
    state = reserve_position()  # seat 2: [1, 6, 7*, 12, 5, 9], 7 known at 2
    assert state.decision.player == 1
    act(state, PlayCombination(1, 1, ()))  # seat 1 leads its 1
    act(state, PlayCombination(1, 1, ()))  # seat 2 plays its 6: the known 7 moves to position 1
    assert state.view(0).hands[2].known == ((1, 7),)
    act(state, TakeReserve(1, 0))  # seat 3 puts reserve 3 in front: its known 12 moves to 1
    assert state.view(0).hands[3].known == ((0, 3), (1, 12))


def test_views_survive_json():
    state = reserve_position()
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        data = json.loads(json.dumps(view_to_data(ComboBreaker, view)))
        assert view_from_data(ComboBreaker, data) == view


def test_permuting_hidden_cards_leaves_every_view_unchanged():
    state = reserve_position()
    rng = Rng(3)
    for seat in range(4):
        for _ in range(5):
            check_view_hides(state, seat, rng)


def test_determinization_keeps_known_positions_and_shuffles_the_unknown_order():
    state = reserve_position()
    viewer = 0
    view = state.view(viewer)
    rng = Rng(11)
    seen_at: dict[tuple[int, int], set[int]] = {}
    for _ in range(60):
        sample = check_determinization(state.game, state, viewer, rng)
        assert list(sample.hands[viewer]) == list(state.hands[viewer])
        assert sample.hands[2][2] == 7 and sample.hands[2].is_known(2)
        assert sample.hands[3][0] == 12 and sample.hands[3].is_known(0)
        for seat in (1, 2, 3):
            for i, card in enumerate(sample.hands[seat]):
                seen_at.setdefault((seat, i), set()).add(card)
        hidden = Counter(c for s in (1, 2, 3) for c in sample.hands[s]) + Counter(sample.pile)
        real = Counter(c for s in (1, 2, 3) for c in state.hands[s]) + Counter(state.pile)
        assert hidden == real  # the same unseen cards, dealt differently
        assert sample.view(viewer) == view
        assert sample.rng != state.rng
    assert seen_at[(2, 2)] == {7} and seen_at[(3, 0)] == {12}
    unknown_slots = [cards for (seat, i), cards in seen_at.items()
                     if (seat, i) not in ((2, 2), (3, 0))]
    assert all(len(cards) > 1 for cards in unknown_slots)  # the hidden order is not leaked


def test_determinization_mid_draw_hides_the_card_being_placed():
    state = position([[DRAW, 1], [12, 3], [7, 6, 2], [11, 12, 5]], leader=1, pile=[9, 1, 4, 8])
    act(state, PlayCombination(0, 1, ()), PlayCombination(0, 2, ()), PlayCombination(0, 2, ()),
        PlayDraw(0))
    rng = Rng(5)
    drawn = {tuple(check_determinization(state.game, state, 0, rng).drawn[3]) for _ in range(30)}
    assert len(drawn) > 1  # seat 0 does not know the 9 Ana is placing
    for _ in range(5):
        sample = check_determinization(state.game, state, 3, rng)
        assert list(sample.drawn[3]) == [9]
        assert sample.legal_actions() == state.legal_actions()
