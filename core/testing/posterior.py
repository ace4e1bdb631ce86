"""`check_posterior`: determinization samples follow the exact posterior, on positions small
enough to enumerate.

A seat's posterior over the cards it cannot see is uniform over the deals its view allows in
which every fact it knows is true (and the game's `sample_condition` holds): the sampler's
promise (docs/knowledge.md). `exact_posterior` enumerates those deals — every distinct
arrangement of the unseen cards into the hidden slots, each as likely as any other — and
`check_posterior` draws samples with the game's sampler and compares: a sample the posterior
excludes fails at once, and the counts must pass a chi-square test against the exact
probabilities (a fixed seed, so the test is deterministic). What is compared is `key(sample)`,
by default who holds which cards (each zone with hidden cards, its cards sorted).

    report = check_posterior(game, state, seat=0, samples=3000)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import erfc, exp, factorial, pi, sqrt
from typing import Any, Callable, Iterator

from attrs import frozen

from ..determinize import rebuild, unseen_cards
from ..errors import MeepleError
from ..game import Game
from ..knowledge import false_facts
from ..rng import Rng
from ..state import State
from ..view import View

#: The most deals `exact_posterior` enumerates (a larger position is refused, not sampled).
MOST_DEALS = 200_000
#: Outcomes expected fewer times than this are pooled into one bin of the chi-square test.
LEAST_EXPECTED = 5.0

Key = Callable[[State], Any]


@frozen
class PosteriorReport:
    """What `check_posterior` compared: the deals the view allows, the outcomes (keys) they give,
    the samples drawn, the chi-square bins, statistic and p-value."""

    deals: int
    outcomes: int
    samples: int
    bins: int
    statistic: float
    p_value: float


def exact_posterior(game: Game, view: View, key: Key | None = None,
                    most: int = MOST_DEALS) -> tuple[dict[Any, Fraction], int]:
    """The exact distribution of `key(sample)` over the deals `view` allows (every fact the
    viewer knows true, the game's `sample_condition` passed), each deal equally likely; and the
    number of such deals. MeepleError when there are more than `most` arrangements to try."""
    template, unknown = rebuild(game, view, Rng(0))
    pool = sorted(unseen_cards(game, template), key=repr)
    counts = Counter(pool)
    arrangements = factorial(len(pool))
    for n in counts.values():
        arrangements //= factorial(n)
    if arrangements > most:
        raise MeepleError(f"{game.spec.id}: {arrangements:,} arrangements of {len(pool)} unseen cards: too many "
                          f"to enumerate (at most {most:,}); build a smaller position")
    key = key or _default_key(template, unknown)
    index = {id(zone): i for i, (_, zone) in enumerate(template.zones())}
    slots = [(index[id(zone)], slot) for zone, slot in unknown]
    condition = game.sample_condition
    test = None if condition is None else condition(view)
    found: Counter = Counter()
    deals = 0
    for arrangement in _distinct_permutations(counts):
        state = template.clone()
        zones = [zone for _, zone in state.zones()]
        for (i, slot), card in zip(slots, arrangement):
            zones[i].set_slots(slot, [card])
        if false_facts(state) or (test is not None and not test(state)):
            continue
        found[key(state)] += 1
        deals += 1
    if not deals:
        raise MeepleError(f"{game.spec.id}: no deal of the {len(pool)} unseen cards agrees with the view and its facts")
    return {outcome: Fraction(n, deals) for outcome, n in found.items()}, deals


def _default_key(template: State, unknown: list[tuple[Any, int]]) -> Key:
    """Who holds what: for each zone with hidden slots, its name and its cards sorted (the
    order of a pile is not compared; pass a `key` that reads it to compare it)."""
    hiding = {id(zone) for zone, _ in unknown}
    names = frozenset(name for name, zone in template.zones() if id(zone) in hiding)

    def key(state: State) -> Any:
        return tuple((name, tuple(sorted(zone.cards(), key=repr))) for name, zone in state.zones() if name in names)

    return key


def _distinct_permutations(counts: Counter) -> Iterator[tuple[Any, ...]]:
    """Every distinct ordering of the multiset `counts`, in a fixed order."""
    cards = sorted(counts, key=repr)
    left = [counts[c] for c in cards]
    total = sum(left)
    out: list[Any] = []

    def walk() -> Iterator[tuple[Any, ...]]:
        if len(out) == total:
            yield tuple(out)
            return
        for i, card in enumerate(cards):
            if left[i]:
                left[i] -= 1
                out.append(card)
                yield from walk()
                out.pop()
                left[i] += 1

    return walk()


def check_posterior(game: Game, state: State, seat: int | None, samples: int = 3000, seed: int = 0,
                    key: Key | None = None, alpha: float = 1e-3,
                    sampler: Callable[[Rng], State] | None = None) -> PosteriorReport:
    """Assert that samples of `seat`'s view of `state` (drawn by `sampler`, default the game's
    own, with `Rng(seed)`) follow the exact posterior: no sample outside it, and a chi-square
    test of `key(sample)` counts against the exact probabilities with p-value at least `alpha`.
    Needs a position small enough for `exact_posterior`."""
    view = state.view(seat)
    template, unknown = rebuild(game, view, Rng(0))
    key = key or _default_key(template, unknown)
    exact, deals = exact_posterior(game, view, key)
    draw = sampler or game.sampler(view)
    rng = Rng(seed)
    seen: Counter = Counter(key(draw(rng)) for _ in range(samples))
    outside = [outcome for outcome in seen if outcome not in exact]
    who = "the observer" if seat is None else f"seat {seat}"
    if outside:
        raise AssertionError(f"{len(outside)} of the outcomes sampled from {who}'s view are impossible given "
                             f"what it knows (a fact or the game's sample_condition ignored), e.g. {outside[0]!r}")
    statistic, bins = _chi_square(exact, seen, samples)
    p_value = chi_square_sf(statistic, bins - 1) if bins > 1 else 1.0
    report = PosteriorReport(deals, len(exact), samples, bins, statistic, p_value)
    if p_value < alpha:
        raise AssertionError(f"samples of {who}'s view do not follow the exact posterior: chi-square "
                             f"{statistic:.1f} on {bins - 1} degrees of freedom, p = {p_value:.2g} < {alpha:g} "
                             f"({samples} samples, {len(exact)} outcomes of {deals} deals)")
    return report


def _chi_square(exact: dict[Any, Fraction], seen: Counter, samples: int) -> tuple[float, int]:
    """Pearson's statistic over bins of expected count at least LEAST_EXPECTED (the rarer
    outcomes pooled into one bin, itself merged into the smallest bin if still too rare)."""
    ordered = sorted(exact, key=lambda outcome: exact[outcome], reverse=True)
    bins: list[tuple[float, int]] = []  # (expected, observed)
    pooled_expected, pooled_seen = 0.0, 0
    for outcome in ordered:
        expected = float(exact[outcome]) * samples
        if expected >= LEAST_EXPECTED:
            bins.append((expected, seen[outcome]))
        else:
            pooled_expected += expected
            pooled_seen += seen[outcome]
    if pooled_expected >= LEAST_EXPECTED or (pooled_expected and not bins):
        bins.append((pooled_expected, pooled_seen))
    elif pooled_expected:
        expected, observed = bins.pop()
        bins.append((expected + pooled_expected, observed + pooled_seen))
    statistic = sum((observed - expected) ** 2 / expected for expected, observed in bins)
    return statistic, len(bins)


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with `df` degrees of freedom (exact: the regularized upper
    gamma function Q(df/2, x/2), summed from Q(1/2) = erfc or Q(1) = exp)."""
    if df < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    y = x / 2.0
    if df % 2:
        q, a, term = erfc(sqrt(y)), 0.5, 2.0 * sqrt(y / pi) * exp(-y)
    else:
        q, a, term = exp(-y), 1.0, y * exp(-y)
    while a < df / 2.0:  # Q(a + 1, y) = Q(a, y) + y**a e**-y / Gamma(a + 1)
        q += term
        term *= y / (a + 1.0)
        a += 1.0
    return min(1.0, max(0.0, q))
