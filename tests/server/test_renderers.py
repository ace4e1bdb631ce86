"""What the browser client draws each game with (`meeple.server.renderers`, `GET
/renderers/<game>.json`), that every game's declarations for it are true, what a finished game
reveals (`Game.revealed_at_end`), and the rules page (`GET /rules/<game>`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import random
from types import SimpleNamespace

import pytest

from meeple.serialization import view_to_data
from meeple.server.matches import Match
from meeple.server.renderers import card_key, rules_page, table_info


def test_a_game_drawn_generically_gets_its_people_fields_and_card_names(server):
    info = server.client.get("/renderers/named_goofspiel.json").json()
    assert info == {"game": "named_goofspiel", "title": "Goofspiel, drawn generically", "renderer": None, "fields": ["prize", "hands", "spent", "won"],
                    "cards": {"1": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five"}}


def test_a_seed_game_names_its_cards_and_ships_its_renderer(server):
    linko = server.client.get("/renderers/linko.json").json()
    assert linko["renderer"] == "/renderers/linko.js" and linko["cards"]["14"] == "Joker" and linko["cards"]["7"] == "7"
    assert "checked" not in linko["fields"] and "hands" in linko["fields"]
    combo = server.client.get("/renderers/combo_breaker.json").json()
    assert [combo["cards"][str(card)] for card in (13, 14, 15)] == ["X", "Draw", "Stop"]
    hearts = server.client.get("/renderers/hearts.json").json()
    assert hearts["cards"]["0"] == "2♣" and hearts["cards"]["43"] == "Q♠" and hearts["cards"]["34"] == "10♥"
    script = server.client.get(linko["renderer"])
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert "export function Board" in script.text


def test_an_unknown_game_is_one_clear_error(server):
    response = server.client.get("/renderers/nothing.json")
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_game"


def test_a_game_that_declares_nothing_is_drawn_whole_with_raw_values(server):
    assert server.client.get("/renderers/nim.json").json() == {"game": "nim", "title": "Nim", "renderer": None,
                                                              "fields": None, "cards": {}}


def test_card_keys_are_the_clients_json():
    assert [card_key(card) for card in (7, "QS", (1, 2))] == ["7", '"QS"', "[1,2]"]


@pytest.mark.parametrize("game_id", ["linko", "combo_breaker", "linkage", "hearts", "named_goofspiel"])
def test_the_declared_fields_are_view_fields_and_every_card_has_a_name(registry, game_id):
    game_cls = registry.games[game_id]
    for players in range(game_cls.spec.min_players, game_cls.spec.max_players + 1):
        game = game_cls(players)
        fields = view_to_data(game_cls, game.new_state(1).view(0))["fields"]
        assert set(game_cls.shown_fields) <= set(fields), f"{game_id} declares fields its view does not have"
        assert set(game_cls.revealed_at_end) <= set(fields), f"{game_id} reveals fields its view does not have"
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


# -- what the rules reveal at the end --------------------------------------------------------------

def linko_match(registry, moves: int | None, seed: int = 4) -> Match:
    """A Linko match of three people, `moves` random moves in (None: to its end)."""
    match = Match("m", registry.create("linko", 3, {}), seed, ["human"] * 3, registry.narrator("linko"))
    rng = random.Random(seed)
    while not match.state.is_terminal and (moves is None or len(match.moves) < moves):
        seat = match.state.owing()[0]
        action = rng.choice(match.state.legal_actions(seat))
        match.state.apply(action, seat)
        match.moves.append((seat, action))
    return match


def test_a_finished_linko_game_shows_every_hand_face_up_and_nothing_else_hidden(registry):
    match = linko_match(registry, None)
    everything = view_to_data(match.game_cls, match.state.view(None))["fields"]
    for viewer in (0, 1, 2, None):
        fields = match.update_for(viewer)["view"]["fields"]
        assert [hand["cards"] for hand in fields["hands"]] == [hand["cards"] for hand in everything["hands"]]
        assert fields["draw_pile"] == view_to_data(match.game_cls, match.state.view(3))["fields"]["draw_pile"]


@pytest.mark.parametrize("moves", [0, 25])
def test_an_unfinished_linko_game_shows_no_other_hand(registry, moves):
    match = linko_match(registry, moves)
    assert not match.state.is_terminal
    for viewer in (0, 1, 2, None):
        hands = match.update_for(viewer)["view"]["fields"]["hands"]
        assert [seat for seat, hand in enumerate(hands) if hand["cards"] is not None] == ([] if viewer is None else [viewer])


def test_a_forfeited_game_reveals_nothing(registry):
    match = linko_match(registry, 10)
    match.forfeit = {"seat": 1, "reason": "timeout"}
    assert match.update_for(0)["result"]["forfeit"]  # over for the match, not by the rules
    assert match.update_for(0)["view"]["fields"]["hands"][1]["cards"] is None


# -- the rules page --------------------------------------------------------------------------------

def test_the_rules_page_is_the_games_rules_as_html(server):
    page = server.client.get("/rules/linko")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<title>Linko: rules</title>" in page.text and "<h1>" in page.text and "<table>" in page.text
    assert "Scoring" in page.text
    assert server.client.get("/rules/nothing").status_code == 404


def test_the_rules_page_shows_a_plugins_html_as_text_and_drops_script_links():
    class Sneaky:
        spec = SimpleNamespace(id="sneaky", title="Sneaky <b>", summary="")
        rules_text = "# Sneaky\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) and [sheet](sheet.pdf)"
    page = rules_page(Sneaky)
    assert "<script>" not in page and "&lt;script&gt;" in page and "href=\"javascript" not in page
    assert "<title>Sneaky &lt;b&gt;: rules</title>" in page and "sheet.pdf" not in page
