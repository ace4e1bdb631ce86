"""Bots in their own processes learn nothing they are not shown: two attacks of issue 11, each
played for real and measured (predicted-vs-actual hidden cards) against a guessing baseline.

- A memorising bot keeps module-level memory. In a duplicate tournament the next game is often
  the same deal with the seats rotated, so it names the opponent's starting hand from the hand it
  held itself in the previous game. In-process (one host process plays every game) that works;
  with ``--isolate`` every game starts a fresh process, its memory is always empty, and its hit
  rate is the guessing rate.
- A snooping bot looks for the true state through ``gc.get_referrers(legal)``, ``sys._getframe()``
  and ``gc.get_objects()`` and reads the opponent's hidden cards from it. In-process it finds the
  state at every decision (hit rate 1); in its own process it finds none.

Each bot logs its predictions, and the guess of a twin picking as many cards at random from the
cards its view does not place (`isolation_plugins.guess`), to the file MEEPLE_ATTACK_LOG names
(the bot may run in another process). Run with ``-s`` to see the figures.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from attacks import HitRate, assert_no_better_than_chance, chance_margin

sys.path.insert(0, str(Path(__file__).parents[1] / "isolation"))
import isolation_plugins  # noqa: E402  (a module bot processes import by name)

from meeple.match import run_match  # noqa: E402
from meeple.serialization import action_from_data  # noqa: E402
from meeple.tournament import run_tournament  # noqa: E402

#: Deals of the memoriser's tournaments: in-process games cost nothing, isolated ones start a
#: fresh Python process per bot per game (see benchmarks/isolation_cost.py).
DEALS_IN_PROCESS, DEALS_ISOLATED = 30, 3
#: Games of the snooper's matches (it snoops on its first `Snooper.SNOOPS` decisions of each).
SNOOPED_GAMES = 2


@pytest.fixture(scope="module")
def registry():
    return isolation_plugins.registry()


@pytest.fixture
def attack_log(tmp_path, monkeypatch):
    path = tmp_path / "attack.jsonl"
    monkeypatch.setenv("MEEPLE_ATTACK_LOG", str(path))
    isolation_plugins.MEMORY.clear()
    yield lambda: [json.loads(line) for line in path.read_text().splitlines()]
    isolation_plugins.MEMORY.clear()


def hidden_cards(state, seat):
    """The cards of `seat`'s hand that the other seat does not know."""
    hand = state.view(1 - seat).hands[seat]
    cards = Counter(state.hands[seat].cards())
    cards.subtract(Counter(hand.known))
    return sorted(cards.elements())


def replay(game, record, moves):
    """The state of a recorded game after its first `moves` actions."""
    state = game.new_state(record["seed"])
    for data in record["actions"][:moves]:
        state.apply(action_from_data(type(game), data))
    return state


def game_of(game, outcomes, entry, bot_index):
    """The outcome an attacker's log entry belongs to: the game where the attacker sat in the
    entry's seat with the starting hand most like the one it logged."""
    def overlap(outcome):
        if outcome.seats[entry["seat"]] != bot_index:
            return -1
        start = game.new_state(outcome.record["seed"]).hands[entry["seat"]].cards()
        return sum((Counter(start) & Counter(entry["start"])).values())
    return max(outcomes, key=overlap)


def score_memoriser(registry, outcomes, entries):
    game = registry.create("linko", 2)
    attack, guess = HitRate(), HitRate()
    for entry in entries:
        outcome = game_of(game, outcomes, entry, 0)
        actual = hidden_cards(game.new_state(outcome.record["seed"]), 1 - entry["seat"])
        attack.add(entry["predicted"], actual, outcome.deal)
        guess.add(entry["baseline"], actual, outcome.deal)
    return attack, guess


def report(name, attack, guess):
    print(f"\n{name}: attack {attack.rate:.4f}, guess {guess.rate:.4f} over {attack.games} predictions "
          f"({len(attack.units)} units), margin {chance_margin(attack, guess):.3f}")


def memoriser_tournament(registry, deals, isolate):
    return run_tournament(registry, "linko", ["memoriser", "random"], players=2, games=2 * deals, seed=21,
                          isolate=isolate)


def test_in_one_process_the_memoriser_names_the_hands_of_an_earlier_rotation(registry, attack_log):
    """The attack is real: without isolation it beats chance by far."""
    result = memoriser_tournament(registry, DEALS_IN_PROCESS, isolate=False)
    entries = attack_log()
    attack, guess = score_memoriser(registry, result.outcomes, entries)
    report("memoriser, in-process", attack, guess)
    second = [e for e, o in zip(entries, result.outcomes) if o.index % 2 == 1]  # rotation 1 of each deal
    assert len(entries) == 2 * DEALS_IN_PROCESS and all(e["source"] == "memory" for e in second)
    assert attack.rate > guess.rate + chance_margin(attack, guess) and attack.rate > 0.5


def test_isolated_the_memoriser_remembers_nothing_and_guesses_at_chance(registry, attack_log):
    result = memoriser_tournament(registry, DEALS_ISOLATED, isolate=True)
    entries = attack_log()
    attack, guess = score_memoriser(registry, result.outcomes, entries)
    report("memoriser, isolated", attack, guess)
    assert len(entries) == 2 * DEALS_ISOLATED and all(e["source"] == "guess" for e in entries)
    assert not isolation_plugins.MEMORY  # the host's copy of the module never saw a game either
    assert_no_better_than_chance(attack, guess)


def snooped(registry, entries, outcomes):
    game = registry.create("linko", 2)
    attack, guess = HitRate(), HitRate()
    for entry in entries:
        outcome = game_of(game, outcomes, entry, 0)
        actual = hidden_cards(replay(game, outcome.record, entry["moves"]), 1 - entry["seat"])
        if not actual:  # nothing hidden to predict (every card the opponent holds is known)
            continue
        attack.add(entry["predicted"], actual, outcome.index)
        guess.add(entry["baseline"], actual, outcome.index)
    return attack, guess


def test_in_one_process_gc_and_frames_reach_the_state(registry, attack_log):
    """The attack is real: in-process the snooper finds the state and names every hidden card."""
    result = run_match(registry, "linko", ["snooper", "random"], SNOOPED_GAMES, seed=9)
    entries = attack_log()
    attack, guess = snooped(registry, entries, result.outcomes)
    report("snooper, in-process", attack, guess)
    assert entries and all(e["found_state"] for e in entries)
    assert attack.rate == 1.0 and guess.rate < 0.5


def test_isolated_gc_and_frames_find_no_state_and_no_hidden_card(registry, attack_log):
    result = run_match(registry, "linko", ["snooper", "random"], SNOOPED_GAMES, seed=9, isolate=True)
    entries = attack_log()
    attack, guess = snooped(registry, entries, result.outcomes)
    report("snooper, isolated", attack, guess)
    assert len(entries) == isolation_plugins.Snooper.SNOOPS * SNOOPED_GAMES and not any(e["found_state"] for e in entries)
    assert_no_better_than_chance(attack, guess)
