"""Nothing lost: every acknowledged move is in the database, a restarted server resumes every
match exactly (a pending simultaneous choice included), and two writers cannot store one ply."""

from __future__ import annotations

import asyncio

import pytest
from conftest import hello, until

from meeple.server.hub import Hub, Refused
from meeple.server.store import PlyTaken, Store


def play(server, ws, update, moves: int) -> dict:
    """Make `moves` moves with the first legal action, for whichever of our sockets owes."""
    for _ in range(moves):
        ws.send_json({"type": "move", "action": update["legal"][0]["action"], "ply": update["ply"]})
        update = until(ws, lambda m, ply=update["ply"]: m["ply"] == ply + 1)
    return update


def test_a_restarted_server_resumes_every_match_at_its_last_acknowledged_move(server):
    matches = []
    for game in ("linko", "linkage"):
        made = server.create(game, ["human", "human"])
        tokens = made["tokens"]
        sockets = {seat: hello(server, tokens[str(seat)]) for seat in (0, 1)}
        for _ in range(6):
            owing = next(seat for seat, (ws, _) in sockets.items() if server.hub.get(made["match"]).state.owing() == (seat,)
                         or seat in server.hub.get(made["match"]).state.owing())
            ws, _ = sockets[owing]
            current = server.hub.get(made["match"]).update_for(owing)
            ws.send_json({"type": "move", "action": current["legal"][0]["action"]})
            until(ws, lambda m, ply=current["ply"]: m["ply"] == ply + 1)
        seen = {seat: server.hub.get(made["match"]).update_for(seat) for seat in (0, 1, None)}
        matches.append((made["match"], tokens, seen))
    server.crash()  # no shutdown: the process is gone as with kill -9
    server.sockets.clear()
    server.start()
    for match, tokens, seen in matches:
        for seat in (0, 1):
            _, update = hello(server, tokens[str(seat)])
            assert update["ply"] == 6
            assert update == seen[seat]  # the last move's narration too: told again from the stored moves


def test_a_pending_simultaneous_choice_survives_a_restart_and_stays_secret(server):
    made = server.create("goofspiel", ["human", "human"], {"cards": 3})
    first, second = made["tokens"]["0"], made["tokens"]["1"]
    ws0, update0 = hello(server, first)
    ws1, update1 = hello(server, second)
    assert update0["owes"] and update1["owes"]
    bid = update0["legal"][-1]
    ws0.send_json({"type": "move", "action": bid["action"]})
    after0 = until(ws0, lambda m: m["ply"] == 1)
    after1 = until(ws1, lambda m: m["ply"] == 1)
    assert after0["narration"] == f"you chose: {bid['text']}" and not after0["owes"]
    assert after1["narration"] == "seat 0 has chosen" and after1["owes"]
    assert after1["view"]["chosen"] == [0] and after1["view"]["choices"] == []
    server.crash()
    server.sockets.clear()
    server.start()
    _, again0 = hello(server, first)
    _, again1 = hello(server, second)
    assert again0["view"]["choices"] == [[0, bid["action"]]] and not again0["owes"]
    assert again1["view"]["choices"] == [] and again1["owes"] and again1["legal"] == update1["legal"]


def test_reconnecting_with_the_token_resumes_exactly(server):
    made = server.create("linko", ["human", "human"])
    ws, update = hello(server, made["tokens"]["0"])
    update = play(server, ws, update, 1)
    _, again = hello(server, made["tokens"]["0"])
    assert again == update


def test_two_writers_cannot_both_store_the_same_ply(registry, tmp_path):
    store = Store(str(tmp_path / "db"))
    store.create_match("m", "linko", 2, {}, 1, ["human", "human"], {}, 0.0)
    store.add_move("m", 0, 0, {"type": "x"})
    with pytest.raises(PlyTaken):
        store.add_move("m", 0, 1, {"type": "y"})
    assert store.load("m").moves == ((0, {"type": "x"}),)


def test_a_second_process_on_the_same_database_cannot_overwrite_a_move(registry, tmp_path):
    asyncio.run(second_process(registry, tmp_path))


async def second_process(registry, tmp_path):
    first = Hub(registry, Store(str(tmp_path / "db")), isolate_bots=False)
    match, tokens = await first.create("linkage", 2, {}, ["human", "human"])
    second = Hub(registry, Store(str(tmp_path / "db")), isolate_bots=False)  # loads the match at move 0
    stale = second.get(match.id)
    legal = match.update_for(0)["legal"]
    await first.move(match, 0, tokens[0], legal[0]["action"])
    with pytest.raises(Refused) as refused:
        await second.move(stale, 0, tokens[0], legal[-1]["action"])
    assert refused.value.code == "stale"
    assert len(Store(str(tmp_path / "db")).load(match.id).moves) == 1
    shared = Hub(registry, Store(str(tmp_path / "db")), isolate_bots=False, shared_database=True)
    behind = shared.get(match.id)
    first_legal = first.get(match.id).update_for(1)["legal"][0]["action"]
    await first.move(first.get(match.id), 1, tokens[1], first_legal)
    assert len(behind.moves) == 1
    shared._sync(behind)  # a shared database is read before each move
    assert len(behind.moves) == 2 and behind.state.fingerprint() == first.get(match.id).state.fingerprint()


def test_a_finished_match_offers_a_rematch_to_its_seats(server):
    made = server.create("goofspiel", ["human", "random"], {"cards": 1})
    ws, update = hello(server, made["tokens"]["0"])
    ws.send_json({"type": "move", "action": update["legal"][0]["action"]})
    done = until(ws, lambda m: m["status"] == "finished")
    assert done["result"]["winners"] is not None
    again = server.client.post("/api/rematch", json={"token": made["tokens"]["0"]}).json()
    assert again["seat"] == 0 and again["match"] != made["match"]
    assert until(ws, lambda m: m["rematch"] is not None)["rematch"] == again["match"]
    _, fresh = hello(server, again["token"])
    assert fresh["status"] == "playing" and fresh["seats"][1]["label"] == "random"
    twice = server.client.post("/api/rematch", json={"token": made["tokens"]["0"]})
    assert twice.json()["error"]["code"] == "conflict"
