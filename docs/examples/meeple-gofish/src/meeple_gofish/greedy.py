"""A greedy Go Fish bot that listens: it remembers nothing itself, but reads what its view says
the whole table knows — cards seen changing hands, and the facts everyone heard
(`view.facts`: who asked for what, who said "go fish").

- Never ask a seat for a rank it is known to hold none of (it said "go fish", or handed them
  all over, and has not drawn since), unless every question is such a one.
- Ask a seat for a rank it is known to hold (it asked for that rank, or took cards of it face
  up), the most of them first.
- Otherwise ask for the rank it holds most of (closest to a book), the seat with most cards.
"""

from __future__ import annotations

from typing import Sequence

from meeple import Action, BotInfo, Game, HoldsAtLeast, HoldsNone, Options, View

from .actions import Ask
from .cards import rank_of
from .decisions import hand_zone


class GreedyBot:
    """Sees only its view and the legal actions."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        mine = [rank_of(c) for c in view.hands[self.seat].cards]
        denied = {(known.fact.zone, known.fact.kind) for known in view.facts if type(known.fact) is HoldsNone}
        held: dict[tuple[str, int], int] = {}
        for known in view.facts:
            if type(known.fact) is HoldsAtLeast:
                held[known.fact.zone, known.fact.kind] = known.fact.count

        def score(ask: Ask) -> tuple:
            zone = hand_zone(ask.seat)
            seen = sum(1 for c in view.hands[ask.seat].known if rank_of(c) == ask.rank)
            return ((zone, ask.rank) not in denied, max(seen, held.get((zone, ask.rank), 0)),
                    mine.count(ask.rank), view.hands[ask.seat].size, -ask.seat, -ask.rank)

        return max(legal, key=score)  # type: ignore[arg-type]


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Go Fish habits: ask where the rank is known to be, never where it was denied, else for its biggest set",
)
