"""The `meeple` command line, driven through its entry function, error paths included."""

import json

import pytest

from meeple.cli.app import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, err, text):
    assert code == 2
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert len(lines) == 1 and lines[0].startswith("meeple: error:") and text in lines[0], err
    assert "Traceback" not in err


def test_games_lists_installed_games_as_json(capsys):
    code, out, _ = run(capsys, "games", "--json")
    ids = [g["id"] for g in json.loads(out)]
    assert code == 0 and ids == sorted(ids) and ids


def test_bots_lists_random_for_every_game(capsys):
    code, out, _ = run(capsys, "games", "--json")
    for game in json.loads(out):
        code, out, _ = run(capsys, "bots", "--game", game["id"], "--json")
        assert code == 0 and "random" in [b["name"] for b in json.loads(out)]


def test_plugins_shows_versions_and_hooks(capsys):
    code, out, _ = run(capsys, "plugins")
    assert code == 0 and "bots 0.1.0: meeple_register_bots" in out


def test_match_json_is_reproducible_apart_from_timing(capsys, tmp_path):
    args = ["match", "nim", "--bot", "random", "--bot", "random:seed=3", "--games", "6", "--seed", "9", "--json"]
    outputs = []
    for _ in range(2):
        code, out, _ = run(capsys, *args)
        assert code == 0
        data = json.loads(out)
        data.pop("timing")
        outputs.append(json.dumps(data))
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0])
    assert set(data) >= {"game", "options", "games", "seed", "bots"}
    assert all({"spec", "games", "wins", "win_rate", "mean_score"} <= set(b) for b in data["bots"])
    assert sum(b["wins"] for b in data["bots"]) == 6


def test_match_table_and_records_that_replay(capsys, tmp_path):
    out_file = tmp_path / "games.jsonl"
    code, out, _ = run(capsys, "match", "nim", "-b", "random", "-b", "random", "-n", "4", "--out", str(out_file))
    assert code == 0 and "win rate" in out and "seat 1" in out
    assert len(out_file.read_text().splitlines()) == 4
    code, out, _ = run(capsys, "replay", str(out_file))
    assert code == 0 and out.count("verified") == 4
    code, out, _ = run(capsys, "replay", str(out_file), "--index", "2")
    assert code == 0 and "heap" in out and "record 2" in out


def test_bench_json_has_the_documented_keys(capsys):
    code, out, _ = run(capsys, "bench", "nim", "--games", "20", "--json")
    data = json.loads(out)
    assert code == 0 and {"game", "players", "games", "decisions", "seconds", "games_per_s", "decisions_per_s"} <= set(data)
    assert data["games"] == 20 and data["decisions"] > 20


def test_rules_prints_the_rules(capsys):
    code, out, _ = run(capsys, "rules", "nim")
    assert code == 0 and "heap" in out


@pytest.mark.parametrize("args, text", [
    (["match", "chess", "--bot", "random"], "unknown game 'chess'"),
    (["match", "nim", "--bot", "random", "--bot", "oracle"], "unknown bot 'oracle'"),
    (["match", "nim", "--bot", "random", "--bot", "random:depth=3"], "unknown option 'depth'"),
    (["match", "nim", "--bot", "random", "--bot", "random", "-o", "max_take=0"], "option 'max_take' cannot be 0"),
    (["match", "nim", "--bot", "random", "--bot", "random", "-o", "misere"], "expected KEY=VALUE"),
    (["match", "nim", "--bot", "random", "--bot", "random", "--variant", "x"], "nim has no variants"),
    (["match", "nim", "--bot", "random"], "nim is played by 2–4 players, not 1"),
    (["match", "nim", "--bot", "random", "--bot", "random", "--games", "0"], "at least 1"),
    (["match", "nim", "--bots", "random"], "No such option: --bots"),
    (["match", "nim", "--bot", "random", "--bot", "random", "--games", "x"], "Invalid value for '--games'"),
    (["bench", "nim", "--players", "9"], "not 9"),
    (["bench", "nim", "--seed", "-1"], "--seed must be an integer from 0"),
    (["bench", "nim", "--games", "2.0"], "'2.0' is not an integer"),
    (["replay", "x.jsonl", "--index", " 1"], "' 1' is not an integer"),
    (["rules", "chess"], "unknown game 'chess'"),
    (["bots", "--game", "chess"], "unknown game 'chess'"),
    (["replay", "/nonexistent/file.jsonl"], "cannot read"),
    (["frobnicate"], "No such command"),
])
def test_user_errors_are_one_line_and_exit_2(capsys, args, text):
    code, _, err = run(capsys, *args)
    assert_one_line_error(code, err, text)


