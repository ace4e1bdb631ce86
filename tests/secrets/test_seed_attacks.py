"""Seeds are secrets: bots that try to compute the deal from what they are given predict hidden
cards no better than a bot that guesses.

Two attacks from issue 11, played in real runs (`run_match`, `run_tournament`) on Linko (2
players, 13-card hands), each measured against a guessing twin that picks from as many random
candidate deals by the same rule (`attacks.predict_from_candidates`):

- a bot that inverts SplitMix64's output mix on its own seed, as the old `match_plan` seeded bots
  (``Rng(deal ^ 0x5DEECE66D)``): it recovered every deal (14 of 14, issue 11);
- a bot that computes the deals from the series seed 0, the old default, with the old unkeyed
  `derive`, the old match scheme (``Rng(0)``) and today's `derive`.

Each also has a unit test showing the attack is real: under the old schemes the same prediction
code names every hidden card (hit rate 1.0), so these tests would have failed then.
"""

from __future__ import annotations

import pytest
from attacks import (HitRate, assert_no_better_than_chance, chance_margin, invert_old_match_bot_seed,
                     invert_old_session_bot_seed, old_derive, old_match_bot_seed, old_match_deals,
                     old_session_bot_seed, predict_from_candidates, starting_hands)

from meeple import BotInfo, Option, Registry, Rng, hookimpl
from meeple.match import run_match
from meeple.seeds import derive
from meeple.session import Session
from meeple.tournament import run_tournament

GAMES = 200  # games per run: 200 per-game hit fractions on each side
CANDIDATES = 6  # deals the series-seed attack tries per scheme (the old ones hold the deal among the first)


class Attacker:
    """Plays randomly; at its first decision of a game, predicts every seat's starting hand twice:
    from its `candidates` (the attack) and from as many random deals (the guess)."""

    last: dict[str, list[list[int]]] = {}

    def __init__(self, game, seat, params):
        self.game, self.seat, self.seed = game, seat, params["seed"]
        self.rng = Rng(params["seed"])
        self.predicted = False

    def candidates(self) -> list[int]:
        raise NotImplementedError

    def act(self, view, legal):
        if not self.predicted:
            self.predicted = True
            attack = self.candidates()
            guesses = [self.rng.next64() for _ in attack]  # as many, as valid (a top bit set or not)
            type(self).last = {
                "attack": predict_from_candidates(self.game, view, self.seat, attack),
                "guess": predict_from_candidates(self.game, view, self.seat, guesses)}
        return legal[self.rng.below(len(legal))]


class SeedInverter(Attacker):
    def candidates(self):
        return invert_old_match_bot_seed(self.seed, self.seat)


class DealComputer(Attacker):
    def candidates(self):
        return ([derive(0, "deal", d) for d in range(CANDIDATES)]
                + [old_derive(0, "deal", d) for d in range(CANDIDATES)]
                + old_match_deals(0, CANDIDATES))


class AttackPlugin:
    @hookimpl
    def meeple_register_bots(self, register):
        for name, factory in (("inverter", SeedInverter), ("dealer", DealComputer)):
            register(BotInfo(name, factory, "attacks the deal", games=("linko",), params=(Option("seed", "int", 0),)))


@pytest.fixture(scope="module")
def registry():
    return Registry.load(plugins=[AttackPlugin()], entry_points=True)


def measure(registry, attacker_cls):
    """An `on_game` callback scoring the attacker's predictions of its opponents' hands."""
    game = registry.create("linko", 2, {})
    attack, guess = HitRate(), HitRate()

    def on_game(outcome):
        assert outcome.forfeit is None, outcome.forfeit["reason"]
        seat = outcome.seats.index(0)  # the attacker is bot 0
        actual = starting_hands(game, outcome.record["seed"])
        for other in range(2):
            if other != seat:
                attack.add(attacker_cls.last["attack"][other], actual[other], outcome.deal)
                guess.add(attacker_cls.last["guess"][other], actual[other], outcome.deal)
        attacker_cls.last = {}

    return game, attack, guess, on_game


