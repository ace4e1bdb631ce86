"""`meeple server` on a real PostgreSQL: a throwaway cluster in tmp (initdb/pg_ctl from Debian's
`postgresql`), started by the test. Run by `tox -e postgres` (MEEPLE_TEST_POSTGRES=1); skipped
elsewhere, and where PostgreSQL or psycopg is missing."""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import Server, hello, record_bot_turns, told_seat_lost, until
from live import free_port

from meeple.server.hub import Hub, Refused
from meeple.server.store import PlyTaken, Store

if os.environ.get("MEEPLE_TEST_POSTGRES") != "1":
    pytest.skip("PostgreSQL tests run in tox -e postgres (MEEPLE_TEST_POSTGRES=1)", allow_module_level=True)
pytest.importorskip("psycopg", reason="needs psycopg (the server extra)")
BIN = next((Path(p) for p in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), None) \
    if shutil.which("initdb") is None else Path(shutil.which("initdb")).resolve().parent
if BIN is None or not (BIN / "pg_ctl").exists():
    pytest.skip("no PostgreSQL server binaries (Debian: apt-get install postgresql)", allow_module_level=True)


def as_user(command: list[str]) -> list[str]:
    """initdb refuses root: as root, run the cluster as the `postgres` account."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@pytest.fixture(scope="module")
def postgres():
    # Not under pytest's tmp_path: as root that lives in a 0700 directory the postgres account
    # cannot enter. A temporary directory of its own, removed afterwards.
    folder = Path(tempfile.mkdtemp(prefix="meeple-postgres-"))
    data = folder / "data"
    if os.geteuid() == 0:
        account = pwd.getpwnam("postgres")
        os.chown(folder, account.pw_uid, account.pw_gid)
    port = free_port()
    subprocess.run(as_user([str(BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "meeple", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(as_user([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "-o",
                            f"-p {port} -k {folder} -h 127.0.0.1 -F", "start"]), check=True, stdout=subprocess.DEVNULL)
    try:
        yield f"postgresql://meeple@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_user([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def database(postgres):
    import psycopg

    with psycopg.connect(postgres, autocommit=True) as connection:
        for table in ("drivers", "expired", "moves", "spectators", "seats", "matches"):
            connection.execute(f"DROP TABLE IF EXISTS {table}")
    return postgres


def test_two_writers_cannot_both_store_the_same_ply_in_postgresql(database):
    store = Store(database)
    store.create_match("m", "linko", 2, {}, 2**64 - 1, ["human", "human"], {}, 0.0)
    store.add_move("m", 0, 0, {"type": "x"})
    with pytest.raises(PlyTaken):
        Store(database).add_move("m", 0, 1, {"type": "y"})
    assert store.load("m").moves == ((0, {"type": "x"}),) and store.load("m").seed == 2**64 - 1


def test_processes_sharing_postgresql_see_each_others_moves_and_never_overwrite_them(registry, database):
    async def run():
        first = Hub(registry, Store(database), isolate_bots=False, shared_database=True)
        second = Hub(registry, Store(database), isolate_bots=False, shared_database=True)
        match, tokens = await first.create("linkage", 2, {}, ["human", "human"])
        theirs = second.get(match.id)
        unshared = Hub(registry, Store(database), isolate_bots=False)
        stale = unshared.get(match.id)  # read at move 0, never again
        await first.move(match, 0, tokens[0], match.update_for(0)["legal"][0]["action"])
        await second.move(theirs, 1, tokens[1], first.get(match.id).update_for(1)["legal"][0]["action"])  # reads move 0 first
        await first.move(match, 0, tokens[0], second.get(match.id).update_for(0)["legal"][0]["action"])  # reads move 1 first
        second._sync(theirs)
        assert len(match.moves) == len(theirs.moves) == 3
        assert match.state.fingerprint() == theirs.state.fingerprint()
        with pytest.raises(Refused) as refused:  # a process that did not read the others' moves
            await unshared.move(stale, stale.state.owing()[0], tokens[stale.state.owing()[0]], stale.update_for(stale.state.owing()[0])["legal"][0]["action"])
        assert refused.value.code == "stale"
        assert len(Store(database).load(match.id).moves) == 3
    asyncio.run(run())


def test_a_server_on_postgresql_resumes_a_pending_simultaneous_choice_after_a_crash(registry, database, tmp_path):
    running = Server(registry, database)
    running.start()
    made = running.create("goofspiel", ["human", "human"], {"cards": 2})
    ws0, update0 = hello(running, made["tokens"]["0"])
    ws0.send_json({"type": "move", "action": update0["legal"][0]["action"]})
    until(ws0, lambda m: m["ply"] == 1)
    running.crash()
    running.sockets.clear()
    running.start()
    _, again0 = hello(running, made["tokens"]["0"])
    _, again1 = hello(running, made["tokens"]["1"])
    assert again0["view"]["choices"] == [[0, update0["legal"][0]["action"]]]
    assert again1["view"]["chosen"] == [0] and again1["view"]["choices"] == [] and again1["owes"]
    running.stop()


def _wait_for(condition, seconds: float = 30.0) -> None:
    """Poll until `condition()` holds (a missing push fails the test instead of hanging it)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the other process never received the change"
        time.sleep(0.02)


