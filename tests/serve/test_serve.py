"""`meeple serve` driven exactly as a frontend would: a subprocess, one JSON line each way.

Every response is checked against the published JSON Schemas (see `client.py`).
"""

from __future__ import annotations

import json

import pytest

from meeple import Registry
from meeple.serialization import action_from_data, view_to_data


def test_hello_names_the_protocol_and_its_operations(client):
    hello = client.result("hello", id="h")
    assert hello["protocol"] == 1
    assert set(hello["ops"]) == {"hello", "games", "create", "view", "apply", "bot", "history", "save",
                                 "load", "close"}


def test_games_lists_every_installed_game_with_options_bots_and_notation(client):
    games = {g["id"]: g for g in client.result("games")["games"]}
    assert {"nim", "linko", "linkage", "combo_breaker"} <= set(games)
    nim = games["nim"]
    assert [o["name"] for o in nim["options"]] == ["heaps", "max_take", "misere"]
    assert "random" in [b["name"] for b in nim["bots"]] and nim["notation_help"]
    assert [g["id"] for g in client.result("games", game="linkage")["games"]] == ["linkage"]


def test_the_id_is_echoed_whatever_its_kind(client):
    assert client.ask("hello", id="abc")["id"] == "abc"
    assert client.ask("hello", id=7)["id"] == 7
    assert client.ask("hello")["id"] is None
    response = client.ask("hello", id={"not": "an id"})
    assert response["id"] is None and response["error"]["code"] == "bad_request"


def play_to_the_end(client, session, limit=500):
    """Human seats take their first legal move; bot seats ask their bot, then apply its move."""
    info = client.result("view", session=session, seat=None)
    seats = client.result("history", session=session, seat=None)  # noqa: F841 - a valid call mid-game
    for _ in range(limit):
        if info["terminal"]:
            return info
        seat = info["to_move"]
        mine = client.result("view", session=session, seat=seat)
        assert mine["legal"], "the seat to move is offered its legal moves"
        answer = client.result("bot", session=session, seat=seat, bot="random")["move"]
        assert answer in mine["legal"]
        applied = client.result("apply", session=session, seat=seat, action=answer["action"])
        assert applied["action"] == answer["action"] and applied["text"]
        info = client.result("view", session=session, seat=None)
    raise AssertionError("the game did not end")


def test_a_whole_game_of_nim_from_creation_to_the_result(client):
    created = client.result("create", game="nim", seats=["human", "random"], seed=3, options={"max_take": 2})
    assert created == {"session": "s1", "game": "nim", "players": 2, "seats": ["human", "random"],
                       "options": {"heaps": "3,5,7", "max_take": 2, "misere": False},
                       "moves": 0, "to_move": 0, "owing": [0], "terminal": False}
    final = play_to_the_end(client, "s1")
    assert final["result"]["winners"] in ([0], [1]) and final["legal"] == []
    events = client.result("history", session="s1", seat=0)["events"]
    assert [e["move"] for e in events] == list(range(1, final["view"]["moves"] + 1))
    assert client.result("history", session="s1", seat=0, since=len(events) - 1)["events"] == events[-1:]
    assert client.error("apply", session="s1", seat=0, notation="1")["code"] == "not_your_turn"


@pytest.mark.parametrize("game, seats", [("linkage", ["human", "greedy"]), ("linko", ["human", "random", "random"]),
                                         ("combo_breaker", ["random", "human", "random"])])
def test_a_whole_game_of_each_plugin_through_the_protocol(client, game, seats):
    session = client.result("create", game=game, seats=seats, seed=5)["session"]
    final = play_to_the_end(client, session, limit=5000)
    assert final["terminal"] and final["result"] is not None


def test_a_move_by_notation_or_by_number(client):
    client.result("create", game="nim", seed=1)
    applied = client.result("apply", session="s1", seat=0, notation="take 2 3")
    assert applied["action"] == {"type": "take", "heap": 2, "stones": 3}
    applied = client.result("apply", session="s1", seat=1, notation="1")
    assert applied["action"] == {"type": "take", "heap": 0, "stones": 1}


