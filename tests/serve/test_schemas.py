"""The published schemas: they load, are valid draft 2020-12 schemas whose references all resolve
among the shipped files, and the validator says where and why a document does not match.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from referencing.exceptions import NoSuchResource, Unresolvable

from meeple import Narrator, Registry
from meeple.protocol import Server, load_schema, schema_names, validate
from meeple.protocol.schema import SchemaViolation, schema_registry
from meeple.protocol.server import OPERATIONS


def test_every_schema_loads_and_names_itself():
    names = schema_names()
    served = {f"{op}.{kind}.json" for op in OPERATIONS for kind in ("request", "response")}
    assert served | {"common.json", "error.response.json"} <= set(names)
    for name in names:
        schema = load_schema(name)
        assert schema["$id"] == name and schema["$schema"].endswith("2020-12/schema")


@pytest.mark.parametrize("name", schema_names())
def test_every_schema_is_a_valid_draft_2020_12_schema(name):
    Draft202012Validator.check_schema(load_schema(name))


def _refs(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for child in node.values():
            yield from _refs(child)
    elif isinstance(node, list):
        for child in node:
            yield from _refs(child)


@pytest.mark.parametrize("name", schema_names())
def test_every_reference_resolves_among_the_shipped_schemas(name):
    resolver = schema_registry().resolver(base_uri=name)
    for ref in _refs(load_schema(name)):
        resolved = resolver.lookup(ref).contents
        assert isinstance(resolved, dict) and resolved, f"{name}: {ref}"


def test_a_reference_outside_the_shipped_schemas_is_an_error_never_a_download():
    resolver = schema_registry().resolver(base_uri="view.request.json")
    with pytest.raises(Unresolvable):
        resolver.lookup("common.json#/$defs/no_such_definition")
    with pytest.raises(NoSuchResource):
        schema_registry().get_or_retrieve("https://example.com/common.json")


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
