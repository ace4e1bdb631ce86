"""The protocol's JSON Schemas, shipped as package data, and the validator the server runs them with.

The schemas in `schemas/` are the protocol's specification: the server validates every request
against its operation's schema, and the tests validate every response. So that the published
schemas and the server can never disagree, the server uses them directly, with this small
validator for the subset of JSON Schema (draft 2020-12) they are written in. A keyword outside
that subset is an error when a schema is loaded, never silently ignored.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Any

#: Keywords that only annotate (documentation for people and tools); the validator skips them.
ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "examples", "default", "$defs"})
#: Keywords the validator enforces.
ASSERTIONS = frozenset({"type", "properties", "required", "additionalProperties", "items", "enum",
                        "const", "minimum", "minLength", "minItems", "oneOf", "anyOf", "$ref"})

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) in (int, float),
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


class SchemaViolation(ValueError):
    """A document that does not match its schema; the message names where and why."""


def schema_names() -> list[str]:
    """Every schema file shipped with meeple, e.g. `create.request.json`."""
    folder = files(__package__).joinpath("schemas")
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".json"))


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict[str, Any]:
    """One schema file, checked to use only the keywords this validator knows."""
    text = files(__package__).joinpath("schemas", name).read_text(encoding="utf-8")
    schema = json.loads(text)
    _check_keywords(schema, name)
    return schema


def _check_keywords(node: Any, where: str) -> None:
    if isinstance(node, dict):
        unknown = set(node) - ANNOTATIONS - ASSERTIONS
        if unknown:
            raise ValueError(f"schema {where} uses keywords the validator does not enforce: {sorted(unknown)}")
        for key, value in node.items():
            if key in ("properties", "$defs"):
                for name, child in value.items():
                    _check_keywords(child, f"{where}/{key}/{name}")
            elif key in ("items", "additionalProperties") and isinstance(value, dict):
                _check_keywords(value, f"{where}/{key}")
            elif key in ("oneOf", "anyOf"):
                for i, child in enumerate(value):
                    _check_keywords(child, f"{where}/{key}/{i}")


def validate(document: Any, name: str, root: str = "$") -> None:
    """Raise SchemaViolation if `document` does not match the schema file `name`; messages
    name places inside the document from `root` (`request.seat`).
    """
    schema = load_schema(name)
    _validate(document, schema, name, root)


def _resolve(ref: str, current: str) -> tuple[dict[str, Any], str]:
    file, _, pointer = ref.partition("#")
    file = file or current
    node: Any = load_schema(file)
    for part in [p for p in pointer.split("/") if p]:
        node = node[part]
    return node, file


def _validate(value: Any, schema: dict[str, Any], file: str, path: str) -> None:
    if "$ref" in schema:
        target, target_file = _resolve(schema["$ref"], file)
        _validate(value, target, target_file, path)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[kind](value) for kind in kinds):
            raise SchemaViolation(f"{path} must be {' or '.join(kinds)}, not {_show(value)}")
    if "const" in schema and not _same(value, schema["const"]):
        raise SchemaViolation(f"{path} must be {json.dumps(schema['const'])}, not {_show(value)}")
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        raise SchemaViolation(f"{path} must be one of {', '.join(json.dumps(o) for o in schema['enum'])}, "
                              f"not {_show(value)}")
    if "minimum" in schema and type(value) in (int, float) and value < schema["minimum"]:
        raise SchemaViolation(f"{path} must be at least {schema['minimum']}, not {value}")
    if "minLength" in schema and isinstance(value, str) and len(value) < schema["minLength"]:
        raise SchemaViolation(f"{path} must not be empty" if schema["minLength"] == 1
                              else f"{path} must have at least {schema['minLength']} characters")
    if isinstance(value, dict):
        _validate_object(value, schema, file, path)
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            raise SchemaViolation(f"{path} must have at least {schema['minItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                _validate(item, schema["items"], file, f"{path}[{i}]")
    for key, need_one in (("oneOf", True), ("anyOf", False)):
        if key in schema:
            _validate_alternatives(value, schema[key], file, path, need_one)


def _validate_object(value: dict[str, Any], schema: dict[str, Any], file: str, path: str) -> None:
    for key in schema.get("required", ()):
        if key not in value:
            raise SchemaViolation(f"{path} is missing {key!r}")
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        where = f"{path}.{key}"
        if key in properties:
            _validate(item, properties[key], file, where)
        elif extra is False:
            allowed = ", ".join(sorted(properties)) or "none"
            raise SchemaViolation(f"{path} has an unexpected key {key!r} (allowed: {allowed})")
        elif isinstance(extra, dict):
            _validate(item, extra, file, where)


def _validate_alternatives(value: Any, options: list[dict[str, Any]], file: str, path: str,
                           need_one: bool) -> None:
    failures = []
    for option in options:
        try:
            _validate(value, option, file, path)
        except SchemaViolation as exc:
            failures.append(str(exc))
    matched = len(options) - len(failures)
    if all(set(option) == {"required"} for option in options) and matched != 1:
        keys = " or ".join(repr(key) for option in options for key in option["required"])
        raise SchemaViolation(f"{path} must have exactly one of {keys}")
    if matched == 0:
        raise SchemaViolation(" or ".join(dict.fromkeys(failures)) if len(failures) <= 3
                              else f"{path} matches none of its {len(options)} allowed forms")
    if need_one and matched > 1:
        raise SchemaViolation(f"{path} matches {matched} of its allowed forms; it must match exactly one")


def _same(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
