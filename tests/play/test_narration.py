"""Reading typed moves and narrating them: the generic forms, and each game's narrator."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from meeple import Narrator, Registry
from meeple.narration import NotationError, generic_notation, read_move

REGISTRY = Registry.load()
NIM = REGISTRY.create("nim", 2)


def nim_position():
    state = NIM.new_state(0)
    return state, state.view(0), state.legal_actions()


def test_generic_notation_is_the_tag_and_the_field_values():
    _, _, legal = nim_position()
    assert [generic_notation(a) for a in legal[:3]] == ["take 0 1", "take 0 2", "take 0 3"]


@pytest.mark.parametrize("typed, expected", [
    ("1", 0), ("9", 8), ("take 0 2", 1), ("  TAKE   2 3 ", 8), ("take 3 from heap 2", 8),
    ('{"type": "take", "heap": 1, "stones": 1}', 3),
])
def test_a_move_is_read_by_number_notation_description_or_json(typed, expected):
    state, view, legal = nim_position()
    assert read_move(Narrator(), type(NIM), view, legal, typed) == legal[expected]


@pytest.mark.parametrize("typed, message", [
    ("", "type a move, or `help`"),
    ("0", "there is no move 0: choose a number from 1 to 9"),
    ("-3", "there is no move -3"),
    ("take all", "'take all' is not a move here: type a number from 1 to 9"),
    ("{oops", "that is not valid JSON"),
    ('{"type": "grab"}', "unknown action type 'grab'"),
])
def test_what_names_no_move_is_explained(typed, message):
    state, view, legal = nim_position()
    with pytest.raises(NotationError, match=message):
        read_move(Narrator(), type(NIM), view, legal, typed)


def test_an_ambiguous_notation_asks_for_the_number():
    class Vague(Narrator):
        def notation(self, view, action):
            return f"heap {action.heap}"

    state, view, legal = nim_position()
    with pytest.raises(NotationError, match="could mean moves 1, 2, 3: type the number"):
        read_move(Vague(), type(NIM), view, legal, "heap 0")


def test_the_generic_narration_names_the_seat_and_the_action():
    state, view, legal = nim_position()
    state.apply(legal[1])
    assert Narrator().narrate(view, legal[1], state.view(0)) == "seat 0: take 2 from heap 0"


GAMES = [("linkage", 2, {}), ("linkage", 2, {"variant": "balanced"}), ("linko", 3, {}),
         ("linko", 2, {"variant": "expert"}), ("combo_breaker", 4, {})]


@pytest.mark.parametrize("game_id, players, options", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_every_legal_move_has_its_own_notation_that_reads_back(game_id, players, options, seed):
    narrator = REGISTRY.narrator(game_id)
    game = REGISTRY.create(game_id, players, options)
    state = game.new_state(seed)
    chooser = seed
    while not state.is_terminal:
        seat, legal = state.current_player, state.legal_actions()
        view = state.view(seat)
        notations = [narrator.notation(view, action) for action in legal]
        assert len(set(notations)) == len(notations), "two legal moves share a notation"
        for action, typed in zip(legal, notations):
            assert read_move(narrator, type(game), view, legal, typed) == action
            assert narrator.parse(view, typed) == action, "the game's parser reads its own notation"
        viewers = {v: state.view(v) for v in (None, *range(players))}
        chooser = (chooser * 6364136223846793005 + 1442695040888963407) % 2**64
        action = legal[chooser % len(legal)]
        state.apply(action)
        for viewer, before in viewers.items():
            line = narrator.narrate(before, action, state.view(viewer))
            assert line.startswith(f"seat {seat}"), line


def test_linko_a_card_drawn_blind_is_named_to_the_drawer_only():
    narrator = REGISTRY.narrator("linko")
    state = REGISTRY.create("linko", 3).new_state(5)
    while state.legal_actions()[-1].tag != "draw_pile" or state.decision.tag == "play_cards":
        state.apply(state.legal_actions()[0])
    drawer = state.current_player
    before = {v: state.view(v) for v in range(3)}
    action = next(a for a in state.legal_actions() if a.tag == "draw_pile")
    state.apply(action)
    lines = {v: narrator.narrate(before[v], action, state.view(v)) for v in range(3)}
    assert "draws a card from the pile" not in lines[drawer] and "from the pile" in lines[drawer]
    for viewer in set(range(3)) - {drawer}:
        assert lines[viewer].startswith(f"seat {drawer} draws a card from the pile")


def test_linko_rule_6_a_steal_is_narrated_with_the_stolen_layer():
    narrator = REGISTRY.narrator("linko")
    state = REGISTRY.create("linko", 3).new_state(5)
    for _ in range(400):
        before, action = state.view(None), state.legal_actions()[0]
        state.apply(action)
        if state.decision is not None and state.decision.tag == "take_or_leave":
            line = narrator.narrate(before, action, state.view(None))
            assert "steals" in line and f"from seat {state.decision.victim}" in line, line
            return
    pytest.fail("no steal in 400 moves")


def test_combo_breaker_rule_7a_a_drawn_card_is_named_to_the_drawer_only():
    narrator = REGISTRY.narrator("combo_breaker")
    state = REGISTRY.create("combo_breaker", 3).new_state(2)
    for _ in range(2000):
        if state.is_terminal:
            break
        if state.decision.tag == "place_drawn":
            drawer, action = state.current_player, state.legal_actions()[0]
            before = {v: state.view(v) for v in range(3)}
            state.apply(action)
            lines = {v: narrator.narrate(before[v], action, state.view(v)) for v in range(3)}
            assert "inserts the drawn" in lines[drawer]
            assert all("inserts a drawn card at position 0" in lines[v] for v in range(3) if v != drawer)
            return
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.tag == "draw"), legal[0]))
    pytest.fail("no Draw card was resolved")


def documented_examples():
    import re
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "play.md").read_text()
    for title, game_id in (("Linko", "linko"), ("Linkage", "linkage"), ("Combo Breaker", "combo_breaker")):
        section = doc.split(f"### {title}\n", 1)[1].split("\n#", 1)[0]
        for row in re.findall(r"^\|.*\| (`[^|]*`) \|$", section, re.M):
            for example in re.findall(r"`([^`]+)`", row):
                yield game_id, example


@pytest.mark.parametrize("game_id, example", list(documented_examples()))
def test_every_notation_example_in_the_play_docs_reads_as_a_move(game_id, example):
    state = REGISTRY.create(game_id, REGISTRY.game(game_id).spec.min_players).new_state(0)
    assert REGISTRY.narrator(game_id).parse(state.view(0), example) is not None
