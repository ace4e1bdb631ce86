"""The lobby is pushed, not polled (`meeple.server.lobby.LobbyFeed` over ``/ws/lobby``): a socket
is sent the listed matches at once and after every change — a match created, a seat taken, a
match expired — never a private match, a token or an invite; and it counts against the address's
sockets like any other."""

from __future__ import annotations

import contextlib

import pytest
from conftest import Server

from meeple.server.limits import Limits
from meeple.server.lobby import LobbyFeed


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(LobbyFeed, "interval", 0.01)


@contextlib.contextmanager
def running(registry, tmp_path, **limits):
    """A server within `limits` (Limits fields) for one test."""
    server = Server(registry, tmp_path / "matches.db", limits=Limits(**limits))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def listed(ws) -> list[str]:
    message = ws.receive_json()
    assert message["type"] == "lobby"
    return [m["match"] for m in message["matches"]]


def test_the_lobby_socket_is_pushed_every_new_match_and_never_a_private_one(server):
    with server.client.websocket_connect("/ws/lobby") as ws:
        assert listed(ws) == []
        private = server.client.post("/api/matches", json={"game": "linko", "seats": ["human", "open"],
                                                           "private": True}).json()
        public = server.create("linko", ["human", "open"])
        pushed = listed(ws)
        assert public["match"] in pushed and private["match"] not in pushed
        server.client.post(f"/api/matches/{public['match']}/join", json={"name": "Bea"})
        message = ws.receive_json()
        seats = next(m for m in message["matches"] if m["match"] == public["match"])["seats"]
        assert seats[1] == {"seat": 1, "kind": "human", "label": "human", "name": "Bea"}
        text = str(message)
        for secret in (public["host"], *public["tokens"].values(), *public["invites"].values()):
            assert secret not in text


def test_an_expired_match_leaves_the_pushed_lobby(registry, tmp_path):
    with running(registry, tmp_path, unstarted_seconds=1) as server, server.client.websocket_connect("/ws/lobby") as ws:
        listed(ws)
        made = server.create("linko", ["human", "open"])
        assert made["match"] in listed(ws)
        server.client.portal.call(server.hub.expire_due, server.hub.get(made["match"]).active + 2)
        assert made["match"] not in listed(ws)


def test_lobby_sockets_count_against_the_addresss_sockets(registry, tmp_path):
    with running(registry, tmp_path, sockets_per_address=1) as server, server.client.websocket_connect("/ws/lobby") as first:
        listed(first)
        with server.client.websocket_connect("/ws/lobby") as second:
            assert second.receive_json()["code"] == "too_many_sockets"
