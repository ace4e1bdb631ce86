"""What the browser client draws each game with (`meeple.server.renderers`, `GET
/renderers/<game>.json`), and that every game's declarations for it are true."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from meeple.serialization import view_to_data
from meeple.server.renderers import card_key, table_info


def test_a_game_drawn_generically_gets_its_people_fields_and_card_names(server):
    info = server.client.get("/renderers/named_goofspiel.json").json()
    assert info == {"game": "named_goofspiel", "renderer": None, "fields": ["prize", "hands", "spent", "won"],
                    "cards": {"1": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five"}}


def test_a_seed_game_names_its_cards_and_ships_its_renderer(server):
    linko = server.client.get("/renderers/linko.json").json()
    assert linko["renderer"] == "/renderers/linko.js" and linko["cards"]["14"] == "Joker" and linko["cards"]["7"] == "7"
    assert "checked" not in linko["fields"] and "hands" in linko["fields"]
    combo = server.client.get("/renderers/combo_breaker.json").json()
    assert [combo["cards"][str(card)] for card in (13, 14, 15)] == ["X", "Draw", "Stop"]
    hearts = server.client.get("/renderers/hearts.json").json()
    assert hearts["cards"]["0"] == "2C" and hearts["cards"]["43"] == "QS"
    script = server.client.get(linko["renderer"])
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "export function Board" in script.text


def test_an_unknown_game_is_one_clear_error(server):
    response = server.client.get("/renderers/nothing.json")
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_game"


def test_a_game_that_declares_nothing_is_drawn_whole_with_raw_values(server):
    assert server.client.get("/renderers/nim.json").json() == {"game": "nim", "renderer": None, "fields": None, "cards": {}}


def test_card_keys_are_the_clients_json():
    assert [card_key(card) for card in (7, "QS", (1, 2))] == ["7", '"QS"', "[1,2]"]


@pytest.mark.parametrize("game_id", ["linko", "combo_breaker", "linkage", "hearts", "named_goofspiel"])
def test_the_declared_fields_are_view_fields_and_every_card_has_a_name(registry, game_id):
    game_cls = registry.games[game_id]
    for players in range(game_cls.spec.min_players, game_cls.spec.max_players + 1):
        game = game_cls(players)
        fields = view_to_data(game_cls, game.new_state(1).view(0))["fields"]
        assert set(game_cls.shown_fields) <= set(fields), f"{game_id} declares fields its view does not have"
        if game_cls.card_names is not None:
            names = table_info(game_cls)["cards"]
            assert all(card_key(card) in names for card in game.deck())


@pytest.mark.parametrize("game_id", ["linko", "combo_breaker", "linkage", "hearts"])
def test_each_seed_game_ships_its_renderer_beside_its_module(registry, game_id):
    game_cls = registry.games[game_id]
    folder = Path(sys.modules[game_cls.__module__].__file__).parent
    script = (folder / game_cls.web_renderer).read_text(encoding="utf-8")
    assert "export function Board" in script and "export function Breakdown" in script
    assert json.dumps(table_info(game_cls))  # all JSON
