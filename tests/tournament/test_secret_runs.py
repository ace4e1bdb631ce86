"""Seeds and results files keep the games still to be played secret (issue 11), explicit bot
seeds still vary from game to game (issue 18), and runs stop cleanly on Ctrl-C and bad limits."""

import json
from pathlib import Path

import pytest
from tournament_plugins import registry

from meeple import MeepleError, Registry
from meeple.cli.app import main
from meeple.match import run_match
from meeple.seeds import derive
from meeple.tournament import run_tournament
from meeple.tournament.plan import MAX_GAMES, match_plan, tournament_plan
from meeple.tournament.results import ResultsError
from meeple.tournament.runner import RunInterrupted

BOTS = ["random", "random:seed=7", "cautious"]  # 3 lineups of 2: 6 games per deal


def game_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()[1:] if '"meeple_results"' not in line]


def test_derived_seeds_are_keyed_hashes_of_unambiguous_parts():
    assert derive(5, "deal", 0) == derive(5, "deal", 0) != derive(6, "deal", 0)
    assert derive(5, "ab", 1) != derive(5, "a", "b1") != derive(5, "a", "b", 1)
    assert derive(5, 1) != derive(5, "1")
    assert all(0 <= derive(s, "x") < 2 ** 63 for s in (0, 1, 2 ** 64 - 1))
    with pytest.raises(ValueError):
        derive(-1, "deal")


def test_bot_seeds_do_not_depend_on_the_deal_seed_alone():
    plan = tournament_plan(3, 2, 4, seed=5)
    by_deal = {}
    for job in plan:
        by_deal.setdefault(job.seed, set()).update(job.bot_seeds)
    assert all(len(seeds) == 6 * 2 for seeds in by_deal.values())  # every game and seat its own


def test_an_explicit_bot_seed_selects_a_new_stream_for_every_game_reproducibly():
    plan = match_plan(2, 6, seed=3, explicit=("1", None))
    seat_of_bot0 = [job.seats.index(0) for job in plan]
    streams = [job.bot_seeds[seat] for job, seat in zip(plan, seat_of_bot0)]
    assert len(set(streams)) == 6
    again = match_plan(2, 6, seed=3, explicit=("1", None))
    assert streams == [job.bot_seeds[s] for job, s in zip(again, seat_of_bot0)]
    assert not set(streams) & {job.bot_seeds[s] for job, s in zip(match_plan(2, 6, seed=3, explicit=("2", None)), seat_of_bot0)}


def test_random_with_an_explicit_seed_does_not_replay_the_same_game_every_game(capsys):
    # Nim has no chance: with one generator for every game, random:seed=1 against random:seed=2
    # played the same game each time the seats came round (issue 18).
    installed = Registry.load()
    bots = ["random:seed=1", "random:seed=2"]
    result = run_match(installed, "nim", bots, 8, seed=4)
    same_seating = [o.record["actions"] for o in result.outcomes if o.seats == (0, 1)]
    assert len(same_seating) == 4 and len({json.dumps(a) for a in same_seating}) == 4
    again = run_match(installed, "nim", bots, 8, seed=4, jobs=2)
    assert [o.record for o in again.outcomes] == [o.record for o in result.outcomes]


def test_the_default_series_seed_is_a_fresh_secret_that_reproduces_the_run_for_any_jobs():
    first = run_match(registry(), "market", ["random", "cautious"], 4)
    second = run_match(registry(), "market", ["random", "cautious"], 4)
    assert first.seed != second.seed and 0 < first.seed < 2 ** 63
    again = run_match(registry(), "market", ["random", "cautious"], 4, seed=first.seed, jobs=2)
    assert [o.record for o in again.outcomes] == [o.record for o in first.outcomes]
    assert first.to_data()["seed"] == first.seed


def test_the_results_file_never_holds_a_game_of_a_deal_still_in_play(tmp_path):
    path = tmp_path / "run.jsonl"
    seen = []

    def check(outcome):
        lines = game_lines(path)
        counts = {}
        for line in lines:
            counts[line["deal"]] = counts.get(line["deal"], 0) + 1
        assert set(counts.values()) <= {6}  # whole deals only
        seen.append(len(lines))

    result = run_tournament(registry(), "market", BOTS, players=2, games=4, seed=8, out=path, on_game=check)
    assert seen == [0] * 5 + [6] * 6 + [12]
    header = json.loads(path.read_text().splitlines()[0])
    assert "seed" not in header and header["seed_check"] != 8
    assert json.loads(path.read_text().splitlines()[-1]) == {"meeple_results": 1, "seed": 8}
    assert result.seed == 8


