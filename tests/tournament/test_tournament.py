"""Tournaments: parallel runs equal serial ones, faults forfeit and the run goes on, a results
file resumes without repeating or losing games, and ratings follow the results."""

import json

import pytest
import tournament_plugins
from tournament_plugins import registry

from meeple import MeepleError
from meeple.records import record_from_data, replay
from meeple.tournament import run_tournament
from meeple.tournament.ratings import seat_ranks
from meeple.tournament.results import ResultsError
from meeple.tournament.worker import GameOutcome

BOTS = ["random", "random:seed=7", "cautious"]


def without_timing(result):
    data = result.to_data()
    data.pop("timing")
    return data


def test_parallel_results_are_identical_to_serial_ones():
    reg = registry()
    serial = run_tournament(reg, "market", BOTS, players=2, games=4, seed=3)
    parallel = run_tournament(reg, "market", BOTS, players=2, games=4, seed=3, jobs=2)
    assert without_timing(parallel) == without_timing(serial)
    assert [o.record for o in parallel.outcomes] == [o.record for o in serial.outcomes]
    assert len(serial.outcomes) == 3 * 4


def test_results_table_counts_every_game_of_every_bot():
    data = run_tournament(registry(), "market", BOTS, players=2, games=4, seed=3).to_data()
    assert data["lineups"] == 3 and data["games"] == 12
    assert sorted(b["spec"] for b in data["bots"]) == sorted(BOTS)
    for row in data["bots"]:
        assert row["games"] == 8 and [s["games"] for s in row["by_seat"]] == [4, 4]
        assert {"mu", "sigma", "conservative"} <= set(row["rating"])
    assert [b["rating"]["mu"] for b in data["bots"]] == sorted((b["rating"]["mu"] for b in data["bots"]), reverse=True)


FAULTS = [
    ("crasher", "raised RuntimeError: lost my marbles"),
    ("cheater", "chose an illegal action"),
    ("sleeper", "timed out: no answer within 0.3 s"),
    ("stuck", "worker process had to be killed"),
    ("quitter", "its worker process died"),
]


def test_every_fault_forfeits_its_game_with_the_reason_and_the_tournament_goes_on():
    reg = registry()
    bots = ["random", *(name for name, _ in FAULTS)]
    result = run_tournament(reg, "market", bots, players=2, games=2, seed=1, move_timeout=0.3, jobs=2)
    data = result.to_data()
    assert data["games"] == 15 * 2  # every lineup of 2 out of 6 bots, twice
    for name, reason in FAULTS:
        row = next(b for b in data["bots"] if b["spec"] == name)
        forfeits = [f for f in data["forfeits"] if f["bot"] == name]
        assert forfeits and all(reason in f["reason"] for f in forfeits), (name, forfeits)
        assert row["forfeits"] == len(forfeits)
    for outcome in result.outcomes:  # every record replays, forfeits included
        state = replay(reg, record_from_data(reg, outcome.record))
        assert state.moves == len(outcome.record["actions"])


def interrupted_copy(path, tmp_path, keep):
    """The results file as an interrupted run leaves it: `keep` games and half a line."""
    lines = path.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:1 + keep]) + lines[1 + keep][:40])
    return cut


def test_resume_plays_only_the_missing_games_and_ends_where_a_whole_run_ends(tmp_path):
    reg = registry()
    whole_file = tmp_path / "whole.jsonl"
    whole = run_tournament(reg, "market", BOTS, players=2, games=4, seed=5, out=whole_file)
    cut = interrupted_copy(whole_file, tmp_path, keep=8)  # deal 0 (6 games) and 2 games of deal 1
    resumed = run_tournament(reg, "market", BOTS, players=2, games=4, seed=5, out=cut, resume=True, jobs=2)
    assert resumed.played == 12 - 6  # the games of an unfinished deal are replayed
    assert without_timing(resumed) == without_timing(whole)
    lines = cut.read_text().splitlines()
    indices = [json.loads(line)["index"] for line in lines[1:-1]]
    assert sorted(indices) == list(range(12))  # nothing repeated, nothing lost
    assert json.loads(lines[-1]) == {"meeple_results": 1, "seed": 5}  # written once the run stopped
    again = run_tournament(reg, "market", BOTS, players=2, games=4, seed=5, out=cut, resume=True)
    assert again.played == 0 and without_timing(again) == without_timing(whole)


def test_a_results_file_is_never_overwritten_nor_resumed_by_another_run(tmp_path):
    reg = registry()
    path = tmp_path / "run.jsonl"
    run_tournament(reg, "market", BOTS, players=2, games=2, seed=5, out=path)
    with pytest.raises(ResultsError, match="pass --resume"):
        run_tournament(reg, "market", BOTS, players=2, games=2, seed=5, out=path)
    with pytest.raises(ResultsError, match="another --seed"):
        run_tournament(reg, "market", BOTS, players=2, games=2, seed=6, out=path, resume=True)
    path.write_text("not json\n")
    with pytest.raises(ResultsError, match="not a meeple results file"):
        run_tournament(reg, "market", BOTS, players=2, games=2, seed=5, out=path, resume=True)


@pytest.mark.parametrize("bots, kwargs, message", [
    (["random"], {}, "at least two bots"),
    (["random", "random"], {}, "listed twice"),
    (["random", "oracle"], {}, "unknown bot 'oracle'"),
    (["random", "cautious"], {"games": 3}, "multiple of 2"),
    (["random", "cautious"], {"move_timeout": 0}, "positive number"),
    (["random", "cautious"], {"backend": "slurm"}, "unknown backend"),
])
def test_bad_tournaments_are_refused_before_any_game(bots, kwargs, message):
    with pytest.raises(MeepleError, match=message):
        run_tournament(registry(), "market", bots, players=2, **kwargs)


def test_ranks_put_the_winners_first_then_the_others_by_score():
    def outcome(winners, scores):
        return GameOutcome(0, 0, (0, 1, 2, 3), {"result": {"winners": winners, "scores": scores}})

    assert seat_ranks(outcome([2], [1, 3, 5, 3])) == [2, 1, 0, 1]
    assert seat_ranks(outcome([0, 1], [4, 4, 1, 2])) == [0, 0, 2, 1]


def test_a_bot_that_wins_more_is_rated_higher():
    data = run_tournament(registry(), "market", ["random", "crasher"], players=2, games=10).to_data()
    best, worst = data["bots"]
    assert (best["spec"], worst["spec"]) == ("random", "crasher") and best["wins"] == 10
    assert best["rating"]["mu"] - worst["rating"]["mu"] > best["rating"]["sigma"] + worst["rating"]["sigma"]
    assert best["rating"]["sigma"] < 25 / 3  # more certain than a new rating


def test_plugins_reach_the_workers():
    assert tournament_plugins.TournamentPlugin.__module__ == "tournament_plugins"
