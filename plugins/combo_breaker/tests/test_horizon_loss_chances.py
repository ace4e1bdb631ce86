"""The rollout horizon's loss chances: the race in which every round one seat, equally likely any,
pays a token, and the seat that must pay with none loses (rule 9)."""

from fractions import Fraction
from itertools import product

from hypothesis import given, strategies as st

from meeple_combo_breaker.horizon import loss_chances

token_vectors = st.lists(st.integers(0, 3), min_size=3, max_size=5).map(tuple)


def loser_by_every_payer_sequence(tokens):
    """Each seat's chance to lose, counted over every equally likely sequence of payers (long
    enough to end the game), independently of `loss_chances`' recursion."""
    players, rounds = len(tokens), sum(tokens) + 1
    lost = [Fraction(0)] * players
    for payers in product(range(players), repeat=rounds):
        held = list(tokens)
        for payer in payers:
            if held[payer] == 0:
                lost[payer] += Fraction(1, players ** rounds)
                break
            held[payer] -= 1
    return lost


def test_equal_tokens_give_every_seat_the_same_chance_to_lose():
    assert loss_chances((2, 2, 2, 2)) == (0.25,) * 4
    assert all(abs(c - 1 / 3) < 1e-12 for c in loss_chances((0, 0, 0)))


def test_a_seat_without_tokens_against_one_token_loses_three_times_in_four():
    # it pays first (1/2), or the other seat pays its token and then each is as likely to pay (1/4)
    assert loss_chances((0, 1)) == (0.75, 0.25)


small_races = st.one_of(st.lists(st.integers(0, 2), min_size=3, max_size=3),
                        st.lists(st.integers(0, 1), min_size=4, max_size=4)).map(tuple)


@given(small_races)
def test_loss_chances_are_the_race_counted_payer_sequence_by_payer_sequence(tokens):
    for chance, exact in zip(loss_chances(tokens), loser_by_every_payer_sequence(tokens)):
        assert abs(chance - float(exact)) < 1e-12


@given(token_vectors)
def test_exactly_one_seat_loses(tokens):
    assert abs(sum(loss_chances(tokens)) - 1) < 1e-12


@given(token_vectors, st.integers(0, 4))
def test_a_token_more_lowers_a_seats_chance_to_lose(tokens, seat):
    seat %= len(tokens)
    richer = tokens[:seat] + (tokens[seat] + 1,) + tokens[seat + 1:]
    assert loss_chances(richer)[seat] < loss_chances(tokens)[seat]
