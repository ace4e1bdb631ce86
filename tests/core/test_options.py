"""Options declared as data: defaults, parsing from text, and errors naming what is allowed."""

import pytest

from meeple import Option, OptionError
from meeple.options import parse_pairs, resolve_options

DECLARED = (
    Option("variant", "str", "base", choices=("base", "advanced", "expert")),
    Option("max_turns", "int", 500, minimum=1),
    Option("wild", "bool", True),
)


def test_defaults_fill_every_declared_key():
    options = resolve_options(DECLARED, {})
    assert options.as_dict() == {"variant": "base", "max_turns": 500, "wild": True}


def test_command_line_text_is_parsed():
    typed = parse_pairs(["max_turns=12", "wild=false", "variant=expert"])
    options = resolve_options(DECLARED, typed)
    assert options["max_turns"] == 12 and options["wild"] is False and options["variant"] == "expert"
    assert type(options["variant"]) is str


@pytest.mark.parametrize("key, value", [("max_turns", "12"), ("wild", "false"), ("wild", 1), ("max_turns", 12.0)])
def test_json_values_must_have_the_option_type_exactly(key, value):
    """A value from JSON (a save, a record, a protocol request) is never converted: "12" is text."""
    with pytest.raises(OptionError, match=f"option '{key}' cannot be"):
        resolve_options(DECLARED, {key: value})


@pytest.mark.parametrize("typed", ["1_0", "\u0663", "\uff13", "0x10", "1e3"])
def test_command_line_integers_are_ascii_digits(typed):
    with pytest.raises(OptionError, match="option 'max_turns' cannot be"):
        resolve_options(DECLARED, parse_pairs([f"max_turns={typed}"]))


def test_unknown_key_names_the_known_keys():
    with pytest.raises(OptionError, match="unknown option 'colour'.*max_turns, variant, wild"):
        resolve_options(DECLARED, {"colour": "red"})


@pytest.mark.parametrize("key, value, allowed", [
    ("variant", "hard", "base, advanced, expert"),
    ("max_turns", "0", "an integer ≥ 1"),
    ("max_turns", "many", "an integer ≥ 1"),
    ("wild", "maybe", "true, false"),
])
def test_bad_value_names_the_option_and_allowed_values(key, value, allowed):
    with pytest.raises(OptionError) as info:
        resolve_options(DECLARED, parse_pairs([f"{key}={value}"]))
    assert f"option {key!r}" in str(info.value) and allowed in str(info.value)


def test_type_is_checked_exactly():
    with pytest.raises(OptionError):
        resolve_options(DECLARED, {"max_turns": True})


def test_options_are_hashable_values():
    assert hash(resolve_options(DECLARED, {})) == hash(resolve_options(DECLARED, {}))


def test_parse_pairs_requires_key_equals_value():
    assert parse_pairs(["a=1", " b =x"]) == {"a": "1", "b": "x"}
    assert parse_pairs(["n= 2"]) == {"n": " 2"}  # a value is kept exactly as typed: " 2" is no integer
    with pytest.raises(OptionError, match="expected KEY=VALUE"):
        parse_pairs(["novalue"])


def test_float_options_accept_whole_numbers_and_reject_non_finite_values():
    exploration = (Option("exploration", "float", 1.4, minimum=0.0),)
    assert resolve_options(exploration, parse_pairs(["exploration=2"]))["exploration"] == 2.0
    assert resolve_options(exploration, {"exploration": 3})["exploration"] == 3.0
    for bad in ("nan", "inf", "-1", "x"):
        with pytest.raises(OptionError, match="option 'exploration'"):
            resolve_options(exploration, parse_pairs([f"exploration={bad}"]))
