"""A small seeded random number generator whose whole state is one integer.

Games draw all their chance from the `Rng` held in their state, so (seed, actions) fixes a game
byte for byte, a clone copies one int, and the state serializes as one number. SplitMix64 is
statistically sound for shuffling cards and is portable across Python versions, unlike
`random.Random`, whose algorithms may change.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator. Never put one in a view: its state predicts every future shuffle."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates), the generator inlined: samplers shuffle constantly.

        Each index comes from 64 random bits by multiply-shift (Lemire); its bias, below
        n / 2**64, is far beyond anything a card game can detect.
        """
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

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
