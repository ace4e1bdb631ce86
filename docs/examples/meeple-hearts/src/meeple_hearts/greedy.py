"""A greedy Hearts bot: the habits of a cautious beginner, no look-ahead, no card counting.

- Pass the three most dangerous cards: the queen, king and ace of spades, then the highest hearts,
  then the highest other cards.
- Lead the lowest card it may lead.
- Follow suit with the highest card that still loses the trick; when every card would win, the
  highest if it plays last to a trick without points, otherwise the lowest.
- When it cannot follow, throw the queen of spades, else its highest heart, else its highest card.
"""

from __future__ import annotations

from typing import Sequence

from meeple import Action, BotInfo, Game, Options, View

from .actions import PassCards, PlayCard
from .cards import HEARTS, QUEEN_OF_SPADES, SPADES, points, rank_of, suit_of


def danger(card: int) -> tuple[int, int]:
    """How much a card hurts to keep: the queen, king and ace of spades first, then hearts, then
    by rank."""
    if suit_of(card) == SPADES and rank_of(card) >= 10:
        return (3, rank_of(card) == 10)
    return (2 if suit_of(card) == HEARTS else 1, rank_of(card))


class GreedyBot:
    """Sees only its view and the legal actions."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.jd_bonus = game.options["jd_bonus"]

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if isinstance(legal[0], PassCards):
            return max(legal, key=lambda a: sorted((danger(c) for c in a.cards), reverse=True))
        cards = [a.card for a in legal]  # type: ignore[attr-defined]
        trick = list(view.trick.cards)
        if not trick:
            return PlayCard(min(cards, key=rank_of))
        led = suit_of(trick[0])
        if suit_of(cards[0]) != led:  # cannot follow: throw the worst card
            return PlayCard(QUEEN_OF_SPADES if QUEEN_OF_SPADES in cards else max(cards, key=danger))
        best = max(rank_of(c) for c in trick if suit_of(c) == led)
        losing = [c for c in cards if rank_of(c) < best]
        if losing:
            return PlayCard(max(losing, key=rank_of))
        last = len(trick) == 3
        if last and sum(points(c, self.jd_bonus) for c in trick) <= 0:
            return PlayCard(max(cards, key=rank_of))
        return PlayCard(min(cards, key=rank_of))


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Hearts habits: pass the dangerous cards, duck under the winning card, dump the queen",
)
