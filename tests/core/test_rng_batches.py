"""The generator's batches computed ahead give exactly SplitMix64 drawn one output at a time.

`Rng` computes outputs in batches (128-bit lanes of one big int), advances the lanes of the last
batch by an addition when the next batch follows it, and keeps out of `below`'s fast path any
output `below` might reject. None of it may change a single draw: these tests compare every
kind of draw with the obvious one-at-a-time SplitMix64 across batch boundaries, batches that
continue one another (or do not), outputs that `below(n)` rejects placed anywhere in a batch,
and copies, pickles and states set from outside in the middle of a batch.
"""

import copy as copying
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitmix_reference import GOLDEN, MASK64, OneAtATime, reference_next64, shuffled, unmix

from meeple import Rng
from meeple.rng import _index_constants, _lane_constants

# Outputs from 2**64 - 2**16 up are those a bound up to 2**16 may reject: below(n) rejects an output
# at or above the largest multiple of n not above 2**64 (2**64 - 50625 for n = 65521, - 2 for 7).
_REJECTABLE = 0xFFFFFFFFFFFF0000
_REJECTING_BOUNDS = st.sampled_from([1, 3, 7, 49152, 65521, 2**16])


def _state_giving(output: int) -> int:
    """The state from which SplitMix64's next output is `output` (its output function inverted)."""
    return (unmix(output) - GOLDEN) & MASK64


def test_the_inverted_output_function_gives_the_output_asked_for():
    for output in (0, 1, _REJECTABLE, MASK64, 0x0123456789ABCDEF):
        assert reference_next64(_state_giving(output))[1] == output


_BOUNDS = st.one_of(st.integers(1, 60), st.sampled_from([1, 2, 7, 2**16, 2**16 + 1, 2**63 + 1, 2**64 - 1, 2**64]),
                    st.integers(1, 2**64))
_DRAWS = st.one_of(
    st.tuples(st.just("below"), st.tuples(_BOUNDS, st.integers(1, 200))),
    st.tuples(st.just("next64"), st.integers(1, 5)),
    st.tuples(st.just("shuffle"), st.integers(0, 300)),
    st.tuples(st.just("copy"), st.sampled_from(["copy", "deepcopy", "pickle"])),
    st.tuples(st.just("set state"), st.sampled_from(["same", "same + 2**70", "back one"])),
)


def _check_draws(rng: Rng, reference: OneAtATime, draws: list) -> Rng:
    """Make `draws` on both, checking every value and the state after each; returns the generator
    drawn from last (a copy or a pickle made mid-batch replaces the original)."""
    for draw, arg in draws:
        if draw == "below":
            n, times = arg
            assert [rng.below(n) for _ in range(times)] == [reference.below(n) for _ in range(times)]
        elif draw == "next64":
            assert [rng.next64() for _ in range(arg)] == [reference.next64() for _ in range(arg)]
        elif draw == "shuffle":
            assert shuffled(rng, arg) == shuffled(reference, arg)
        elif draw == "copy":
            twin = {"copy": rng.copy, "deepcopy": lambda: copying.deepcopy(rng),
                    "pickle": lambda: pickle.loads(pickle.dumps(rng))}[arg]()
            fresh = Rng()
            fresh.state = rng.state  # read back as set, bits above 64 included
            assert twin == rng and pickle.dumps(twin) == pickle.dumps(rng) == pickle.dumps(fresh)
            assert twin.next64() == OneAtATime(reference.state).next64()  # the twin is independent
            rng = twin
            reference.next64()
        else:
            value = {"same": reference.state, "same + 2**70": reference.state + (1 << 70),
                     "back one": (reference.state - GOLDEN) & MASK64}[arg]
            rng.state = value
            reference.state = value & MASK64
            assert rng.state == value
        assert rng.state & MASK64 == reference.state
    return rng


