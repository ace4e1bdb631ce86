"""With several server processes on one database, exactly one drives each match's bots: the one
holding the match's lease in the store. Another process never asks a bot of that match; it takes
the bots over only once the lease lapses (the driver died) or is let go (the driver stopped)."""

from __future__ import annotations

import asyncio
import time

from conftest import record_bot_turns

from meeple.server.hub import Hub
from meeple.server.store import Store


def process(registry, database: str) -> Hub:
    """A server process on `database`, sharing it with the others (as on PostgreSQL)."""
    hub = Hub(registry, Store(database), isolate_bots=False, shared_database=True)
    hub.load_all()
    return hub


async def until(condition, seconds: float = 30.0) -> None:
    """Let the loop run until `condition()` holds (a bot that never moves fails the test)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the bot never moved"
        await asyncio.sleep(0.01)


def test_only_the_process_holding_a_matchs_lease_asks_its_bots(registry, tmp_path):
    async def run():
        database = str(tmp_path / "matches.db")
        first = process(registry, database)
        first_asked = record_bot_turns(first)
        match, tokens = await first.create("goofspiel", 2, {"cards": 3}, ["random", "human"])  # first drives
        second = process(registry, database)
        second_asked = record_bot_turns(second)
        second.resume_bots()  # as a second process starting: the match's bot is not its to drive
        theirs = second.get(match.id)
        for ply in (1, 3, 5):  # each round: the bot bids on the first process, the person on the second
            await until(lambda ply=ply: len(match.moves) == ply)
            await second.move(theirs, 1, tokens[1], theirs.update_for(1)["legal"][0]["action"])
            assert theirs.thinking == set() and theirs.bots == {}
            await first.notified(match.id, ply)  # what PostgreSQL's NOTIFY does
        assert match.finished and theirs.finished and len(theirs.moves) == 6
        assert first_asked == [(match.id, 0)] * 3 and second_asked == []
        assert Store(database).lapsed_drives() == []  # a finished match needs no driver
    asyncio.run(run())


def test_a_dead_drivers_bots_are_taken_over_once_its_lease_lapses(registry, tmp_path):
    async def run():
        database = str(tmp_path / "matches.db")
        first = process(registry, database)
        match, _ = await first.create("goofspiel", 2, {"cards": 1}, ["random", "human"])  # first takes the lease
        for task in list(first.tasks):
            task.cancel()  # ... and dies (kill -9) before its bot moves
        second = process(registry, database)
        asked = record_bot_turns(second)
        second.resume_bots()
        await second.take_over()  # its heartbeat: the lease is still the dead process's
        await asyncio.sleep(0.05)
        assert asked == [] and second.get(match.id).moves == []
        with Store(database).transaction() as cursor:
            cursor.execute("UPDATE drivers SET expires = 0")  # the lease runs out, as time would make it
        await second.take_over()
        await until(lambda: len(second.get(match.id).moves) == 1)
        assert asked == [(match.id, 0)] and second.get(match.id).moves[0][0] == 0
    asyncio.run(run())


def test_a_stopping_process_lets_its_bots_go_to_another_at_once(registry, tmp_path):
    async def run():
        database = str(tmp_path / "matches.db")
        first = process(registry, database)
        match, _ = await first.create("goofspiel", 2, {"cards": 1}, ["random", "human"])
        await first.shutdown()  # before its bot moved
        assert Store(database).lapsed_drives() == [match.id]
        second = process(registry, database)
        asked = record_bot_turns(second)
        await second.take_over()
        await until(lambda: len(second.get(match.id).moves) == 1)
        assert asked == [(match.id, 0)]
    asyncio.run(run())
