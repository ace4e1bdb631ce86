"""The seeded generator: determinism, bounds, and a fair shuffle."""

from collections import Counter

import pytest

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
