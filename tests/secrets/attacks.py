"""Attacks on hidden information, and how to tell whether one beat chance.

An attacking bot predicts the cards it should not know (an opponent's hand); the tests compare
its predictions with the truth, game by game, against a guessing bot that makes the same kind
of prediction from random candidates. `HitRate` keeps the per-game hit fractions and
`assert_no_better_than_chance` says whether the attack beat the guess by more than sampling
noise allows: the margin is `Z` standard errors of the difference of the two means, computed
from the games themselves (games, not cards, are the independent units).

Helpers for any card game whose state has ``hands`` (Linko, Combo Breaker): `starting_hands`
and `predict_from_candidates`. The old, invertible seed schemes are written out here
(`old_*`), so the tests can show that the attack is real against them.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from typing import Iterable, Sequence

from attrs import define, field

from splitmix_reference import unmix

from meeple import Game, Rng, View

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
#: Standard errors an attack must stay within to count as no better than chance.
Z = 4.0


# -- measuring -------------------------------------------------------------------------------------

def multiset_hits(predicted: Iterable[int], actual: Iterable[int]) -> int:
    """How many predicted cards the actual hand holds (counting repeated values)."""
    return sum((Counter(predicted) & Counter(actual)).values())


@define
class HitRate:
    """Fractions of hidden cards predicted right, averaged per independent unit (a game; a deal
    when the duplicate format plays each deal several times, since those games are not
    independent draws)."""

    units: dict[object, list[float]] = field(factory=dict)

    def add(self, predicted: Iterable[int], actual: Sequence[int], unit: object = None) -> None:
        key = len(self.units) if unit is None else unit
        self.units.setdefault(key, []).append(multiset_hits(predicted, actual) / len(actual) if actual else 0.0)

    @property
    def fractions(self) -> list[float]:
        return [sum(f) / len(f) for f in self.units.values()]

    @property
    def games(self) -> int:
        return sum(len(f) for f in self.units.values())

    @property
    def rate(self) -> float:
        fractions = self.fractions
        return sum(fractions) / len(fractions)

    @property
    def variance(self) -> float:
        fractions, mean = self.fractions, self.rate
        return sum((f - mean) ** 2 for f in fractions) / max(1, len(fractions) - 1)


def chance_margin(attack: HitRate, guess: HitRate, z: float = Z) -> float:
    """`z` standard errors of (attack rate − guess rate) over independent games."""
    return z * math.sqrt(attack.variance / len(attack.units) + guess.variance / len(guess.units))


def assert_no_better_than_chance(attack: HitRate, guess: HitRate, z: float = Z) -> None:
    margin = chance_margin(attack, guess, z)
    assert attack.rate <= guess.rate + margin, (
        f"attack hit rate {attack.rate:.3f} beats the guessing rate {guess.rate:.3f} by more than "
        f"{margin:.3f} ({z:g} standard errors over {len(attack.units)} and {len(guess.units)} units)")


# -- predicting ------------------------------------------------------------------------------------

def starting_hands(game: Game, seed: int) -> list[list[int]]:
    """Every seat's hand as the deal `seed` gives it."""
    return [sorted(hand.cards()) for hand in game.new_state(seed).hands]


def own_hand(view: View, seat: int) -> list[int]:
    return list(view.hands[seat].cards)


def predict_from_candidates(game: Game, view: View, seat: int, candidates: Iterable[int]) -> list[list[int]]:
    """The starting hands of the candidate deal whose hand for `seat` is most like the hand the
    view shows (the right deal, when the candidates hold it). Deal seeds have 63 bits: a
    candidate with its top bit set is not a deal seed, and is read without that bit."""
    mine = own_hand(view, seat)
    best: list[list[int]] | None = None
    best_score = -1
    for candidate in candidates:
        hands = starting_hands(game, candidate & ((1 << 63) - 1))
        score = multiset_hits(hands[seat], mine)
        if score > best_score:
            best, best_score = hands, score
    assert best is not None, "no valid candidate"
    return best


# -- the old seed schemes, which the attacks defeat --------------------------------------------------

def old_match_bot_seed(deal: int, seat: int) -> int:
    """The seed the old `match_plan` gave seat `seat`'s bot: ``Rng(deal ^ 0x5DEECE66D)``'s output
    number seat + 1, shifted right by one bit."""
    rng = Rng(deal ^ 0x5DEECE66D)
    for _ in range(seat):
        rng.next64()
    return rng.next64() >> 1


def invert_old_match_bot_seed(seed: int, seat: int) -> list[int]:
    """The deal seeds that give `seed` under `old_match_bot_seed` (two: the lost low bit)."""
    return [((unmix(seed << 1 | low) - (seat + 1) * GOLDEN) & MASK) ^ 0x5DEECE66D for low in (0, 1)]


def old_session_bot_seed(deal: int, seat: int, moves: int) -> int:
    """The seed the old `Session.make_bot` gave (``meeple play``'s bots and hints, `serve`'s bot op)."""
    return Rng(deal ^ (seat + 1) * GOLDEN ^ moves * 0xBF58476D1CE4E5B9).next64() >> 1


def invert_old_session_bot_seed(seed: int, seat: int, moves: int) -> list[int]:
    mixed = ((seat + 1) * GOLDEN ^ moves * 0xBF58476D1CE4E5B9) & MASK
    return [((unmix(seed << 1 | low) - GOLDEN) & MASK) ^ mixed for low in (0, 1)]


def old_derive(seed: int, *parts: object) -> int:
    """The old tournament `derive`: an unkeyed hash, so anyone who knows the series seed (0 by
    default) computes every deal."""
    text = "/".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def old_match_deals(seed: int, games: int) -> list[int]:
    """The old match deal seeds: ``Rng(seed)``'s outputs, shifted right by one bit."""
    rng = Rng(seed)
    return [rng.next64() >> 1 for _ in range(games)]
