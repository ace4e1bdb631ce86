"""Plans: every lineup in every seat rotation on shared deals, seeds from the game's place only."""

from collections import Counter

import pytest

from meeple import OptionError
from meeple.seeds import derive
from meeple.tournament.plan import match_plan, tournament_plan


def test_every_bot_meets_every_other_in_every_seat():
    plan = tournament_plan(bots=4, players=3, games=6, seed=1)
    assert len(plan) == 4 * 6  # 4 lineups of 3 out of 4 bots, 6 games each
    seats = Counter((b, s) for job in plan for s, b in enumerate(job.seats))
    assert set(seats.values()) == {3 * 2}  # in 3 lineups, each seat once per deal, 2 deals
    meetings = Counter(frozenset((a, b)) for job in plan for a in job.seats for b in job.seats if a < b)
    assert len(meetings) == 6 and len(set(meetings.values())) == 1


def test_duplicate_format_each_deal_is_replayed_in_every_rotation_by_every_lineup():
    plan = tournament_plan(bots=3, players=2, games=4, seed=9)
    by_deal = {}
    for job in plan:
        by_deal.setdefault(job.deal, []).append(job)
    for deal, jobs in by_deal.items():
        assert len({job.seed for job in jobs}) == 1  # one deal seed for all its games
        assert len(jobs) == 3 * 2  # 3 lineups × 2 rotations
        assert len({job.seats for job in jobs}) == 6
    assert len({jobs[0].seed for jobs in by_deal.values()}) == 2


def test_seeds_come_from_the_tournament_seed_and_the_games_place_only():
    a, b = tournament_plan(3, 2, 4, seed=5), tournament_plan(3, 2, 4, seed=5)
    assert a == b
    other = tournament_plan(3, 2, 4, seed=6)
    assert {j.seed for j in a}.isdisjoint({j.seed for j in other})
    assert len({s for j in a for s in j.bot_seeds}) == len(a) * 2  # every bot of every game its own
    assert derive(5, "deal", 0) == a[0].seed and 0 <= a[0].seed < 2 ** 63


@pytest.mark.parametrize("bots, players, games, message", [
    (2, 3, 3, "needs at least 3 bots"),
    (3, 2, 3, "multiple of 2"),
    (3, 2, 0, "multiple of 2"),
])
def test_impossible_plans_are_refused(bots, players, games, message):
    with pytest.raises(OptionError, match=message):
        tournament_plan(bots, players, games, 0)


def test_a_match_is_one_lineup_with_seats_rotating_and_a_new_deal_every_game():
    plan = match_plan(bots=3, games=6, seed=2)
    assert [job.seats for job in plan[:4]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert len({job.seed for job in plan}) == 6
