"""Issue 12: a bot that exits, raises SystemExit or KeyboardInterrupt, or cannot be built, costs
its own game (a forfeit with its reason), never the host's run; a real Ctrl-C still stops the run."""

from __future__ import annotations

import pytest

import isolation_plugins
from meeple.cli.app import main
from meeple.match import run_match
from meeple.runner import play_game
from meeple.tournament import run_tournament


@pytest.fixture(scope="module")
def registry():
    return isolation_plugins.registry()


REASONS = {
    "exiter": "bot exiter tried to exit the host (sys.exit(3))",
    "systemexit": "bot systemexit tried to exit the host (sys.exit('bye'))",
    "interrupter": "bot interrupter raised KeyboardInterrupt (no Ctrl-C was pressed)",
}


@pytest.mark.parametrize("bot", sorted(REASONS))
def test_a_bot_that_exits_or_interrupts_itself_forfeits_its_game_in_a_match(registry, bot):
    result = run_match(registry, "linko", [bot, "random"], 2, seed=5)
    assert [o.forfeit for o in result.outcomes] == [{"seat": 0, "reason": REASONS[bot]},
                                                   {"seat": 1, "reason": REASONS[bot]}]
    assert result.tallies[0].forfeits == 2 and result.tallies[1].wins == 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tournament_records_every_such_forfeit_and_finishes(registry, tmp_path, jobs):
    result = run_tournament(registry, "linko", ["exiter", "interrupter", "systemexit", "random"], players=2,
                            games=2, seed=3, jobs=jobs, out=tmp_path / "results.jsonl")
    reasons = {f["reason"] for f in result.to_data()["forfeits"]}
    assert set(REASONS.values()) <= reasons
    assert all("rules" not in reason for reason in reasons)
    assert len(result.outcomes) == 6 * 2


def test_a_resumed_tournament_with_such_bots_finishes(registry, tmp_path):
    out = tmp_path / "results.jsonl"
    first = run_tournament(registry, "linko", ["exiter", "random"], players=2, games=2, seed=4, out=out)
    again = run_tournament(registry, "linko", ["exiter", "random"], players=2, games=2, seed=4, out=out,
                           resume=True)
    assert [o.record for o in again.outcomes] == [o.record for o in first.outcomes] and again.played == 0


def test_a_real_sigint_during_a_bots_move_still_stops_the_game(registry):
    game = registry.create("linko", 2)
    bots = [registry.make_bot("sigint", game, 0), registry.make_bot("random", game, 1)]
    with pytest.raises(KeyboardInterrupt):
        play_game(game, bots, 7, ["sigint", "random"])


def test_the_host_sigint_handler_is_restored_after_a_game(registry):
    import signal

    before = signal.getsignal(signal.SIGINT)
    game = registry.create("linko", 2)
    play_game(game, [registry.make_bot("interrupter", game, 0), registry.make_bot("random", game, 1)], 7,
              ["interrupter", "random"])
    assert signal.getsignal(signal.SIGINT) is before


def test_a_bot_whose_factory_raises_is_one_line_naming_it(registry, capsys, monkeypatch):
    monkeypatch.setattr("meeple.cli.match.load_registry", lambda: registry)
    code = main(["match", "linko", "-b", "random", "-b", "brokenfactory", "-n", "2"])
    err = capsys.readouterr().err
    lines = [line for line in err.strip().splitlines() if not line.startswith("meeple: warning:")]
    assert code == 2 and "Traceback" not in err
    assert lines == ["meeple: error: bot brokenfactory could not be built for seat 1: RuntimeError: no config file"]
