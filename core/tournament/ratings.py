"""Ratings with an uncertainty: OpenSkill's Plackett–Luce model (Weng and Lin, JMLR 2011).

Every game is a free-for-all among its seats, ranked by the result: the winners share first
place, then the other seats by score (a forfeiting seat is never a winner). Games are rated in
the plan's order, so the ratings do not depend on which worker finished first.
"""

from __future__ import annotations

from typing import Sequence

from attrs import frozen

from .worker import GameOutcome


@frozen
class Rating:
    """A bot's skill estimate `mu` and its uncertainty `sigma` (one standard deviation)."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """mu − 3σ: a skill the bot very likely has at least (OpenSkill's "ordinal")."""
        return self.mu - 3 * self.sigma


def seat_ranks(outcome: GameOutcome) -> list[int]:
    """Each seat's place (0 best): winners first, tied, then the others by score, ties shared."""
    winners, scores = set(outcome.winners), outcome.scores
    keys = [(seat not in winners, -scores[seat]) for seat in range(len(scores))]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def rate(bots: int, outcomes: Sequence[GameOutcome]) -> list[Rating]:
    """Rate `bots` bots (indexed as in the outcomes' `seats`) from outcomes in plan order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=str(b)) for b in range(bots)]
    for outcome in outcomes:
        teams = [[ratings[b]] for b in outcome.seats]
        rated = model.rate(teams, ranks=seat_ranks(outcome))
        for seat, b in enumerate(outcome.seats):
            ratings[b] = rated[seat][0]
    return [Rating(r.mu, r.sigma) for r in ratings]