@settings(max_examples=300)
@given(st.integers(0, MASK64), st.lists(_DRAWS, max_size=25))
def test_batches_and_the_batches_continuing_them_give_the_reference_draws(seed, draws):
    """Long runs of draws (batches of every size up to 128 and those that follow them by an
    addition), shuffles of 0 to 300 cards (short, one batch, several), copies and pickles made
    mid-batch and states set from outside (to the very state a batch continues from, with bits
    above 64, or back one output) give the reference's draws."""
    _check_draws(Rng(seed), OneAtATime(seed), draws)


@settings(max_examples=300)
@given(rejected=st.integers(_REJECTABLE, MASK64), position=st.integers(0, 600), warm_up=st.integers(0, 1100),
       bound=_REJECTING_BOUNDS, draws=st.lists(_DRAWS, max_size=8))
def test_an_output_below_may_reject_is_drawn_exactly_wherever_it_falls_in_a_batch(rejected, position, warm_up,
                                                                                  bound, draws):
    """An output from 2**64 - 2**16 up (about one in 2**48), which a bound up to 2**16 may reject:
    placed at any position of a batch of any size, every draw, small bounds' included, is the
    reference's."""
    rng = Rng(12345)
    for _ in range(warm_up):  # batches grow from 1 to 512 outputs as a generator keeps drawing
        rng.below(6)
    start = (_state_giving(rejected) - position * GOLDEN) & MASK64
    rng.state = start
    _check_draws(rng, OneAtATime(start), [("below", (bound, position + 2)), *draws])


@given(rejected=st.integers(_REJECTABLE, MASK64), position=st.integers(0, 511), bound=_REJECTING_BOUNDS)
def test_below_skips_an_output_its_bound_rejects_and_next64_returns_it(rejected, position, bound):
    rng = Rng(99)
    for _ in range(1100):
        rng.below(6)  # batches of 512 from now on
    start = (_state_giving(rejected) - position * GOLDEN) & MASK64
    rng.state = start
    reference = OneAtATime(start)
    assert [rng.below(bound) for _ in range(position)] == [reference.below(bound) for _ in range(position)]
    assert rng.copy().next64() == rejected
    assert rng.below(bound) == reference.below(bound)
    is_rejected = rejected >= (1 << 64) - (1 << 64) % bound
    assert rng.state == reference.state == (start + (position + 1 + is_rejected) * GOLDEN) & MASK64


def test_a_generator_with_lanes_kept_pickles_and_compares_as_its_state_alone():
    """After shuffles (whose lanes are kept for the next batch) and in the middle of a batch, a
    generator pickles to the bytes of a fresh one with its state, equals it and hashes like it."""
    rng = Rng(2026)
    for _ in range(3):
        rng.shuffle(list(range(54)))
    for _ in range(200):
        rng.below(10)
    fresh = Rng(rng.state)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.dumps(rng, protocol) == pickle.dumps(fresh, protocol)
    assert rng == fresh and hash(rng) == hash(fresh) and repr(rng) == repr(fresh)
    assert copying.deepcopy(rng) == rng.copy() == fresh
    cards, fresh_cards = list(range(54)), list(range(54))
    rng.shuffle(cards)
    fresh.shuffle(fresh_cards)
    assert cards == fresh_cards and rng == fresh


def _lane_constants_value_by_value(count: int) -> tuple[int, ...]:
    """`_lane_constants` as it was first written, each lane's value converted on its own: the
    reference for the constants built from repeated bytes."""
    half = (count + 1) // 2
    outputs = [*range(count - 1, -1, -2), *range(count - 2, -1, -2)]  # lane by lane

    def lanes(values: list[int], width: int = 16) -> int:
        return int.from_bytes(b"".join(value.to_bytes(width, "little") for value in values), "little")

    return (lanes([1] * count), lanes([((output + 1) * GOLDEN) & MASK64 for output in outputs]),
            lanes([MASK64] * count), lanes([(count * GOLDEN) & MASK64] * count), lanes([MASK64] * half),
            128 * half - 64, lanes([(1 << 33) - 1] * (2 * half), 8))