def test_a_move_made_on_one_server_process_is_pushed_to_the_seats_connected_to_another(registry, database):
    first, second = Server(registry, database, shared_database=True), Server(registry, database, shared_database=True)
    first.start()
    second.start()
    try:
        made = first.create("goofspiel", ["human", "human"], {"cards": 2})
        ws0, update0 = hello(first, made["tokens"]["0"])
        ws1, _ = hello(second, made["tokens"]["1"])
        spectator = second.client.post(f"/api/matches/{made['match']}/watch", json={}).json()["token"]
        watcher, _ = hello(second, spectator)
        choice = update0["legal"][0]["action"]
        ws0.send_json({"type": "move", "action": choice})
        until(ws0, lambda m: m["ply"] == 1)
        _wait_for(lambda: len(second.hub.matches[made["match"]].moves) == 1)
        pushed = until(ws1, lambda m: m["ply"] == 1)
        local = first.hub.get(made["match"]).update_for(1)
        assert pushed == local  # exactly the update a connection of the first process gets
        assert pushed["narration"] == local["narration"] and "chosen" in str(pushed["view"]) and pushed["owes"]
        assert pushed["view"]["chosen"] == [0] and pushed["view"]["choices"] == []  # the choice stays secret
        assert until(watcher, lambda m: m["ply"] == 1) == first.hub.get(made["match"]).update_for(None)
        ws1.send_json({"type": "move", "action": pushed["legal"][0]["action"]})  # and back the other way
        assert until(ws0, lambda m: m["ply"] == 2)["view"] == first.hub.get(made["match"]).update_for(0)["view"]
    finally:
        first.stop()
        second.stop()


def test_a_seat_taken_on_one_server_process_starts_the_match_for_the_connections_of_another(registry, database):
    first, second = Server(registry, database, shared_database=True), Server(registry, database, shared_database=True)
    first.start()
    second.start()
    try:
        made = first.create("linkage", ["human", "open"])
        ws0, update0 = hello(first, made["tokens"]["0"])
        assert update0["status"] == "waiting"
        joined = second.client.post(f"/api/matches/{made['match']}/join", json={}).json()
        assert joined["seat"] == 1
        _wait_for(lambda: first.hub.matches[made["match"]].seats[1] == "human")
        started = until(ws0, lambda m: m["status"] == "playing")
        assert started["owes"] == (0 in started["owing"]) and started["seats"][1]["kind"] == "human"
    finally:
        first.stop()
        second.stop()


def test_a_seat_given_up_and_retaken_on_another_process_never_reaches_the_leavers_old_socket(registry, database):
    """The race on real PostgreSQL: the first process is busy with the match (its lock held)
    while the second gives seat 1 up, sees it taken again and its new holder make a secret choice;
    the first process then hears of all three at once. The leaver's socket on the first process
    is told its seat is gone and is closed; it never receives the new holder's choice."""
    first, second = Server(registry, database, shared_database=True), Server(registry, database, shared_database=True)
    first.start()
    second.start()
    try:
        made = first.create("goofspiel", ["human", "human"], {"cards": 3})
        match, leaver = made["match"], made["tokens"]["1"]
        old, _ = hello(first, leaver)
        other, _ = hello(first, made["tokens"]["0"])
        lock = first.hub.matches[match].lock
        first.client.portal.call(lock.acquire)
        try:
            assert second.client.post("/api/leave", json={"token": leaver}).json() == {"left": True}
            holder = second.client.post("/api/claim", json={"invite": made["invites"]["1"]}).json()["token"]
            new, fresh = hello(second, holder)
            secret = fresh["legal"][-1]["action"]
            new.send_json({"type": "move", "action": secret})
            assert until(new, lambda m: m["ply"] == 1)["view"]["choices"] == [[1, secret]]
        finally:
            first.client.portal.call(lock.release)
        told_seat_lost(old, 1)
        pushed = until(other, lambda m: m["ply"] == 1)
        assert pushed["view"]["choices"] == [] and pushed["narration"] == "seat 1 has chosen"
    finally:
        first.stop()
        second.stop()


