"""Seats are capabilities: a token acts and sees for its own seat only; spectators see the public
view; bad messages get one error and change nothing."""

from __future__ import annotations

import json

from conftest import hello, until

from meeple.server.hub import TOKEN_BYTES


def two_humans(server, game="linko"):
    made = server.create(game, ["human", "open"])
    joined = server.client.post(f"/api/matches/{made['match']}/join", json={}).json()
    return made["match"], made["tokens"]["0"], joined["token"]


def test_tokens_carry_at_least_128_random_bits_and_are_all_different(server):
    tokens = set()
    for _ in range(5):
        match, first, second = two_humans(server)
        tokens |= {first, second, server.client.post(f"/api/matches/{match}/watch", json={}).json()["token"]}
    assert TOKEN_BYTES * 8 >= 128
    assert len(tokens) == 15
    assert all(len(token) >= 43 for token in tokens)  # 32 bytes in URL-safe base64


def test_a_seat_sees_its_own_hand_and_never_the_other_seats_cards(server):
    match, first, second = two_humans(server)
    ws0, update0 = hello(server, first)
    ws1, update1 = hello(server, second)
    assert update0["view"]["player"] == 0 and update1["view"]["player"] == 1
    assert update0["view"]["fields"]["hands"][0]["cards"] is not None
    assert update0["view"]["fields"]["hands"][1]["cards"] is None
    assert update1["view"]["fields"]["hands"][0]["cards"] is None
    assert update0["owes"] and not update1["owes"] and update1["legal"] == []


def test_seat_1s_token_cannot_act_for_seat_0(server):
    match, first, second = two_humans(server)
    ws0, update0 = hello(server, first)
    ws1, _ = hello(server, second)
    ws1.send_json({"type": "move", "action": update0["legal"][0]["action"]})
    error = ws1.receive_json()
    assert error["type"] == "error" and error["code"] == "illegal"
    assert server.hub.get(match).moves == []


def test_a_spectator_sees_the_public_view_and_cannot_move(server):
    match, first, second = two_humans(server)
    watcher = server.client.post(f"/api/matches/{match}/watch", json={}).json()["token"]
    ws, update = hello(server, watcher)
    assert update["seat"] is None and update["legal"] == [] and not update["owes"]
    assert update["view"]["player"] == 2  # an observer who holds no seat, never the omniscient None
    assert all(hand["cards"] is None for hand in update["view"]["fields"]["hands"])
    ws.send_json({"type": "move", "action": {"type": "play", "value": 1, "naturals": 1, "jokers": 0}})
    assert ws.receive_json()["code"] == "not_a_seat"


def test_the_public_view_is_what_every_seat_sees_of_the_others(server):
    match, first, second = two_humans(server)
    state = server.hub.get(match).state
    public = server.hub.get(match).update_for(None)["view"]["fields"]
    for seat in (0, 1):
        mine = server.hub.get(match).update_for(seat)["view"]["fields"]
        other = 1 - seat
        assert public["hands"][other] == mine["hands"][other]
        assert public["draw_pile"] == mine["draw_pile"]
    assert state.view(None).fields != ()  # the omniscient view exists, but is never pushed


def test_an_unknown_token_is_refused(server):
    ws, update = hello(server, "x" * 43)
    assert update == {"type": "error", "code": "bad_token",
                      "message": "unknown token (never issued, or given up by leaving)"}


def test_a_move_before_hello_is_refused(server):
    with server.client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "move", "action": {"type": "play"}})
        assert ws.receive_json()["code"] == "bad_token"


def test_messages_that_break_the_schema_get_one_error_and_change_nothing(server):
    match, first, _ = two_humans(server)
    ws, update = hello(server, first)
    action = update["legal"][0]["action"]
    for bad in ({"type": "move"}, {"type": "move", "action": action, "ply": 0.0},
                {"type": "move", "action": action, "seat": 1}, {"type": "dance"}, [1, 2]):
        ws.send_json(bad)
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "bad_request", error
        assert "\n" not in error["message"]
    ws.send_text("{not json")
    assert ws.receive_json()["code"] == "bad_request"
    ws.send_text(json.dumps({"type": "move", "action": {**action, "pad": "x" * 70000}}))
    assert ws.receive_json()["code"] == "too_large"
    assert server.hub.get(match).moves == []