def report(name, attack, guess):
    """The figures for the closing note (shown with ``pytest -s``)."""
    print(f"\n{name}: attack {attack.rate:.4f}, guess {guess.rate:.4f} over {attack.games} games "
          f"({len(attack.units)} deals), margin {chance_margin(attack, guess):.3f}")


# -- the attacks are real: under the old schemes they name every hidden card ----------------------

def test_inverting_the_output_mix_recovers_the_deal_from_the_old_bot_seeds():
    rng = Rng(11)
    for _ in range(50):
        deal = rng.next64() >> 1
        for seat in range(5):
            assert deal in invert_old_match_bot_seed(old_match_bot_seed(deal, seat), seat)
            moves = rng.below(200)
            assert deal in invert_old_session_bot_seed(old_session_bot_seed(deal, seat, moves), seat, moves)


def test_under_the_old_schemes_both_attacks_predict_every_hidden_card(registry):
    game = registry.create("linko", 2, {})
    inverter, computer = HitRate(), HitRate()
    deals = old_match_deals(0, CANDIDATES) + [old_derive(0, "deal", d) for d in range(CANDIDATES)]
    for number, deal in enumerate(deals):
        state = game.new_state(deal)
        seat = number % 2
        actual = starting_hands(game, deal)
        by_inversion = predict_from_candidates(game, state.view(seat), seat,
                                               invert_old_match_bot_seed(old_match_bot_seed(deal, seat), seat))
        by_series_seed = predict_from_candidates(game, state.view(seat), seat, DealComputer.candidates(None))
        inverter.add(by_inversion[1 - seat], actual[1 - seat], number)
        computer.add(by_series_seed[1 - seat], actual[1 - seat], number)
    assert inverter.rate == 1.0 and computer.rate == 1.0


# -- today: no better than chance ------------------------------------------------------------------

def test_derived_bot_seeds_do_not_invert_to_their_deal():
    from meeple.tournament.plan import match_plan, tournament_plan

    jobs = list(match_plan(3, 100, seed=0)) + list(tournament_plan(3, 3, 30, seed=0))
    for job in jobs:
        for seat, seed in enumerate(job.bot_seeds):
            assert job.seed not in invert_old_match_bot_seed(seed, seat)
            assert job.seed not in invert_old_session_bot_seed(seed, seat, 0)
            assert seed != job.seed


def test_a_match_bot_inverting_its_seed_predicts_hidden_cards_no_better_than_chance(registry):
    game, attack, guess, on_game = measure(registry, SeedInverter)
    run_match(registry, "linko", ["inverter", "random"], GAMES, on_game=on_game)
    assert attack.games == guess.games == GAMES
    report("seed inversion", attack, guess)
    assert_no_better_than_chance(attack, guess)


def test_a_tournament_bot_computing_deals_from_series_seed_0_predicts_no_better_than_chance(registry):
    game, attack, guess, on_game = measure(registry, DealComputer)
    result = run_tournament(registry, "linko", ["dealer", "random"], players=2, games=GAMES, on_game=on_game)
    assert result.seed != 0 and attack.games == GAMES
    report("series seed 0", attack, guess)
    assert_no_better_than_chance(attack, guess)


def test_a_play_or_serve_bot_seed_does_not_invert_to_the_deal(registry):
    seen = []

    class Spy:
        def __init__(self, game, seat, params):
            seen.append((seat, params["seed"]))

    registry = Registry.load(plugins=[AttackPlugin()], entry_points=True)
    registry._bots[("spy", None)] = (BotInfo("spy", Spy, "records its seed", params=(Option("seed", "int", 0),)),)
    for deal in range(1, 30):
        session = Session.start(registry, "linko", ["random", "random"], deal)
        for seat in range(2):
            session.make_bot(registry, seat, "spy")
    for deal, (seat, seed) in zip((d for d in range(1, 30) for _ in range(2)), seen):
        assert deal not in invert_old_session_bot_seed(seed, seat, 0) and seed != deal