@pytest.mark.parametrize("count", [1, 2, 3, 4, 11, 12, 53, 54, 107, 108, 128, 255, 511, 512, 1000])
def test_lane_constants_built_from_bytes_equal_those_built_value_by_value(count):
    assert _lane_constants(count) == _lane_constants_value_by_value(count)


def _output_near_index_boundary(index: int, multiplier: int, offset: int) -> int:
    """The output `offset` away from the least z with (z * multiplier) >> 64 == index, where the
    index of a shuffle's card changes (in [0, 2**64))."""
    least = -((-index << 64) // multiplier)
    return min(max(least + offset, 0), MASK64)


def _shuffle_from_output(size: int, position: int, output: int) -> tuple[list[int], list[int]]:
    """A shuffle of `size` cards whose card `position` (0 first, multiplier size - position) gets
    `output`: (the Rng's permutation, the reference's)."""
    start = (_state_giving(output) - position * GOLDEN) & MASK64
    return shuffled(Rng(start), size), shuffled(OneAtATime(start), size)


@pytest.mark.parametrize(("size", "position"), [(13, 0), (21, 0), (54, 0), (54, 30), (109, 0), (109, 106),
                                                (256, 1), (256, 200), (513, 400), (600, 100), (600, 550)])
def test_an_index_the_top_bits_of_its_output_get_wrong_is_computed_exactly(size, position):
    """A shuffle's last batch of 20 to 255 cards computes its indices from the top 24 bits of each
    output, and falls back to the whole output where the bits dropped could carry into an index:
    an output just past an index boundary, whose top 24 bits give the index below it, is shuffled
    as the reference does (also in shuffles and batches whose indices are computed one by one)."""
    multiplier = size - position
    output = _output_near_index_boundary(1, multiplier, 0)
    assert ((output >> 40) * multiplier) >> 24 != (output * multiplier) >> 64  # the case is real
    rng_permutation, reference_permutation = _shuffle_from_output(size, position, output)
    assert rng_permutation == reference_permutation


@settings(max_examples=300)
@given(size=st.integers(2, 600), data=st.data(), offset=st.integers(-(1 << 41), 1 << 41))
def test_outputs_near_an_index_boundary_anywhere_in_a_shuffle_give_the_reference_permutation(size, data, offset):
    """Outputs within 2**41 of where a card's index changes (where the indices computed together
    from 24 bits are exact and where they are not), at any card of any length of shuffle."""
    position = data.draw(st.integers(0, size - 2))
    multiplier = size - position
    output = _output_near_index_boundary(data.draw(st.integers(1, multiplier - 1)), multiplier, offset)
    rng_permutation, reference_permutation = _shuffle_from_output(size, position, output)
    assert rng_permutation == reference_permutation


@pytest.mark.parametrize("count", [1, 2, 3, 12, 20, 53, 54, 108, 254, 255])
def test_index_constants_built_in_c_equal_those_built_value_by_value(count):
    """Word w of a shuffle's last batch of `count` cards has the multiplier m = w + 2; slot 2k of
    the words folded into 32-bit slots holds word k, slot 2k + 1 word ceil(count / 2) + k."""
    half = (count + 1) // 2
    slot_multipliers = []
    for k in range(half):
        slot_multipliers += [k + 2, half + k + 2 if half + k < count else 0]

    def packed(values, width: int) -> int:
        return int.from_bytes(b"".join(value.to_bytes(width, "little") for value in values), "little")

    planes = tuple(packed([2**32 - 1 if m >> bit & 1 else 0 for m in slot_multipliers], 4)
                   for bit in range((count + 1).bit_length()))
    slots = 2 * half
    assert _index_constants(count) == (packed([2**24 - 1] * count, 8), 64 * half - 32, packed([2**24 - 1] * slots, 4),
                                       packed([2**24] * slots, 4), packed([count] * slots, 4), planes, half)
