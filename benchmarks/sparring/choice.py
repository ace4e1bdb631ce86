"""How every sparring bot picks among its scored options: the best, ties broken by its own seed."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from meeple import Rng

T = TypeVar("T")

#: Scores closer than this are a tie.
TIE = 1e-9


def best(rng: Rng, options: Sequence[T], value: Callable[[T], float]) -> T:
    """The option of highest `value`; among options tied with it, one drawn from `rng` (in the
    order given), so a bot's seed, never the host's, decides what its heuristic cannot."""
    scored = [(value(option), option) for option in options]
    top = max(score for score, _ in scored)
    tied = [option for score, option in scored if score >= top - TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)
