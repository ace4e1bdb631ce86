"""The protocol's JSON Schemas, shipped as package data, and the validator the server runs them with.

The schemas in `schemas/` are the protocol's specification: the server validates every request
against its operation's schema, and the tests validate every response. So that the published
schemas and the server can never disagree, the server uses them directly, with the `jsonschema`
library's draft 2020-12 validator, which enforces the whole draft. Every shipped file sits in one
`referencing` registry under its `$id`, so a `$ref` to another file (`common.json#/$defs/seat`)
resolves offline; the registry retrieves nothing, so a `$ref` outside the shipped files is an
error, never a download.

One deliberate strictness beyond the draft: draft 2020-12 counts a number with a zero fraction
(`5.0`) as an "integer"; meeple's types are exact, so here an integer is a JSON number written
without a fraction or exponent (Python `int`, never `float`, never `true`), in every schema.
An action's fields, which the schemas leave to each game, are checked just as exactly by the
game's converter (`meeple.serialization`).

jsonschema's own messages show Python reprs and schema paths; `validate` turns the best-matching
error into one readable line naming the place in the document (`request.seat must be at least 0`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


class SchemaViolation(ValueError):
    """A document that does not match its schema; the message names where and why."""


def schema_names() -> list[str]:
    """Every schema file shipped with meeple, e.g. `create.request.json`."""
    folder = files(__package__).joinpath("schemas")
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".json"))


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict[str, Any]:
    """One schema file, parsed (shared: do not modify it)."""
    text = files(__package__).joinpath("schemas", name).read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def schema_registry() -> Registry:
    """Every shipped schema under its file name (which is also its `$id`), and no way to fetch more."""
    resources = [(name, Resource.from_contents(load_schema(name), default_specification=DRAFT202012))
                 for name in schema_names()]
    return Registry().with_resources(resources).crawl()


def _is_exact_integer(checker: Any, instance: Any) -> bool:
    return type(instance) is int  # not 5.0 (which the draft would accept), not true


#: Draft 2020-12, except that "integer" is exact (see the module's docstring).
ExactValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_exact_integer))


@lru_cache(maxsize=None)
def _validator(name: str) -> Draft202012Validator:
    # Passing our registry matters: without one, jsonschema would fetch unknown `$ref`s over the network.
    return ExactValidator(load_schema(name), registry=schema_registry())


def validate(document: Any, name: str, root: str = "$") -> None:
    """Raise SchemaViolation if `document` does not match the schema file `name`; messages
    name places inside the document from `root` (`request.seat`).
    """
    error = best_match(_validator(name).iter_errors(document))
    if error is not None:
        raise SchemaViolation(_explain(error, root))


# -- jsonschema's errors in words ----------------------------------------------------------------

def _explain(error: ValidationError, root: str) -> str:
    """One line for one error: the place in the document, then what is wrong there."""
    path = _place(root, error.absolute_path)
    keyword, expected, value = error.validator, error.validator_value, error.instance
    if keyword == "required":
        missing = [key for key in expected if key not in value]
        return f"{path} is missing {', '.join(repr(key) for key in missing)}"
    if keyword == "type":
        kinds = expected if isinstance(expected, list) else [expected]
        return f"{path} must be {' or '.join(kinds)}, not {_show(value)}"
    if keyword == "const":
        return f"{path} must be {json.dumps(expected)}, not {_show(value)}"
    if keyword == "enum":
        return f"{path} must be one of {', '.join(json.dumps(option) for option in expected)}, not {_show(value)}"
    if keyword == "minimum":
        return f"{path} must be at least {expected}, not {value}"
    if keyword == "maximum":
        return f"{path} must be at most {expected}, not {_show(value)}"
    if keyword == "exclusiveMinimum":
        return f"{path} must be more than {expected}, not {value}"
    if keyword == "minLength":
        return f"{path} must not be empty" if expected == 1 else f"{path} must have at least {expected} characters"
    if keyword == "minItems":
        return f"{path} must have at least {expected} items"
    if keyword == "additionalProperties" and expected is False:
        return _unexpected_keys(error, path)
    if keyword in ("oneOf", "anyOf"):
        return _alternatives(error, path, root)
    return f"{path} does not match its schema ({keyword}: {_show(expected)})"


def _unexpected_keys(error: ValidationError, path: str) -> str:
    properties = error.schema.get("properties", {})
    patterns = error.schema.get("patternProperties", {})
    extra = [key for key in error.instance
             if key not in properties and not any(re.search(pattern, key) for pattern in patterns)]
    allowed = ", ".join(sorted(properties)) or "none"
    keys = ", ".join(repr(key) for key in extra)
    return f"{path} has {'an unexpected key' if len(extra) == 1 else 'unexpected keys'} {keys} (allowed: {allowed})"


def _alternatives(error: ValidationError, path: str, root: str) -> str:
    """A oneOf/anyOf that best_match did not narrow down to one alternative's error."""
    options = error.validator_value
    if all(set(option) == {"required"} for option in options):
        # The schemas' idiom for "give exactly one of these keys" (load: `save` or `path`).
        keys = " or ".join(repr(key) for option in options for key in option["required"])
        return f"{path} must have exactly one of {keys}"
    if not error.context:  # oneOf, and more than one alternative matched
        return f"{path} matches more than one of its allowed forms; it must match exactly one"
    by_option: dict[int, list[ValidationError]] = {}
    for failure in error.context:
        by_option.setdefault(failure.relative_schema_path[0], []).append(failure)
    reasons = dict.fromkeys(_explain(best_match(failures), root) for failures in by_option.values())
    if len(reasons) <= 3:
        return " or ".join(reasons)
    return f"{path} matches none of its {len(options)} allowed forms"


def _place(root: str, steps: Iterable[str | int]) -> str:
    """`request.seats[1]` from the root's name and the steps from it (keys and array indexes)."""
    return root + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in steps)


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."
