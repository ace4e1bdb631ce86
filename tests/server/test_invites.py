"""Seats that follow their person (meeple.server.invites): an invite per seat reclaims it from
anywhere, names per seat, private matches, a seat left mid-game that no stranger can take, the
host's hand-overs of absent seats, rematches that keep each seat for its holder, and a database
written by an older server read after a migration.

The attacks: a stranger guessing tokens and invites, a reclaimed token's old holder moving, a
stranger joining a seat left mid-game, a non-host handing seats on."""

from __future__ import annotations

import sqlite3

import pytest
from conftest import Server, hello, told_seat_lost, until

from meeple.server.limits import Limits
from meeple.server.matches import NAME_LENGTH
from meeple.server.store import Store


def refused(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and "\n" not in error["message"], error
    return error["message"]


def claim(server, invite: str, name: str = "") -> dict:
    response = server.client.post("/api/claim", json={"invite": invite, "name": name})
    assert response.status_code == 200, response.text
    return response.json()


def test_creating_a_match_gives_every_persons_seat_an_invite_and_the_creator_a_host_key(server):
    made = server.create("linko", ["human", "open", "random"])
    assert set(made["tokens"]) == {"0"} and set(made["invites"]) == {"0", "1"}
    secrets = {made["tokens"]["0"], made["host"], *made["invites"].values()}
    assert len(secrets) == 4 and all(len(secret) >= 43 for secret in secrets)


def test_an_invite_reclaims_its_seat_and_the_old_tab_is_told_it_was_opened_elsewhere(server):
    made = server.create("linko", ["human", "human"])
    old, update = hello(server, made["tokens"]["0"])
    assert update["owes"]
    taken = claim(server, made["invites"]["0"])
    assert (taken["match"], taken["seat"]) == (made["match"], 0) and taken["token"] != made["tokens"]["0"]
    message = told_seat_lost(old, 0)
    assert "opened elsewhere" in message["message"] and message["reason"] == "opened_elsewhere"
    new, fresh = hello(server, taken["token"])
    assert fresh["owes"] and fresh["view"]["player"] == 0
    again = claim(server, made["invites"]["0"])  # the same link again, from a third device
    told_seat_lost(new, 0)
    assert hello(server, again["token"])[1]["owes"]


def test_a_reclaimed_tokens_old_holder_cannot_move_or_say_hello(server):
    made = server.create("linko", ["human", "human"])
    old, update = hello(server, made["tokens"]["0"])
    claim(server, made["invites"]["0"])
    old.send_json({"type": "move", "action": update["legal"][0]["action"]})  # the old tab tries its move anyway
    told_seat_lost(old, 0)
    _, again = hello(server, made["tokens"]["0"])
    assert again["code"] == "bad_token"
    response = server.client.post("/api/leave", json={"token": made["tokens"]["0"]})
    refused(response, 403, "bad_token")
    assert server.hub.get(made["match"]).moves == []


def test_a_stranger_guessing_tokens_and_invites_gets_nothing(server):
    made = server.create("linko", ["human", "open"])
    for guess in ("A" * 43, made["tokens"]["0"][:-1] + "x", made["host"]):
        refused(server.client.post("/api/claim", json={"invite": guess}), 403, "bad_invite")
    refused(server.client.post("/api/claim", json={"invite": made["tokens"]["0"]}), 403, "bad_invite")  # a token is no invite
    _, update = hello(server, made["invites"]["1"])  # nor is an invite a token
    assert update["code"] == "bad_token"
    refused(server.client.post(f"/api/matches/{made['match']}/seats/1", json={"host": made["invites"]["0"],
                                                                              "to": "random"}), 403, "not_host")
    assert server.hub.get(made["match"]).seats == ["human", "open"]


def test_joining_from_the_lobby_replaces_the_seats_invite(server):
    made = server.create("linko", ["human", "open"])
    joined = server.client.post(f"/api/matches/{made['match']}/join", json={"seat": 1, "name": "Bea"}).json()
    assert joined["invite"] not in made["invites"].values()
    refused(server.client.post("/api/claim", json={"invite": made["invites"]["1"]}), 403, "bad_invite")
    assert claim(server, joined["invite"])["seat"] == 1


def test_a_seat_left_mid_game_waits_for_its_invite_and_no_stranger_can_take_it(server):
    made = server.create("linko", ["human", "open"])
    match = made["match"]
    joined = server.client.post(f"/api/matches/{match}/join", json={}).json()
    assert server.client.post("/api/leave", json={"token": joined["token"]}).json() == {"left": True}
    summary = server.hub.get(match).summary()
    assert summary["status"] == "playing" and summary["seats"][1]["kind"] == "away"
    refused(server.client.post(f"/api/matches/{match}/join", json={"seat": 1}), 409, "no_seat")
    refused(server.client.post(f"/api/matches/{match}/join", json={}), 409, "no_seat")
    listed = next(m for m in server.client.get("/api/lobby").json()["matches"] if m["match"] == match)
    assert all(seat["kind"] != "open" for seat in listed["seats"])  # nothing for a stranger to join
    back = claim(server, joined["invite"])  # its own link takes it back
    assert back["seat"] == 1 and server.hub.get(match).seats == ["human", "human"]


def test_a_private_match_is_absent_from_the_lobby_and_taken_by_invite_only(server):
    response = server.client.post("/api/matches", json={"game": "linko", "seats": ["human", "open"], "private": True})
    made = response.json()
    assert made["summary"]["private"]
    assert made["match"] not in [m["match"] for m in server.client.get("/api/lobby").json()["matches"]]
    refused(server.client.post(f"/api/matches/{made['match']}/join", json={}), 403, "private")
    assert claim(server, made["invites"]["1"])["seat"] == 1
    assert server.hub.get(made["match"]).status() == "playing"


def test_names_are_bounded_trimmed_and_kept_as_text(server):
    made = server.client.post("/api/matches", json={"game": "linko", "seats": ["human", "open"],
                                                    "names": ["  <b>Ann</b>  ", "Bea"]}).json()
    assert [seat["name"] for seat in made["summary"]["seats"]] == ["<b>Ann</b>", "Bea"]
    too_long = server.client.post("/api/matches", json={"game": "linko", "seats": ["human", "open"],
                                                        "names": ["x" * (NAME_LENGTH + 1)]})
    assert str(NAME_LENGTH) in refused(too_long, 400, "bad_name")
    control = server.client.post(f"/api/matches/{made['match']}/join", json={"name": "a\u0007b"})
    refused(control, 400, "bad_name")
    assert server.hub.get(made["match"]).seats == ["human", "open"]  # refused: nothing changed
    claim(server, made["invites"]["1"], "Cleo")
    assert server.hub.get(made["match"]).names == ["<b>Ann</b>", "Cleo"]


def test_names_invites_privacy_and_seat_state_survive_a_restart(registry, tmp_path):
    running = Server(registry, tmp_path / "matches.db")
    running.start()
    made = running.client.post("/api/matches", json={"game": "linko", "seats": ["human", "open"], "private": True,
                                                     "names": ["Ann", ""]}).json()
    claim(running, made["invites"]["1"], "Bea")
    assert running.client.post("/api/leave", json={"token": made["tokens"]["0"]}).json() == {"left": True}
    running.stop()
    running.start()
    match = running.hub.get(made["match"])
    assert match.names == ["Ann", "Bea"] and match.private and match.seats == ["away", "human"]
    assert claim(running, made["invites"]["0"])["seat"] == 0  # the invite still opens its seat
    running.stop()


def test_the_host_hands_an_absent_seat_to_a_bot_only_after_the_stated_time(registry, tmp_path):
    running = Server(registry, tmp_path / "matches.db", limits=Limits(absent_seconds=3600))
    running.start()
    try:
        made = running.create("goofspiel", ["human", "human"], {"cards": 3})
        match, path = made["match"], f"/api/matches/{made['match']}/seats/1"
        ws, _ = hello(running, made["tokens"]["0"])
        message = refused(running.client.post(path, json={"host": made["host"], "to": "random"}), 409, "not_absent")
        assert "3600 s" in message
        running.hub.get(match).loaded -= 3600  # an hour without a connection of seat 1
        response = running.client.post(path, json={"host": made["host"], "to": "random"})
        assert response.status_code == 200 and response.json()["invite"] is None
        refused(running.client.post("/api/claim", json={"invite": made["invites"]["1"]}), 403, "bad_invite")
        update = until(ws, lambda m: m["seats"][1]["label"] == "random")
        ws.send_json({"type": "move", "action": update["legal"][0]["action"]})
        done = until(ws, lambda m: m["ply"] >= 2)  # the bot chose for seat 1
        assert done["seats"][1]["kind"] == "bot"
        refused(running.client.post(path, json={"host": made["host"], "to": "reopen"}), 400, "bad_request")
    finally:
        running.stop()


def test_the_host_reopens_a_seat_nobody_holds_at_once_with_a_new_invite(server):
    made = server.create("linko", ["human", "human"])
    match = made["match"]
    old, _ = hello(server, made["tokens"]["1"])
    assert server.client.post("/api/leave", json={"token": made["tokens"]["1"]}).json() == {"left": True}
    assert told_seat_lost(old, 1)["reason"] == "given_up"
    reopened = server.client.post(f"/api/matches/{match}/seats/1", json={"host": made["host"], "to": "reopen"}).json()
    assert reopened["invite"] and reopened["invite"] != made["invites"]["1"]
    refused(server.client.post("/api/claim", json={"invite": made["invites"]["1"]}), 403, "bad_invite")
    assert server.hub.get(match).seats[1] == "away"
    assert claim(server, reopened["invite"], "Dee")["seat"] == 1


def test_a_rematch_keeps_each_seat_for_its_holder_and_no_stranger_takes_one(server):
    made = server.client.post("/api/matches", json={"game": "goofspiel", "seats": ["human", "human", "random"],
                                                    "options": {"cards": 1}, "names": ["Ann", "Bea", ""]}).json()
    sockets = {seat: hello(server, made["tokens"][str(seat)]) for seat in (0, 1)}
    for seat, (ws, update) in sockets.items():
        ws.send_json({"type": "move", "action": update["legal"][0]["action"]})
    until(sockets[0][0], lambda m: m["status"] == "finished")
    second = server.client.post("/api/rematch", json={"token": made["tokens"]["1"]}).json()
    assert second["seat"] == 1
    rematch = server.hub.get(second["match"])
    assert rematch.private and rematch.seats == ["open", "human", "random"] and rematch.names[:2] == ["Ann", "Bea"]
    assert second["match"] not in [m["match"] for m in server.client.get("/api/lobby").json()["matches"]]
    refused(server.client.post(f"/api/matches/{second['match']}/join", json={"seat": 0}), 403, "private")
    first = server.client.post("/api/rematch", json={"token": made["tokens"]["0"]}).json()
    assert (first["match"], first["seat"]) == (second["match"], 0)
    _, fresh = hello(server, first["token"])
    assert fresh["status"] == "playing" and fresh["owes"]
    refused(server.client.post("/api/rematch", json={"token": made["tokens"]["0"]}), 409, "conflict")


def test_a_database_written_before_invites_is_migrated_and_its_matches_play_on(registry, tmp_path):
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript("""
        CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
            options TEXT NOT NULL, seed TEXT NOT NULL, rematch_of TEXT, rematch TEXT, forfeit TEXT,
            created DOUBLE PRECISION NOT NULL);
        CREATE TABLE seats (match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL,
            label TEXT NOT NULL, token TEXT UNIQUE, PRIMARY KEY (match_id, seat));
        INSERT INTO matches VALUES ('m1', 'linko', 2, '{}', '7', NULL, NULL, NULL, 0);
        INSERT INTO seats VALUES ('m1', 0, 'human', 'd0'), ('m1', 1, 'open', NULL);""")
    old.commit()
    old.close()
    store = Store(str(path))
    stored = store.load("m1")
    assert stored.names == ("", "") and not stored.private and stored.host is None
    assert store.take_seat("m1", 1, "tok", "Bea", "inv") and store.find_invite("inv") == ("m1", 1)
    store.close()
    running = Server(registry, path)
    running.start()
    try:
        assert running.hub.get("m1").summary()["seats"][1]["name"] == "Bea"
        Store(str(path)).close()  # opening it again adds nothing twice
    finally:
        running.stop()


@pytest.mark.parametrize("body", [{"invite": "short"}, {"invite": "x" * 43, "name": 5}, {"invite": "x" * 43, "extra": 1}])
def test_a_malformed_claim_is_one_line_and_changes_nothing(server, body):
    refused(server.client.post("/api/claim", json=body), 400, "bad_request")
