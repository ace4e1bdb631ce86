"""Bots kept across the games of a match: a bot process that says it plays many games
(``"games": "many"`` in `ready`) serves game after game (a model loads once), each game greeted
with its own `hello` and told nothing of the previous one; any other bot gets a fresh process."""

from __future__ import annotations

import json
import shlex
import sys
import textwrap

import pytest

from meeple import BotSpec, Registry
from meeple.botprocess import exec_bot, isolated_bot
from meeple.protocol import validate
from meeple.serialization import view_to_data

COUNTING = """
    import json, os, sys
    log = open(sys.argv[1], "a")
    games = 0
    for line in sys.stdin:
        message = json.loads(line)
        log.write(json.dumps({"pid": os.getpid(), "message": message}) + "\\n"); log.flush()
        if message["type"] == "hello":
            games += 1
            answer = {"type": "ready", "protocol": 1, "name": f"game {games}"}
            if sys.argv[2] == "many":
                answer["games"] = "many"
        elif message["type"] == "decide":
            answer = {"action": 0}
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\\n"); sys.stdout.flush()
"""


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def counting_bot(registry, tmp_path, games: str, seed: int):
    path = tmp_path / "counting.py"
    path.write_text(textwrap.dedent(COUNTING), encoding="utf-8")
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(path))} {tmp_path / 'log.jsonl'} {games}"
    game = registry.create("nim", 2, {})
    return exec_bot(BotSpec.parse(f"exec:{command}"), game, registry.narrator("nim"), 1, seed, keep=True)


def play_games(registry, bot, seeds):
    """Nim games with `bot` on seat 1 (seat 0 plays the first legal move): the process id each
    game was played by, and every view sent to the bot, per game."""
    pids, sent = [], []
    for number, seed in enumerate(seeds):
        if number:
            bot = bot.next_game(registry.create("nim", 2, {}), 1, seed)
        state, views = bot.game.new_state(seed), []
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions(seat)
            if seat == 1:
                views.append(view_to_data(type(bot.game), state.view(1)))
                state.apply(bot.act(state.view(1), legal))
            else:
                state.apply(legal[0])
        pids.append(bot.pid)
        sent.append(views)
        bot.finish({"scores": list(state.scores()), "winners": list(state.winners())})
    bot.close()
    return pids, sent


def logged(tmp_path):
    return [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]


def test_a_bot_that_plays_many_games_is_one_process_for_the_whole_match(registry, tmp_path):
    seeds = [11, 12, 13]
    bot = counting_bot(registry, tmp_path, "many", seeds[0])
    pids, sent = play_games(registry, bot, seeds)
    assert len(set(pids)) == 1 and None not in pids
    log = logged(tmp_path)
    assert {entry["pid"] for entry in log} == set(pids)
    hellos = [entry["message"] for entry in log if entry["message"]["type"] == "hello"]
    assert [hello["seed"] for hello in hellos] == seeds
    assert bot.pid is None, "close lets the process go"


def test_a_new_games_messages_carry_nothing_of_the_previous_game(registry, tmp_path):
    seeds = [21, 22]
    pids, sent = play_games(registry, counting_bot(registry, tmp_path, "many", seeds[0]), seeds)
    games, current = [], None
    for entry in logged(tmp_path):
        message = entry["message"]
        if message["type"] == "hello":
            validate(message, "bot.hello.json", root="bot")
            current = []
            games.append((message, current))
        elif message["type"] == "decide":
            current.append(message["view"])
    # The second game starts with its own hello (its seed, nothing else), and every view the bot
    # gets is one of that game's own, the first one included.
    assert games[1][0]["seed"] == seeds[1] and set(games[1][0]) == set(games[0][0])
    assert [views for _, views in games] == sent


def test_a_bot_that_does_not_say_many_games_is_started_afresh_each_game(registry, tmp_path):
    pids, _ = play_games(registry, counting_bot(registry, tmp_path, "one", 31), [31, 32])
    assert len(set(pids)) == 2
    assert all(entry["message"]["type"] != "hello" or entry["pid"] != pids[0] for entry in logged(tmp_path)[1:])


