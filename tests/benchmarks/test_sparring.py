"""The sparring bots (benchmarks/sparring/) and the scripts that seat them (vs_sparring.py,
ladder.py): they play legal moves through whole games of every variant they cover, they are real
players (they beat `random` clearly), they stay out of everything we ship, and the scripts answer
bad input with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from meeple import Registry
from meeple.match import run_match
from meeple.testing import random_states

from sparring.plugin import GAMES, NAME, registry as sparring_registry, setting_name

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
REPOSITORY = BENCHMARKS.parent

#: Every variant a sparring bot covers: (game, players, options).
VARIANTS = [
    ("linko", 2, {}),  # the Duel
    ("linko", 2, {"variant": "expert", "ghost_steal_blocks_draw": False}),
    ("linko", 2, {"two_player": "classic", "ties": "shared"}),
    ("linko", 3, {"variant": "advanced"}),
    ("linko", 4, {}),
    ("linko", 5, {"variant": "expert"}),
    ("combo_breaker", 3, {}),
    ("combo_breaker", 4, {"tokens": 3, "double_wild": False}),
    ("combo_breaker", 5, {}),
    ("linkage", 2, {}),
    ("linkage", 2, {"variant": "balanced"}),
]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return sparring_registry()


def _variant_id(variant) -> str:
    game, players, options = variant
    return f"{game}-{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default")


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_sparring_bots_play_whole_games_without_a_forfeit(registry, variant):
    """Conformance: among themselves and beside `random`, every seat, no illegal move (a bot that
    answers illegally, raises or stalls forfeits its game, and the match records it)."""
    game, players, options = variant
    for lineup in ([NAME] * players, [NAME] + ["random"] * (players - 1)):
        result = run_match(registry, game, lineup, players, seed=players, options=options)
        assert all(outcome.forfeit is None for outcome in result.outcomes)
        assert all(outcome.decisions > 0 for outcome in result.outcomes)


@settings(max_examples=12, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_a_sparring_bot_answers_any_reachable_position_with_a_legal_action(registry, variant, seed, steps):
    """From any position random play reaches, the seat owing a decision gets a legal action from
    its view alone, and the state is untouched by the asking."""
    game_id, players, options = variant
    game = registry.create(game_id, players, options)
    *_, state = random_states(game, seed, steps)
    if state.is_terminal:
        return
    seat = state.current_player
    legal = state.legal_actions()
    before = state.fingerprint()
    bot = registry.make_bot(NAME, game, seat, {"seed": seed})
    assert bot.act(state.view(seat), legal) in legal
    assert state.fingerprint() == before


#: Games spar must win against `random` in every other seat, seats rotating: (game, players,
#: games, least wins). Random players lose almost every game to any player that plans.
BEATS_RANDOM = [("linko", 4, 20, 16), ("linko", 2, 20, 18), ("combo_breaker", 4, 20, 19), ("linkage", 2, 20, 18)]


@pytest.mark.parametrize(("game", "players", "games", "least"), BEATS_RANDOM,
                         ids=[f"{g}-{p}p" for g, p, _, _ in BEATS_RANDOM])
def test_sparring_bot_beats_random_clearly(registry, game, players, games, least):
    result = run_match(registry, game, [NAME] + ["random"] * (players - 1), games, seed=2028)
    spar = result.tallies[0]
    assert spar.spec == NAME and spar.games == games
    assert spar.wins >= least, f"{NAME} won {spar.wins} of {games} {game} games against random"


def test_no_shipped_plugin_registers_or_imports_the_sparring_bots():
    """They are benchmark opponents only: not in any entry point's registry, and no shipped
    package (core, bots, plugins) imports them — so no rollout policy or opponent model can."""
    installed = Registry.load()
    for game in GAMES:
        assert NAME not in [info.name for info in installed.bots_for(game)]
    for package in ("core", "bots", "plugins"):
        for path in (REPOSITORY / package).rglob("*.py"):
            assert "sparring" not in path.read_text(), f"{path} names the sparring bots"


def test_the_sparring_registry_adds_one_bot_per_game(registry):
    for game in GAMES:
        names = [info.name for info in registry.bots_for(game)]
        assert NAME in names and names.count(NAME) == 1
    assert NAME not in [info.name for info in registry.bots_for("nim")]


def test_setting_name_drops_only_the_seed():
    assert setting_name("ismcts:seed=3") == "ismcts"
    assert setting_name("ismcts:iterations=300,seed=1") == "ismcts:iterations=300"


def _script(name: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCHMARKS / name), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_vs_sparring_json_reports_each_opponent_on_the_same_deals(tmp_path):
    done = _script("vs_sparring.py", "linkage", "--bot", NAME, "--against", "random", "--against", "greedy",
                   "-n", "2", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [row["against"] for row in data["rows"]] == ["random", "greedy"]
    for row in data["rows"]:
        assert row["games"] == 2 and len(row["by_seat"]) == 2
        assert 0 <= row["win_rate_95"][0] <= row["win_rate"] <= row["win_rate_95"][1] <= 1
        assert row["cpu_s_per_decision"] > 0
    assert {"date", "commit", "machine", "command"} <= set(data)


def test_ladder_rates_every_shipped_setting_and_the_sparring_bot(tmp_path):
    out = tmp_path / "ladder.md"
    done = _script("ladder.py", "linkage", "--games", "2", "--skip", "ismcts", "--skip", "mcts",
                   "--skip", "mcts:iterations=200,prior=true,widening=0.5", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert text.strip() == done.stdout.strip()
    for bot in ("greedy", "random", NAME):
        assert f"| `{bot}` |" in text
    assert "commit" in text and "Linkage" in text


def test_the_ladder_rates_the_previous_releases_default_beside_todays_and_asked_settings():
    import ladder

    registry = sparring_registry()
    linko = ladder.contestants(registry, "linko", skip=[], settings=["greedy:seed=5", "mcts:iterations=50"])
    assert "ismcts" in linko and "ismcts:rollout=greedy,iterations=300" in linko  # today's and 0.1.0's
    assert NAME in linko and "greedy:seed=5" in linko
    assert "mcts:iterations=50" not in linko  # mcts does not play a game of hidden cards
    assert "mcts:iterations=200,prior=true,widening=0.5" in ladder.contestants(registry, "linkage", [], [])
    duel = ladder.contestants(registry, "duel", skip=[], settings=[])
    assert not any(":" in spec for spec in duel)  # the Duel's setting did not change
    skipped = ladder.contestants(registry, "linko", skip=["ismcts:rollout=greedy,iterations=300"], settings=[])
    assert "ismcts:rollout=greedy,iterations=300" not in skipped
    game = registry.create("linko", 4)
    assert ladder.setting_played(game, "ismcts:rollout=greedy,iterations=300") == {
        "rollout": "greedy", "iterations": "300"}
    assert ladder.setting_played(game, "ismcts") == dict(game.bot_settings("ismcts"))


#: Bad input: (script, arguments, words its one error line must hold).
BAD_INPUT = [
    ("vs_sparring.py", ["nim"], "nim has no sparring bot"),
    ("vs_sparring.py", ["no_such_game"], "unknown game 'no_such_game'"),
    ("vs_sparring.py", ["linko", "--bot", "no_such_bot"], "unknown bot 'no_such_bot'"),
    ("vs_sparring.py", ["linko", "--against", "spar:depth=2"], "unknown option 'depth'"),
    ("vs_sparring.py", ["linko", "-n", "30"], "--games must be a multiple of 4"),
    ("vs_sparring.py", ["linko", "--players", "6"], "played by 2–5 players, not 6"),
    ("vs_sparring.py", ["linkage", "-o", "variant=odd"], "'variant' cannot be odd"),
    ("ladder.py", ["no_such_table"], "unknown table 'no_such_table'"),
    ("ladder.py", ["duel", "--games", "3"], "--games must be a multiple of 2"),
    ("ladder.py", ["--skip", "no_such_bot"], "--skip no_such_bot: no such bot"),
    ("ladder.py", ["linko", "--skip", "ismcts", "--skip", "random"], "--skip leaves fewer than 4 bots for linko"),
]


@pytest.mark.parametrize(("script", "args", "named"), BAD_INPUT, ids=[f"{s}-{' '.join(a)}" for s, a, _ in BAD_INPUT])
def test_bad_input_is_one_line_and_plays_nothing(tmp_path, script, args, named):
    done = _script(script, *args, cwd=tmp_path)
    errors = [line for line in done.stderr.splitlines() if line.startswith(f"{script}: error:")]
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(errors) == 1 and named in errors[0], done.stderr
    assert done.stdout == "" and list(tmp_path.iterdir()) == []
