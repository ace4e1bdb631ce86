"""The JSON `meeple server` accepts, checked against its schemas (`schemas/server.*.json`),
which reuse the protocol's definitions (`common.json`: an action, a seat) and its exact integers."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Any

from jsonschema.exceptions import best_match
from referencing import Resource
from referencing.jsonschema import DRAFT202012

from ..protocol.schema import ExactValidator, schema_registry
from .matches import Refused

#: The largest request body or WebSocket message the server reads, in bytes.
MAX_MESSAGE_BYTES = 64 * 1024


def _schema(name: str) -> dict[str, Any]:
    return json.loads(files(__package__).joinpath("schemas", name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _validator(name: str) -> ExactValidator:
    registry = schema_registry().with_resource(name, Resource.from_contents(_schema(name), DRAFT202012))
    return ExactValidator(_schema(name), registry=registry)


def parse(text: str | bytes, schema: str) -> Any:
    """The document in `text`, if it is at most MAX_MESSAGE_BYTES of JSON matching `schema`;
    Refused("bad_request", one line) otherwise."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise Refused("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Refused("bad_request", f"not JSON: {exc}") from None
    error = best_match(_validator(schema).iter_errors(document))
    if error is not None:
        place = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        message = " ".join(error.message.split())
        raise Refused("bad_request", f"{place}: {message if len(message) <= 200 else message[:197] + '...'}")
    return document
