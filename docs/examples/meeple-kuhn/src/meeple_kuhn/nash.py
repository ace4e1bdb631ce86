"""The `nash` bot: Kuhn's equilibrium strategies (Kuhn 1950), the family with parameter alpha.

Seat 0, first to act, bets the Jack with probability α (a bluff), never bets the Queen, bets the
King with probability 3α; facing a bet after checking it folds the Jack, calls with the Queen with
probability α + 1/3 and calls with the King. Seat 1 facing a bet folds the Jack, calls with the
Queen 1/3 of the time and with the King always; after a check it bets the Jack 1/3 of the time
(a bluff), checks the Queen and bets the King. Any α in [0, 1/3] is an equilibrium: seat 0
expects to lose 1/18 of a chip a hand, whatever it is. The bot draws from its own generator.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from meeple import Action, BotInfo, Game, Option, Options, Rng, View

JACK, QUEEN, KING = 0, 1, 2


def bet_probability(seat: int, card: int, pot: Sequence[int], alpha: float) -> float:
    """The probability that the equilibrium bets (or calls) with `card` at this point of the hand."""
    facing_bet = pot[1 - seat] > pot[seat]
    if seat == 0:
        if facing_bet:  # check, bet: call?
            return (0.0, alpha + 1 / 3, 1.0)[card]
        return (alpha, 0.0, 3 * alpha)[card]
    if facing_bet:  # bet: call?
        return (0.0, 1 / 3, 1.0)[card]
    return (1 / 3, 0.0, 1.0)[card]  # check: bet?


class NashBot:
    """Plays the equilibrium with parameter `alpha`; sees only its own card and the pot."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.alpha: float = params["alpha"]
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        (card,) = view.hands[self.seat].cards
        bet = self.rng.random() < bet_probability(self.seat, card, view.pot, self.alpha)
        return next(a for a in legal if (a.tag == "bet") == bet)  # legal: pass, bet


NASH = BotInfo(
    name="nash",
    factory=NashBot,
    summary="Kuhn's equilibrium family (seat 0 bluffs the Jack with probability alpha)",
    games=("kuhn",),
    params=(
        Option("alpha", "float", 0.0, "seat 0's bluffing probability with the Jack, in [0, 1/3]",
               minimum=0, maximum=float(Fraction(1, 3))),
        Option("seed", "int", 0, "seed of the bot's own generator"),
    ),
)