@pytest.mark.parametrize("content, text", [
    ("", "holds no game record"),
    ("{broken", "must be JSON"),
    ('{"format": 1}', "has the keys"),
    ('[1, 2]', "is a JSON object"),
])
def test_corrupt_record_files_are_one_line_errors(capsys, tmp_path, content, text):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert_one_line_error(code, err, text)


def test_a_tampered_record_is_named_by_index(capsys, tmp_path):
    good = tmp_path / "good.jsonl"
    run(capsys, "match", "nim", "-b", "random", "-b", "random", "-n", "2", "--out", str(good))
    lines = good.read_text().splitlines()
    record = json.loads(lines[1])
    record["result"]["winners"] = [0, 1]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines[0] + "\n" + json.dumps(record) + "\n")
    code, _, err = run(capsys, "replay", str(bad))
    assert_one_line_error(code, err, "record 1 of")


def test_no_arguments_shows_help(capsys):
    code, out, err = run(capsys)
    assert code == 2 and "match" in out + err


def test_replay_reads_a_tournament_results_file(capsys, tmp_path):
    results = tmp_path / "results.jsonl"
    code, _, _ = run(capsys, "tournament", "nim", "-b", "random", "-b", "random:seed=4", "-n", "4",
                     "--out", str(results), "--json")
    assert code == 0
    code, out, _ = run(capsys, "replay", str(results))
    assert code == 0 and out.count("verified") == 4


