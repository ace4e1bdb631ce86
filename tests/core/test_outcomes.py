"""The outcome model (issue 18, item 2): win/loss games unchanged; points games declare bounds,
search maximises the score rescaled by them, and match, tournament and ratings go by score."""

from __future__ import annotations

import pytest

from meeple import Registry, Rng
from meeple.cli.app import main
from meeple.match import run_match
from meeple.stats import mean_interval
from meeple.tournament import run_tournament
from meeple.tournament.ratings import seat_ranks
from meeple.tournament.worker import GameOutcome
from meeple_bots.search import normalized


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def test_declared_bounds_rescale_a_score_by_the_bounds_not_by_the_other_seats():
    assert normalized([1, -1], (-2, 2)) == [0.75, 0.25]  # one chip, not "the best seat"
    assert normalized([2, -2], (-2, 2)) == [1.0, 0.0]
    assert normalized([1, -1]) == [1.0, 0.0]  # no bounds: between the seats, as before


def test_ismcts_maximises_the_score_of_a_points_game_and_the_win_of_a_win_loss_game(registry):
    kuhn = registry.create("kuhn", 2)
    bot = registry.make_bot("ismcts", kuhn, 0)
    assert bot.tree.rollout.by_score and bot.tree.rollout.bounds == (-2.0, 2.0)
    linkage = registry.create("linkage", 2)
    assert not registry.make_bot("ismcts", linkage, 0).tree.rollout.by_score
    assert registry.make_bot("ismcts:reward=win", kuhn, 0).tree.rollout.by_score is False


def test_winners_default_to_the_seats_with_the_top_score(registry):
    state = registry.create("kuhn", 2).setup_with((2, 0), Rng(0))
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.scores() == (1, -1) and state.winners() == (0,)


def test_a_mean_interval_is_the_mean_plus_or_minus_1_96_standard_errors():
    values = [1, -1, 2, -2, 1, 1, -1, 1]
    low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    mean = sum(values) / len(values)
    assert low < mean < high and high - mean == pytest.approx(mean - low)
    assert mean_interval(3.0, 9.0, 1) == (3.0, 3.0)


def test_points_games_rank_seats_by_score_alone():
    outcome = GameOutcome(0, 0, (0, 1, 2), {"result": {"winners": [2], "scores": [1, 3, 2]}})
    assert seat_ranks(outcome) == [2, 1, 0]  # win/loss: the winner first, whatever its score
    assert seat_ranks(outcome, by_score=True) == [2, 0, 1]


def test_a_points_match_lists_bots_by_mean_score_with_an_interval(registry):
    data = run_match(registry, "kuhn", ["random", "nash"], 40, seed=5).to_data()
    assert data["objective"] == "score"
    means = [row["mean_score"] for row in data["bots"]]
    assert means == sorted(means, reverse=True)
    for row in data["bots"]:
        low, high = row["mean_score_95"]
        assert low <= row["mean_score"] <= high


def test_a_win_loss_match_summary_is_as_before(registry):
    data = run_match(registry, "linkage", ["random", "random"], 2, seed=5).to_data()
    assert "objective" not in data and all("mean_score_95" not in row for row in data["bots"])
    assert [row["label"] for row in data["bots"]] == ["random #1", "random #2"]


def test_a_points_tournament_ranks_by_mean_score(registry):
    data = run_tournament(registry, "kuhn", ["random", "nash", "nash:alpha=0.3"], players=2,
                          games=8, seed=3).to_data()
    assert data["objective"] == "score"
    means = [row["mean_score"] for row in data["bots"]]
    assert means == sorted(means, reverse=True) and all("mean_score_95" in row for row in data["bots"])


def test_the_match_table_of_a_points_game_leads_with_the_mean_score(capsys):
    assert main(["match", "kuhn", "-b", "nash", "-b", "random", "-n", "4", "--seed", "1"]) in (0, None)
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "bot" in line and "games" in line)
    assert header.index("mean score") < header.index("wins") and "95% interval" in header

