"""`--players` is one option in every command that takes it: the same name, help and checks
(`meeple.cli.common.PlayersOption`, `check_players`); `meeple match --players` cycles the bots
over the seats. And `meeple match` says how often each bot went out of a game with elimination."""

import json

import pytest

from meeple.cli.app import main

COMMANDS = ("play", "match", "tournament", "bots", "bench")


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, err, text):
    assert code == 2
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert len(lines) == 1 and lines[0] == f"meeple: error: {text}", err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_documents_players_in_the_same_words(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    words = " ".join(out.split())
    assert code == 0 and "-p, --players N Number of players, within the game's range (see `meeple games`)." in words


@pytest.mark.parametrize("command, more", [
    ("play", []), ("match", ["--bot", "random"]), ("tournament", ["--bot", "random", "--bot", "random"]),
    ("bots", []), ("bench", []),
])
@pytest.mark.parametrize("players", ["1", "9"])
def test_every_command_refuses_a_player_count_outside_the_game_in_the_same_line(capsys, command, more, players):
    game = ["--game", "nim"] if command == "bots" else ["nim"]
    code, _, err = run(capsys, command, *game, *more, "--players", players)
    assert_one_line_error(code, err, f"nim is played by 2–4 players, not {players} (--players)")


def test_match_cycles_the_bots_over_the_seats(capsys):
    code, out, _ = run(capsys, "match", "nim", "--bot", "random:seed=1", "--bot", "random:seed=2",
                       "--players", "3", "--games", "3", "--seed", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["players"] == 3
    assert [row["label"] for row in data["bots"]] == ["random:seed=1 #1", "random:seed=2", "random:seed=1 #2"]
    assert all(row["games"] == 3 for row in data["bots"])


def test_match_with_players_equal_to_the_bots_is_the_match_without_it(capsys):
    args = ["match", "nim", "--bot", "random", "--bot", "random", "--games", "4", "--seed", "3", "--json"]
    _, plain, _ = run(capsys, *args)
    _, given, _ = run(capsys, *args, "--players", "2")
    drop = lambda text: {k: v for k, v in json.loads(text).items() if k != "timing"}  # noqa: E731
    assert drop(plain) == drop(given)


def test_match_refuses_more_bots_than_players_in_one_line(capsys):
    code, _, err = run(capsys, "match", "nim", "--bot", "random", "--bot", "random", "--bot", "random",
                       "--players", "2")
    assert_one_line_error(code, err, "3 --bot given for 2 players: give at most 2")


def test_play_refuses_more_seats_than_players_in_the_same_words(capsys):
    code, _, err = run(capsys, "play", "nim", "--players", "2", "--seat", "human", "--seat", "random",
                       "--seat", "random")
    assert_one_line_error(code, err, "3 --seat given for 2 players: give at most 2")


@pytest.fixture
def knockout_installed(monkeypatch):
    monkeypatch.setenv("MEEPLE_PLUGINS", "knockout_plugin")


def test_match_counts_the_games_each_bot_went_out_of(capsys, knockout_installed):
    code, out, _ = run(capsys, "match", "knockout", "--bot", "random", "--players", "3", "--games", "6",
                       "--seed", "2", "--json")
    data = json.loads(out)
    assert code == 0
    assert sum(row["eliminated"] for row in data["bots"]) == 6 * 2  # all but the last seat in
    code, out, _ = run(capsys, "match", "knockout", "--bot", "random", "--players", "3", "--games", "6",
                       "--seed", "2")
    assert code == 0 and "went out" in out


def test_match_of_a_game_without_elimination_says_nothing_of_it(capsys):
    code, out, _ = run(capsys, "match", "nim", "--bot", "random", "--bot", "random", "--games", "2", "--json")
    assert code == 0 and all("eliminated" not in row for row in json.loads(out)["bots"])