def test_ctrl_c_keeps_the_finished_deals_and_resume_ends_where_a_whole_run_ends(tmp_path):
    whole = run_tournament(registry(), "market", BOTS, players=2, games=4, seed=9)
    path = tmp_path / "run.jsonl"
    finished = []

    def stop_after_seven(outcome):
        finished.append(outcome)
        if len(finished) == 7:
            raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as stop:
        run_tournament(registry(), "market", BOTS, players=2, games=4, out=path, on_game=stop_after_seven)
    assert stop.value.kept == 6 and stop.value.path == path and len(game_lines(path)) == 6
    seed = stop.value.seed
    resumed = run_tournament(registry(), "market", BOTS, players=2, games=4, out=path, resume=True)
    assert resumed.seed == seed and resumed.played == 6
    assert sorted(line["index"] for line in game_lines(path)) == list(range(12))
    again = run_tournament(registry(), "market", BOTS, players=2, games=4, seed=seed)
    assert [o.record for o in again.outcomes] == [o.record for o in resumed.outcomes]
    assert whole.seed == 9


def test_resume_needs_the_seed_when_the_run_was_killed_before_recording_it(tmp_path):
    path = tmp_path / "run.jsonl"
    run_tournament(registry(), "market", BOTS, players=2, games=2, seed=5, out=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]))  # no seed line: killed
    with pytest.raises(ResultsError, match="resume with the --seed it was started with"):
        run_tournament(registry(), "market", BOTS, players=2, games=2, out=path, resume=True)
    assert run_tournament(registry(), "market", BOTS, players=2, games=2, seed=5, out=path, resume=True).played == 0


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), 1e12, 0.0, -1.0])
def test_move_timeouts_outside_one_day_are_refused(timeout):
    with pytest.raises(MeepleError, match="at most 86400"):
        run_match(registry(), "market", ["random", "cautious"], 2, move_timeout=timeout)


def test_a_huge_plan_is_refused_before_anything_is_built():
    with pytest.raises(MeepleError, match=f"at most {MAX_GAMES}"):
        match_plan(2, 100_000_000, seed=1)
    with pytest.raises(MeepleError, match=f"at most {MAX_GAMES}"):
        tournament_plan(40, 4, 4, seed=1)  # 91,390 lineups × 4 games
    plan = tournament_plan(3, 2, 4, seed=1)
    assert plan[7] == list(plan)[7] and plan[-1].index == 11 and len(plan[2:5]) == 3


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args, text", [
    (["tournament", "nim", "-b", "random", "-b", "random:seed=2", "--out", "."], ". is a directory"),
    (["tournament", "nim", "-b", "random", "-b", "random:seed=2", "-n", "100000000"], "at most 100000"),
    (["match", "nim", "-b", "random", "-b", "random", "-n", "100000000"], "at most 100000"),
    (["match", "nim", "-b", "random", "-b", "random", "--move-timeout", "nan"], "at most 86400"),
    (["tournament", "nim", "-b", "random", "-b", "random:seed=2", "--move-timeout", "inf"], "at most 86400"),
    (["match", "nim", "-b", "random", "-b", "random", "--seed", "-1"], "--seed must be an integer"),
])
def test_bad_limits_are_one_line(capsys, args, text):
    code, _, err = run(capsys, *args)
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert code == 2 and len(lines) == 1 and text in lines[0], err


@pytest.mark.parametrize("command, target, message", [
    ("tournament", "meeple.tournament.run_tournament", "3 games kept in r.jsonl; run again with --resume"),
    ("match", "meeple.match.run_match", "interrupted after 3 of 9 games"),
])
def test_ctrl_c_prints_one_line_and_exits_130(capsys, monkeypatch, tmp_path, command, target, message):
    def interrupted(*args, **kwargs):
        raise RunInterrupted(3, 9, 77, kept=3, path=Path("r.jsonl"))

    monkeypatch.setattr(target, interrupted)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, command, "nim", "-b", "random", "-b", "random:seed=2", "--out", "r.jsonl")
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert code == 130 and len(lines) == 1 and message in lines[0] and out == "", err


def test_result_tables_tell_same_spec_seats_apart_and_name_only_changed_options(capsys):
    code, out, _ = run(capsys, "match", "linko", *["-b", "random"] * 4, "-n", "4", "-o", "variant=advanced")
    assert code == 0 and "random #1" in out and "random #4" in out
    assert "variant=advanced" in out and "two_player" not in out
    assert out.strip().splitlines()[-1].startswith("series seed: ")


def test_a_score_shared_by_every_seat_is_not_shown_as_a_mean_score_per_bot(capsys):
    code, out, _ = run(capsys, "match", "linkage", "-b", "random", "-b", "greedy", "-n", "2", "--seed", "1")
    assert code == 0 and "mean score" not in out and "random" in out
    code, out, _ = run(capsys, "match", "linko", "-b", "random", "-b", "greedy", "-n", "2", "--seed", "1")
    assert code == 0 and "mean score" in out
