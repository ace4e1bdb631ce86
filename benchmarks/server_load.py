"""Load and crash test of `meeple server`, on loopback only, bounded in time.

    .venv/bin/python benchmarks/server_load.py --matches 200 --bot-matches 10 --seconds 60

1. Load: starts `meeple server` (SQLite in a temporary directory, bots isolated in their own
   processes) and keeps `--matches` three-player Linko matches going at once, each played by
   three WebSocket clients (so 3 x matches clients), plus `--bot-matches` matches of one client
   against two isolated `random` bots. A client that owes a move waits `--think` seconds, sends a
   random legal move, and times it until the update acknowledging it arrives. A finished match is
   replaced by a new one. Reported after `--seconds`: moves/s, p50/p99 move latency, the server's
   memory (its process and its bot processes, RSS), errors (any error message, dropped socket or
   refused request: must be 0).
2. Crash: with the clients still playing, `kill -9` the server at a random moment, start it again
   on the same database and count, match by match, acknowledged moves missing from it (must be 0);
   then reconnect one seat of every unfinished match and check it resumes at the stored move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from script_args import needs_extra, non_negative_float, non_negative_int, positive_float

try:
    import websockets
except ImportError as missing:  # meeple's server extra is not installed: one line, never a traceback
    needs_extra("server_load.py", missing, "install meeple[server] (its uvicorn[standard] brings websockets)")


#: Every client here is honest and comes from 127.0.0.1: the limits a stranger meets per client
#: address (docs/server.md, "Limits") are lifted, the totals kept far above this load.
HONEST_CROWD = ["--matches-per-address", "100000", "--max-matches", "100000", "--sockets-per-address", "100000",
                "--messages-per-second", "100000", "--message-burst", "100000", "--max-bots", "10000"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):  # a process started from a worker thread is that thread's child
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


class Server:
    def __init__(self, database: Path, port: int) -> None:
        self.database, self.port, self.process = database, port, None
        self.url = f"http://127.0.0.1:{port}"

    def start(self) -> float:
        begun = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from meeple.cli.app import run; run()", "server", "--port", str(self.port),
             "--database", str(self.database), "--bot-timeout", "30", *HONEST_CROWD],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while True:
            try:
                urllib.request.urlopen(self.url + "/api/lobby", timeout=5).read()
                return time.monotonic() - begun
            except OSError:
                if self.process.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)

    def memory_kib(self) -> tuple[int, int]:
        pid = self.process.pid
        return rss_kib(pid), sum(rss_kib(child) for child in children(pid))


class Load:
    def __init__(self, url: str, think: float, rng: random.Random) -> None:
        self.url, self.think, self.rng = url, think, rng
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.moves = 0
        self.acknowledged: dict[str, int] = {}  # match → the highest move number any client was told of
        self.stop = asyncio.Event()
        self.counting = False

    async def post(self, path: str, body: dict) -> dict:
        def call():
            request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                             headers={"content-type": "application/json"})
            return json.loads(urllib.request.urlopen(request, timeout=60).read())
        return await asyncio.to_thread(call)

    async def client(self, match: str, token: str) -> None:
        """One seat: play random legal moves until the match ends (or the load stops)."""
        async with websockets.connect(self.url.replace("http", "ws") + "/ws", max_size=None,
                                      open_timeout=60, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at = None
            while True:
                message = json.loads(await ws.recv())
                if message["type"] != "update":
                    self.errors.append(f"{match}: {message}")
                    return
                ply = message["ply"]
                self.acknowledged[match] = max(self.acknowledged.get(match, 0), ply)
                if sent_at is not None and ply > sent_at[0]:
                    if self.counting:
                        self.latencies.append(time.monotonic() - sent_at[1])
                        self.moves += 1
                    sent_at = None
                if message["status"] == "finished" or self.stop.is_set():
                    return
                if message["owes"] and sent_at is None:
                    await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                    move = self.rng.choice(message["legal"])["action"]
                    sent_at = (ply, time.monotonic())
                    await ws.send(json.dumps({"type": "move", "action": move, "ply": ply}))

    async def slot(self, seats: list[str]) -> None:
        """Keep one match going: create, play it out with a client per human seat, repeat."""
        while not self.stop.is_set():
            try:
                made = await self.post("/api/matches", {"game": "linko", "seats": seats})
                await asyncio.gather(*(self.client(made["match"], token) for token in made["tokens"].values()))
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError) as exc:
                if not self.stop.is_set():
                    self.errors.append(f"{type(exc).__name__}: {exc}")
                return


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else float("nan")


async def load_phase(server: Server, args, rng: random.Random) -> tuple[Load, list[asyncio.Task]]:
    load = Load(server.url, args.think, rng)
    tasks = [asyncio.create_task(load.slot(["human"] * 3)) for _ in range(args.matches)]
    tasks += [asyncio.create_task(load.slot(["human", "random", "random"])) for _ in range(args.bot_matches)]
    await asyncio.sleep(args.warmup)
    load.counting = True
    begun = time.monotonic()
    peak = (0, 0)
    while time.monotonic() - begun < args.seconds:
        await asyncio.sleep(1)
        memory = server.memory_kib()
        peak = max(peak, memory, key=sum)
    elapsed = time.monotonic() - begun
    load.counting = False
    lat = sorted(load.latencies)
    print(f"load: {args.matches} + {args.bot_matches} matches at once, {3 * args.matches + args.bot_matches} WebSocket "
          f"clients, {2 * args.bot_matches} isolated bots, {elapsed:.0f} s measured (after {args.warmup:.0f} s warm-up)")
    print(f"  moves acknowledged: {load.moves} ({load.moves / elapsed:.0f} moves/s)")
    print(f"  move latency: p50 {percentile(lat, 50) * 1000:.1f} ms, p99 {percentile(lat, 99) * 1000:.1f} ms")
    print(f"  peak memory: server {peak[0] / 1024:.0f} MiB, bot processes {peak[1] / 1024:.0f} MiB")
    print(f"  errors: {len(load.errors)}")
    for error in load.errors[:5]:
        print(f"    {error}")
    return load, tasks


def stored_moves(database: Path) -> dict[str, int]:
    with sqlite3.connect(database) as db:
        return dict(db.execute("SELECT m.id, COUNT(v.ply) FROM matches m LEFT JOIN moves v ON v.match_id = m.id GROUP BY m.id"))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=non_negative_int, default=200, help="three-person matches going at once")
    parser.add_argument("--bot-matches", type=non_negative_int, default=10,
                        help="matches of one person against two isolated bots")
    parser.add_argument("--seconds", type=positive_float, default=60, help="how long the load is measured")
    parser.add_argument("--warmup", type=non_negative_float, default=10, help="seconds of load before measuring")
    parser.add_argument("--think", type=non_negative_float, default=0.5,
                        help="mean seconds a client waits before its move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "load.db"
        server = Server(database, free_port())
        server.start()
        load, tasks = await load_phase(server, args, rng)
        print(f"machine after the load: load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        # -- crash: kill -9 at a random moment while the clients play on ---------------------------
        await asyncio.sleep(rng.uniform(0.5, 5))
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        load.stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        acknowledged = dict(load.acknowledged)
        restart = server.start()
        stored = stored_moves(database)
        lost = sum(max(0, ply - stored.get(match, 0)) for match, ply in acknowledged.items())
        behind = sum(1 for match, ply in acknowledged.items() if stored.get(match, 0) < ply)
        print(f"crash: kill -9 during play, restarted in {restart:.1f} s; {len(acknowledged)} matches, "
              f"{sum(acknowledged.values())} acknowledged moves, {lost} lost ({behind} matches behind)")
        lobby = json.loads(urllib.request.urlopen(server.url + "/api/lobby", timeout=60).read())
        resumed = sum(1 for m in lobby["matches"] if m["moves"] == stored[m["match"]])
        print(f"  after restart: {resumed} of {len(lobby['matches'])} unfinished matches at their stored move")
        server.process.terminate()
        server.process.wait()


if __name__ == "__main__":
    asyncio.run(main())