@pytest.mark.parametrize("line, code, text", [
    (b"garbage", "bad_json", "not JSON"),
    (b"\xff\xfe{}", "bad_json", "not UTF-8"),
    (b"[" * 100_000, "bad_json", "not JSON"),
    (b"[1, 2]", "bad_request", "a request is a JSON object"),
    (b'"hello"', "bad_request", "a request is a JSON object"),
    (b'{"id": 1}', "bad_request", 'needs "op"'),
    (b'{"op": 3}', "bad_request", 'needs "op"'),
    (b'{"op": "frobnicate"}', "unknown_op", "unknown operation 'frobnicate'"),
    (b'{"op": "hello", "extra": 1}', "bad_request", "unexpected key 'extra'"),
    (b'{"op": "create"}', "bad_request", "request is missing 'game'"),
    (b'{"op": "create", "game": 5}', "bad_request", "request.game must be string"),
    (b'{"op": "create", "game": "nim", "seed": -1}', "bad_request", "request.seed must be at least 0"),
    (b'{"op": "create", "game": "nim", "seats": []}', "bad_request", "at least 1 items"),
    (b'{"op": "create", "game": "nim", "seats": ["human"], "players": 2}', "bad_request", "1 seats given for 2 players"),
    (b'{"op": "create", "game": "chess"}', "unknown_game", "unknown game 'chess'; installed games:"),
    (b'{"op": "create", "game": "nim", "seats": ["human", "oracle"]}', "unknown_bot", "unknown bot 'oracle'"),
    (b'{"op": "create", "game": "nim", "seats": ["human", "mcts"], "options": {"max_take": "x"}}', "bad_option", "option 'max_take' cannot be"),
    (b'{"op": "create", "game": "nim", "options": {"colour": "red"}}', "bad_option", "unknown option 'colour'"),
    (b'{"op": "create", "game": "linkage", "players": 3}', "bad_option", "played by 2 players, not 3"),
    (b'{"op": "view", "session": "s9", "seat": 0}', "unknown_session", "no open session 's9'"),
    (b'{"op": "load", "save": {"kind": "something"}}', "bad_save", "not a meeple save file"),
    (b'{"op": "load", "path": "no-such-file.json"}', "bad_save", "cannot read no-such-file.json"),
    (b'{"op": "load", "save": {}, "path": "x"}', "bad_request", "exactly one of 'save' or 'path'"),
])
def test_malformed_requests_get_an_error_and_the_server_goes_on(client, line, code, text):
    response = client.send(line, "hello")
    assert response["ok"] is False and response["error"]["code"] == code
    assert text in response["error"]["message"], response
    assert client.result("hello")["protocol"] == 1


def test_a_blank_line_asks_nothing(client):
    client.process.stdin.write(b"\n   \n")
    assert client.result("hello")["protocol"] == 1


def test_errors_on_a_game_change_nothing(client):
    client.result("create", game="nim", seats=["human", "human"], seed=2)
    before = client.result("view", session="s1", seat=None)
    errors = [
        client.error("apply", session="s1", seat=0, action={"type": "take", "heap": 0, "stones": 3, "x": 1}),
        client.error("apply", session="s1", seat=0, action={"type": "leap"}),
        client.error("apply", session="s1", seat=0, action={"heap": 0}),
        client.error("apply", session="s1", seat=0, action={"type": "take", "heap": 0, "stones": 4}),
        client.error("apply", session="s1", seat=1, action={"type": "take", "heap": 0, "stones": 1}),
        client.error("apply", session="s1", seat=5, notation="1"),
        client.error("apply", session="s1", seat=0, notation="take everything"),
        client.error("apply", session="s1", seat=0, notation="99"),
        client.error("apply", session="s1", seat=0),
        client.error("apply", session="s1", seat=0, notation="1", action={"type": "take", "heap": 0, "stones": 1}),
        client.error("bot", session="s1", seat=0),
        client.error("bot", session="s1", seat=1, bot="random"),
        client.error("bot", session="s1", seat=0, bot="random:depth=2"),
        client.error("view", session="s1", seat=2),
    ]
    assert [e["code"] for e in errors] == [
        "bad_action", "bad_action", "bad_request", "illegal_action", "not_your_turn", "bad_request",
        "bad_action", "bad_action", "bad_request", "bad_request", "bad_request", "not_your_turn",
        "bad_option", "bad_request"]
    assert "take 4 from heap 0 is not legal now" in errors[3]["message"]
    assert "seat 1 has nothing to decide now: seat 0 is to take stones" in errors[4]["message"]
    assert "seat 5 does not exist: this game has seats 0 to 1" in errors[5]["message"]
    assert client.result("view", session="s1", seat=None) == before


