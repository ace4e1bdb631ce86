"""Absurd option values are refused at creation with one line (`Limits.game_length`, checked
against the game's own declared bound on its length with the options asked for)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game, options, named", [
    ("linko", {"max_turns": 10**18}, "max_turns=1000000000000000000"),
    ("nim", {"heaps": "3,5,1000000000"}, "heaps=3,5,1000000000"),
])
def test_options_that_would_let_a_match_last_past_the_servers_bound_are_refused_in_one_line(server, game, options,
                                                                                             named):
    before = len(server.hub.matches)
    response = server.client.post("/api/matches", json={"game": game, "seats": ["human", "human"], "options": options})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "too_long" and named in error["message"] and "--max-game-length" in error["message"]
    assert "\n" not in error["message"] and len(server.hub.matches) == before


def test_options_within_the_bound_are_accepted(server):
    made = server.create("linko", ["human", "human"], {"max_turns": 5000})
    assert made["summary"]["options"]["max_turns"] == 5000