def test_an_action_of_the_wrong_type_or_shape_is_refused(server):
    match, first, _ = two_humans(server)
    ws, update = hello(server, first)
    action = dict(update["legal"][0]["action"])
    action["value"] = float(action["value"])  # exact types: 1.0 is not 1
    ws.send_json({"type": "move", "action": action})
    assert ws.receive_json()["code"] in ("bad_action", "illegal")
    assert server.hub.get(match).moves == []


def test_a_stale_ply_is_refused(server):
    match, first, _ = two_humans(server)
    ws, update = hello(server, first)
    ws.send_json({"type": "move", "action": update["legal"][0]["action"], "ply": 5})
    assert ws.receive_json()["code"] == "stale"


def test_a_connection_that_floods_is_cut_off(registry, tmp_path):
    from starlette.testclient import TestClient

    from meeple.server.app import create_app
    from meeple.server.hub import Hub
    from meeple.server.store import Store

    client = TestClient(create_app(Hub(registry, Store(str(tmp_path / "db"))), rate=1, burst=3))
    with client, client.websocket_connect("/ws") as ws:
        for _ in range(3):
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["code"] == "rate_limited"


def test_exec_bots_are_refused_over_the_network(server):
    response = server.client.post("/api/matches", json={"game": "linko", "seats": ["human", "exec:touch /tmp/x"]})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_bot"
    assert server.hub.matches == {}


def test_a_bad_create_request_is_one_error(server):
    for body, code in (({"game": "linko", "seats": ["human"]}, "bad_request"),
                       ({"game": "chess", "seats": ["human", "human"]}, "bad_request"),
                       ({"game": "linko", "seats": ["human", "nobot"]}, "unknown_bot"),
                       ({"game": "linko", "seats": ["human", "open"], "options": {"variant": 3}}, "bad_request")):
        response = server.client.post("/api/matches", json=body)
        assert response.json()["error"]["code"] == code, body
    assert server.client.post("/api/matches", content=b"x" * 70000).status_code == 413


def test_a_seat_is_taken_once_and_leaving_before_the_start_reopens_it(server):
    made = server.create("linko", ["human", "open", "open"])
    match = made["match"]
    second = server.client.post(f"/api/matches/{match}/join", json={"seat": 1}).json()["token"]
    again = server.client.post(f"/api/matches/{match}/join", json={"seat": 1})
    assert again.status_code == 409
    assert server.client.post("/api/leave", json={"token": second}).json() == {"left": True}
    ws, update = hello(server, second)
    assert update["code"] == "bad_token"
    assert server.client.post(f"/api/matches/{match}/join", json={"seat": 1}).status_code == 200


def test_moves_wait_until_every_open_seat_is_taken(server):
    made = server.create("linko", ["human", "open"])
    ws, update = hello(server, made["tokens"]["0"])
    assert update["status"] == "waiting" and update["legal"] == []
    ws.send_json({"type": "move", "action": {"type": "play", "value": 1, "naturals": 1, "jokers": 0}})
    assert ws.receive_json()["code"] == "not_started"


def test_the_lobby_lists_games_with_options_and_bots_and_the_open_matches(server):
    made = server.create("linko", ["human", "open"])
    lobby = server.client.get("/api/lobby").json()
    linko = next(game for game in lobby["games"] if game["game"] == "linko")
    assert "random" in linko["bots"] and any(option["name"] == "variant" for option in linko["options"])
    assert [m["match"] for m in lobby["matches"]] == [made["match"]]
    assert "seed" not in json.dumps(lobby)


def test_a_game_with_its_own_renderer_gets_it_served_and_listed(server):
    lobby = {game["game"]: game for game in server.client.get("/api/lobby").json()["games"]}
    assert lobby["drawn_goofspiel"]["renderer"] == "/renderers/drawn_goofspiel.js"
    assert lobby["linko"]["renderer"] == "/renderers/linko.js"
    assert lobby["nim"]["renderer"] is None
    script = server.client.get("/renderers/drawn_goofspiel.js")
    assert script.status_code == 200 and "export function Board" in script.text
    assert server.client.get("/renderers/nim.js").status_code == 404
    assert server.client.get("/renderers/nothing.js").status_code == 404
