"""Hostile load on `meeple server`: every attack of issue 26 at once, while an honest match plays.

    .venv/bin/python benchmarks/hostile_load.py --seconds 40

Starts `meeple server` on loopback (SQLite in a temporary directory, bots isolated, the default
limits except expiry: `--idle-expiry`, `--unstarted-expiry`), then for `--seconds`:

- an honest two-person Linkage match, from 127.0.0.2, one client per seat, each move timed from
  sending it to the update that acknowledges it (a new match when one ends);
- an attacker process, from `--addresses` loopback addresses (127.0.1.x), doing all at once:
  thousands of sockets on one seat; many sockets flooding messages; matches with the largest bot
  settings (asked above the caps, then at them, their person never connecting, in Linkage and
  Hearts); mass match creation; mass spectator tokens; cross-origin and `text/plain` POSTs; bad
  frames (binary, invalid UTF-8, not JSON).

Then the attacker stops and the run waits for the attacker's matches to expire, and reports:
the honest move latency (p50, p99, max), every refusal by code (an answer that is no clear
error is counted as `unclear`), tracebacks in the server's log, and how long any bot process
outlived the expiry of its match (the grace stated in docs/server.md). Loopback only, bounded
loops: it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import http.client
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from script_args import needs_extra, positive_float, positive_int

try:
    import websockets
    from websockets.frames import Frame, Opcode
except ImportError as missing:  # meeple's server extra is not installed: one line, never a traceback
    needs_extra("hostile_load.py", missing, "install meeple[server] (its uvicorn[standard] brings websockets)")

from server_load import children, free_port, rss_kib  # noqa: E402  (beside this script)

HONEST = "127.0.0.2"


# -- talking to the server from a chosen loopback address -------------------------------------------

def post(port: int, source: str, path: str, body: object, headers: dict | None = None,
         raw: bytes | None = None) -> tuple[int, dict | None]:
    """POST from `source`; (status, the JSON answer or None when the answer is no JSON)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        data = raw if raw is not None else json.dumps(body).encode()
        connection.request("POST", path, data, {"content-type": "application/json", **(headers or {})})
        response = connection.getresponse()
        text = response.read()
        try:
            return response.status, json.loads(text)
        except ValueError:
            return response.status, None
    finally:
        connection.close()


class Tally:
    """Refusals by code; an answer that is neither a success nor a clear error is `unclear`."""

    def __init__(self) -> None:
        self.codes: collections.Counter = collections.Counter()

    def http(self, status: int, answer: dict | None) -> bool:
        if status == 200:
            self.codes["accepted"] += 1
            return True
        error = (answer or {}).get("error") if isinstance(answer, dict) else None
        clear = isinstance(error, dict) and error.get("code") and "\n" not in error.get("message", "\n")
        self.codes[error["code"] if clear else "unclear"] += 1
        return False

    def socket(self, message: dict) -> None:
        clear = message.get("type") == "error" and message.get("code") and "\n" not in message.get("message", "\n")
        self.codes[message["code"] if clear else "unclear"] += 1


# -- the attacker (a process of its own) ------------------------------------------------------------

def attacker(port: int, seconds: float, addresses: list[str], queue) -> None:
    asyncio.run(_attack(port, seconds, addresses, queue))


