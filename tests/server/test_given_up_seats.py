"""A connection is bound to the token it said hello with: once that token no longer holds its
seat — given up by leaving, on this server process or another one sharing the database, and
perhaps taken again by someone else — the connection is told so (`seat_lost`) and closed before
any view of the seat goes out, and it can no longer move for the seat.

The attack these tests play: the leaver keeps its old socket open while the seat is taken again
and its new holder makes a secret move."""

from __future__ import annotations

import pytest
from conftest import Server, hello, told_seat_lost, until

from meeple.server.store import SeatLost, Store


@pytest.fixture
def processes(registry, tmp_path):
    """Two server apps on one database that read each other's writes before acting, as processes
    behind a load balancer do (`shared_database`). SQLite has no LISTEN/NOTIFY: `notify` delivers
    a change to a process, as its listening connection does on PostgreSQL (test_postgres.py)."""
    first = Server(registry, tmp_path / "matches.db", shared_database=True)
    second = Server(registry, tmp_path / "matches.db", shared_database=True)
    first.start()
    second.start()
    yield first, second
    first.stop()
    second.stop()


def notify(server: Server, match_id: str, ply: int = 0) -> None:
    """What `server`'s fan-out does on a notification `<match> <ply>` from another process."""
    server.client.portal.call(server.hub.notified, match_id, ply)


def leave_and_retake(server: Server, made: dict, token: str, seat: int) -> str:
    """Give up `seat` of the match `made` with `token` and have someone else take it with the
    seat's invite (a started match's seat given up waits for its invite), both on `server`: the
    new token."""
    assert server.client.post("/api/leave", json={"token": token}).json() == {"left": True}
    taken = server.client.post("/api/claim", json={"invite": made["invites"][str(seat)]}).json()
    assert taken["match"] == made["match"] and taken["seat"] == seat and taken["token"] != token
    return taken["token"]


def test_a_seat_retaken_on_another_process_never_shows_the_leavers_old_socket_the_new_holders_secret(processes):
    first, second = processes
    made = first.create("goofspiel", ["human", "human"], {"cards": 3})
    match, leaver = made["match"], made["tokens"]["1"]
    old, update = hello(first, leaver)  # the leaver's socket stays open on the first process
    assert update["seat"] == 1
    other, _ = hello(first, made["tokens"]["0"])
    watcher, _ = hello(first, first.client.post(f"/api/matches/{match}/watch", json={}).json()["token"])
    holder = leave_and_retake(second, made, leaver, 1)
    new, fresh = hello(second, holder)
    secret = fresh["legal"][-1]
    new.send_json({"type": "move", "action": secret["action"]})
    assert until(new, lambda m: m["ply"] == 1)["view"]["choices"] == [[1, secret["action"]]]
    notify(first, match)  # the first process reads the leave, the join and the choice at once
    told_seat_lost(old, 1)
    # everyone else on the first process goes on, and learns only that seat 1 has chosen
    for ws in (other, watcher):
        pushed = until(ws, lambda m: m["ply"] == 1)
        assert pushed["view"]["choices"] == [] and pushed["narration"] == "seat 1 has chosen"
    _, again = hello(first, leaver)
    assert again["code"] == "bad_token"


def test_a_move_made_on_the_old_sockets_process_after_the_seat_was_retaken_elsewhere_is_not_pushed_to_it(processes):
    first, second = processes
    made = first.create("linko", ["human", "human"])
    match, leaver = made["match"], made["tokens"]["1"]
    old, _ = hello(first, leaver)
    mover, update = hello(first, made["tokens"]["0"])
    holder = leave_and_retake(second, made, leaver, 1)
    new, fresh = hello(second, holder)
    assert update["owes"]  # no notification reaches the first process: its move reads the database first
    mover.send_json({"type": "move", "action": update["legal"][0]["action"]})
    until(mover, lambda m: m["ply"] == 1)
    told_seat_lost(old, 1)
    notify(second, match, 0)
    assert until(new, lambda m: m["ply"] == 1)["seat"] == 1  # the new holder is told of the move


def test_the_old_socket_cannot_move_for_the_seats_new_holder_on_another_process(processes):
    first, second = processes
    made = first.create("linko", ["human", "human"])
    match, leaver = made["match"], made["tokens"]["0"]
    old, update = hello(first, leaver)
    assert update["owes"]
    holder = leave_and_retake(second, made, leaver, 0)
    old.send_json({"type": "move", "action": update["legal"][0]["action"]})  # first has not heard
    told_seat_lost(old, 0)
    assert second.hub.get(match).moves == [] and Store(str(first.database)).load(match).moves == ()
    _, fresh = hello(second, holder)
    assert fresh["owes"] and fresh["ply"] == 0


def test_a_socket_whose_token_left_is_told_at_once_and_cannot_move_for_the_seats_next_holder(server):
    made = server.create("linko", ["human", "human"])
    match, leaver = made["match"], made["tokens"]["0"]
    old, update = hello(server, leaver)
    watcher, _ = hello(server, server.client.post(f"/api/matches/{match}/watch", json={}).json()["token"])
    holder = leave_and_retake(server, made, leaver, 0)
    # the attack: the leaver's socket moves for the seat's new holder (the ping shows it was read)
    old.send_json({"type": "move", "action": update["legal"][0]["action"]})
    old.send_json({"type": "ping"})
    told_seat_lost(old, 0)
    new, fresh = hello(server, holder)
    assert server.hub.get(match).moves == [] and fresh["ply"] == 0 and fresh["owes"]
    new.send_json({"type": "move", "action": fresh["legal"][0]["action"]})
    assert until(new, lambda m: m["ply"] == 1)["seat"] == 0
    assert until(watcher, lambda m: m["ply"] == 1)["seat"] is None  # spectators are never cut off


def test_a_token_that_no_longer_holds_its_seat_can_neither_store_a_move_nor_give_the_seat_up(tmp_path):
    store = Store(str(tmp_path / "db"))
    store.create_match("m", "linko", 2, {}, 1, ["human", "human"], {0: "first", 1: "second"}, 0.0)
    assert store.free_seat("m", 0, "first") and store.take_seat("m", 0, "next")
    with pytest.raises(SeatLost):
        store.add_move("m", 0, 0, {"type": "x"}, token="first")
    assert not store.free_seat("m", 0, "first")  # a second leave, sent before the seat was retaken
    assert store.find_token("next") == ("m", 0) and store.load("m").moves == ()
    store.add_move("m", 0, 0, {"type": "x"}, token="next")
    assert store.load("m").moves == ((0, {"type": "x"}),)


def test_a_seat_given_up_on_a_process_behind_the_match_is_announced_at_the_current_move(processes):
    first, second = processes
    made = first.create("linko", ["human", "human"])
    match = made["match"]
    behind = second.hub.get(match)  # the second process reads the match now, at move 0
    sockets = {seat: hello(first, made["tokens"][str(seat)])[0] for seat in (0, 1)}
    live = first.hub.get(match)
    for ply in (1, 2):  # two moves on the first process, which the second never reads
        seat = live.state.owing()[0]
        sockets[seat].send_json({"type": "move", "action": live.update_for(seat)["legal"][0]["action"]})
        for ws in sockets.values():
            until(ws, lambda m, ply=ply: m["ply"] == ply)
    assert second.client.post("/api/leave", json={"token": made["tokens"]["1"]}).json() == {"left": True}
    notify(first, match, len(behind.moves))  # the ply the second process announces the leave at
    sockets[1].send_json({"type": "ping"})  # answered only if the first process skipped the notice as old
    told_seat_lost(sockets[1], 1)
