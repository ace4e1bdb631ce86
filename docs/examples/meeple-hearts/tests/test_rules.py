"""Scenario tests, one per rule of rules.md (and per option that changes one), on dealt games and
hand-built positions."""

from __future__ import annotations

import pytest

from meeple import IllegalAction, Registry
from meeple.testing import position as build
from meeple_hearts.actions import PassCards, PlayCard
from meeple_hearts.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS
from meeple_hearts.cards import DECK, parse
from meeple_hearts.decisions import Play
from meeple_hearts.game import Hearts, HeartsState

# -- hand-built positions: cards by name, the rest of the deck wherever the test puts it ----------


def cards(text: str) -> list[int]:
    """ "QS AH 2C" -> card numbers."""
    found = [parse(word) for word in text.split()]
    assert None not in found, text
    return found  # type: ignore[return-value]


def deal(fixed: dict[int, str] | None = None) -> list[list[int]]:
    """Four 13-card hands: the named cards where `fixed` puts them, the rest in deck order."""
    hands = {seat: cards(text) for seat, text in (fixed or {}).items()}
    rest = [c for c in DECK if all(c not in h for h in hands.values())]
    out = []
    for seat in range(4):
        hand = hands.get(seat, [])
        need = 13 - len(hand)
        out.append(hand + rest[:need])
        rest = rest[need:]
    return out


def position(hands: dict[int, str], to_play: int, options: dict | None = None, trick: str = "",
             taken: dict[int, str] | None = None, hearts_broken: bool = False,
             tricks_played: int = 1) -> HeartsState:
    """A position in the middle of play: each seat holds `hands[seat]`, `trick` has been played
    (led by the seat that makes `to_play` next), `taken` cards were taken by those seats, and every
    other card was taken by seat 3 (by default)."""
    game = Hearts(4, options or {})
    played = cards(trick)
    # meeple.testing.position puts every card named nowhere in taken[3] and checks the deck.
    return build(game, hands={seat: cards(text) for seat, text in hands.items()}, trick=played,
                 taken={seat: cards(text) for seat, text in (taken or {}).items()}, rest="taken[3]",
                 to_act=Play(to_play), pass_direction=0,
                 leader=(to_play - len(played)) % 4 if played else None, tricks_played=tricks_played,
                 trick_winners=[3] * tricks_played, cards_played=4 * tricks_played + len(played),
                 hearts_broken=hearts_broken or not game.options["must_break_hearts"])


def legal_cards(state) -> list[int]:
    return [a.card for a in state.legal_actions()]


# -- 1. The deal ---------------------------------------------------------------------------------