async def _attack(port: int, seconds: float, addresses: list[str], queue) -> None:
    tally = Tally()
    url = f"ws://127.0.0.1:{port}/ws"
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(16)
    stop = loop.time() + seconds
    held: list = []

    async def call(source, path, body, headers=None, raw=None):
        status, answer = await loop.run_in_executor(pool, post, port, source, path, body, headers, raw)
        return tally.http(status, answer), answer

    async def connect(source: str):
        try:
            return await websockets.connect(url, local_addr=(source, 0), open_timeout=30, ping_interval=None,
                                            max_size=None)
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            tally.codes["connect_failed"] += 1
            return None

    async def park_on_seat(token: str, source: str, count: int) -> None:
        """Sockets saying hello to one seat, kept open."""
        for _ in range(count):
            ws = await connect(source)
            if ws is None:
                continue
            held.append(ws)
            await ws.send(json.dumps({"type": "hello", "token": token}))
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            except (websockets.WebSocketException, asyncio.TimeoutError):
                tally.codes["closed"] += 1
                continue
            if message.get("type") == "update":
                tally.codes["accepted"] += 1
            else:
                tally.socket(message)

    async def flood(source: str, messages: int) -> None:
        ws = await connect(source)
        if ws is None:
            return
        try:
            for _ in range(messages):
                await ws.send(json.dumps({"type": "ping"}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message.get("type") == "pong":
                    tally.codes["accepted"] += 1
                else:
                    tally.socket(message)
        except (websockets.WebSocketException, asyncio.TimeoutError):
            pass
        finally:
            await ws.close()

    async def bad_frames(source: str) -> None:
        for frame in (Frame(Opcode.BINARY, b"\x00\xff"), Frame(Opcode.TEXT, b"{not json"),
                      Frame(Opcode.TEXT, b"\xff\xfe")):
            ws = await connect(source)
            if ws is None:
                continue
            try:
                ws.protocol.send_frame(frame)
                ws.send_data()
                tally.socket(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            except websockets.ConnectionClosed as closed:
                tally.codes[f"closed_{closed.rcvd.code if closed.rcvd else 'none'}"] += 1
            except asyncio.TimeoutError:
                tally.codes["unclear"] += 1
            finally:
                await ws.close()

    async def mass_matches(source: str) -> None:
        while loop.time() < stop:
            ok, _ = await call(source, "/api/matches", {"game": "linkage", "seats": ["human", "open"]})
            if not ok:
                await asyncio.sleep(0.2)

    async def bot_matches(source: str) -> None:
        """The largest bot settings, asked above the caps and then at them; nobody ever connects."""
        await call(source, "/api/matches", {"game": "linkage", "seats": ["ismcts:iterations=100000000", "human"]})
        await call(source, "/api/matches", {"game": "linkage", "seats": ["ismcts:workers=24", "human"]})
        await call(source, "/api/matches", {"game": "linkage", "seats": ["ismcts:iterations=20000,time=10", "human"]})
        await call(source, "/api/matches", {"game": "hearts", "seats": ["human", "ismcts:iterations=20000",
                                                                          "ismcts:iterations=20000", "random"]})

    async def cross_origin(source: str, victim: str) -> None:
        evil = {"origin": "http://evil.example"}
        await call(source, "/api/matches", {"game": "linkage", "seats": ["human", "human"]}, evil)
        await call(source, f"/api/matches/{victim}/join", {}, evil)
        await call(source, f"/api/matches/{victim}/join", None, {"content-type": "text/plain"}, raw=b"{}")
        await call(source, "/api/matches", None, {"content-type": "text/plain"},
                   raw=b'{"game": "linkage", "seats": ["human", "human"]}')

    async def spectators(source: str, match: str) -> None:
        for _ in range(60):
            await call(source, f"/api/matches/{match}/watch", {})

    first = addresses[0]
    _, made = await call(first, "/api/matches", {"game": "linkage", "seats": ["human", "human"]})
    _, victim = await call(addresses[1], "/api/matches", {"game": "linkage", "seats": ["human", "open"]})
    token = made["tokens"]["0"]
    work = [park_on_seat(token, source, 80) for source in addresses]
    work += [flood(source, 55) for source in addresses for _ in range(5)]
    work += [bot_matches(source) for source in addresses[:6]]
    work += [mass_matches(source) for source in addresses]
    work += [cross_origin(source, victim["match"]) for source in addresses[:4]]
    work += [spectators(source, made["match"]) for source in addresses]
    work += [bad_frames(source) for source in addresses[:3]]
    await asyncio.wait_for(asyncio.gather(*work, return_exceptions=True), seconds + 60)
    remaining = stop - loop.time()
    if remaining > 0:
        await asyncio.sleep(remaining)  # the parked sockets stay until the attack ends
    for ws in held:
        await ws.close()
    pool.shutdown()
    queue.put(dict(tally.codes))


# -- the honest match -------------------------------------------------------------------------------

async def honest(port: int, seconds: float, rng: random.Random) -> tuple[list[tuple[float, float]], list[str]]:
    """Two people play Linkage from 127.0.0.2 for `seconds`: (when, latency) of each move, in
    seconds (when: since the start)."""
    latencies: list[tuple[float, float]] = []
    begun = time.monotonic()
    errors: list[str] = []
    stop = asyncio.get_running_loop().time() + seconds
    url = f"ws://127.0.0.1:{port}/ws"

    async def seat(token: str) -> None:
        async with websockets.connect(url, local_addr=(HONEST, 0), ping_interval=None, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent = None
            while True:
                message = json.loads(await ws.recv())
                if message["type"] != "update":
                    errors.append(str(message))
                    return
                if sent is not None and message["ply"] > sent[0]:
                    latencies.append((sent[1] - begun, time.monotonic() - sent[1]))
                    sent = None
                if message["status"] == "finished" or asyncio.get_running_loop().time() > stop:
                    return
                if message["owes"] and sent is None:
                    await asyncio.sleep(rng.uniform(0.02, 0.1))
                    sent = (message["ply"], time.monotonic())
                    await ws.send(json.dumps({"type": "move", "action": rng.choice(message["legal"])["action"],
                                              "ply": message["ply"]}))

    while asyncio.get_running_loop().time() < stop:
        status, made = await asyncio.to_thread(post, port, HONEST, "/api/matches",
                                               {"game": "linkage", "seats": ["human", "human"]})
        if status != 200:
            errors.append(f"create: {made}")
            return latencies, errors
        await asyncio.gather(*(seat(token) for token in made["tokens"].values()))
    return latencies, errors


# -- the run ----------------------------------------------------------------------------------------

def lobby_matches(port: int) -> set[str]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/lobby")
    with urllib.request.urlopen(request, timeout=30) as response:
        return {m["match"] for m in json.loads(response.read())["matches"]}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux /proc), in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else float("nan")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=positive_float, default=40, help="how long the attack lasts")
    parser.add_argument("--addresses", type=positive_int, default=40, help="loopback addresses the attacker uses")
    parser.add_argument("--baseline", type=positive_float, default=15,
                        help="seconds the honest match plays alone first, to compare")
    parser.add_argument("--idle-expiry", type=positive_float, default=5, help="the server's --idle-expiry")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "server.log"
        with open(log, "wb") as err:
            server = subprocess.Popen(
                [sys.executable, "-c", "from meeple.cli.app import run; run()", "server", "--port", str(port),
                 "--database", str(Path(folder) / "hostile.db"), "--idle-expiry", str(args.idle_expiry),
                 "--unstarted-expiry", str(args.idle_expiry)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    lobby_matches(port)
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(f"the server did not start:\n{log.read_text()}")
                    time.sleep(0.1)
            await run(port, server, args, rng, log)
        finally:
            server.terminate()
            server.wait(30)


def latency_line(latencies: list[tuple[float, float]]) -> str:
    lat = sorted(latency for _, latency in latencies)
    return (f"{len(lat)} moves, latency p50 {percentile(lat, 50) * 1000:.1f} ms, p90 {percentile(lat, 90) * 1000:.1f} ms, "
            f"p99 {percentile(lat, 99) * 1000:.1f} ms, max {max(lat, default=float('nan')) * 1000:.1f} ms")


async def run(port: int, server: subprocess.Popen, args, rng: random.Random, log: Path) -> None:
    alone, errors = await honest(port, args.baseline, rng)
    print(f"honest match alone: {latency_line(alone)}; errors {len(errors)}")
    addresses = [f"127.0.1.{n}" for n in range(1, args.addresses + 1)]
    queue = multiprocessing.get_context("spawn").Queue()
    attack = multiprocessing.get_context("spawn").Process(target=attacker, args=(port, args.seconds, addresses, queue))
    attack.start()
    await asyncio.sleep(1)  # the attack is under way before the first honest move
    peak = {"bots": 0, "rss": 0}

    async def watch() -> None:
        while attack.is_alive():
            bots = children(server.pid)
            peak["bots"] = max(peak["bots"], len(bots))
            peak["rss"] = max(peak["rss"], rss_kib(server.pid) + sum(rss_kib(pid) for pid in bots))
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch())
    cpu = (time.monotonic(), cpu_seconds(server.pid), cpu_seconds(attack.pid))
    latencies, errors = await honest(port, args.seconds - 2, rng)
    cpu = (time.monotonic() - cpu[0], cpu_seconds(server.pid) - cpu[1], cpu_seconds(attack.pid) - cpu[2])
    codes = await asyncio.to_thread(queue.get, True, args.seconds + 120)
    await asyncio.to_thread(attack.join, 60)
    await watcher
    # -- after the attack: every match it left expires, and its bots with it ---------------------
    expired_at: dict[str, float] = {}
    last_bot: float | None = None
    begun = time.monotonic()
    listed = lobby_matches(port)
    while time.monotonic() - begun < args.idle_expiry * 3 + 10:
        now = time.monotonic()
        current = lobby_matches(port)
        for match in listed - current:
            expired_at.setdefault(match, now)
        listed = current
        if children(server.pid):
            last_bot = now
        elif not current:
            break
        await asyncio.sleep(0.1)
    outlived = (last_bot - max(expired_at.values())) if last_bot is not None and expired_at else 0.0
    text = log.read_text(errors="replace")
    print(f"attack: {args.seconds:g} s from {len(addresses)} addresses; peak {peak['bots']} bot processes, "
          f"peak memory {peak['rss'] / 1024:.0f} MiB (server and bots)")
    print(f"  CPU over {cpu[0]:.0f} s: server {cpu[1]:.1f} s, attacker {cpu[2]:.1f} s; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("  answers by code: " + ", ".join(f"{code} {count}" for code, count in sorted(codes.items())))
    print(f"honest match under attack: {latency_line(latencies)}; errors {len(errors)}")
    for start in range(0, int(args.seconds), 10):
        window = [(when, latency) for when, latency in latencies if start <= when < start + 10]
        print(f"  moves sent {start}-{start + 10} s into the attack: {latency_line(window)}")
    for error in errors[:3]:
        print(f"  {error[:200]}")
    print(f"afterwards: {len(expired_at)} matches expired; {len(listed)} still listed; bot processes left "
          f"{len(children(server.pid))}; the last bot process outlived the last expiry by {max(0.0, outlived):.1f} s")
    print(f"server log: {text.count('Traceback')} tracebacks, {len(text.splitlines())} lines")
    for line in text.splitlines()[:5]:
        print(f"  {line[:200]}")


if __name__ == "__main__":
    asyncio.run(main())