def test_a_seats_view_is_exactly_that_seats_view_and_never_shows_other_hands(client):
    seed, seats = 11, ["human", "human", "human"]
    client.result("create", game="linko", seats=seats, seed=seed)
    registry = Registry.load()
    game = registry.create("linko", 3)
    state = game.new_state(seed)
    for _ in range(25):
        if state.is_terminal:
            break
        for seat in range(3):
            answer = client.result("view", session="s1", seat=seat)
            assert answer["view"] == json.loads(json.dumps(view_to_data(type(game), state.view(seat))))
            for other, hand in enumerate(answer["view"]["fields"]["hands"]):
                if other != seat:
                    assert hand["cards"] is None, "another seat's hand is hidden"
            assert bool(answer["legal"]) == (seat == state.current_player)
        mover = state.current_player
        move = client.result("bot", session="s1", seat=mover, bot="random")["move"]
        client.result("apply", session="s1", seat=mover, action=move["action"])
        state.apply(action_from_data(type(game), move["action"]))
    omniscient = client.result("view", session="s1", seat=None)["view"]
    assert all(hand["cards"] is not None for hand in omniscient["fields"]["hands"])


def test_save_and_load_continue_the_same_game(client, tmp_path):
    client.result("create", game="linko", seats=["human", "random", "random"], seed=4)
    for _ in range(3):
        seat = client.result("view", session="s1", seat=None)["to_move"]
        move = client.result("bot", session="s1", seat=seat)["move"] if seat else \
            client.result("view", session="s1", seat=0)["legal"][0]
        client.result("apply", session="s1", seat=seat, action=move["action"])
    saved = client.result("save", session="s1")["save"]
    assert saved["kind"] == "meeple-save" and "FULL state" in saved["note"]
    loaded = client.result("load", save=saved)
    assert loaded["session"] == "s2" and loaded["moves"] == 3
    for seat in (None, 0, 1, 2):
        assert client.result("view", session="s1", seat=seat)["view"] == \
            client.result("view", session="s2", seat=seat)["view"]
    written = client.result("save", session="s1", path="game.save.json")
    assert written["path"] == "game.save.json" and (tmp_path / "game.save.json").exists()
    assert client.result("load", path="game.save.json")["session"] == "s3"
    tampered = dict(saved, seed=saved["seed"] + 1)
    error = client.error("load", save=tampered)
    assert error["code"] == "bad_save" and "does not follow from its seed and actions" in error["message"]
    assert client.result("close", session="s2") == {"session": "s2", "closed": True}
    assert client.error("view", session="s2", seat=0)["code"] == "unknown_session"


def test_a_play_save_file_loads_in_serve(client, tmp_path):
    from meeple.session import Session

    session = Session.start(Registry.load(), "nim", ["human", "random"], 6)
    session.apply(session.state.legal_actions()[0])
    session.save(tmp_path / "from-play.json")
    loaded = client.result("load", path="from-play.json")
    assert loaded["moves"] == 1 and loaded["seats"] == ["human", "random"]