def test_only_one_server_process_on_postgresql_asks_a_matchs_bots(registry, database):
    """A bot match created on the first process, its person connected to the second: every bot
    move is asked by the first process (it holds the match's lease), none by the second, whose
    own moves reach the first through NOTIFY."""
    first, second = Server(registry, database, shared_database=True), Server(registry, database, shared_database=True)
    first.start()
    second.start()
    try:
        first_asked, second_asked = record_bot_turns(first.hub), record_bot_turns(second.hub)
        made = first.create("goofspiel", ["random", "human"], {"cards": 3})
        ws, update = hello(second, made["tokens"]["1"])
        for _ in range(3):  # each round: wait for the bot's bid, then bid
            bot_bid = lambda m: m["owes"] and m["view"].get("chosen") == [0]  # noqa: E731
            ready = update if bot_bid(update) else until(ws, bot_bid)
            ws.send_json({"type": "move", "action": ready["legal"][0]["action"], "ply": ready["ply"]})
            update = until(ws, lambda m, ply=ready["ply"]: m["ply"] == ply + 1)
        assert update["status"] == "finished" and update["ply"] == 6
        assert first_asked == [(made["match"], 0)] * 3 and second_asked == []
    finally:
        first.stop()
        second.stop()


def test_the_cross_process_notification_names_only_the_match_and_the_move_number(registry, database):
    import psycopg

    from meeple.server.fanout import CHANNEL

    async def run():
        hub = Hub(registry, Store(database), isolate_bots=False, shared_database=True)
        match, tokens = await hub.create("goofspiel", 2, {"cards": 2}, ["human", "human"])
        with psycopg.connect(database, autocommit=True) as listening:
            listening.execute(f"LISTEN {CHANNEL}")
            choice = match.update_for(0)["legal"][0]["action"]
            await hub.move(match, 0, tokens[0], choice)  # a secret simultaneous choice
            with pytest.raises(Refused):
                await hub.move(match, 0, tokens[0], {"type": "nonsense"})  # a refused move notifies nobody
            payloads = [n.payload for n in listening.notifies(timeout=2.0)]
        assert payloads == [f"{match.id} 0"]
    asyncio.run(run())


def test_a_postgresql_database_written_before_invites_is_migrated(database):
    import psycopg

    with psycopg.connect(database, autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS expired")
        connection.execute("CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, "
                           "options TEXT NOT NULL, seed TEXT NOT NULL, rematch_of TEXT, rematch TEXT, forfeit TEXT, "
                           "created DOUBLE PRECISION NOT NULL)")
        connection.execute("CREATE TABLE seats (match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL, "
                           "label TEXT NOT NULL, token TEXT UNIQUE, PRIMARY KEY (match_id, seat))")
        connection.execute("INSERT INTO matches VALUES ('m1', 'linko', 2, '{}', '7', NULL, NULL, NULL, 0)")
        connection.execute("INSERT INTO seats VALUES ('m1', 0, 'human', 'd0'), ('m1', 1, 'open', NULL)")
    store = Store(database)
    stored = store.load("m1")
    assert stored.names == ("", "") and not stored.private and stored.host is None
    assert store.take_seat("m1", 1, "tok", "Bea", "inv") and store.find_invite("inv") == ("m1", 1)
    assert Store(database).load("m1").names == ("", "Bea")  # opening it again adds nothing twice


@pytest.fixture
def processes(registry, database):
    """Two server processes' apps on one PostgreSQL database."""
    first, second = Server(registry, database, shared_database=True), Server(registry, database, shared_database=True)
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()


def test_a_seat_reclaimed_with_its_invite_on_another_process_closes_the_old_socket(processes):
    first, second = processes
    made = first.create("linko", ["human", "human"])
    old, _ = hello(first, made["tokens"]["1"])
    taken = second.client.post("/api/claim", json={"invite": made["invites"]["1"]}).json()
    assert "opened elsewhere" in told_seat_lost(old, 1)["message"]
    _, fresh = hello(second, taken["token"])
    assert fresh["seat"] == 1
