"""The conformance kit against broken hidden-information games (issue 18, item 5).

High card: each of two seats is dealt one card of four face down, two stay in a secret stock;
seat 0 stays or folds, then seat 1 does. The honest game passes the kit; each broken copy below
must fail it with a message naming the fault: a hidden card copied into a plain field at the deal
(caught with seeds, and with every deal of explicit chance), one copied by an action, and a game
declared hidden-information whose hands are all face up.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from attrs import frozen

from meeple import Action, Decision, Game, GameSpec, Hand, Information, Pile, Rng, State, Utility, Visibility
from meeple.testing import check_game

CARDS = (0, 1, 2, 3)


@frozen
class Stay(Action):
    pass


@frozen
class Fold(Action):
    pass


@frozen
class Choose(Decision):
    player: int

    def legal_actions(self, state):
        return (Stay(), Fold())

    def resolve(self, state, action):
        state.folded[self.player] = isinstance(action, Fold)
        state.after_choice(self.player)
        if self.player == 0:
            state.pending.append(Choose(1))


class HighCardState(State):
    hands: tuple[Hand, ...]
    stock: Pile
    folded: list[bool]

    def after_choice(self, seat: int) -> None:
        """What the rules do after each choice (nothing, in the honest game)."""

    def _scores(self):
        if self.pending:
            return [0, 0]
        cards = [hand[0] for hand in self.hands]
        return [int(not self.folded[s] and cards[s] > cards[1 - s]) for s in range(2)]


class HighCard(Game):
    spec = GameSpec(id="high_card", title="High card", min_players=2, max_players=2,
                    information=Information.IMPERFECT, chance=True, options=(),
                    max_length=lambda options, players: 2)
    state_class = HighCardState
    action_types = (Stay, Fold)
    decision_types = (Choose,)
    hand_visibility = Visibility.OWNER

    def deck(self):
        return CARDS

    def setup(self, rng: Rng):
        cards = list(CARDS)
        rng.shuffle(cards)
        return self.setup_with(tuple(cards[:2]), rng)

    def setup_with(self, deal, rng):
        rest = [c for c in CARDS if c not in deal]
        return self.build_state(
            rng, pending=[Choose(0)], folded=[False, False],
            hands=tuple(Hand([card], owner=s, visibility=self.hand_visibility) for s, card in enumerate(deal)),
            stock=Pile(rest, visibility=Visibility.SECRET), **self.extra_fields(deal, rest))

    def extra_fields(self, deal, rest):
        return {}


class PeekState(HighCardState):
    peek: int  # seat 1's card, in a plain public field: a leak


class PeekAtTheDeal(HighCard):
    state_class = PeekState

    def extra_fields(self, deal, rest):
        return {"peek": deal[1]}


class ExplicitPeekAtTheDeal(PeekAtTheDeal):
    def deal_outcomes(self):
        return [((a, b), Fraction(1, 12)) for a, b in permutations(CARDS, 2)]


class BurnState(HighCardState):
    burned: int | None = None  # the stock's top card, copied when seat 0 chooses: a leak

    def after_choice(self, seat: int) -> None:
        if seat == 0:
            self.burned = self.stock[-1]


class BurnOnAction(HighCard):
    state_class = BurnState


class FaceUpHands(HighCard):
    hand_visibility = Visibility.PUBLIC


def test_the_honest_game_passes_every_check():
    report = check_game(HighCard(2), games=12, strict_fields=True)
    assert report.deals_compared and report.actions_compared and report.hiding_views


def test_a_hidden_card_copied_into_a_plain_field_at_the_deal_is_caught_across_seeds():
    with pytest.raises(AssertionError, match="peek between two deals .* copied outside its zones"):
        check_game(PeekAtTheDeal(2), games=4)


def test_a_hidden_card_copied_at_the_deal_is_caught_over_every_explicit_deal():
    with pytest.raises(AssertionError, match="peek between two deals"):
        check_game(ExplicitPeekAtTheDeal(2), games=1)


def test_a_hidden_card_copied_into_a_plain_field_by_an_action_is_caught_with_strict_fields():
    check_game(BurnOnAction(2), games=4)  # by default the kit does not replay actions on copies
    with pytest.raises(AssertionError, match="differs in burned .* copied outside its zones"):
        check_game(BurnOnAction(2), games=4, strict_fields=True)


def test_a_game_declared_hidden_information_with_every_hand_face_up_is_refused():
    with pytest.raises(AssertionError, match="declares imperfect information but .* no seat's view ever hid"):
        check_game(FaceUpHands(2), games=4)


class WrongBounds(HighCard):
    spec = GameSpec(id="high_card", title="High card", min_players=2, max_players=2,
                    information=Information.IMPERFECT, chance=True, options=(),
                    max_length=lambda options, players: 2, utility=Utility.ZERO_SUM, score_bounds=(-1, 1))


def test_a_points_game_whose_scores_break_its_declared_sum_is_refused():
    # high card scores 1 to the winner and 0 to the loser: not zero-sum
    with pytest.raises(AssertionError, match="zero-sum scores .* sum to 1"):
        check_game(WrongBounds(2), games=8)


def test_a_points_game_must_declare_its_score_bounds():
    with pytest.raises(ValueError, match="must declare score_bounds"):
        GameSpec(id="x", title="x", min_players=2, max_players=2, information=Information.PERFECT,
                 chance=False, options=(), max_length=lambda o, p: 1, utility=Utility.GENERAL_SUM)
