"""A small seeded random number generator whose whole state is one integer.

Games draw all their chance from the `Rng` held in their state, so (seed, actions) fixes a game
byte for byte, a clone copies one int, and the state serializes as one number. SplitMix64 is
statistically sound for shuffling cards and is portable across Python versions, unlike
`random.Random`, whose algorithms may change.
"""

from __future__ import annotations

import sys
from array import array
from functools import lru_cache
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# Shorter shuffles draw one number at a time; longer ones compute up to _LANES numbers at once
# (reading the lanes back assumes a little-endian machine; others always draw one at a time).
_SHORT_SHUFFLE = 12 if sys.byteorder == "little" else sys.maxsize
# A batch costs ~30k instructions whatever its size (allocations, the calls around it) on top of
# ~900 per output: 512 outputs at once (8 kB of lanes, a list of 512 ints) draw ~180 instructions
# cheaper than 128 (1,024 would save ~30 more).
_LANES = 512

# `below(n)` accepts any output under this for every bound 0 < n <= 2**16 (its rejection limit,
# the largest multiple of n not above 2**64, is above 2**64 - 2**16); `_ahead` holds no other.
_ALWAYS_ACCEPTED = 0xFFFFFFFFFFFF0000
_NEVER_ACCEPTED_BYTES = b"\xff" * 6  # in the bytes of any output that is not: its top 48 bits


def _uniform_lanes(value: int, count: int, width: int = 16) -> int:
    """`count` lanes of `width` bytes, each holding `value`: one bytes repetition (built value by
    value, 512 lanes cost ~5x more)."""
    return int.from_bytes(value.to_bytes(width, "little") * count, "little")


@lru_cache(maxsize=None)
def _lane_constants(count: int) -> tuple[int, int, int, int, int, int, int]:
    """Constants for `count` outputs computed together in 128-bit lanes (see `Rng._words`).

    Lane k < half = ceil(count / 2) stands for the output count - 1 - 2k and lane half + k for
    the output count - 2 - 2k, so that once lane half + k is moved into the top of lane k the
    64-bit words run from the last output to the next one. Returns (1 in each lane, each lane's
    offset from the state, 2**64 - 1 in each lane, count * golden mod 2**64 in each lane: what
    takes every lane past the whole batch, 2**64 - 1 in each of the first half lanes, the shift
    that moves lane half + k to the top of lane k, 2**33 - 1 in each 64-bit word of half lanes).

    Every process meets a dozen batch sizes in its first draws, so this is built from bytes in C:
    ~40 us for 512 lanes (it was ~270 us built value by value).
    """
    half = (count + 1) // 2
    # Each lane's output + 1 (count, count - 2, ..., then count - 1, count - 3, ...) in the low
    # 64 bits of its 128; times golden, it is the lane's offset (less than 2**74: no carry out).
    multiples = array("Q", bytes(16 * count))
    multiples[::2] = array("Q", [*range(count, 0, -2), *range(count - 1, 0, -2)])
    if sys.byteorder != "little":
        multiples.byteswap()
    masks = _uniform_lanes(_MASK, count)
    return (_uniform_lanes(1, count), (int.from_bytes(multiples, "little") * _GOLDEN) & masks, masks,
            _uniform_lanes((count * _GOLDEN) & _MASK, count), _uniform_lanes(_MASK, half),
            128 * half - 64, _uniform_lanes((1 << 33) - 1, 2 * half, 8))


# The indices of a shuffle's last batch are computed together from 20 to 255 cards: their
# multipliers m <= 256 times 24-bit tops fit 32-bit slots, and under 20 cards folding the words
# into slots and reading them back cost more than the multiply-shifts saved (valgrind: even at ~18).
_FEWEST_INDEXED, _MOST_INDEXED = 20, 255


@lru_cache(maxsize=None)
def _index_constants(count: int) -> tuple[int, int, int, int, int, tuple[int, ...], int]:
    """Constants for `_shuffle_indices` on `count` 64-bit words (word w's multiplier is m = w + 2)
    folded into 32-bit slots: slot 2k holds word k and slot 2k + 1 word half + k, half being
    ceil(count / 2) (the last slot is empty when count is odd).

    Returns (2**24 - 1 in each word, the shift that moves word half + k to slot 2k + 1, 2**24 - 1
    in each slot, 2**24 in each slot, count (the largest m less one) in each slot, the bit planes
    of the slots' multipliers: plane b has all 32 bits set in the slots whose m has bit b set,
    half). Built in C from the slots' multipliers: ~9 us for 108 words, ~30 us for 255.
    """
    half = (count + 1) // 2
    multipliers = array("I", bytes(8 * half))  # slot by slot, 0 in an empty slot
    multipliers[0::2] = array("I", range(2, half + 2))
    multipliers[1::2] = array("I", [*range(half + 2, count + 2), *[0] * (2 * half - count)])
    if sys.byteorder != "little":
        multipliers.byteswap()
    by_slot, ones = int.from_bytes(multipliers, "little"), _uniform_lanes(1, 2 * half, 4)
    # Bit b of each slot's m, 0 or 1 in each slot, times 2**32 - 1 (no slot carries).
    planes = tuple(((by_slot >> bit) & ones) * 0xFFFFFFFF for bit in range((count + 1).bit_length()))
    low_bits = (1 << 24) - 1
    return (_uniform_lanes(low_bits, count, 8), 64 * half - 32, _uniform_lanes(low_bits, 2 * half, 4),
            _uniform_lanes(1 << 24, 2 * half, 4), _uniform_lanes(count, 2 * half, 4), planes, half)


