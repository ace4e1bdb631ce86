"""`--isolate`: every bot plays from a fresh process per game, and plays exactly the same games
as in the host (same seeds, same moves), for `meeple match` and `meeple tournament`."""

from __future__ import annotations

import json

import pytest

from meeple.cli.app import main


def run_json(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    data.pop("timing")
    return data


@pytest.mark.parametrize("command", [
    ["match", "nim", "-b", "random", "-b", "random:seed=2", "-n", "2", "--seed", "5"],
    ["tournament", "nim", "-b", "random", "-b", "random:seed=2", "-n", "2", "--seed", "5"],
])
def test_isolated_bots_play_the_same_games_as_bots_in_the_host(capsys, command):
    in_host = run_json(capsys, *command, "--json")
    isolated = run_json(capsys, *command, "--json", "--isolate")
    assert isolated == in_host and in_host["games"] == 2


def test_an_isolated_tournament_writes_the_same_results_file(capsys, tmp_path):
    command = ["tournament", "nim", "-b", "random", "-b", "random:seed=2", "-n", "2", "--seed", "6", "--json"]
    run_json(capsys, *command, "--out", str(tmp_path / "host.jsonl"))
    run_json(capsys, *command, "--out", str(tmp_path / "isolated.jsonl"), "--isolate")
    host = [json.loads(line) for line in (tmp_path / "host.jsonl").read_text().splitlines()]
    isolated = [json.loads(line) for line in (tmp_path / "isolated.jsonl").read_text().splitlines()]
    strip = lambda rows: [{k: v for k, v in row.items() if k != "seconds"} for row in rows]  # noqa: E731
    assert strip(isolated) == strip(host) and len(host) > 2
