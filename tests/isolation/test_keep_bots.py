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
