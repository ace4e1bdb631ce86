"""Exact expected scores by enumeration, for small games with explicit chance (`Game.deal_outcomes`).

    from meeple.testing import exact_scores
    assert exact_scores(Kuhn(2)) == (Fraction(1, 8), Fraction(-1, 8))

Every deal is weighted by its exact probability and every decision by the policy's (uniformly
random by default), so the result is a `Fraction` per seat, not an estimate. It enumerates the
whole game tree: for games of a few thousand nodes, not for Linko.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Sequence

from ..actions import Action
from ..game import Game
from ..state import State

Policy = Callable[[State, int, Sequence[Action]], Sequence[Fraction]]
"""``policy(state, seat, legal)``: the probability of each legal action of `seat` (summing to 1)."""


def uniform(state: State, seat: int, legal: Sequence[Action]) -> Sequence[Fraction]:
    """Every legal action equally likely (random play)."""
    return [Fraction(1, len(legal))] * len(legal)


def exact_scores(game: Game, policy: Policy = uniform, seed: int = 0) -> tuple[Fraction, ...]:
    """Each seat's exact expected final score when every seat plays `policy`, over every deal.

    Raises ValueError for a game without `deal_outcomes`, and when an action draws chance from
    the state's `Rng` (chance after the deal cannot be enumerated)."""
    total = [Fraction(0)] * game.players
    for _, probability, state in game.deal_states(seed):
        for seat, value in enumerate(_expected(state, policy)):
            total[seat] += probability * value
    return tuple(total)


def _expected(state: State, policy: Policy) -> list[Fraction]:
    if state.is_terminal:
        return [Fraction(score) for score in state.scores()]
    seat = state.owing()[0]
    legal = state.legal_actions(seat)
    values = [Fraction(0)] * state.players
    for action, probability in zip(legal, policy(state, seat, legal)):
        if not probability:
            continue
        child = state.clone()
        before = child.rng.state
        child.apply(action, seat)
        if child.rng.state != before:
            raise ValueError(f"{state.game.spec.id}: {action!r} draws chance after the deal; "
                             f"exact_scores enumerates only the deal")
        for s, value in enumerate(_expected(child, policy)):
            values[s] += probability * value
    return values
