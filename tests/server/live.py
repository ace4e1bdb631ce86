"""Real servers for tests: uvicorn in a thread of the test (for browsers), or `meeple server` in a
process of its own (to kill -9)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn

from meeple.server.app import create_app
from meeple.server.hub import Hub
from meeple.server.messages import MAX_MESSAGE_BYTES
from meeple.server.store import Store


class ThreadServer:
    """uvicorn serving a Hub on a loopback port (a free one unless `port` is given: a server
    started again on a stopped one's port), in a daemon thread of this process."""

    def __init__(self, registry, database: Path, port: int = 0) -> None:
        self.hub = Hub(registry, Store(str(database)), isolate_bots=False)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart on the same port
        self.listener.bind(("127.0.0.1", port))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        config = uvicorn.Config(create_app(self.hub), log_level="warning", ws_max_size=MAX_MESSAGE_BYTES)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.listener]}, daemon=True)

    def __enter__(self) -> "ThreadServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ProcessServer:
    """`meeple server` in a process of its own, on a SQLite file: start, kill -9, start again."""

    def __init__(self, database: Path) -> None:
        self.database, self.port = database, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [sys.executable, "-c", "from meeple.cli.app import run; run()", "server", "--port", str(self.port),
                   "--database", str(self.database), "--in-process-bots"]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
        deadline = time.monotonic() + 60
        while True:
            try:
                get(self.url + "/api/lobby")
                return
            except OSError:
                assert self.process.poll() is None, self.process.stderr.read().decode()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        """kill -9: no shutdown, no flush, nothing."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())
