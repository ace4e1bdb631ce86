"""Scenario tests, one per rule of rules.md (and per ruling of RULINGS.md that changes play), on
dealt games and hand-built deals of a short deck (`ranks=4`: the 2s to the 5s, sixteen cards)."""

from __future__ import annotations

import pytest

from meeple import HoldsNone, IllegalAction, Known
from meeple.testing import PositionError
from meeple.testing import position as build
from meeple_gofish.actions import Ask
from meeple_gofish.cards import RANK_CHARS, SUIT_CHARS, deck, rank_of
from meeple_gofish.decisions import Turn
from meeple_gofish.game import GoFish

TWO, THREE, FOUR, FIVE = range(4)


def cards(text: str) -> list[int]:
    """ "2C 5H" -> card numbers (rank * 4 + suit)."""
    return [RANK_CHARS.index(w[0]) * 4 + SUIT_CHARS.index(w[1]) for w in text.split()]


def deal(hands: dict[int, str], pool: str = "", players: int = 3, ranks: int = 4):
    """The state right after dealing `hands` (seat: card names) and the `pool` (named cards on
    top, the last named the top card; the rest of the deck below them): books in the deal laid
    down, seat 0 to ask."""
    held = {seat: cards(text) for seat, text in hands.items()}
    top = cards(pool)
    rest = [c for c in deck(ranks) if c not in top and all(c not in h for h in held.values())]
    return GoFish(players, {"ranks": ranks}).deal_state(
        [held.get(seat, []) for seat in range(players)], rest + top)


def position(hands: dict[int, str], pool: str = "", players: int = 3, ranks: int = 4,
             books: dict[int, str] | None = None, to_act: int = 0):
    """A position in the middle of play (`meeple.testing.position`): `hands` and `books` (seat:
    card names), the named `pool` cards on top of the rest of the deck, `to_act` to ask."""
    return build(GoFish(players, {"ranks": ranks}), hands={s: cards(t) for s, t in hands.items()},
                 books={s: cards(t) for s, t in (books or {}).items()}, pool=cards(pool),
                 rest="pool", to_act=Turn(to_act))


def known(state, viewer: int, seat: int) -> list[int]:
    """The cards `viewer` is shown as everyone's knowledge in `seat`'s hand."""
    return list(state.view(viewer).hands[seat].known)


# -- 1. The deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players, size", [(2, 7), (3, 7), (4, 5), (5, 5)])
def test_the_deal_is_seven_cards_each_for_two_or_three_players_and_five_for_four_or_five(players, size):
    state = GoFish(players).new_state(3)
    dealt = [len(h) + len(b) for h, b in zip(state.hands, state.books)]
    assert dealt == [size] * players
    assert len(state.pool) == 52 - players * size


def test_a_short_deck_deals_at_most_a_share_that_leaves_a_hand_in_the_pool():
    assert GoFish(3, {"ranks": 4}).hand_size == 4 and GoFish(2, {"ranks": 4}).hand_size == 5
    assert GoFish(5, {"ranks": 13}).hand_size == 5


