"""The seeded generator: determinism, bounds, and a fair shuffle."""

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import Rng


def test_same_seed_gives_same_sequence():
    assert [Rng(42).next64() for _ in range(3)] == [Rng(42).next64() for _ in range(3)]
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]


def test_different_seeds_differ():
    assert Rng(1).next64() != Rng(2).next64()


def test_below_stays_in_range_and_rejects_empty_range():
    rng = Rng(7)
    assert {rng.below(3) for _ in range(300)} == {0, 1, 2}
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_a_permutation_and_roughly_uniform():
    rng = Rng(3)
    firsts = Counter()
    for _ in range(3000):
        cards = [0, 1, 2]
        rng.shuffle(cards)
        assert sorted(cards) == [0, 1, 2]
        firsts[cards[0]] += 1
    assert all(850 < firsts[c] < 1150 for c in range(3)), firsts


def test_copy_is_independent_and_spawn_is_deterministic():
    rng = Rng(9)
    twin = rng.copy()
    assert rng.next64() == twin.next64()
    rng.next64()
    assert rng != twin
    assert Rng(5).spawn() == Rng(5).spawn()


# -- exact outputs: every deal and every bot's draws depend on them, so they never change -------

_MASK64 = (1 << 64) - 1


def _reference_next64(state: int) -> tuple[int, int]:
    """SplitMix64 written the obvious way: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def _transcript(seed: int) -> list:
    """Every kind of draw, interleaved, from one seed: bounds from 1 to 2**64 (where rejection is
    common), choice, shuffles of several lengths, random, spawn, and the final state."""
    rng = Rng(seed)
    out: list = [rng.next64() for _ in range(3)]
    for n in (1, 2, 3, 7, 10, 52, 109, 1000, 2**32 + 15, 2**63 + 1, 2**64 - 1, 2**64):
        out += [rng.below(n) for _ in range(20)]
    out.append(rng.choice("abcdefg"))
    for size in (0, 1, 2, 5, 109):
        items = list(range(size))
        rng.shuffle(items)
        out += items
    out.append(rng.random())
    out.append(rng.spawn().state)
    out.append(rng.state)
    return out


@pytest.mark.parametrize(("seed", "digest", "first", "last_state"), [
    (0, "8f82c20e94450f68be7e2d0e3dc0151c28242b7e1d78e47a770e5e3a4a1d0176", 16294208416658607535, 11378832529843500802),
    (1, "c852f3f5563bb459bb68aa6690c3957f9f2c444d0d1d6f853246f3c224e23cc0", 10451216379200822465, 15098178033255178780),
    (42, "46bf98ad86b103145db0c4cf053b62db011efbb397054b5b219c38fbbf292b2f", 13679457532755275413, 613457772045469736),
    (2**64 - 1, "2f7a6fed87327436421b7070ccc435575734dd42a6f526067dea4040071bae7e", 16490336266968443936, 14070176219293008578),
    (0xB0B, "c1640592b457f3616e18d53c4948873a90076f310091b7a338bb1c0d455ef82c", 2186118606892216891, 14705516280818178783),
    (123456789, "48933bc01643e36dcb7ef4550b915d4b9405c01f4ac1f43f47bbd8247a881a18", 2466975172287755897, 5996145151067942037),
])
def test_outputs_are_pinned_for_every_kind_of_draw(seed, digest, first, last_state):
    """Values recorded before the generator was optimised (issue 17): a faster Rng must give
    every game the same deals and every bot the same draws."""
    out = _transcript(seed)
    assert out[0] == first
    assert out[-1] == last_state
    assert hashlib.sha256(repr(out).encode()).hexdigest() == digest


@given(st.integers(0, _MASK64), st.lists(st.integers(1, 2**64), max_size=30))
def test_next64_and_below_match_a_reference_splitmix64(seed, bounds):
    """below(n) is the reference's rejection sampling: draw 64 bits, reject those at or above the
    largest multiple of n, reduce modulo n."""
    rng, state = Rng(seed), seed
    for n in bounds:
        state, r = _reference_next64(state)
        assert rng.next64() == r
        limit = (1 << 64) - (1 << 64) % n
        while True:
            state, r = _reference_next64(state)
            if r < limit:
                break
        assert rng.below(n) == r % n
        assert rng.state == state


@given(st.integers(0, _MASK64), st.integers(0, 300))
def test_shuffle_matches_a_reference_fisher_yates(seed, size):
    """Index i swaps with the multiply-shift of the next 64 bits by i + 1, from the top down
    (short lists, long ones and those longer than one batch of draws)."""
    rng, state = Rng(seed), seed
    items, expected = list(range(size)), list(range(size))
    rng.shuffle(items)
    for i in range(size - 1, 0, -1):
        state, r = _reference_next64(state)
        j = (r * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert rng.state == state


@pytest.mark.parametrize("bound", [(1 << 64) + 1, 1 << 65, 10 ** 30])
def test_below_refuses_a_bound_beyond_64_bits_and_keeps_its_state(bound):
    rng = Rng(5)
    with pytest.raises(ValueError, match="at most 2\\*\\*64"):
        rng.below(bound)
    assert rng.state == Rng(5).state
    assert 0 <= Rng(5).below(1 << 64) < 1 << 64  # the largest bound still draws