COMMANDS = ["games", "bots", "plugins", "rules", "match", "bench", "replay", "tournament", "play", "serve"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_names_values_by_what_they_are_not_by_python_type(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and out.startswith(f"Usage: meeple {command} [OPTIONS]")
    for typer_label in ("<", "{", "list[", "[required]  "):
        assert typer_label not in out, out


def test_help_shows_argument_and_file_placeholders(capsys):
    _, out, _ = run(capsys, "replay", "--help")
    assert "Usage: meeple replay [OPTIONS] FILE" in out and "--index N" in out
    _, out, _ = run(capsys, "bench", "--help")
    assert "Usage: meeple bench [OPTIONS] GAME" in out and "-o, --option KEY=VALUE" in out


@pytest.mark.parametrize("args, where", [
    (["match", "nim", "-b"], "meeple match --help"),
    (["bench", "nim", "--players"], "meeple bench --help"),
    (["replay", "x.jsonl", "--index"], "meeple replay --help"),
    (["bench"], "meeple bench --help"),
    (["--bogus"], "meeple --help"),
])
def test_a_usage_error_points_to_the_help_of_the_command_it_is_in(capsys, args, where):
    code, _, err = run(capsys, *args)
    assert_one_line_error(code, err, f"(see '{where}')")


def nim_record(forfeit=None):
    """The JSON data of a nim game played to the end with the first legal action each move."""
    from meeple.records import make_record, record_to_data
    from meeple.registry import Registry

    registry = Registry.load()
    game = registry.create("nim", 2)
    state, actions = game.new_state(1), []
    while not state.is_terminal:
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    return record_to_data(type(game), make_record(state, 1, actions, ("random", "random"), "0.1"))


@pytest.mark.parametrize("change, text", [
    (lambda d: d.__setitem__("forfeit", {"seat": 99, "reason": 5}), "forfeit seat 99 is not a seat of 2 players"),
    (lambda d: d.__setitem__("forfeit", {"seat": 1, "reason": 5}), "forfeit reason must be a string, got 5"),
    (lambda d: d.__setitem__("forfeit", {"seat": 1, "reason": "bot x raised"}), "forfeit a game that was over"),
    (lambda d: d.__setitem__("format", True), "record format true is not supported"),
    (lambda d: d.__setitem__("players", 2.0), "players must be an integer, got 2.0"),
])
def test_replay_refuses_a_forged_record_naming_the_field(capsys, tmp_path, change, text):
    data = nim_record()
    change(data)
    path = tmp_path / "forged.jsonl"
    path.write_text(json.dumps(data) + "\n")
    code, _, err = run(capsys, "replay", str(path))
    assert_one_line_error(code, err, text)


@pytest.mark.parametrize("content", ["[" * 100_000, '{"index": 0, "record": ' + "[" * 100_000 + "}"])
def test_replay_of_json_nested_too_deeply_is_one_line(capsys, tmp_path, content):
    path = tmp_path / "deep.jsonl"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert_one_line_error(code, err, "nested too deeply")


def test_rules_are_rendered_markdown_not_raw(capsys):
    code, out, _ = run(capsys, "rules", "linko")
    assert code == 0 and "Linko" in out
    assert "\n# " not in "\n" + out and "| ---" not in out and "`" not in out
    assert "ghost_steal_blocks_draw" in out  # a pipe gets option tables wide enough to keep names


def test_rules_keep_the_text_of_links_to_unshipped_files_and_keep_web_links():
    from meeple.cli.rules import without_relative_links

    text = "See [the sheet](../seeds/000.txt), ![a card](cards/1.png \"one\"), [§2](#setup) and [BGG](https://boardgamegeek.com)."
    assert without_relative_links(text) == "See the sheet, a card, [§2](#setup) and [BGG](https://boardgamegeek.com)."


def test_bench_prints_a_table_not_a_python_dict(capsys):
    code, out, _ = run(capsys, "bench", "nim", "--games", "5")
    assert code == 0 and "{" not in out and "'" not in out
    assert "misere=false" in out and "decisions per second" in out


def test_bots_table_shows_defaults_as_typed(capsys):
    code, out, _ = run(capsys, "bots")
    assert code == 0 and "exploration=1.414," in out and "1.4142135" not in out and "horizon=true" in out


@pytest.mark.parametrize("value, shown", [(1.4142135623730951, "1.414"), (0.7, "0.7"), (1e-07, "1e-07"),
                                          (True, "true"), (3, "3"), ("3,5,7", "3,5,7")])
def test_values_are_shown_as_a_person_types_them(value, shown):
    from meeple.cli.common import show_value

    assert show_value(value) == shown


def test_replay_refuses_what_is_not_a_regular_file_without_reading_it(capsys, tmp_path):
    import os

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # reading it would wait forever for a writer
    for path, kind in ((fifo, "a FIFO"), (tmp_path, "a directory"), ("/dev/zero", "a device")):
        code, _, err = run(capsys, "replay", str(path))
        assert_one_line_error(code, err, f"cannot read {path}: {kind}, not a regular file")


def test_bots_for_an_empty_game_name_is_an_unknown_game(capsys):
    code, _, err = run(capsys, "bots", "--game", "")
    assert_one_line_error(code, err, "unknown game ''")


@pytest.mark.parametrize("command, placeholders", [
    ("match", ["GAME", "-b, --bot BOT", "-o, --option KEY=VALUE", "--move-timeout SECONDS", "--out FILE", "-n, --games N"]),
    ("tournament", ["GAME", "-o, --option KEY=VALUE", "--move-timeout SECONDS", "--out FILE", "-p, --players N"]),
    ("play", ["[GAME]", "-o, --option KEY=VALUE", "--hint BOT", "--save FILE", "--resume FILE", "--record FILE"]),
    ("bench", ["GAME", "-o, --option KEY=VALUE", "--players N"]),
    ("bots", ["--game GAME"]),
])
def test_help_placeholders_say_what_to_type(capsys, command, placeholders):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and all(p in out for p in placeholders), out


def test_bots_for_a_game_shows_the_settings_a_bare_name_plays_there(capsys):
    code, out, _ = run(capsys, "bots", "--game", "linko", "--players", "2", "--json")
    tuned = {bot["name"]: bot["tuned"] for bot in json.loads(out)}
    assert code == 0 and tuned["ismcts"] == {"iterations": 400, "paired": True, "depth": 1} and tuned["random"] == {}
    code, out, _ = run(capsys, "bots", "--game", "linko", "--players", "4")
    assert code == 0 and "tuned here" in out and "rollout=greedy, iterations=300" in out


@pytest.mark.parametrize("args, text", [
    (["bots", "--players", "3"], "--players, --variant and --option need --game"),
    (["bots", "-o", "variant=expert"], "need --game"),
    (["bots", "--game", "linko", "--players", "9"], "2–5 players, not 9"),
    (["bots", "--game", "linko", "-o", "variant=nope"], "variant"),
])
def test_bots_refuses_settings_it_cannot_tune_for_in_one_line(capsys, args, text):
    code, _, err = run(capsys, *args)
    assert_one_line_error(code, err, text)


# -- --players, one option in every command that takes it (`meeple.cli.common.PlayersOption`,
# `check_players`): the same name, help and refusal; `meeple match --players` cycles the bots over
# the seats. And `meeple match` says how often each bot went out of a game with elimination.

COMMANDS = ("play", "match", "tournament", "bots", "bench")


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
    assert_one_line_error(code, err, f"meeple: error: nim is played by 2–4 players, not {players} (--players)")


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
    assert_one_line_error(code, err, "meeple: error: 3 --bot given for 2 players: give at most 2")


def test_play_refuses_more_seats_than_players_in_the_same_words(capsys):
    code, _, err = run(capsys, "play", "nim", "--players", "2", "--seat", "human", "--seat", "random",
                       "--seat", "random")
    assert_one_line_error(code, err, "meeple: error: 3 --seat given for 2 players: give at most 2")


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
