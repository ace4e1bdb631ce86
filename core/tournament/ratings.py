"""Ratings with an uncertainty: OpenSkill's Plackett–Luce model (Weng and Lin, JMLR 2011).

Every game is a free-for-all among its seats, ranked by the result: the winners share first
place, then the other seats by score (a forfeiting seat is never a winner). In a points game
(`GameSpec.points`: the objective is the score) the seats are ranked by score alone, equal scores
sharing a place — so the ratings measure who tends to finish with more points, not by how much
(the mean score and its interval say that). Games are rated in the plan's order, so the ratings
do not depend on which worker finished first.
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


def seat_ranks(outcome: GameOutcome, by_score: bool = False) -> list[int]:
    """Each seat's place (0 best): winners first, tied, then the others by score, ties shared;
    with `by_score` (a points game), by score alone."""
    winners, scores = set(outcome.winners), outcome.scores
    keys = [(False if by_score else seat not in winners, -scores[seat]) for seat in range(len(scores))]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def rate(bots: int, outcomes: Sequence[GameOutcome], by_score: bool = False) -> list[Rating]:
    """Rate `bots` bots (indexed as in the outcomes' `seats`) from outcomes in plan order
    (`by_score`: rank each game's seats by score alone, for points games)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=str(b)) for b in range(bots)]
    for outcome in outcomes:
        teams = [[ratings[b]] for b in outcome.seats]
        rated = model.rate(teams, ranks=seat_ranks(outcome, by_score))
        for seat, b in enumerate(outcome.seats):
            ratings[b] = rated[seat][0]
    return [Rating(r.mu, r.sigma) for r in ratings]
