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
from conftest import Server, hello, until
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
        for table in ("moves", "spectators", "seats", "matches"):
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
        match, tokens = first.create("linkage", 2, {}, ["human", "human"])
        theirs = second.get(match.id)
        unshared = Hub(registry, Store(database), isolate_bots=False)
        stale = unshared.get(match.id)  # read at move 0, never again
        await first.move(match, 0, match.update_for(0)["legal"][0]["action"])
        await second.move(theirs, 1, first.get(match.id).update_for(1)["legal"][0]["action"])  # reads move 0 first
        await first.move(match, 0, second.get(match.id).update_for(0)["legal"][0]["action"])  # reads move 1 first
        second._sync(theirs)
        assert len(match.moves) == len(theirs.moves) == 3
        assert match.state.fingerprint() == theirs.state.fingerprint()
        with pytest.raises(Refused) as refused:  # a process that did not read the others' moves
            await unshared.move(stale, stale.state.owing()[0], stale.update_for(stale.state.owing()[0])["legal"][0]["action"])
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
