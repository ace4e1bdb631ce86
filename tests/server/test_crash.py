"""kill -9 a real `meeple server` in the middle of games: after a restart every match is at its
last acknowledged move, and its seats reconnect with their tokens."""

from __future__ import annotations

import json

import pytest
from live import ProcessServer, get, post

websockets_sync = pytest.importorskip("websockets.sync.client", reason="needs websockets (uvicorn[standard])")


def next_update(ws) -> dict:
    message = json.loads(ws.recv(timeout=30))
    assert message["type"] == "update", message
    return message


def test_kill_9_loses_no_acknowledged_move(tmp_path):
    server = ProcessServer(tmp_path / "matches.db")
    server.start()
    try:
        acknowledged = {}
        tokens = {}
        for game in ("linkage", "linko", "linkage"):
            made = post(server.url + "/api/matches", {"game": game, "seats": ["human", "human"]})
            tokens[made["match"]] = made["tokens"]
            sockets = {}
            for seat in (0, 1):
                ws = websockets_sync.connect(server.url.replace("http", "ws") + "/ws")
                ws.send(json.dumps({"type": "hello", "token": made["tokens"][str(seat)]}))
                sockets[seat] = (ws, next_update(ws))
            ply = 0
            for _ in range(7):
                seat = next(s for s, (_, update) in sockets.items() if update["owes"])
                ws, update = sockets[seat]
                ws.send(json.dumps({"type": "move", "action": update["legal"][0]["action"], "ply": ply}))
                ply += 1
                sockets = {s: (w, next_update(w)) for s, (w, _) in sockets.items()}  # the acknowledgement
                assert all(update["ply"] == ply for _, update in sockets.values())
            acknowledged[made["match"]] = (ply, {s: u for s, (_, u) in sockets.items()})
            for ws, _ in sockets.values():
                ws.close()
        server.kill()
        server.start()
        lobby = {m["match"]: m for m in get(server.url + "/api/lobby")["matches"]}
        for match, (ply, seen) in acknowledged.items():
            assert lobby[match]["moves"] == ply
            for seat in (0, 1):
                with websockets_sync.connect(server.url.replace("http", "ws") + "/ws") as ws:
                    ws.send(json.dumps({"type": "hello", "token": tokens[match][str(seat)]}))
                    again = next_update(ws)
                    assert again["view"] == seen[seat]["view"] and again["legal"] == seen[seat]["legal"]
    finally:
        server.stop()
