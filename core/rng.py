"""A small seeded random number generator whose whole state is one integer.

Games draw all their chance from the `Rng` held in their state, so (seed, actions) fixes a game
byte for byte, a clone copies one int, and the state serializes as one number. SplitMix64 is
statistically sound for shuffling cards and is portable across Python versions, unlike
`random.Random`, whose algorithms may change.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator. Never put one in a view: its state predicts every future shuffle.

    Its whole state is `state`, one int (what clones, pickles, JSON, equality and hashing see;
    it may be set from outside: only its low 64 bits count).
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        """The next 64 random bits: the state advances by the golden ratio, then is mixed."""
        self.state = z = (self.state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        if n > 1 << 64:  # no 64-bit draw could be accepted: refuse rather than loop for ever
            raise ValueError(f"Rng.below draws from 64 bits: its bound is at most 2**64, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        z = self.next64()
        while z >= limit:
            z = self.next64()
        return z % n

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): index i swaps with a draw in [0, i], i from the top down.

        Each index comes from the next 64 random bits by multiply-shift (Lemire); its bias, below
        n / 2**64, is far beyond anything a card game can detect.
        """
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def spawn(self) -> "Rng":
        """A new generator seeded from this one (for determinized samples, rollouts, seats)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        """An equal, independent generator (what a state's clone holds)."""
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
