"""The published schemas: they load, use only keywords the validator enforces, and the validator
says where and why a document does not match.
"""

from __future__ import annotations

import json

import pytest

from meeple import Narrator, Registry
from meeple.protocol import Server, load_schema, schema_names, validate
from meeple.protocol.schema import SchemaViolation, _check_keywords


def test_every_schema_loads_and_names_itself():
    names = schema_names()
    assert "common.json" in names and "error.response.json" in names and len(names) == 22
    for name in names:
        schema = load_schema(name)
        assert schema["$id"] == name and schema["$schema"].endswith("2020-12/schema")


def test_a_keyword_the_validator_does_not_enforce_is_refused():
    with pytest.raises(ValueError, match="does not enforce: \\['pattern'\\]"):
        _check_keywords({"type": "string", "pattern": "^a"}, "test")


@pytest.mark.parametrize("document, message", [
    ({"op": "view", "session": "s1"}, "request is missing 'seat'"),
    ({"op": "view", "session": "s1", "seat": "0"}, "request.seat must be integer or null"),
    ({"op": "view", "session": "s1", "seat": -1}, "request.seat must be at least 0"),
    ({"op": "view", "session": "", "seat": 0}, "request.session must not be empty"),
    ({"op": "view", "session": "s1", "seat": 0, "colour": 1}, "unexpected key 'colour'"),
    ({"op": "view", "session": "s1", "seat": True}, "request.seat must be integer or null"),
    ({"op": "views", "session": "s1", "seat": 0}, 'request.op must be "view"'),
])
def test_violations_name_the_place_and_the_reason(document, message):
    with pytest.raises(SchemaViolation, match=message):
        validate(document, "view.request.json", root="request")


def test_references_across_files_are_followed():
    good = {"id": None, "ok": True, "result": {"session": "s1", "seat": 0, "bot": "random",
                                               "move": {"action": {"type": "take"}, "text": "t", "notation": "n"}}}
    validate(good, "bot.response.json")
    bad = json.loads(json.dumps(good))
    bad["result"]["move"]["action"] = {"heap": 1}
    with pytest.raises(SchemaViolation, match="\\$.result.move.action is missing 'type'"):
        validate(bad, "bot.response.json")


def test_the_server_survives_a_plugin_bug_and_changes_nothing(capsys):
    class Broken(Narrator):
        def narrate(self, before, action, after):
            raise KeyError("a narrator's bug")

    server = Server(Registry.load())
    server.registry.narrators["nim"] = Broken()
    created = json.loads(server.handle_line('{"op": "create", "game": "nim", "seed": 1}'))
    assert created["ok"]
    answer = json.loads(server.handle_line('{"id": 5, "op": "apply", "session": "s1", "seat": 0, "notation": "1"}'))
    assert answer == {"id": 5, "ok": False, "error": {"code": "internal_error", "message": "KeyError: \"a narrator's bug\""}}
    validate(answer, "error.response.json")
    assert "Traceback" in capsys.readouterr().err
    assert server.sessions["s1"].state.moves == 0 and server.sessions["s1"].actions == []
    assert json.loads(server.handle_line('{"op": "hello"}'))["ok"]


def test_a_blank_line_gets_no_response():
    server = Server(Registry.load())
    assert server.handle_line("   \n") is None and server.handle_line(b"\n") is None
