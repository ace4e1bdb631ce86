"""SplitMix64 written out independently of `meeple.Rng`, one output at a time: the reference its
draws, shuffles and copies are tested against (`test_rng.py`), so the stream stays the one every
record and golden game was made with."""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MULTIPLIERS = (0xBF58476D1CE4E5B9, 0x94D049BB133111EB)


def reference_next64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: (new state, output)."""
    state = (state + GOLDEN) & MASK64
    z = ((state ^ (state >> 30)) * MULTIPLIERS[0]) & MASK64
    z = ((z ^ (z >> 27)) * MULTIPLIERS[1]) & MASK64
    return state, z ^ (z >> 31)


def _unshift(y: int, k: int) -> int:
    """Invert x ^ (x >> k) on 64 bits."""
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def unmix(z: int) -> int:
    """Invert SplitMix64's output mix: the generator state that produced the output `z` (what an
    attacker computes from one output; a test, an output it wants next)."""
    z = _unshift(z, 31)
    z = (z * pow(MULTIPLIERS[1], -1, 1 << 64)) & MASK64
    z = _unshift(z, 27)
    z = (z * pow(MULTIPLIERS[0], -1, 1 << 64)) & MASK64
    return _unshift(z, 30)


class OneAtATime:
    """Every draw `Rng` offers, from one output at a time."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state, output = reference_next64(self.state)
        return output

    def below(self, n: int) -> int:
        if n <= 0 or n > 1 << 64:
            raise ValueError(n)
        limit = (1 << 64) - (1 << 64) % n
        while True:
            output = self.next64()
            if output < limit:
                return output % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))


def shuffled(generator, size: int) -> list[int]:
    """`range(size)` as `generator` (an `Rng` or a `OneAtATime`) shuffles it."""
    items = list(range(size))
    generator.shuffle(items)
    return items