def _shuffle_indices(words: int, count: int) -> list[int] | None:
    """The Fisher-Yates indices (z * m) >> 64 of the last `count` (20 to 255) cards of a shuffle,
    m = count + 1 down to 2, from their outputs z (`Rng._words`), next card first; None (about
    count**2 / 2**24 per batch) when one of them might be off by one, for the caller to compute
    one by one.

    One multiply-shift per card of a 64-bit z costs Python ~60 ns; here every product is taken at
    once, in 32-bit slots of one int: the top 24 bits t of each z times its own m, added up bit
    plane by bit plane of the multipliers (t * m < 2**32: no slot carries into the next). The
    index is then the product's top byte: (t * m) >> 24. Exact unless the low 40 bits of z,
    dropped, carry into it: that needs (t * m mod 2**24) + m > 2**24, checked for every slot at
    once with the largest m (a little more often than needed, but one constant slot repeated).
    """
    low_words, fold, low_slots, carries, largest_less_one, planes, half = _index_constants(count)
    tops = (words >> 40) & low_words
    tops = (tops | (tops >> fold)) & low_slots  # word half + k into the empty top half of word k
    products = tops & planes[0]
    for bit in range(1, len(planes)):
        products += (tops << bit) & planes[bit]
    if ((products & low_slots) + largest_less_one) & carries:
        return None
    # Each slot's top byte, the next card's first: slots 2k + 1 (words count - 1 down to half),
    # then slots 2k (words half - 1 down to 0); `tolist` hands out cached small ints.
    top_bytes = memoryview(products.to_bytes(8 * half, "little"))
    return top_bytes[8 * (count - half) - 1::-8].tolist() + top_bytes[8 * half - 5::-8].tolist()


def _one_at_a_time(state: int, count: int) -> list[int]:
    """The next `count` outputs from `state`, the next one last, drawn one by one (for batches too
    small to compute together)."""
    outputs = []
    for _ in range(count):
        state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        outputs.append(z ^ (z >> 31))
    outputs.reverse()
    return outputs


# A generator that keeps drawing computes its next outputs ahead, in batches that double from 1 to
# _LANES (so one that draws once or twice wastes next to nothing); batches from _SHORT_BATCH up
# are computed together (`Rng._words`).
_SHORT_BATCH = 4 if sys.byteorder == "little" else sys.maxsize


_new_rng = object.__new__


