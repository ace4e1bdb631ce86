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
