"""Every limit of `meeple server` (meeple.server.limits) holds against a stranger, and each
refusal is one clear error that changes nothing."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from contextlib import ExitStack

import pytest
from conftest import Server, hello, until
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.registry import RegistrySource
from meeple.server.app import OneLineFrameErrors, create_app
from meeple.server.hub import Hub
from meeple.server.limits import Limits
from meeple.server.matches import Match
from meeple.server.store import Store


class LimitedServer(Server):
    """A server under `limits`, with the app's own message budget (not the tests' generous one)."""

    def __init__(self, registry, database, limits: Limits, **hub_options) -> None:
        super().__init__(registry, database, **hub_options)
        self.limits = limits

    def start(self) -> TestClient:
        self.hub = Hub(self.registry, Store(str(self.database)), limits=self.limits,
                       **{"isolate_bots": False, **self.hub_options})
        self.client = TestClient(create_app(self.hub))
        self.client.__enter__()
        return self.client


@pytest.fixture
def limited(registry, tmp_path):
    servers = []

    def start(**limits) -> LimitedServer:
        options = {key: limits.pop(key) for key in ("isolate_bots", "source", "bot_timeout") if key in limits}
        running = LimitedServer(registry, tmp_path / f"db{len(servers)}", Limits(**limits), **options)
        running.start()
        servers.append(running)
        return running

    yield start
    for running in servers:
        running.stop()


def refused(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and "\n" not in error["message"], error
    return error


def open_matches(server) -> int:
    return len(server.client.get("/api/lobby").json()["matches"])


# -- sockets ----------------------------------------------------------------------------------------

def test_sockets_per_seat_a_token_has_at_most_its_connections(limited):
    server = limited(sockets_per_token=2)
    token = server.create("linkage", ["human", "human"])["tokens"]["0"]
    for _ in range(2):
        assert hello(server, token)[1]["type"] == "update"
    ws, answer = hello(server, token)
    assert answer["type"] == "error" and answer["code"] == "too_many_sockets" and "at most 2" in answer["message"]
    assert len(server.hub.get(server.hub.identify(token)[0].id).connections) == 2


def test_sockets_per_address_the_next_socket_is_told_and_closed(limited):
    server = limited(sockets_per_address=2)
    with ExitStack() as first, ExitStack() as second:
        for stack in (first, second):
            stack.enter_context(server.client.websocket_connect("/ws")).send_json({"type": "ping"})
        with server.client.websocket_connect("/ws") as third:
            message = third.receive_json()
            assert message["code"] == "too_many_sockets" and "per client address" in message["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1008
        first.close()
        time.sleep(0.2)
        with server.client.websocket_connect("/ws") as again:  # a socket closed frees its place
            again.send_json({"type": "ping"})
            assert again.receive_json() == {"type": "pong"}


# -- messages ---------------------------------------------------------------------------------------

def test_messages_per_address_are_counted_across_its_sockets(limited):
    server = limited(message_burst=6, messages_per_second=0.01)
    with ExitStack() as stack:
        sockets = [stack.enter_context(server.client.websocket_connect("/ws")) for _ in range(3)]
        _flood(server, sockets)
    refused(server.client.post("/api/matches", json={"game": "linkage", "seats": ["human", "human"]}), 429,
            "rate_limited")
    assert server.hub.matches == {}


def _flood(server, sockets) -> None:
    pongs = 0
    for round_ in range(2):
        for ws in sockets:
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
            pongs += 1
    assert pongs == 6
    sockets[0].send_json({"type": "ping"})  # the address's seventh message, on any socket
    message = sockets[0].receive_json()
    assert message["code"] == "rate_limited" and "\n" not in message["message"]
    with pytest.raises(WebSocketDisconnect):
        sockets[0].receive_json()


# -- matches and spectators -------------------------------------------------------------------------

def test_matches_per_address_are_capped_until_one_is_over(limited):
    server = limited(matches_per_address=2)
    tokens = [server.create("linkage", ["human", "human"])["tokens"] for _ in range(2)]
    refused(server.client.post("/api/matches", json={"game": "linkage", "seats": ["human", "human"]}), 429,
            "too_many_matches")
    assert open_matches(server) == 2
    match, _ = server.hub.identify(tokens[0]["0"])
    server.client.portal.call(server.hub._forfeit, match, 0, "gave up")  # one of them is over
    assert server.create("linkage", ["human", "human"])["match"]


def test_matches_in_total_are_capped_whoever_asks(limited):
    server = limited(matches_total=2)
    for address in ("10.0.0.1", "10.0.0.2"):
        server.client.portal.call(lambda: server.hub.create("linkage", 2, {}, ["human", "human"], address=address))
    error = refused(server.client.post("/api/matches", json={"game": "linkage", "seats": ["human", "human"]}),
                    503, "busy")
    assert "at most 2 matches" in error["message"] and open_matches(server) == 2


def test_spectator_tokens_are_capped_per_match_per_address_and_in_total(limited):
    server = limited(spectators_per_match=2, spectators_per_address=3, spectators_total=4)
    first, second, third = (server.create("linkage", ["human", "human"])["match"] for _ in range(3))
    for _ in range(2):
        assert server.client.post(f"/api/matches/{first}/watch", json={}).status_code == 200
    refused(server.client.post(f"/api/matches/{first}/watch", json={}), 429, "too_many_spectators")
    assert server.client.post(f"/api/matches/{second}/watch", json={}).status_code == 200
    error = refused(server.client.post(f"/api/matches/{second}/watch", json={}), 429, "too_many_spectators")
    assert "one client" in error["message"]
    server.client.portal.call(lambda: server.hub.watch(third, address="10.0.0.9"))
    error = refused(server.client.post(f"/api/matches/{third}/watch", json={}), 503, "busy")
    assert "spectator tokens" in error["message"]
    assert sum(server.hub.get(m).spectators for m in (first, second, third)) == 4


# -- expiry -----------------------------------------------------------------------------------------

def test_a_match_nobody_joins_expires_and_its_creator_is_told(limited):
    server = limited(unstarted_seconds=60)
    made = server.create("linkage", ["human", "open"])
    ws, _ = hello(server, made["tokens"]["0"])
    assert server.client.portal.call(server.hub.expire_due, time.monotonic() + 30) == []
    assert server.client.portal.call(server.hub.expire_due, time.monotonic() + 61) == [made["match"]]
    told = until(ws, lambda m: m["status"] == "finished")
    assert "nobody took its open seats within 60 s" in told["result"]["expired"]
    assert open_matches(server) == 0
    refused(server.client.post(f"/api/matches/{made['match']}/join", json={}), 409, "finished")


def test_an_abandoned_match_expires_and_its_bot_processes_are_reaped(limited, registry):
    server = limited(idle_seconds=60, isolate_bots=True, source=RegistrySource.of(registry), bot_timeout=30)
    made = server.create("goofspiel", ["random", "human"], {"cards": 5})  # the bot bids at once
    match = server.hub.get(made["match"])
    deadline = time.monotonic() + 60
    while not (match.bots and match.bots[0].pid and match.moves):
        assert time.monotonic() < deadline, "the bot never moved"
        time.sleep(0.05)
    pid = match.bots[0].pid
    os.kill(pid, 0)  # alive, waiting for the person who never came
    assert server.client.portal.call(server.hub.expire_due, time.monotonic() + 61) == [made["match"]]
    deadline = time.monotonic() + 5  # the stated grace: told to end, killed after 1 s if it does not
    while _alive(pid):
        assert time.monotonic() < deadline, "the expired match's bot process is still alive"
        time.sleep(0.05)
    assert server.hub.bots_in_use() == 0 and made["match"] not in server.hub.matches


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # reaped by its parent, or a zombie waiting to be
        return stat.read().split()[2] != "Z"


# -- bots -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, words", [
    ("ismcts:workers=24", "workers=24 is above this server's limit of 1"),
    ("ismcts:iterations=100000000", "iterations=100000000 is above this server's limit of 20000"),
    ("ismcts:time=600", "time=600 is above this server's limit of 10"),
])
def test_bot_settings_above_the_caps_are_refused(limited, spec, words):
    server = limited()
    error = refused(server.client.post("/api/matches", json={"game": "linkage", "seats": [spec, "human"]}), 400,
                    "bot_limit")
    assert words in error["message"] and server.hub.matches == {}


def test_bot_caps_are_the_operators_and_defaults_count_too(limited):
    server = limited(bot_caps=(("iterations", 50),))
    refused(server.client.post("/api/matches", json={"game": "linkage", "seats": ["ismcts", "human"]}), 400,
            "bot_limit")  # ismcts searches 1000 iterations unless told otherwise
    assert server.create("linkage", ["ismcts:iterations=50", "human"])["match"]


def test_bot_processes_in_total_are_capped(limited):
    server = limited(bot_processes=2, bot_caps=(("workers", 4),))
    server.create("linkage", ["random", "human"])
    error = refused(server.client.post("/api/matches", json={"game": "linkage",
                                                             "seats": ["ismcts:workers=2", "human"]}), 503, "busy")
    assert "at most 2 bots" in error["message"]
    assert server.create("linkage", ["random", "human"])["match"]


def test_bots_think_in_their_own_pool_and_never_hold_up_a_persons_move(limited):
    server = limited(bot_threads=1)
    for _ in range(3):  # three slow bots queue in the one bot thread
        server.create("goofspiel", ["slow", "human"], {"cards": 2})
    quick = server.create("linkage", ["human", "human"])
    ws, update = hello(server, quick["tokens"]["0"])
    started = time.monotonic()
    ws.send_json({"type": "move", "action": update["legal"][0]["action"]})
    until(ws, lambda m: m["ply"] == 1)
    assert time.monotonic() - started < 1.5, "a person's move waited for a bot"


# -- updates ----------------------------------------------------------------------------------------

def test_an_update_is_computed_once_per_viewer_however_many_sockets(limited, monkeypatch):
    server = limited(sockets_per_token=10)
    made = server.create("linkage", ["human", "human"])
    watcher = server.client.post(f"/api/matches/{made['match']}/watch", json={}).json()["token"]
    mover, update = hello(server, made["tokens"]["0"])
    others = [hello(server, made["tokens"]["0"])[0] for _ in range(3)] + \
             [hello(server, made["tokens"]["1"])[0] for _ in range(4)] + [hello(server, watcher)[0] for _ in range(5)]
    calls = []
    real = Match.update_for
    monkeypatch.setattr(Match, "update_for", lambda self, seat: calls.append(seat) or real(self, seat))
    mover.send_json({"type": "move", "action": update["legal"][0]["action"]})
    for ws in [mover] + others:
        until(ws, lambda m: m["ply"] == 1)
    assert sorted(calls, key=str) == sorted([0, 1, None], key=str)


# -- requests from browsers -------------------------------------------------------------------------

CREATE = {"game": "linkage", "seats": ["human", "open"]}


def test_a_post_from_another_origin_is_refused_and_changes_nothing(limited):
    server = limited()
    made = server.create("linkage", ["human", "open"])
    for path, body in (("/api/matches", CREATE), (f"/api/matches/{made['match']}/join", {})):
        error = refused(server.client.post(path, json=body, headers={"origin": "http://evil.example"}), 403,
                        "bad_origin")
        assert "evil.example" in error["message"]
    assert server.hub.get(made["match"]).seats[1] == "open" and open_matches(server) == 1
    same = server.client.post("/api/matches", json=CREATE, headers={"origin": "http://testserver"})
    assert same.status_code == 200  # this server's own page


def test_an_allowed_origin_may_post(limited):
    server = limited(allowed_origins=("https://tables.example",))
    assert server.client.post("/api/matches", json=CREATE, headers={"origin": "https://tables.example"}).status_code == 200
    refused(server.client.post("/api/matches", json=CREATE, headers={"origin": "null"}), 403, "bad_origin")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_a_post_that_is_not_json_is_refused(limited, content_type):
    server = limited()
    headers = {} if content_type is None else {"content-type": content_type}
    refused(server.client.post("/api/matches", content=b'{"game": "linkage", "seats": ["human", "open"]}',
                               headers=headers), 415, "bad_content_type")
    assert open_matches(server) == 0


def test_a_socket_from_another_origin_is_refused(limited):
    server = limited()
    with server.client.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "bad_origin"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_only_the_allowed_hosts_are_answered(limited):
    server = limited(allowed_hosts=("tables.example",))
    assert server.client.get("/api/lobby").status_code == 400  # Host: testserver
    assert server.client.get("/api/lobby", headers={"host": "tables.example"}).status_code == 200


# -- bad frames -------------------------------------------------------------------------------------

def test_every_bad_frame_is_one_error_and_the_connection_goes_on(limited):
    server = limited()
    with server.client.websocket_connect("/ws") as ws:
        for send in (lambda: ws.send_bytes(b"\x00\x01"), lambda: ws.send_text("{not json"),
                     lambda: ws.send_text('"a string"'), lambda: ws.send_text('{"type": "fly"}')):
            send()
            message = ws.receive_json()
            assert message["type"] == "error" and message["code"] == "bad_request" and "\n" not in message["message"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_text_that_is_not_utf8_logs_one_line_without_a_traceback(registry, tmp_path, capfd):
    live = pytest.importorskip("live")
    websockets = pytest.importorskip("websockets")
    from websockets.frames import Frame, Opcode

    with live.ThreadServer(registry, tmp_path / "db") as running:
        async def send_bad_text() -> int:
            async with websockets.connect(running.url.replace("http", "ws") + "/ws") as ws:
                ws.protocol.send_frame(Frame(Opcode.TEXT, b"\xff\xfe"))
                ws.send_data()
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except websockets.ConnectionClosed as closed:
                    return closed.rcvd.code
            return 0

        assert asyncio.run(send_bad_text()) == 1007
        time.sleep(0.2)
    logged = capfd.readouterr().err
    assert "Traceback" not in logged and "UnicodeDecodeError" not in logged


def test_the_frame_filter_keeps_the_line_and_drops_the_traceback():
    try:
        b"\xff".decode()
    except UnicodeDecodeError:
        record = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, "Invalid UTF-8 sequence", (),
                                   sys.exc_info())
    assert OneLineFrameErrors().filter(record) and record.exc_info is None
    assert "Invalid UTF-8 sequence" in record.getMessage()
