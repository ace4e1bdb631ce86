"""A greedy Go Fish bot that listens: it remembers nothing itself, but reads what its view says
everyone knows — cards seen changing hands, and the facts the table has heard.

- Ask a seat for a rank it is known to hold (cards it took face up, or a rank it asked for
  itself), the most of them first.
- Never ask a seat for a rank it is known to hold none of (it said "go fish" and has not drawn
  since), unless every question is such a one.
- Otherwise ask for the rank it holds most of (closest to a book), the seat with most cards.
"""

from __future__ import annotations

from typing import Sequence

from meeple import Action, BotInfo, Game, Options, View

from .actions import Ask
from .cards import rank_of


class GreedyBot:
    """Sees only its view and the legal actions."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        mine = [rank_of(c) for c in view.hands[self.seat].cards]
        return max(legal, key=lambda ask: self.score(view, ask, mine))  # type: ignore[arg-type]

    def score(self, view: View, ask: Ask, mine: list[int]) -> tuple:
        hand = view.hands[ask.seat]
        seen = sum(1 for c in hand.known if rank_of(c) == ask.rank)  # taken or shown face up
        return (seen, mine.count(ask.rank), hand.size, -ask.seat, -ask.rank)


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Go Fish habits: ask where the rank was seen, never where it was denied, else for its biggest set",
)
