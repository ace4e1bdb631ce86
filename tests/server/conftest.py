"""Fixtures for `meeple server` tests: an app on a SQLite file in tmp_path, clients for its seats."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="meeple server needs the server extra (starlette, uvicorn)")
pytest.importorskip("httpx", reason="starlette's TestClient needs httpx")

for folder in (Path(__file__).parent, Path(__file__).parents[1] / "core", Path(__file__).parents[1] / "serve"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from starlette.testclient import TestClient  # noqa: E402

from meeple.server.app import create_app  # noqa: E402
from meeple.server.hub import Hub  # noqa: E402
from meeple.server.store import Store  # noqa: E402


@pytest.fixture(scope="session")
def registry():
    import server_plugins

    return server_plugins.registry()


class Server:
    """A server on `database` (a file in tmp_path); `restart()` forgets every match in memory
    and reads them back from the database, as a process started after a crash would."""

    def __init__(self, registry, database: Path, **hub_options) -> None:
        self.registry, self.database, self.hub_options = registry, database, hub_options
        self.client = None
        self.sockets = []

    def start(self) -> TestClient:
        self.hub = Hub(self.registry, Store(str(self.database)), **{"isolate_bots": False, **self.hub_options})
        self.client = TestClient(create_app(self.hub, rate=1000, burst=1000))
        self.client.__enter__()
        return self.client

    def crash(self) -> None:
        """Drop this server without shutting anything down (its database connection included)."""
        self.client = None

    def stop(self) -> None:
        for socket in self.sockets:
            try:
                socket.__exit__(None, None, None)
            except Exception:
                pass
        self.sockets.clear()
        if self.client is not None:
            self.client.__exit__(None, None, None)
            self.client = None

    def create(self, game: str, seats: list[str], options: dict | None = None) -> dict:
        response = self.client.post("/api/matches", json={"game": game, "seats": seats, "options": options or {}})
        assert response.status_code == 200, response.text
        return response.json()


@pytest.fixture
def server(registry, tmp_path):
    running = Server(registry, tmp_path / "matches.db")
    running.start()
    yield running
    running.stop()


def hello(server: Server, token: str):
    """An open WebSocket that has said hello with `token`, and the first update it got (closed
    when the test ends)."""
    socket = server.client.websocket_connect("/ws")
    ws = socket.__enter__()
    server.sockets.append(socket)
    ws.send_json({"type": "hello", "token": token})
    return ws, ws.receive_json()


def until(ws, predicate, limit: int = 1000) -> dict:
    """Read pushes until one satisfies `predicate` (an error message fails the test)."""
    for _ in range(limit):
        message = ws.receive_json()
        assert message["type"] == "update", message
        if predicate(message):
            return message
    raise AssertionError("no such update")


def told_seat_lost(ws, seat: int) -> dict:
    """The next message `ws` gets says its token no longer holds `seat` (code `seat_lost`) and
    holds no update, and then the server closes the connection."""
    from starlette.websockets import WebSocketDisconnect

    message = ws.receive_json()
    assert message["type"] == "error" and message["code"] == "seat_lost", message
    assert f"seat {seat}" in message["message"] and "\n" not in message["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4001  # meeple.server.app.SEAT_LOST_CLOSE
    return message


def record_bot_turns(hub: Hub) -> list[tuple[str, int]]:
    """Every (match, seat) whose bot `hub` asks for a move, in order (from now on)."""
    asked, real = [], hub._bot

    def recording(match, seat):
        asked.append((match.id, seat))
        return real(match, seat)
    hub._bot = recording
    return asked
