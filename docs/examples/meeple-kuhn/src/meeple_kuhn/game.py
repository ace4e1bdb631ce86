"""Kuhn poker: two players, three cards, one betting round, scored in chips.

An imperfect-information game with explicit chance: the deal is one of six outcomes, each with
probability 1/6 (`Kuhn.deal_outcomes`), and `Kuhn.setup_with` builds the state for any of them.
A zero-sum points game: a seat ends +1 or +2 chips, or −1 or −2 (`Utility.ZERO_SUM`, bounds ±2).
Cards and actions are numbered as in OpenSpiel's `kuhn_poker` (Jack 0, Queen 1, King 2; pass 0,
bet 1), which plays exactly the same game.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from attrs import frozen

from meeple import (Action, Decision, Game, GameSpec, Hand, Information, Pile, Rng, State, Utility,
                    Visibility)

from .nash import NASH

CARDS = (0, 1, 2)
CARD_NAMES = ("Jack", "Queen", "King")


@frozen
class Pass(Action):
    """Check, or fold when facing a bet."""

    def describe(self) -> str:
        return "pass"


@frozen
class Bet(Action):
    """Bet one chip, or call when facing a bet."""

    def describe(self) -> str:
        return "bet"


PASS, BET = Pass(), Bet()


@frozen
class Act(Decision):
    """Seat `player` passes or bets."""

    player: int

    def describe(self) -> str:
        return "pass or bet"

    def legal_actions(self, state: "KuhnState"):
        return (PASS, BET)  # OpenSpiel's order: pass 0, bet 1

    def resolve(self, state: "KuhnState", action: Action) -> None:
        me, other = self.player, 1 - self.player
        facing_bet = state.pot[other] > state.pot[me]
        if action == BET:
            state.pot[me] += 1
            if facing_bet:
                state.showdown()  # a call
            else:
                state.pending.append(Act(other))  # the other seat must answer the bet
        elif facing_bet:
            state.folded = me  # the bettor takes the pot, no card is shown
        elif me == 0:
            state.pending.append(Act(1))  # seat 0 checked: seat 1 may check or bet
        else:
            state.showdown()  # both checked


class KuhnState(State):
    hands: tuple[Hand, ...]  # each seat's one card, seen by its owner until a showdown
    stock: Pile  # the unused card, seen by nobody
    pot: list[int]  # the chips each seat has put in (ante and bet)
    folded: int | None = None  # the seat that passed facing a bet

    def showdown(self) -> None:
        """Both cards are shown to everyone."""
        for hand in self.hands:
            hand.reveal()

    def _scores(self):
        if self.pending:
            return [0, 0]
        if self.folded is not None:
            loser = self.folded
        else:
            loser = 0 if self.hands[0][0] < self.hands[1][0] else 1
        return [-self.pot[seat] if seat == loser else self.pot[loser] for seat in range(2)]

    def describe(self, action: Action) -> str:
        facing_bet = self.pot[0] != self.pot[1]
        if action == BET:
            return "call" if facing_bet else "bet"
        return "fold" if facing_bet else "check"


class Kuhn(Game):
    spec = GameSpec(
        id="kuhn",
        title="Kuhn poker",
        min_players=2,
        max_players=2,
        information=Information.IMPERFECT,
        chance=True,
        options=(),
        max_length=lambda options, players: 3,
        summary="Three cards, one chip to bet: bluff with the Jack, call with the Queen?",
        utility=Utility.ZERO_SUM,
        score_bounds=(-2, 2),
    )
    state_class = KuhnState
    action_types = (Pass, Bet)
    decision_types = (Act,)
    bots = (NASH,)

    def deck(self):
        return CARDS

    def rl_action_space(self) -> list[Action]:
        """Every action, in OpenSpiel's order (pass 0, bet 1), for `meeple.rl` (docs/rl.md)."""
        return [PASS, BET]

    def deal_outcomes(self):
        """Seat 0's card, then seat 1's: six deals, each with probability 1/6 (OpenSpiel's order)."""
        return [(deal, Fraction(1, 6)) for deal in permutations(CARDS, 2)]

    def setup_with(self, deal: tuple[int, int], rng: Rng) -> KuhnState:
        if not (type(deal) is tuple and len(deal) == 2 and deal[0] != deal[1] and set(deal) <= set(CARDS)):
            raise ValueError(f"a Kuhn deal is two different cards of {CARDS}, got {deal!r}")
        (unused,) = set(CARDS) - set(deal)
        return self.build_state(
            rng, pending=[Act(0)], pot=[1, 1],
            hands=tuple(Hand([card], owner=seat, ordered=False) for seat, card in enumerate(deal)),
            stock=Pile([unused], visibility=Visibility.SECRET))
