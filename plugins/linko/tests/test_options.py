"""The options table of rules.md is the option schema; bad combinations are clear errors."""

from __future__ import annotations

import re

import pytest

from meeple import OptionError
from meeple_linko import Linko
from meeple_linko.game import max_length


def options_table() -> dict[str, tuple[str, str]]:
    """`key -> (values, default)` from the table under "## Options" in the shipped rules."""
    section = Linko.rules_text.split("## Options", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[1], cells[2].strip("`"))
    return rows


def test_options_match_the_rules_table():
    table = options_table()
    spec = {o.name: o for o in Linko.spec.options}
    assert list(table) == list(spec)
    for key, (values, default) in table.items():
        option = spec[key]
        shown = option.default if option.type != "bool" else str(option.default).lower()
        assert str(shown) == default, key
        if option.choices is not None:
            assert re.findall(r"`([^`]+)`", values) == list(option.choices), key
        elif option.type == "bool":
            assert re.findall(r"`([^`]+)`", values) == ["true", "false"], key
        else:
            assert values == f"integer ≥ {option.minimum}", key


def test_rules_text_is_the_shipped_rules_file():
    assert Linko.rules_text.startswith("# Linko")
    assert "D8" in Linko.rules_text


def test_two_players_play_the_duel_unless_they_choose_classic():
    assert Linko(2).duel
    assert not Linko(2, {"two_player": "classic"}).duel


@pytest.mark.parametrize("options, message", [
    ({"variant": "pro"}, "variant"),
    ({"ties": "coin"}, "ties"),
    ({"max_turns": 0}, "max_turns"),
    ({"two_player": "solo"}, "two_player"),
    ({"colour": "red"}, "unknown option"),
])
def test_bad_options_are_option_errors(options, message):
    with pytest.raises(OptionError, match=message):
        Linko(3, options)


@pytest.mark.parametrize("players", [1, 6])
def test_linko_is_for_2_to_5_players(players):
    with pytest.raises(OptionError, match="2–5 players"):
        Linko(players)


def test_options_without_effect_are_accepted():
    game = Linko(4, {"two_player": "classic", "ghost_steal_blocks_draw": False})
    assert not game.duel


def test_max_length_grows_with_the_turn_cap_and_players():
    game = Linko(3)
    # 500 turns x (play + 2 x (take/leave + back/discard) + no-steal draw) + 70 drawable cards
    assert game.max_length() == 500 * 6 + 109 - 39
    assert max_length(Linko(5, {"max_turns": 1}).options, 5) == 10 + 109 - 65
    # the Duel adds the ghost steal to each turn; 26 cards start in hands
    assert Linko(2).max_length() == 500 * 5 + 109 - 26
    assert Linko(2, {"two_player": "classic"}).max_length() == 500 * 4 + 109 - 26


def test_an_empty_option_value_is_named_as_empty_not_left_blank():
    with pytest.raises(OptionError) as caught:
        Linko(3, {"variant": ""})
    assert str(caught.value) == "option 'variant' cannot be empty; allowed: base, advanced, expert"
