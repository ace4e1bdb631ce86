"""Samples follow the exact posterior given what the table heard (RULINGS.md 10): on a short deck
(`ranks=4`, sixteen cards) every deal a seat's view allows can be enumerated, so
`meeple.testing.check_posterior` compares thousands of samples with it — on positions where
several seats have asked and answered — and catches a sampler that ignores the facts."""

from __future__ import annotations

import random

import attrs
import pytest

from meeple.testing import check_posterior
from meeple_gofish.game import GoFish

SAMPLES = 2000


def unseen(state, seat: int) -> int:
    """How many cards `seat` does not know the place of."""
    return sum(len(zone.hidden_slots(seat)) for _, zone in state.zones())


def heard_position(seed: int, seat: int):
    """A position of a random 3-player game on the short deck in which the table has heard at
    least three facts, about at least two seats' hands, and `seat` has at most 8 cards unseen
    (8! deals of them to enumerate)."""
    game = GoFish(3, {"ranks": 4})
    for attempt in range(seed, seed + 200):
        state, rng = game.new_state(attempt), random.Random(attempt)
        while state.pending:
            state.apply(rng.choice(state.legal_actions()))
            if (len(state.facts) >= 3 and len({k.fact.zone for k in state.facts}) >= 2
                    and state.pending and unseen(state, seat) <= 8):
                return game, state
    raise AssertionError("no position with facts about two hands")


@pytest.mark.parametrize("seed", [1, 7])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_samples_of_every_seat_follow_the_exact_posterior_given_the_facts(seed, seat):
    game, state = heard_position(seed, seat)
    report = check_posterior(game, state, seat, samples=SAMPLES, seed=seed)
    assert report.samples == SAMPLES and report.deals >= 1


@pytest.mark.parametrize("seed", [1])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_sampler_that_ignores_the_facts_is_caught(seed, seat):
    game, state = heard_position(seed, seat)
    blind = game.sampler(attrs.evolve(state.view(seat), facts=()))
    with pytest.raises(AssertionError, match="impossible|posterior"):
        check_posterior(game, state, seat, samples=SAMPLES, seed=seed, sampler=blind)