class Rng:
    """SplitMix64 generator. Never put one in a view: its state predicts every future shuffle.

    Its whole observable state is `state`, one int (what clones, copies, pickles, JSON, equality
    and hashing see; it may be set from outside). Draws are computed ahead in batches: `_ahead`
    holds the next outputs (the next one last), `_origin` the state before the first output of
    the batch, `_filled` the batch's size, so `state` is `_origin` advanced by the outputs taken
    (`_filled - len(_ahead)`). Setting `state` drops the batch; nothing else ever sees it.
    `_lanes` keeps the last batch computed together, (the state after it, its size, its lanes of
    states), so that the next batch of that size from that state is an addition to them.
    """

    __slots__ = ("_origin", "_ahead", "_filled", "_batch", "_lanes")

    def __init__(self, seed: int = 0) -> None:
        self._origin = seed & _MASK
        self._ahead: list[int] | tuple[()] = ()  # an empty tuple until a batch is computed
        self._filled = 0
        self._batch = 1  # the size of the next batch computed ahead
        self._lanes: tuple[int, int, int] | None = None

    @property
    def state(self) -> int:
        """The generator's state: the next output is SplitMix64's from it."""
        taken = self._filled - len(self._ahead)
        return (self._origin + taken * _GOLDEN) & _MASK if taken else self._origin

    @state.setter
    def state(self, value: int) -> None:
        self._origin, self._ahead, self._filled = value, (), 0

    def _words(self, state: int, count: int) -> int:
        """The next `count` outputs from `state` (64 bits) computed together, as `count` 64-bit
        words of one int, the next output in the top word (its `to_bytes(count * 8, "little")`
        lists them in memory order, the next one last).

        SIMD within one Python int: a lane of 128 bits per output holds its state (see
        `_lane_constants`), so each step of SplitMix64's mix is one big-int operation for every
        lane at once. A product of two 64-bit numbers fits in its lane; a right shift spills the
        bottom of the lane above into the top of a lane, masked off before a product could carry
        it into the next lane. The lanes are then packed two to a lane, so that the last step and
        the conversion to bytes handle half as many bits (the last shift's spill into the top 31
        bits of each word masked off).
        """
        ones, steps, masks, advance, low_masks, shift, word_masks = _lane_constants(count)
        last = self._lanes
        if last is not None and last[0] == state and last[1] == count:
            z = (last[2] + advance) & masks  # the batch right after the last one: one addition
        else:
            z = (state * ones + steps) & masks
        self._lanes = ((state + count * _GOLDEN) & _MASK, count, z)
        z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
        z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
        z = (z & low_masks) | (z >> shift)
        return z ^ ((z >> 31) & word_masks)

    def _fill(self) -> list[int]:
        """Compute the next batch of outputs ahead (called when none is left); returns `_ahead`.

        A batch holding an output that `below` might reject is cut before it (and is that output
        alone when it comes first: `next64`, the only caller, takes it at once)."""
        # No output is left: the state is `_origin` advanced by the whole batch (64 bits of it
        # for a state set from outside, which may be any int: SplitMix64 reads 64 bits).
        state = (self._origin + self._filled * _GOLDEN) & _MASK
        count = self._batch
        if count < _LANES:
            self._batch = count * 2
        if count < _SHORT_BATCH:
            ahead = _one_at_a_time(state, count)
            rejectable = max(ahead) >= _ALWAYS_ACCEPTED
        else:
            words = self._words(state, count).to_bytes(count * 8, "little")
            ahead = memoryview(words).cast("Q").tolist()
            rejectable = _NEVER_ACCEPTED_BYTES in words and max(ahead) >= _ALWAYS_ACCEPTED
        if rejectable:  # about once in 2**48 outputs
            first = next(k for k in range(count - 1, -1, -1) if ahead[k] >= _ALWAYS_ACCEPTED)
            count = max(count - 1 - first, 1)
            del ahead[:-count]
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
        # Random playouts call this at every step. For 0 < n <= 2**16 the next output is accepted
        # (the batch holds no output it could reject, see `_fill`): the common case is two tests.
        ahead = self._ahead
        if ahead and 0 < n <= 0x10000:
            return ahead.pop() % n
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
        constantly, so the bits of a long shuffle are computed together (`_words`), and so are
        the indices of a last batch of 20 to 255 cards (`_shuffle_indices`), leaving Python only
        the swaps. Outputs already computed ahead are used first.
        """
        i = len(items) - 1
        ahead = self._ahead
        while ahead and i > 0:
            j = (ahead.pop() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1
        if i <= 0:
            return
        state = (self._origin + self._filled * _GOLDEN) & _MASK  # no output is left ahead
        if i < _SHORT_SHUFFLE:
            for i in range(i, 0, -1):
                state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                j = ((z ^ (z >> 31)) * (i + 1)) >> 64
                items[i], items[j] = items[j], items[i]
        else:
            size = i + 1  # of the part left to shuffle: its top index, size - 1, swaps next
            while size > 1:
                count = size - 1 if size <= _LANES else _LANES
                words = self._words(state, count)
                state = (state + count * _GOLDEN) & _MASK
                if _FEWEST_INDEXED <= count <= _MOST_INDEXED and count == size - 1:  # the last batch
                    indices = _shuffle_indices(words, count)
                    if indices is not None:
                        for j in indices:
                            size -= 1
                            items[size], items[j] = items[j], items[size]
                        break
                for z in reversed(memoryview(words.to_bytes(count * 8, "little")).cast("Q").tolist()):
                    j = (z * size) >> 64  # (not i + 1 from i: one addition less per card)
                    size -= 1
                    items[size], items[j] = items[j], items[size]
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
        clone._ahead, clone._filled, clone._batch, clone._lanes = (), 0, 1, None
        return clone

    def __getstate__(self) -> tuple[None, dict[str, int]]:
        # What pickle and copy saw when `state` was the only slot: the same bytes as before.
        return None, {"state": self.state}

    def __setstate__(self, saved: tuple[None, dict[str, int]]) -> None:
        self._batch, self._lanes = 1, None
        self.state = saved[1]["state"]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
