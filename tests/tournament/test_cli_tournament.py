"""`meeple tournament` and `meeple match --jobs` from the command line, error paths included."""

import importlib.util
import json

import pytest

from meeple.cli.app import main

NIM = ["nim", "-b", "random", "-b", "random:seed=2", "-b", "mcts:iterations=30", "-p", "2", "-n", "4", "--seed", "11"]


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def data_without_timing(out):
    data = json.loads(out)
    data.pop("timing")
    return data


def test_tournament_json_is_the_same_for_any_number_of_jobs(capsys):
    code, one, _ = run(capsys, "tournament", *NIM, "--json")
    assert code == 0
    code, two, _ = run(capsys, "tournament", *NIM, "--json", "--jobs", "2")
    assert code == 0 and data_without_timing(one) == data_without_timing(two)
    data = json.loads(one)
    assert data["games"] == 12 and data["bots"][0]["spec"] == "mcts:iterations=30"
    assert all({"games", "wins", "mean_score", "rating"} <= set(b) for b in data["bots"])


def test_tournament_table_and_a_resumed_results_file(capsys, tmp_path):
    out = tmp_path / "nim.jsonl"
    code, table, _ = run(capsys, "tournament", *NIM, "--out", str(out))
    assert code == 0 and "rating" in table and "12 games played" in table
    lines = out.read_text().splitlines()  # header, deal 0 (6 games), deal 1 (6 games), seed line
    out.write_text("\n".join(lines[:9]) + "\n" + lines[9][:10])  # deal 1 cut short: replayed whole
    code, table, _ = run(capsys, "tournament", *NIM, "--out", str(out), "--resume")
    assert code == 0 and "6 games played" in table and "(6 read back from the results file)" in table
    games = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    assert sorted(game["index"] for game in games if "index" in game) == list(range(12))


def test_match_with_jobs_gives_the_same_results_and_records_in_game_order(capsys, tmp_path):
    args = ["match", "nim", "-b", "random", "-b", "random:seed=3", "-n", "6", "--seed", "4", "--json"]
    files = [tmp_path / "one.jsonl", tmp_path / "two.jsonl"]
    outputs = []
    for jobs, path in zip(("1", "2"), files):
        code, out, _ = run(capsys, *args, "--jobs", jobs, "--out", str(path))
        assert code == 0
        outputs.append(data_without_timing(out))
    assert outputs[0] == outputs[1]
    assert files[0].read_text() == files[1].read_text()
    code, out, _ = run(capsys, "replay", str(files[1]))
    assert code == 0 and out.count("verified") == 6


RAY_MISSING = importlib.util.find_spec("ray") is None


@pytest.mark.parametrize("args, text", [
    (["tournament", *NIM, "--resume"], "give it with --out"),
    (["tournament", "nim", "-b", "random", "-b", "random", "-p", "2"], "listed twice"),
    (["tournament", "nim", "-b", "random", "-b", "mcts", "-p", "2", "-n", "3"], "multiple of 2"),
    (["tournament", "nim", "-b", "random", "-b", "mcts", "-p", "3"], "needs at least 3 bots"),
    (["tournament", *NIM, "--jobs", "0"], "--jobs must be at least 1"),
    (["tournament", *NIM, "--backend", "slurm"], "unknown backend 'slurm'"),
    (["tournament", *NIM, "--address", "auto"], "--address names a Ray cluster"),
    (["tournament", *NIM, "--move-timeout", "-1"], "positive number"),
    (["tournament", "nim", "-b", "random", "-b", "ismcts:rollout=oracle"], "no bot 'oracle' plays nim"),
    (["match", "nim", "-b", "random", "-b", "random", "--jobs", "0"], "--jobs must be at least 1"),
])
def test_tournament_user_errors_are_one_line(capsys, args, text):
    code, _, err = run(capsys, *args)
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert code == 2 and len(lines) == 1 and text in lines[0], err


@pytest.mark.skipif(not RAY_MISSING, reason="ray is installed")
def test_the_ray_backend_without_ray_says_how_to_install_it(capsys):
    code, _, err = run(capsys, "tournament", *NIM, "--backend", "ray")
    assert code == 2 and "pip install 'meeple[ray]'" in err


def test_an_existing_results_file_is_not_overwritten(capsys, tmp_path):
    out = tmp_path / "r.jsonl"
    assert run(capsys, "tournament", *NIM, "--out", str(out))[0] == 0
    code, _, err = run(capsys, "tournament", *NIM, "--out", str(out))
    assert code == 2 and "pass --resume" in err
