"""Bots on the server: isolated in their own processes, timed, failing by forfeit, and never
holding up another match."""

from __future__ import annotations

from contextlib import contextmanager

from conftest import Server, hello, until

from meeple.registry import RegistrySource


@contextmanager
def isolated_bots_server(registry, tmp_path, bot_timeout):
    """A running server whose bots play in their own processes, stopped afterwards."""
    running = Server(registry, tmp_path / "db", isolate_bots=True, source=RegistrySource.of(registry),
                     bot_timeout=bot_timeout)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_isolated_bots_play_a_match_to_the_end_and_a_spectator_watches(registry, tmp_path):
    with isolated_bots_server(registry, tmp_path, bot_timeout=30) as running:
        made = running.create("goofspiel", ["random", "random"], {"cards": 3})
        watcher = running.client.post(f"/api/matches/{made['match']}/watch", json={}).json()["token"]
        ws, update = hello(running, watcher)
        done = update if update["status"] == "finished" else until(ws, lambda m: m["status"] == "finished")
        assert done["ply"] == 6 and done["result"]["winners"] is not None
        match = running.hub.get(made["match"])
        assert match.bots == {}  # the processes were told the result and reaped


def test_a_bot_that_crashes_forfeits_with_its_reason(registry, tmp_path):
    with isolated_bots_server(registry, tmp_path, bot_timeout=30) as running:
        made = running.create("linkage", ["crasher", "human"])
        ws, update = hello(running, made["tokens"]["1"])
        done = update if update["status"] == "finished" else until(ws, lambda m: m["status"] == "finished")
        assert done["result"]["forfeit"]["seat"] == 0 and "bot crasher failed" in done["result"]["forfeit"]["reason"]
        assert done["result"]["winners"] == [1]


def test_a_bot_that_takes_too_long_forfeits(registry, tmp_path):
    with isolated_bots_server(registry, tmp_path, bot_timeout=1) as running:
        made = running.create("linkage", ["hanger", "human"])
        ws, update = hello(running, made["tokens"]["1"])
        done = until(ws, lambda m: m["status"] == "finished")
        assert done["result"]["forfeit"]["seat"] == 0


def test_a_slow_bot_does_not_hold_up_another_match(server):
    slow = server.create("goofspiel", ["slow", "human"], {"cards": 1})
    quick = server.create("goofspiel", ["human", "human"], {"cards": 2})
    sockets = [hello(server, quick["tokens"][str(seat)])[0] for seat in (0, 1)]
    match, ply = server.hub.get(quick["match"]), 0
    for _ in range(2):  # two rounds of bids while the slow bot sleeps through its first move
        for seat in (0, 1):
            sockets[seat].send_json({"type": "move", "action": match.update_for(seat)["legal"][0]["action"]})
            ply += 1
            last = [until(ws, lambda m, ply=ply: m["ply"] == ply) for ws in sockets]
    assert last[0]["status"] == "finished"
    assert server.hub.get(slow["match"]).moves == []  # still thinking