def test_the_same_seed_deals_and_plays_the_same_game_byte_for_byte():
    one, two = Hearts(4).new_state(seed=5), Hearts(4).new_state(seed=5)
    while one.pending:
        seat = one.current_player
        action = one.legal_actions()[len(one.legal_actions()) // 2]
        one.apply(action)
        two.apply(action, seat)
        assert one.fingerprint() == two.fingerprint()


def test_chance_picks_every_pass_direction_and_no_pass_without_pass_cards():
    assert {Hearts(4).new_state(seed).pass_direction for seed in range(40)} == {0, 1, 2, 3}
    assert {Hearts(4, {"pass_cards": False}).new_state(seed).pass_direction for seed in range(40)} == {0}


def test_deal_state_refuses_anything_but_the_whole_deck_in_four_hands_of_thirteen():
    hands = deal()
    with pytest.raises(ValueError, match="whole deck"):
        Hearts(4).deal_state([hands[0], hands[1], hands[2], hands[3][:-1] + [hands[0][0]]], 1)
    with pytest.raises(ValueError, match="not allowed"):
        Hearts(4, {"pass_cards": False}).deal_state(hands, 2)


# -- 2. The pass ---------------------------------------------------------------------------------

@pytest.mark.parametrize("direction, receiver", [(1, 1), (2, 2), (3, 3)], ids=["left", "across", "right"])
def test_passed_cards_go_left_across_or_right(direction, receiver):
    state = Hearts(4).deal_state(deal({0: "QS KS AS"}), direction)
    passed = PassCards(tuple(sorted(cards("QS KS AS"))))
    for seat in (3, 1, 0, 2):  # any order
        choice = passed if seat == 0 else state.legal_actions(seat)[0]
        state.apply(choice, seat)
    assert all(card in state.hands[receiver] for card in passed.cards)
    assert not any(card in state.hands[0] for card in passed.cards)


def test_no_pass_starts_play_with_the_holder_of_the_two_of_clubs():
    state = Hearts(4, {"pass_cards": False}).deal_state(deal({2: "2C"}), 0)
    assert state.owing() == (2,) and legal_cards(state) == [TWO_OF_CLUBS]


def test_every_seat_passes_three_cards_it_holds_at_once():
    state = Hearts(4).deal_state(deal(), 1)
    assert state.owing() == (0, 1, 2, 3)
    assert len(state.legal_actions(2)) == 286  # 13 choose 3
    with pytest.raises(IllegalAction, match="only cards it holds"):
        state.apply(PassCards(tuple(state.hands[1])[:3]), 2)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(PlayCard(TWO_OF_CLUBS), 0)
    assert state.fingerprint() == before


def test_a_pending_pass_is_secret_from_the_other_seats():
    state = Hearts(4).deal_state(deal({0: "QS KS AS"}), 1)
    state.apply(PassCards(tuple(sorted(cards("QS KS AS")))), 0)
    assert state.view(0).choice == PassCards(tuple(sorted(cards("QS KS AS"))))
    assert state.view(1).chosen == (0,) and state.view(1).choices == ()


def test_after_the_pass_each_seat_knows_the_cards_it_passed_and_nobody_else_does():
    state = Hearts(4).deal_state(deal({0: "QS KS AS"}), 2)
    for seat in range(4):
        state.apply(state.legal_actions(seat)[0] if seat else PassCards(tuple(sorted(cards("QS KS AS")))), seat)
    received = state.hands[2]
    passer_view = state.view(0).hands[2]
    assert passer_view.cards is None  # seat 0 still cannot see seat 2's hand ...
    assert {card for card, _ in passer_view.known_to} == set(cards("QS KS AS"))  # ... but knows these
    assert all(seats == (0,) for _, seats in passer_view.known_to)
    for outsider in (1, 3):
        assert not any(card in cards("QS KS AS") for card, _ in state.view(outsider).hands[2].known_to)
    assert all(c in state.view(2).hands[2].cards for c in cards("QS KS AS"))
    assert sorted(received) == sorted(state.view(2).hands[2].cards)


def test_a_passed_card_is_no_longer_a_secret_once_played():
    state = Hearts(4).deal_state(deal({0: "2C 3C 4C"}), 1)
    state.apply(PassCards(tuple(cards("2C 3C 4C"))), 0)
    for seat in (1, 2, 3):
        state.apply(state.legal_actions(seat)[-1], seat)
    assert state.owing() == (1,)  # seat 1 received the 2C and leads it
    state.apply(PlayCard(TWO_OF_CLUBS))
    assert TWO_OF_CLUBS in state.view(3).trick.cards
    assert {card for card, _ in state.view(0).hands[1].known_to} == set(cards("3C 4C"))


# -- 3. Playing a card ---------------------------------------------------------------------------

def test_the_first_trick_is_led_with_the_two_of_clubs():
    state = Hearts(4, {"pass_cards": False}).deal_state(deal({0: "2C 5C KC AH"}), 0)
    assert legal_cards(state) == [TWO_OF_CLUBS]
    with pytest.raises(IllegalAction, match="2 of clubs"):
        state.apply(PlayCard(cards("KC")[0]))


def test_can_lead_any_club_opens_with_any_club():
    state = Hearts(4, {"pass_cards": False, "can_lead_any_club": True}).deal_state(
        deal({0: "2C 5C KC AH"}), 0)
    clubs = sorted(c for c in state.hands[0] if c % 4 == 0)
    assert len(clubs) > 1 and legal_cards(state) == clubs


def test_follow_suit_when_you_can():
    state = position({0: "3D 9D 4S QH"}, to_play=0, trick="5D")
    assert legal_cards(state) == sorted(cards("3D 9D"))
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(PlayCard(cards("4S")[0]))


def test_no_points_on_the_first_trick_while_you_hold_another_card():
    state = position({1: "QS AH 3H 7D"}, to_play=1, trick="2C", tricks_played=0)
    assert legal_cards(state) == cards("7D")
    with pytest.raises(IllegalAction, match="first trick"):
        state.apply(PlayCard(QUEEN_OF_SPADES))


def test_points_on_the_first_trick_when_you_hold_nothing_else():
    state = position({1: "QS AH 3H"}, to_play=1, trick="2C", tricks_played=0)
    assert legal_cards(state) == sorted(cards("QS AH 3H"))


def test_points_on_the_first_trick_without_no_pts_on_first_trick():
    state = position({1: "QS AH 7D"}, to_play=1, trick="2C", tricks_played=0,
                     options={"no_pts_on_first_trick": False})
    assert legal_cards(state) == sorted(cards("QS AH 7D"))


def test_hearts_are_not_led_until_broken():
    state = position({0: "3H 9H 4S"}, to_play=0)
    assert legal_cards(state) == cards("4S")
    with pytest.raises(IllegalAction, match="not broken"):
        state.apply(PlayCard(cards("3H")[0]))


def test_hearts_are_led_when_you_hold_only_hearts():
    state = position({0: "3H 9H"}, to_play=0)
    assert legal_cards(state) == sorted(cards("3H 9H"))


def test_a_heart_played_breaks_hearts():
    state = position({0: "5D 6H", 1: "2H 9C", 2: "3D 4H", 3: "4D 5H"}, to_play=0)
    state.apply(PlayCard(cards("5D")[0]))
    assert state.hearts_broken is False
    state.apply(PlayCard(cards("2H")[0]))
    assert state.hearts_broken is True


@pytest.mark.parametrize("qs_breaks, broken", [(True, True), (False, False)])
def test_the_queen_of_spades_breaks_hearts_unless_qs_breaks_hearts_is_off(qs_breaks, broken):
    state = position({1: "QS 2H", 2: "3D 4H", 3: "4D 5H", 0: "5D 6H"}, to_play=0,
                     options={"qs_breaks_hearts": qs_breaks})
    state.apply(PlayCard(cards("5D")[0]))
    state.apply(PlayCard(QUEEN_OF_SPADES))
    assert state.hearts_broken is broken


def test_hearts_may_be_led_from_the_start_without_must_break_hearts():
    state = position({0: "3H 4S"}, to_play=0, options={"must_break_hearts": False})
    assert legal_cards(state) == sorted(cards("3H 4S"))


@pytest.mark.parametrize("option, legal", [(False, "QS"), (True, "QS 3H 9H")])
def test_can_lead_hearts_instead_of_the_queen_of_spades(option, legal):
    state = position({0: "QS 3H 9H"}, to_play=0, options={"can_lead_hearts_instead_of_qs": option})
    assert legal_cards(state) == sorted(cards(legal))


# -- 4. Taking a trick ---------------------------------------------------------------------------

def test_the_highest_card_of_the_suit_led_takes_the_trick_and_leads_next():
    state = position({0: "9D 2S", 1: "AS 3S", 2: "TD 4S", 3: "3D 5S"}, to_play=0)
    for card in ("9D", "AS", "TD", "3D"):
        state.apply(PlayCard(cards(card)[0]))
    assert state.trick_winners[-1] == 2 and state.owing() == (2,)
    assert sorted(cards("9D AS TD 3D")) == sorted(list(state.taken[2])[-4:])


# -- 6. Points -----------------------------------------------------------------------------------

def last_trick(taken: dict[int, str], hands: dict[int, str], options: dict | None = None):
    """The last trick, led by seat 0, played out."""
    state = position(hands, to_play=0, taken=taken, tricks_played=12, options=options)
    for seat in range(4):
        state.apply(state.legal_actions()[0])
    assert state.is_terminal
    return state


ALL_HEARTS_BUT_ACE = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def test_hearts_and_the_queen_of_spades_score_and_fewest_points_win():
    state = last_trick(taken={0: "QS 2H 3H", 1: "4H"}, hands={0: "AH", 1: "2C", 2: "3C", 3: "4C"})
    # seat 0 takes its own AH; every other heart went to seat 3 by default
    assert state.points() == [13 + 3, 1, 0, 9]
    assert state.scores() == (26 - 16, 25, 26, 17)
    assert state.winners() == (2,)


def test_shooting_the_moon_costs_everyone_else_26():
    state = last_trick(taken={0: "QS " + ALL_HEARTS_BUT_ACE},
                       hands={0: "AH", 1: "2C", 2: "3C", 3: "4C"})
    assert state.moon_shooter() == 0
    assert state.points() == [0, 26, 26, 26]
    assert state.scores() == (26, 0, 0, 0) and state.winners() == (0,)


def test_the_jack_of_diamonds_is_minus_ten_with_jd_bonus():
    hands = {0: "AD", 1: "JD", 2: "3C", 3: "4C"}
    assert last_trick({1: "QS"}, hands).points()[0] == 0
    with_bonus = last_trick({1: "QS"}, hands, options={"jd_bonus": True})
    assert with_bonus.points()[0] == -10


def test_taking_no_trick_is_minus_five_with_avoid_all_tricks_bonus():
    hands = {0: "AD", 1: "2D", 2: "3C", 3: "4C"}
    plain = last_trick({2: "QS"}, hands)  # seat 1 takes no trick (seat 3 took the rest)
    bonus = last_trick({2: "QS"}, hands, options={"avoid_all_tricks_bonus": True})
    assert [b - p for p, b in zip(plain.points(), bonus.points())] == [0, -5, 0, 0]


def test_shooting_the_moon_cancels_the_avoid_all_tricks_bonus():
    state = last_trick(taken={0: "QS " + ALL_HEARTS_BUT_ACE}, hands={0: "AH", 1: "2C", 2: "3C", 3: "4C"},
                       options={"avoid_all_tricks_bonus": True})
    assert state.points() == [0, 26, 26, 26]


# -- Hosts: the registry, the bots, the narrator -------------------------------------------------

def test_the_plugin_registers_hearts_with_its_greedy_bot_renderer_and_narrator():
    registry = Registry.load()
    game = registry.create("hearts", players=4)
    assert isinstance(game, Hearts)
    assert "greedy" in {info.name for info in registry.bots_for("hearts")}
    assert registry.narrator("hearts") is Hearts.narrator
    assert "pass:" in registry.renderer("hearts")(game.new_state(seed=1).view(0))


def test_every_legal_move_has_a_notation_that_reads_back():
    game = Hearts(4)
    state = game.new_state(seed=3)
    narrator = game.narrator
    while state.pending:
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions()
        for action in legal[:20]:
            assert narrator.parse(view, narrator.notation(view, action)) == action
        state.apply(legal[-1])


def test_the_narrator_names_passed_cards_only_to_the_seat_that_passed_them():
    game = Hearts(4)
    state = game.deal_state(deal({0: "QS KS AS"}), 1)
    passed = PassCards(tuple(sorted(cards("QS KS AS"))))
    before = {seat: state.view(seat) for seat in range(4)}
    state.apply(passed, 0)
    words = {seat: game.narrator.narrate_move(before[seat], passed, state.view(seat), before[0])
             for seat in range(4)}
    assert "QS" in words[0] and all("QS" not in words[s] and "three cards" in words[s] for s in (1, 2, 3))


def test_greedy_plays_only_legal_moves_and_dumps_the_queen_when_void():
    game = Hearts(4)
    bot = game.bots[0].factory(game, 1, None)
    state = position({1: "QS AH 2D"}, to_play=1, trick="5C")
    assert bot.act(state.view(1), state.legal_actions()) == PlayCard(QUEEN_OF_SPADES)
