"""The game log (meeple.server.log): every move as each seat saw it, rebuilt from the stored moves.

It is what each seat was told live, the same after a restart, and never more than the seat's
views show (Hearts' pass, Linko's draws from the pile); it comes in pages that add up to the
whole log.
"""

from __future__ import annotations

import random

import pytest
from conftest import hello, until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.serialization import action_to_data
from meeple.server import log
from meeple.server.matches import Match


def people(server, game: str, players: int, options: dict | None = None):
    """A match whose seats are all people, each with a socket that said hello."""
    made = server.create(game, ["human"] + ["open"] * (players - 1), options)
    tokens = {0: made["tokens"]["0"]}
    for seat in range(1, players):
        tokens[seat] = server.client.post(f"/api/matches/{made['match']}/join", json={"seat": seat}).json()["token"]
    sockets = {seat: hello(server, token)[0] for seat, token in tokens.items()}  # every seat taken first
    return made["match"], tokens, sockets


def play(server, match_id: str, sockets: dict, moves: int, seed: int, prefer=None) -> dict[int, list[str]]:
    """Make `moves` random legal moves (of type `prefer` when one is legal), each by a seat that
    owes; returns what each seat was told live of every move, in order (its updates' narration)."""
    rng, told = random.Random(seed), {seat: [] for seat in sockets}
    for _ in range(moves):
        match = server.hub.get(match_id)
        if match.finished:
            break
        seat = next(s for s in match.state.owing() if not match.state.view(s).choice)
        legal = match.state.legal_actions(seat)
        preferred = [a for a in legal if type(a).tag == prefer]
        action = rng.choice(preferred or legal)
        ply = len(match.moves)
        sockets[seat].send_json({"type": "move", "action": action_to_data(match.game_cls, action)})
        for viewer, ws in sockets.items():
            told[viewer].append(until(ws, lambda m, ply=ply: m["ply"] == ply + 1)["narration"])
    return told


def log_of(server, token: str) -> dict[int, str]:
    """The log a fresh connection with `token` is sent: each move's text by its number."""
    ws, _ = hello(server, token)
    ws.send_json({"type": "log"})
    message = ws.receive_json()
    assert message["type"] == "log" and not message["more"], message
    return {entry["ply"]: entry["text"] for entry in message["entries"]}


def as_told(texts: list[str]) -> dict[int, str]:
    return {ply: text for ply, text in enumerate(texts, start=1) if text}


@pytest.mark.parametrize(("game", "players", "options"), [("linko", 3, {}), ("hearts", 4, {})])
def test_the_log_is_what_each_seat_was_told_live_and_the_same_after_a_restart(server, game, players, options):
    match_id, tokens, sockets = people(server, game, players, options)
    told = play(server, match_id, sockets, moves=30, seed=5)
    for seat, token in tokens.items():
        assert log_of(server, token) == as_told(told[seat])
    server.crash()  # the process is gone: the log is told again from the stored moves
    server.sockets.clear()
    server.start()
    for seat, token in tokens.items():
        assert log_of(server, token) == as_told(told[seat])


def test_hearts_names_the_cards_a_seat_passed_to_that_seat_alone(server):
    match_id, tokens, sockets = people(server, "hearts", 4)
    match = server.hub.get(match_id)
    while match.state.pass_direction == 0:  # a deal without a pass: another match
        match_id, tokens, sockets = people(server, "hearts", 4)
        match = server.hub.get(match_id)
    hands = {seat: set(match.state.hands[seat]) for seat in range(4)}
    play(server, match_id, sockets, moves=4, seed=1)  # the pass, every seat's three cards
    passed = {seat: action.cards for seat, action in server.hub.get(match_id).moves}
    assert sorted(passed) == [0, 1, 2, 3]
    names = {seat: {match.game_cls.card_names(card) for card in cards} for seat, cards in passed.items()}
    for seat, token in tokens.items():
        text = " / ".join(log_of(server, token).values())
        for other in range(4):
            if other == seat:
                assert all(name in text for name in names[seat]), text
            else:
                assert f"seat {other} passes three cards" in text
                assert not any(name in text for name in names[other] - hands[seat]), text


def test_a_linko_seat_is_told_which_card_was_drawn_from_the_pile_only_when_it_drew_it(server):
    match_id, tokens, sockets = people(server, "linko", 3)
    told = play(server, match_id, sockets, moves=40, seed=2, prefer="draw_pile")
    match = server.hub.get(match_id)
    draws = [ply for ply, (seat, action) in enumerate(match.moves) if type(action).tag == "draw_pile"]
    assert draws, "no draw from the pile was played"
    spectator = server.client.post(f"/api/matches/{match_id}/watch", json={}).json()["token"]
    logs = {seat: log_of(server, token) for seat, token in {**tokens, None: spectator}.items()}
    for ply in draws:
        drawer = match.moves[ply][0]
        for viewer, entries in logs.items():
            line = entries[ply + 1]
            if viewer is not None:
                assert line == told[viewer][ply]
            if viewer == drawer:
                assert "from the pile" in line and "draws a card from the pile" not in line, line
            else:
                assert "draws a card from the pile" in line, line


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from([("linko", 3), ("hearts", 4), ("combo_breaker", 3)]), seed=st.integers(0, 2**32),
       moves=st.integers(0, 60), size=st.integers(1, 12))
def test_the_log_kept_live_is_the_log_told_again_and_its_pages_add_up_to_it(registry, monkeypatch, game, seed, moves,
                                                                             size):
    monkeypatch.setattr(log, "PAGE", size)
    game_id, players = game
    match = Match("m", registry.create(game_id, players, {}), seed, ["human"] * players, registry.narrator(game_id))
    rng = random.Random(seed)
    while len(match.moves) < moves and not match.finished:
        seat = match.state.owing()[0]
        action = rng.choice(match.state.legal_actions(seat))
        after = match.state.clone()
        after.apply(action, seat)
        match.narration = log.told(match.narrator, match.state, after, seat, action)
        match.state = after
        match.moves.append((seat, action))
        log.note(match)
    assert match.told == log.retell(match)  # kept live, or told again after a restart: the same texts
    for viewer in [*range(players), None]:
        pages = [log.page(match, viewer)]
        while pages[0]["more"]:
            pages.insert(0, log.page(match, viewer, before=pages[0]["first"]))
        assert all(p["last"] - p["first"] + 1 == size for p in pages[1:])  # only the first page may be short
        entries = [entry for p in pages for entry in p["entries"]]
        assert [(e["ply"], e["text"]) for e in entries] == [
            (ply, told[viewer]) for ply, told in enumerate(match.told, start=1) if told[viewer]]


def test_a_log_request_needs_a_hello_and_a_move_number_and_changes_nothing(server):
    made = server.create("linkage", ["human", "random"])
    socket = server.client.websocket_connect("/ws")
    ws = socket.__enter__()
    server.sockets.append(socket)
    ws.send_json({"type": "log"})
    assert ws.receive_json()["code"] == "bad_token"  # say hello first
    ws.send_json({"type": "hello", "token": made["tokens"]["0"]})
    assert ws.receive_json()["type"] == "update"
    for bad in ({"type": "log", "before": 0}, {"type": "log", "before": "3"}, {"type": "log", "since": 1}):
        ws.send_json(bad)
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == "bad_request" and "\n" not in refused["message"]
    ws.send_json({"type": "log", "before": 10**9})  # past the end: the latest page
    assert ws.receive_json() == {"type": "log", "match": made["match"], "entries": [], "first": 1, "last": 0, "more": False}
