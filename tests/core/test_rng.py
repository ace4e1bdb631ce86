"""The seeded generator: determinism, bounds, and a fair shuffle."""

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from splitmix_reference import MASK64, OneAtATime, reference_next64, shuffled

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


@given(st.integers(0, MASK64), st.lists(st.integers(1, 2**64), max_size=30))
def test_next64_and_below_match_a_reference_splitmix64(seed, bounds):
    """below(n) is the reference's rejection sampling: draw 64 bits, reject those at or above the
    largest multiple of n, reduce modulo n."""
    rng, state = Rng(seed), seed
    for n in bounds:
        state, r = reference_next64(state)
        assert rng.next64() == r
        limit = (1 << 64) - (1 << 64) % n
        while True:
            state, r = reference_next64(state)
            if r < limit:
                break
        assert rng.below(n) == r % n
        assert rng.state == state


@given(st.integers(0, MASK64), st.integers(0, 600))
def test_shuffle_matches_a_reference_fisher_yates(seed, size):
    """Index i swaps with the multiply-shift of the next 64 bits by i + 1, from the top down
    (lists of up to 600 cards)."""
    rng, state = Rng(seed), seed
    items, expected = list(range(size)), list(range(size))
    rng.shuffle(items)
    for i in range(size - 1, 0, -1):
        state, r = reference_next64(state)
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


# -- any interleaving of draws, state reads and writes, copies, pickles and spawns gives what the
# reference drawing one number at a time gives ---------------------------------------------------


_BOUNDS = st.one_of(st.integers(1, 60), st.integers(1, 2**64), st.sampled_from([1, 2**16, 2**16 + 1, 2**64]))
_STEPS = st.one_of(
    st.tuples(st.just("below"), _BOUNDS),
    st.tuples(st.just("many belows"), st.tuples(st.integers(1, 10), st.integers(1, 300))),
    st.tuples(st.just("bad bound"), st.sampled_from([0, -1, -(2**70), 2**64 + 1, 2**65])),
    st.tuples(st.just("next64"), st.none()),
    st.tuples(st.just("choice"), st.integers(1, 30)),
    st.tuples(st.just("shuffle"), st.integers(0, 300)),
    st.tuples(st.just("random"), st.none()),
    st.tuples(st.just("spawn"), st.integers(0, 20)),
    st.tuples(st.just("set state"), st.integers(0, MASK64)),
    st.tuples(st.just("copy"), st.sampled_from(["copy", "copy.copy", "deepcopy", "pickle", "json"])),
    st.tuples(st.just("compare"), st.none()),
)


def _step(rng: Rng, reference: OneAtATime, step: str, arg) -> Rng:
    """Do `step` on both generators, check they agree, and return the generator to go on with."""
    import copy as copying
    import json
    import pickle

    if step == "below":
        assert rng.below(arg) == reference.below(arg)
    elif step == "many belows":
        n, times = arg
        assert [rng.below(n) for _ in range(times)] == [reference.below(n) for _ in range(times)]
    elif step == "bad bound":
        with pytest.raises(ValueError):
            rng.below(arg)
    elif step == "next64":
        assert rng.next64() == reference.next64()
    elif step == "choice":
        items = list(range(arg))
        assert rng.choice(items) == items[reference.below(arg)]
    elif step == "shuffle":
        assert shuffled(rng, arg) == shuffled(reference, arg)
    elif step == "random":
        assert rng.random() == reference.random()
    elif step == "spawn":
        child, reference_child = rng.spawn(), OneAtATime(reference.next64())
        assert child.state == reference_child.state
        assert [child.below(7) for _ in range(arg)] == [reference_child.below(7) for _ in range(arg)]
        assert child.state == reference_child.state
    elif step == "set state":
        rng.state = arg
        reference.state = arg
    elif step == "copy":
        twin = {"copy": rng.copy, "copy.copy": lambda: copying.copy(rng), "deepcopy": lambda: copying.deepcopy(rng),
                "pickle": lambda: pickle.loads(pickle.dumps(rng)),
                "json": lambda: Rng(json.loads(json.dumps(rng.state)))}[arg]()
        assert twin == rng and hash(twin) == hash(rng) and repr(twin) == repr(rng)
        assert twin.next64() == OneAtATime(rng.state).next64()  # the twin is independent...
        assert rng.state == reference.state  # ...and drawing from it leaves the original alone
        rng = twin if arg != "copy" else rng
        if arg != "copy":
            reference.next64()  # going on with the twin, which has drawn once
    else:
        assert rng == Rng(reference.state) and hash(rng) == hash(Rng(reference.state))
        assert repr(rng) == f"Rng(state={reference.state})"
    assert rng.state == reference.state
    return rng


@given(st.integers(0, MASK64), st.lists(_STEPS, max_size=40))
def test_every_interleaving_of_draws_copies_and_state_reads_matches_one_draw_at_a_time(seed, steps):
    """Whatever happens between draws (shuffles, spawns, the state read or set from outside,
    copies, pickles, JSON, refused bounds), every draw and every state read is the reference's."""
    rng, reference = Rng(seed), OneAtATime(seed)
    for step, arg in steps:
        rng = _step(rng, reference, step, arg)


def test_a_generator_pickles_to_the_same_bytes_as_one_holding_only_its_state():
    """Pickles and copies hold the state alone: the bytes are those of a fresh generator with
    that state."""
    import copy as copying
    import pickle

    rng = Rng(2024)
    for _ in range(5):
        rng.below(6)
    fresh = Rng(rng.state)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.dumps(rng, protocol) == pickle.dumps(fresh, protocol)
    assert pickle.loads(pickle.dumps(rng)).below(1000) == copying.deepcopy(rng).below(1000) == rng.below(1000)


def test_a_state_set_from_outside_is_read_back_as_set_and_drawn_from_masked():
    """The state reads back exactly as set, and draws use its low 64 bits (a long shuffle
    included)."""
    rng, reference = Rng(), OneAtATime(0)
    rng.state = (1 << 70) + 12345
    assert rng.state == (1 << 70) + 12345
    reference.state = 12345
    items, expected = list(range(200)), list(range(200))
    rng.shuffle(items)
    reference.shuffle(expected)
    assert items == expected
    assert [rng.below(9) for _ in range(300)] == [reference.below(9) for _ in range(300)]
    assert rng.state == reference.state
