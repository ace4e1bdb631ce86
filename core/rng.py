"""A small seeded random number generator whose whole state is one integer.

Games draw all their chance from the `Rng` held in their state, so (seed, actions) fixes a game
byte for byte, a clone copies one int, and the state serializes as one number. SplitMix64 is
statistically sound for shuffling cards and is portable across Python versions, unlike
`random.Random`, whose algorithms may change.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# Shorter shuffles draw one number at a time; longer ones compute up to _LANES numbers at once
# (reading the lanes back assumes a little-endian machine; others always draw one at a time).
_SHORT_SHUFFLE = 12 if sys.byteorder == "little" else sys.maxsize
_LANES = 128


@lru_cache(maxsize=None)
def _lane_constants(count: int) -> tuple[int, int, int]:
    """For `count` lanes of 128 bits in one int: (1 in each lane, k * golden mod 2**64 in lane
    k - 1, 2**64 - 1 in each lane)."""
    ones = steps = masks = 0
    for k in range(count, 0, -1):
        ones = (ones << 128) | 1
        steps = (steps << 128) | ((k * _GOLDEN) & _MASK)
        masks = (masks << 128) | _MASK
    return ones, steps, masks


def _outputs(state: int, count: int) -> list[int]:
    """The next `count` outputs of SplitMix64 from `state`, exactly as `Rng.next64` gives them.

    SIMD within one Python int: lane k (128 bits, the low 64 used) holds the k-th state, so each
    step of the mix is one big-int operation for every lane at once (a product of two 64-bit
    numbers fits in its lane; a shift's spill from the lane above is masked off before anything
    reads it), then the lanes are read back in C (`to_bytes`, a memoryview of 64-bit words).
    """
    ones, steps, masks = _lane_constants(count)
    z = (state * ones + steps) & masks
    z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
    z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
    z ^= (z >> 31) & masks
    return memoryview(z.to_bytes(count * 16, "little")).cast("Q")[::2].tolist()


def _next_outputs(state: int, count: int) -> list[int]:
    """The next `count` outputs from `state`, computed together when there are enough of them."""
    if count >= _SHORT_BATCH:
        return _outputs(state, count)
    outputs = []
    for _ in range(count):
        state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        outputs.append(z ^ (z >> 31))
    return outputs


# A generator that keeps drawing computes its next outputs ahead, in batches that double from 1 to
# _LANES (so one that draws once or twice wastes next to nothing); batches from _SHORT_BATCH up
# are computed together (`_outputs`).
_SHORT_BATCH = 4 if sys.byteorder == "little" else sys.maxsize


_new_rng = object.__new__

# The bounds `below` draws with one comparison of the output (see there). Whether an int is one
# of them is two comparisons in C; any other type (never a valid bound) is compared item by item.
_SMALL_BOUNDS = range(1, 0x10000 + 1)


class Rng:
    """SplitMix64 generator. Never put one in a view: its state predicts every future shuffle.

    Its whole observable state is `state`, one int (what clones, copies, pickles, JSON, equality
    and hashing see; it may be set from outside). Draws are computed ahead in batches: `_ahead`
    holds the next outputs (the next one last), `_origin` the state before the first output of
    the batch, `_filled` the batch's size, so `state` is `_origin` advanced by the outputs taken
    (`_filled - len(_ahead)`). Setting `state` drops the batch; nothing else ever sees it.
    """

    __slots__ = ("_origin", "_ahead", "_filled", "_batch")

    def __init__(self, seed: int = 0) -> None:
        self._origin = seed & _MASK
        self._ahead: list[int] | tuple[()] = ()  # an empty tuple until a batch is computed
        self._filled = 0
        self._batch = 1  # the size of the next batch computed ahead

    @property
    def state(self) -> int:
        """The generator's state: the next output is SplitMix64's from it."""
        taken = self._filled - len(self._ahead)
        return (self._origin + taken * _GOLDEN) & _MASK if taken else self._origin

    @state.setter
    def state(self, value: int) -> None:
        self._origin, self._ahead, self._filled = value, (), 0

    def _fill(self) -> list[int]:
        """Compute the next batch of outputs ahead (called when none is left); returns `_ahead`."""
        state = self.state & _MASK  # a state set from outside may be any int: SplitMix64 reads 64 bits
        count = self._batch
        if count < _LANES:
            self._batch = count * 2
        ahead = _next_outputs(state, count)
        ahead.reverse()
        self._origin, self._ahead, self._filled = state, ahead, count
        return ahead

    def next64(self) -> int:
        """The next 64 random bits."""
        ahead = self._ahead
        if not ahead:
            ahead = self._fill()
        return ahead.pop()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        # Random playouts call this at every step: the next output is taken off the batch and the
        # common case decided by two tests (for 0 < n <= 2**16, `_SMALL_BOUNDS`, the rejection
        # limit, the largest multiple of n not above 2**64, is above 2**64 - 2**16, so a draw below
        # that is never rejected). Anything else puts the output back and goes the long way.
        ahead = self._ahead
        if ahead:
            z = ahead.pop()
            if z < 0xFFFFFFFFFFFF0000 and n in _SMALL_BOUNDS:
                return z % n
            ahead.append(z)
        return self._below(n)

    def _below(self, n: int) -> int:
        """`below` by rejection sampling, for any bound (the state is left as it was on an error)."""
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
        n / 2**64, is far beyond anything a card game can detect. Samplers and deals shuffle
        constantly, so the bits of a long shuffle are computed together (`_outputs`). Outputs
        already computed ahead are used first.
        """
        i = len(items) - 1
        ahead = self._ahead
        while ahead and i > 0:
            j = (ahead.pop() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1
        if i <= 0:
            return
        state = self.state & _MASK
        if i < _SHORT_SHUFFLE:
            for i in range(i, 0, -1):
                state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                j = ((z ^ (z >> 31)) * (i + 1)) >> 64
                items[i], items[j] = items[j], items[i]
        else:
            while i > 0:
                count = i if i < _LANES else _LANES
                for z in _outputs(state, count):
                    j = (z * (i + 1)) >> 64
                    items[i], items[j] = items[j], items[i]
                    i -= 1
                state = (state + count * _GOLDEN) & _MASK
        self._origin, self._filled = state, 0  # `_ahead` is empty

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def spawn(self) -> "Rng":
        """A new generator seeded from this one (for determinized samples, rollouts, seats)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        """An equal, independent generator (what a state's clone holds), without the batch."""
        clone = _new_rng(Rng)
        taken = self._filled - len(self._ahead)
        clone._origin = (self._origin + taken * _GOLDEN) & _MASK if taken else self._origin
        clone._ahead, clone._filled, clone._batch = (), 0, 1
        return clone

    def __getstate__(self) -> tuple[None, dict[str, int]]:
        # What pickle and copy saw when `state` was the only slot: the same bytes as before.
        return None, {"state": self.state}

    def __setstate__(self, saved: tuple[None, dict[str, int]]) -> None:
        self._batch = 1
        self.state = saved[1]["state"]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
