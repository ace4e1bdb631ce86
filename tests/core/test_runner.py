"""Matches: seat rotation, reproducibility, and bots that crash, cheat or hang."""

import json
import time

import pytest
from market_game import MarketGame
from test_plugins import MarketPlugin, OwnMarket, registry

from meeple import BotInfo, Option, hookimpl
from meeple.match import run_match, seat_order
from meeple.runner import play_game
from meeple_bots.random_bot import RandomBot


class Crasher:
    def act(self, view, legal):
        raise RuntimeError("lost my marbles")


class Cheater:
    def act(self, view, legal):
        from market_game import PlayCard
        return PlayCard(99)


class Sleeper:
    def act(self, view, legal):
        time.sleep(5)
        return legal[0]


class Peeker:
    """Records what it is given, to prove bots get views and never states."""

    seen = []

    def act(self, view, legal):
        Peeker.seen.append((type(view).__name__, view.player))
        return legal[0]


def random_bot(seed=1):
    return RandomBot(None, 0, {"seed": seed})


@pytest.mark.parametrize("bad, reason", [
    (Crasher(), "raised RuntimeError: lost my marbles"),
    (Cheater(), "chose an illegal action"),
])
def test_a_failing_bot_forfeits_and_the_host_goes_on(bad, reason):
    record, state = play_game(MarketGame(2), [random_bot(), bad], 1, ["random", "bad"])
    assert record.forfeit.seat == 1 and reason in record.forfeit.reason
    assert record.winners == (0,)


def test_a_hanging_bot_forfeits_on_timeout():
    started = time.perf_counter()
    record, _ = play_game(MarketGame(2), [Sleeper(), random_bot()], 1, ["sleeper", "random"], move_timeout=0.2)
    assert record.forfeit.seat == 0 and "timed out" in record.forfeit.reason
    assert time.perf_counter() - started < 4


def test_bots_receive_their_own_view():
    Peeker.seen.clear()
    play_game(MarketGame(2, {"turns": 4}), [Peeker(), Peeker()], 1, ["a", "b"])
    assert Peeker.seen == [("View", 0), ("View", 1), ("View", 0), ("View", 1)]


def test_seats_rotate_evenly():
    counts = [[0] * 3 for _ in range(3)]
    for game in range(6):
        for seat, bot in enumerate(seat_order(game, 3)):
            counts[bot][seat] += 1
    assert counts == [[2, 2, 2]] * 3


class SeededPlugin(MarketPlugin):
    game = OwnMarket.carrying(bots=(BotInfo("greedy", RandomBot, "market's own", params=(Option("seed", "int", 0),)),))


def test_match_results_are_identical_for_the_same_seed_apart_from_timing():
    reg = registry(SeededPlugin())
    runs = [run_match(reg, "market", ["greedy", "greedy:seed=5", "greedy"], 6, seed=4).to_data() for _ in range(2)]
    for run in runs:
        run.pop("timing")
    assert json.dumps(runs[0]) == json.dumps(runs[1])
    assert [b["games"] for b in runs[0]["bots"]] == [6, 6, 6]
    assert all(s["games"] == 2 for b in runs[0]["bots"] for s in b["by_seat"])