def test_the_same_seed_deals_and_plays_the_same_game_byte_for_byte():
    one, two = GoFish(3).new_state(seed=8), GoFish(3).new_state(seed=8)
    while one.pending:
        legal = one.legal_actions()
        action = legal[len(legal) // 2]
        one.apply(action)
        two.apply(action)
        assert one.fingerprint() == two.fingerprint()


def test_a_position_with_a_whole_rank_in_a_hand_is_refused():
    with pytest.raises(PositionError, match="all four of a rank"):
        position({0: "2C 2D 2H 2S", 1: "3C"})


def test_deal_state_refuses_anything_but_the_whole_deck():
    with pytest.raises(ValueError, match="deck once"):
        GoFish(2, {"ranks": 4}).deal_state([cards("2C"), cards("2C")], [])


# -- 2. Books ------------------------------------------------------------------------------------

def test_four_of_a_kind_in_the_deal_is_laid_down_at_once():
    state = deal({0: "2C 2D 2H 2S 3C", 1: "4C 3D"})
    assert sorted(state.books[0]) == cards("2C 2D 2H 2S")
    assert list(state.hands[0]) == cards("3C") and state.book_counts() == [1, 0, 0]


def test_a_book_completed_by_a_question_is_laid_down_face_up():
    state = position({0: "2C 2D 3C", 1: "2H 2S 4C", 2: "5C"})
    state.apply(Ask(1, TWO))
    assert sorted(state.books[0]) == cards("2C 2D 2H 2S")
    assert sorted(state.view(2).books[0].cards) == cards("2C 2D 2H 2S")  # face up, for everyone


def test_a_book_completed_by_a_draw_is_laid_down_even_when_the_draw_ends_the_turn():
    state = position({0: "2C 2D 2H 3C", 1: "4C", 2: "5C"}, pool="2S")
    state.apply(Ask(1, THREE))  # go fish: draws the 2S, not a 3
    assert sorted(state.books[0]) == cards("2C 2D 2H 2S")
    assert state.decision == Turn(1)


# -- 3. Asking -----------------------------------------------------------------------------------

def test_a_seat_asks_another_seat_holding_cards_for_a_rank_it_holds():
    state = position({0: "2C 3C 3D", 1: "4C", 2: "5C"})
    assert state.legal_actions() == (Ask(1, TWO), Ask(1, THREE), Ask(2, TWO), Ask(2, THREE))


@pytest.mark.parametrize("action, reason", [
    (Ask(1, FOUR), "only for a rank you hold"),
    (Ask(0, TWO), "not yourself"),
])
def test_a_question_breaking_rule_3_is_refused_and_changes_nothing(action, reason):
    state = position({0: "2C", 1: "4C", 2: "5C"})
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert state.fingerprint() == before


def test_a_seat_with_no_cards_cannot_be_asked():
    state = position({0: "2C 3C", 1: "2D", 2: "5C"}, pool="3D")
    state.apply(Ask(1, TWO))  # seat 1 hands over its only card
    assert len(state.hands[1]) == 0 and state.decision == Turn(0)
    assert all(action.seat == 2 for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="holds no cards"):
        state.apply(Ask(1, THREE))


# -- 4. Handing over -----------------------------------------------------------------------------

def test_the_asked_seat_hands_over_every_card_of_the_rank_face_up_and_the_asker_asks_again():
    state = position({0: "3C 4C", 1: "3D 3H 5C", 2: "5D"})
    state.apply(Ask(1, THREE))
    assert sorted(c for c in state.hands[0] if rank_of(c) == THREE) == cards("3C 3D 3H")
    assert list(state.hands[1]) == cards("5C")
    for viewer in range(3):  # everyone saw the 3D and 3H change hands
        assert known(state, viewer, 0) == cards("3D 3H") or viewer == 0
    assert state.decision == Turn(0)


# -- 5. Go fish ----------------------------------------------------------------------------------

def test_go_fish_draws_the_top_card_of_the_pool_and_ends_the_turn_when_it_is_another_rank():
    state = position({0: "3C", 1: "4C", 2: "5C"}, pool="4D 2S")
    state.apply(Ask(1, THREE))
    assert cards("2S")[0] in state.hands[0] and known(state, 1, 0) == []  # drawn, unseen
    assert state.decision == Turn(1)


def test_drawing_the_rank_asked_for_shows_it_and_the_asker_asks_again():
    state = position({0: "3C", 1: "4C", 2: "5C"}, pool="3D")
    state.apply(Ask(1, THREE))
    assert all(known(state, viewer, 0) == cards("3D") for viewer in (1, 2))
    assert state.decision == Turn(0)


def test_with_the_pool_empty_a_go_fish_ends_the_turn_without_a_draw():
    state = position({0: "2C 2D 2H 3C 3D", 1: "3H 4C 4D 4H 5C", 2: "3S 4S 5D 5H 5S 2S"}, players=3)
    assert len(state.pool) == 0
    state.apply(Ask(1, TWO))
    assert len(state.hands[0]) == 5 and state.decision == Turn(1)


# -- What the table hears: facts (rules 3-5, RULINGS.md 10) ---------------------------------------

def facts(state, viewer: int | None = None) -> set:
    """The facts `viewer`'s view shows, as (type, seat, rank, count) tuples."""
    return {(type(k.fact).__name__, int(k.fact.zone[6:-1]), k.fact.kind, getattr(k.fact, "count", None))
            for k in state.view(viewer).facts}


def test_a_question_tells_everyone_the_asker_holds_that_rank():
    state = position({0: "3C", 1: "4C", 2: "5C"}, pool="4D 2S")
    state.apply(Ask(1, THREE))  # go fish; seat 0 draws the 2S: its 3 is still hidden
    for viewer in (None, 0, 1, 2):
        assert ("HoldsAtLeast", 0, THREE, 1) in facts(state, viewer)
    assert all(k.seats is None for k in state.view(1).facts)  # known to everyone


def test_go_fish_tells_everyone_the_asked_seat_holds_none_until_it_draws():
    state = position({0: "3C", 1: "4C", 2: "5C"}, pool="4D 5D 2S")
    state.apply(Ask(1, THREE))  # seat 1 says "go fish"
    assert ("HoldsNone", 1, THREE, None) in facts(state, 2)
    state.apply(Ask(2, FOUR))  # seat 1's turn: go fish, it draws the 5D, unseen
    assert ("HoldsNone", 1, THREE, None) not in facts(state, 2)
    assert ("HoldsNone", 2, FOUR, None) in facts(state, 0)


def test_cards_handed_over_are_a_public_record_and_the_giver_holds_none_of_that_rank():
    state = position({0: "3C 4C", 1: "3D 3H 5C", 2: "5D"}, pool="2C")
    state.apply(Ask(1, THREE))
    assert state.handed == tuple(cards("3D 3H"))
    assert {state.view(viewer).handed for viewer in (None, 0, 1, 2)} == {tuple(cards("3D 3H"))}
    assert ("HoldsNone", 1, THREE, None) in facts(state, 2)
    assert ("HoldsAtLeast", 0, THREE, 3) in facts(state, 2)  # the one it asked with, and these two
    state.apply(Ask(2, FOUR))  # go fish: nothing changes hands
    assert state.handed == ()


def test_drawing_the_rank_asked_for_shows_one_more_of_it():
    state = position({0: "3C", 1: "4C", 2: "5C"}, pool="3D")
    state.apply(Ask(1, THREE))
    assert ("HoldsAtLeast", 0, THREE, 2) in facts(state, 1)


def test_a_book_laid_down_ends_every_fact_about_its_rank():
    state = position({0: "2C 2D 3C", 1: "2H 2S 4C", 2: "5C 3D"}, pool="4D")
    state.apply(Ask(2, THREE))  # seat 2 hands over the 3D: seat 2 holds no 3s, seat 0 at least 2
    state.apply(Ask(2, TWO))  # go fish: seat 2 holds no 2s; seat 0 at least one 2
    assert ("HoldsNone", 2, TWO, None) in facts(state, 1)
    state.apply(Ask(0, TWO))  # seat 1 takes seat 0's 2s: seat 1 lays the book down
    assert not any(rank == TWO for _, _, rank, _ in facts(state))
    assert ("HoldsNone", 2, THREE, None) in facts(state)


def test_a_seat_that_draws_at_its_turn_is_no_longer_known_to_hold_none():
    state = position({0: "2C 3C", 1: "2D", 2: "5C"}, pool="4D 3D")
    state.apply(Ask(1, TWO))  # seat 1 hands over its only card: it holds no 2s
    assert Known(HoldsNone("hands[1]", TWO)) in state.facts
    state.apply(Ask(2, THREE))  # go fish: seat 0 draws the 3D, shows it, asks again
    state.apply(Ask(2, TWO))  # go fish: draws the 4D; seat 1's turn: it draws a card nobody saw
    assert state.decision == Turn(1) and ("HoldsNone", 1, TWO, None) not in facts(state)
    assert ("HoldsNone", 2, TWO, None) in facts(state) and ("HoldsNone", 2, THREE, None) in facts(state)


# -- 6. Running out, going out -------------------------------------------------------------------

def test_a_seat_whose_hand_is_empty_at_its_turn_draws_and_asks():
    state = position({0: "2C 3C", 1: "2D", 2: "5C"}, pool="4D 3D")
    state.apply(Ask(1, TWO))  # seat 1 is left with no card; seat 0 asks again
    state.apply(Ask(2, THREE))  # go fish: seat 0 draws the 3D, shows it, asks again
    state.apply(Ask(2, TWO))  # go fish: draws the 4D; seat 1's turn: it draws and asks
    assert state.decision == Turn(1) and len(state.hands[1]) == 1


def test_a_seat_with_an_empty_hand_and_an_empty_pool_is_out_and_is_skipped():
    state = position({0: "2C 2D 2H 3C", 1: "2S", 2: "3D 3H 3S"}, books={2: "4C 4D 4H 4S 5C 5D 5H 5S"})
    assert len(state.pool) == 0
    state.apply(Ask(1, TWO))  # seat 1 hands over its last card and is out; seat 0 lays the 2s
    assert state.eliminated() == (1,) and state.view(2).eliminated == (1,)
    assert state.decision == Turn(0) and {a.seat for a in state.legal_actions()} == {2}
    state.apply(Ask(2, THREE))  # seat 0 completes the 3s: every book is made
    assert not state.pending and state.book_counts() == [2, 0, 2]
    assert state.winners() == (0, 2)  # an out seat keeps its books


def test_a_seat_holding_cards_with_nobody_to_ask_draws_instead_and_its_turn_ends():
    state = position({0: "2C 3C", 1: "2D"}, pool="5D", players=2)
    state.apply(Ask(1, TWO))  # seat 1 has no card left: seat 0 cannot ask anyone
    assert cards("5D")[0] in state.hands[0]  # it drew instead of asking
    assert state.decision == Turn(1) and len(state.hands[1]) == 1  # seat 1 drew at its turn


# -- 7. The end ----------------------------------------------------------------------------------

def test_the_game_ends_when_every_book_is_made_and_most_books_wins():
    state = position({0: "2C 2D 2H 3C 3D 3H", 1: "2S 3S 4C", 2: "4D 4H 4S"}, books={2: "5C 5D 5H 5S"})
    state.apply(Ask(1, TWO))
    state.apply(Ask(1, THREE))  # seat 0 has laid down two books and holds nothing: it is out
    assert state.pending and state.winners() == ()
    state.apply(Ask(2, FOUR))  # seat 1 takes the three 4s: the last book
    assert not state.pending
    assert state.book_counts() == [2, 1, 1] and state.winners() == (0,)


def test_tied_seats_share_the_win():
    state = deal({0: "2C 2D 2H 2S", 1: "3C 3D 3H 3S"}, players=2, ranks=2)
    assert not state.pending and state.book_counts() == [1, 1] and state.winners() == (0, 1)


def test_the_game_ends_after_forty_questions_per_rank():
    game = GoFish(2, {"ranks": 2})
    assert game.most_questions == 80 and game.max_length() == 80
    state = game.new_state(1)
    state.questions = 79
    state.apply(state.legal_actions()[0])
    assert not state.pending and state.questions == 80