def test_an_isolated_bot_kept_for_the_match_serves_every_game_from_one_process(registry):
    game = registry.create("nim", 2, {})
    bot = isolated_bot(BotSpec.parse("random"), game, registry.narrator("nim"), 1, 41, keep=True)
    pids, _ = play_games(registry, bot, [41, 42, 43])
    assert len(set(pids)) == 1 and None not in pids


@pytest.mark.parametrize("jobs", [1, 2])
def test_meeple_match_keep_bots_starts_each_bot_once_for_the_whole_match(registry, tmp_path, jobs):
    """`run_match(keep_bots=True)`: one process per lineup entry (per worker with several jobs)
    serves every game, its seat rotating; each game is greeted with that game's own bot seed."""
    from meeple.match import run_match

    path = tmp_path / "counting.py"
    path.write_text(textwrap.dedent(COUNTING), encoding="utf-8")
    spec = f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(path))} {tmp_path / 'log.jsonl'} many"
    result = run_match(registry, "nim", [spec, "random"], 4, seed=5, jobs=jobs, keep_bots=True)
    assert len(result.outcomes) == 4 and not any(o.record.get("forfeit") for o in result.outcomes)
    hellos = [entry for entry in logged(tmp_path) if entry["message"]["type"] == "hello"]
    assert len(hellos) == 4 and {h["message"]["seat"] for h in hellos} == {0, 1}
    assert len({h["pid"] for h in hellos}) <= jobs
    assert len({h["message"]["seed"] for h in hellos}) == 4, "every game gives the bot its own seed"
    fresh = run_match(registry, "nim", [spec, "random"], 4, seed=5, jobs=1)
    assert [o.record for o in fresh.outcomes] == [o.record for o in result.outcomes], "same games either way"


@pytest.mark.parametrize("lineup", [["random", "random"], ["random:seed=9", "random"]])
def test_kept_isolated_bots_play_the_same_games_as_fresh_ones(registry, lineup):
    """A kept driver gets each game's bot seed in its hello, as a fresh one gets it: same games."""
    from meeple.match import run_match

    kept = run_match(registry, "nim", lineup, 4, seed=8, isolate=True, keep_bots=True)
    fresh = run_match(registry, "nim", lineup, 4, seed=8, isolate=True)
    assert [o.record for o in kept.outcomes] == [o.record for o in fresh.outcomes]


def test_the_keep_bots_option_of_meeple_match(registry, tmp_path, capsys):
    from meeple.cli.app import main

    path = tmp_path / "counting.py"
    path.write_text(textwrap.dedent(COUNTING), encoding="utf-8")
    spec = f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(path))} {tmp_path / 'log.jsonl'} many"
    assert main(["match", "nim", "-b", spec, "-b", "random", "-n", "3", "--keep-bots", "--json"]) == 0
    hellos = [entry for entry in logged(tmp_path) if entry["message"]["type"] == "hello"]
    assert len(hellos) == 3 and len({h["pid"] for h in hellos}) == 1
    assert json.loads(capsys.readouterr().out)["games"] == 3


def test_the_keep_bots_option_of_meeple_tournament(registry, tmp_path, capsys):
    from meeple.cli.app import main

    path = tmp_path / "counting.py"
    path.write_text(textwrap.dedent(COUNTING), encoding="utf-8")
    spec = f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(path))} {tmp_path / 'log.jsonl'} many"
    assert main(["tournament", "nim", "-b", spec, "-b", "random", "-b", "mcts:iterations=5", "--players", "2",
                 "--games", "2", "--keep-bots", "--json"]) == 0
    hellos = [entry for entry in logged(tmp_path) if entry["message"]["type"] == "hello"]
    assert len(hellos) == 4 and len({h["pid"] for h in hellos}) == 1, "2 lineups with it × 2 games, one process"
