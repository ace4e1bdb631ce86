"""The conformance kit against broken hidden-information games (issue 18, item 5).

High card: each of two seats is dealt one card of four face down, two stay in a secret stock;
seat 0 stays or folds, then seat 1 does. The honest game passes the kit; each broken copy below
must fail it with a message naming the fault: a hidden card copied into a plain field at the deal
(caught with seeds, and with every deal of explicit chance), one copied by an action, a game
declared hidden-information whose hands are all face up, a sample that deals a card away from the
seat a frame names as its holder, and a rule reading a card the acting seat cannot see.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import attrs
import pytest
from attrs import frozen

from meeple import (Action, Decision, Game, GameSpec, Hand, Information, MeepleError, Pile, Rng, State, Utility,
                    Visibility, determinize)
from meeple.determinize import owing_seats_can_act
from meeple.testing import check_action_hides, check_determinization, check_game

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


# -- a frame naming who holds a hidden card: samples must keep the card there --------------------

TOP = 3


@frozen
class ShowTop(Action):
    pass


@frozen
class ShowTheTopCard(Decision):
    """The seat dealt the top card shows it before anyone chooses (as Hearts' 2 of clubs leads)."""

    player: int

    def legal_actions(self, state):
        return (ShowTop(),)

    def resolve(self, state, action):
        hand = state.hands[self.player]
        hand.reveal([list(hand).index(TOP)])  # ValueError if the seat does not hold it


class TopCardFirst(HighCard):
    """The frame names the holder of the top card; `known_holder` says so in the zone too."""

    spec = attrs.evolve(HighCard.spec, id="top_card_first", max_length=lambda options, players: 3)
    action_types = (Stay, Fold, ShowTop)
    decision_types = (Choose, ShowTheTopCard)
    known_holder = True

    def setup_with(self, deal, rng):
        state = super().setup_with(deal, rng)
        if TOP in deal:
            holder = deal.index(TOP)
            if self.known_holder:
                state.hands[holder].reveal()
            state.pending.append(ShowTheTopCard(holder))
        return state


class TopCardHolderUnknown(TopCardFirst):
    known_holder = False


def test_a_frame_naming_a_hidden_cards_holder_passes_when_the_card_is_known_there():
    assert check_game(TopCardFirst(2), games=12, strict_fields=True).deep_checks


def test_a_sample_that_deals_a_named_holders_card_elsewhere_is_caught():
    game = TopCardHolderUnknown(2)
    state = game.setup_with((TOP, 0), Rng(0))  # seat 0 holds it and must show it
    for seed in range(8):  # seat 1 cannot see seat 0's hand: its samples may move the card
        check_determinization(game, state, 0, Rng(seed))
    with pytest.raises(AssertionError, match="offers seat 0 ShowTop.*cannot be played there"):
        for seed in range(40):
            check_determinization(game, state, 1, Rng(seed))


@frozen
class ChooseByTheStock(Choose):
    """Seat 0 may stay only when the secret stock's top card is odd: a rule reading a card it
    cannot see."""

    def legal_actions(self, state):
        return (Stay(), Fold()) if state.stock[-1] % 2 else (Fold(),)


class StockDecides(HighCard):
    decision_types = (Choose, ChooseByTheStock)

    def setup_with(self, deal, rng):
        state = super().setup_with(deal, rng)
        state.pending[-1] = ChooseByTheStock(0)
        return state


def test_an_action_the_copy_cannot_play_is_caught_not_skipped():
    state = StockDecides(2).setup_with((0, 1), Rng(0))  # the stock is 2 then 3: seat 0 may stay
    with pytest.raises(AssertionError, match="Stay.* by seat 0 cannot be played .* once the cards"):
        for seed in range(40):  # shuffling the stock turns the 2 up half the time
            check_action_hides(state, 0, Stay(), 1, Rng(seed))


HIGH = 2


@frozen
class ChooseIfHigh(Choose):
    """Seat 1 may choose only when dealt a high card: with a low one it has no legal action."""

    def legal_actions(self, state):
        return (Stay(), Fold()) if state.hands[self.player][0] >= HIGH else ()


@frozen
class ChooseFirst(Choose):
    """Seat 0's choice; seat 1 is then asked only if it can act (as Combo Breaker's follower)."""

    def resolve(self, state, action):
        state.folded[0] = isinstance(action, Fold)
        if state.hands[1][0] >= HIGH:
            state.pending.append(ChooseIfHigh(1))


class OnlyHighChooses(HighCard):
    """Seat 1 owes a choice only when it holds a high card, which seat 0 thereby learns;
    `sample_condition` keeps that in samples (the honest game), or not (the broken one)."""

    spec = attrs.evolve(HighCard.spec, id="only_high_chooses")
    decision_types = (Choose, ChooseFirst, ChooseIfHigh)
    sample_condition = staticmethod(owing_seats_can_act)

    def setup_with(self, deal, rng):
        state = super().setup_with(deal, rng)
        state.pending[-1] = ChooseFirst(0)
        return state


class OwingSeatsUnchecked(OnlyHighChooses):
    sample_condition = None


def asked_with_a_high_card(game):
    state = game.setup_with((0, 3), Rng(0))  # seat 1 holds the 3: asked after seat 0 stays
    state.apply(Stay())
    assert state.owing() == (1,)
    return state


def test_samples_keep_what_a_frame_owed_only_by_a_seat_that_can_act_tells():
    game = OnlyHighChooses(2)
    assert check_game(game, games=12).deep_checks
    state = asked_with_a_high_card(game)
    for seed in range(40):  # seat 0 sees only its 0: a third of the plain deals give seat 1 the 1
        sample = check_determinization(game, state, 0, Rng(seed))
        assert sample.hands[1][0] >= HIGH


def test_a_sample_leaving_an_owing_seat_no_legal_action_is_caught():
    game = OwingSeatsUnchecked(2)
    state = asked_with_a_high_card(game)
    check_determinization(game, state, 1, Rng(0))  # seat 1's own view: its card stays
    with pytest.raises(AssertionError, match="leaves seat 1 owing .* with no legal action"):
        for seed in range(40):
            check_determinization(game, state, 0, Rng(seed))


class NeverSampled(OnlyHighChooses):
    sample_condition = staticmethod(lambda view: lambda state: False)


def test_a_condition_no_deal_meets_is_one_clear_error(monkeypatch):
    monkeypatch.setattr(determinize, "MOST_DEALS", 30)
    game = NeverSampled(2)
    view = asked_with_a_high_card(game).view(0)
    with pytest.raises(MeepleError, match=r"^only_high_chooses: seat 0's view allows no sample the game's "
                                          r"sample_condition accepts \(none in 30 deals of its 3 unseen cards\)$"):
        game.determinize(view, Rng(0))
