"""Game options declared as data, and their validation into an immutable `Options` value."""

from __future__ import annotations

import math
import re
from typing import Any, Iterator, Mapping

import attrs
from attrs import frozen

from .errors import OptionError

_TYPES = {"str": str, "int": int, "float": float, "bool": bool}

#: How a person types numbers: ASCII digits only (no `1_000`, no full-width or Arabic-Indic digits,
#: which Python's int() and float() would take).
_INT_TEXT = re.compile(r"[+-]?[0-9]+")
_FLOAT_TEXT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
_BOOL_TEXT = {"true": True, "false": False, "1": True, "0": False, "yes": True, "no": False}


class OptionText(str):
    """An option value as typed on the command line (`KEY=VALUE`), still to be converted.

    Only such text is converted to the option's type; any other value (from JSON: a save, a
    record, a protocol request) must already have the option's exact type. So `"max_take": "3"`
    in JSON is refused, while `-o max_take=3` on the command line is an integer.
    """

    __slots__ = ()


@frozen
class Option:
    """One option a game accepts: its type, default, allowed values and help text.

    `type` is "str", "int", "float" or "bool"; `choices` (if given) lists every allowed value;
    `minimum`/`maximum` bound an int or float option. A float option accepts whole numbers too.
    """

    name: str
    type: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | float | None = None
    maximum: int | float | None = None

    def __attrs_post_init__(self) -> None:
        if self.type not in _TYPES:
            raise ValueError(f"option {self.name!r}: type must be one of {sorted(_TYPES)}")
        self.validate(self.default)

    def allowed(self) -> str:
        """The allowed values in words, for error messages and help."""
        if self.choices is not None:
            return ", ".join(_format(c) for c in self.choices)
        if self.type == "bool":
            return "true, false"
        if self.type in ("int", "float"):
            lo = "" if self.minimum is None else f"≥ {self.minimum}"
            hi = "" if self.maximum is None else f"≤ {self.maximum}"
            return ("an integer" if self.type == "int" else "a number") + (f" {lo}" if lo else "") + (f" and {hi}" if lo and hi else hi and f" {hi}")
        return "any text"

    def parse(self, raw: Any) -> Any:
        """Validate a value: `OptionText` typed on the command line is converted first (ASCII
        digits for numbers; true/false/yes/no/1/0 for booleans); anything else must already have
        the option's exact type (a float option also takes a whole number)."""
        value = raw
        if isinstance(raw, OptionText):
            value = str(raw) if self.type == "str" else self._convert(str(raw))
        if self.type == "float" and type(value) is int:
            value = float(value)
        self.validate(value)
        return value

    def _convert(self, text: str) -> Any:
        if self.type == "int" and _INT_TEXT.fullmatch(text):
            return int(text)
        if self.type == "float" and _FLOAT_TEXT.fullmatch(text):
            return float(text)
        if self.type == "bool" and text.lower() in _BOOL_TEXT:
            return _BOOL_TEXT[text.lower()]
        raise self._bad(OptionText(text))

    def validate(self, value: Any) -> None:
        """Raise OptionError, naming the option and what it allows, unless `value` is allowed.

        Types are exact: `True` is not an int, `"3"` is not a number."""
        expected = _TYPES[self.type]
        if type(value) is not expected:  # bool is a subclass of int: compare exactly
            raise self._bad(value)
        if expected is float and not math.isfinite(value):
            raise self._bad(value)
        if self.choices is not None and value not in self.choices:
            raise self._bad(value)
        if self.minimum is not None and value < self.minimum:
            raise self._bad(value)
        if self.maximum is not None and value > self.maximum:
            raise self._bad(value)

    def _bad(self, value: Any) -> OptionError:
        shown = "empty" if value == "" else _format(value)  # never "cannot be ; allowed"
        if type(value) is str and self.type != "str":  # JSON text where a number or boolean belongs
            shown = f'"{value}" (text)'
        return OptionError(f"option {self.name!r} cannot be {shown}; allowed: {self.allowed()}")


def format_value(value: Any) -> str:
    """An option value as typed on the command line (booleans as true/false)."""
    return _format(value)


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@frozen
class Options(Mapping[str, Any]):
    """Validated option values of one game: every declared key, defaults filled in, immutable."""

    items_: tuple[tuple[str, Any], ...] = attrs.field(alias="items_")

    def __getitem__(self, key: str) -> Any:
        for name, value in self.items_:
            if name == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.items_)

    def __len__(self) -> int:
        return len(self.items_)

    def as_dict(self) -> dict[str, Any]:
        """Every option's value by name, as a new dict."""
        return dict(self.items_)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_format(v)}" for k, v in self.items_)
        return f"Options({inner})"


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any] | None = None) -> Options:
    """Validate `given` against the declared options and fill in defaults.

    Raises OptionError naming an unknown key (with the known keys) or a bad value (with the
    allowed values). Values must have their option's type, except `OptionText` from the command
    line (`parse_pairs`), which is converted.
    """
    given = dict(given or {})
    by_name = {o.name: o for o in declared}
    for key in given:
        if key not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option {key!r}; this game's options: {known}")
    return Options(tuple((o.name, o.parse(given[o.name]) if o.name in given else o.default) for o in declared))


def parse_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, OptionText]:
    """Parse command-line `KEY=VALUE` strings into a dict of `OptionText` values."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"expected KEY=VALUE, got {pair!r}")
        result[key.strip()] = OptionText(value)  # exactly as typed: " 2" is no integer
    return result
