"""How the core reads a state class: each field's kind, resolved once per class from its annotations.

Field kinds drive the generic clone, view, serialization and determinization, so game code never
writes them by hand. A state field may be a zone, a tuple or list of zones, a list or dict of
immutable values, or an immutable value (int, str, bool, None, tuple, frozen attrs instance).
"""

from __future__ import annotations

import enum
import typing
from functools import lru_cache
from typing import Any

import attrs

from .zones import Zone

HIDDEN = "meeple_hidden"
BASE_FIELDS = ("game", "rng", "pending", "moves", "_legal", "_choices", "_facts")


class Kind(enum.Enum):
    ZONE = "zone"
    ZONES = "zones"  # a tuple or list of zones (one per player, say)
    LIST = "list"  # a list of immutable values
    DICT = "dict"
    VALUE = "value"  # immutable: shared between clones


@attrs.frozen
class FieldInfo:
    name: str
    kind: Kind
    annotation: Any
    zone_type: type[Zone] | None
    container: type | None  # tuple or list, for Kind.ZONES
    hidden: bool

    @property
    def view_annotation(self) -> Any:
        """The type this field has in a View (zones become zone views, lists become tuples)."""
        if self.kind is Kind.ZONE:
            return self.zone_type.view_type  # type: ignore[union-attr]
        if self.kind is Kind.ZONES:
            return tuple[self.zone_type.view_type, ...]  # type: ignore[union-attr,name-defined]
        if self.kind is Kind.LIST:
            args = typing.get_args(self.annotation)
            return tuple[args[0], ...] if args else tuple
        if self.kind is Kind.DICT:
            args = typing.get_args(self.annotation)
            return tuple[tuple[args[0], args[1]], ...] if args else tuple
        return self.annotation


def hidden_field(**kwargs: Any) -> Any:
    """An attrs field that views leave out (a game holding one must override `determinize`)."""
    metadata = dict(kwargs.pop("metadata", {}))
    metadata[HIDDEN] = True
    return attrs.field(metadata=metadata, **kwargs)


def _zone_class(annotation: Any) -> type[Zone] | None:
    return annotation if isinstance(annotation, type) and issubclass(annotation, Zone) else None


def _classify(name: str, annotation: Any, hidden: bool) -> FieldInfo:
    zone = _zone_class(annotation)
    if zone is not None:
        return FieldInfo(name, Kind.ZONE, annotation, zone, None, hidden)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (tuple, list) and args:
        inner = _zone_class(args[0])
        if inner is not None:
            return FieldInfo(name, Kind.ZONES, annotation, inner, origin, hidden)
    if origin is list or annotation is list:
        return FieldInfo(name, Kind.LIST, annotation, None, None, hidden)
    if origin is dict or annotation is dict:
        return FieldInfo(name, Kind.DICT, annotation, None, None, hidden)
    return FieldInfo(name, Kind.VALUE, annotation, None, None, hidden)


@lru_cache(maxsize=None)
def game_fields(state_class: type) -> tuple[FieldInfo, ...]:
    """The game-specific fields of a state class (the base State's own fields excluded)."""
    hints = typing.get_type_hints(state_class)
    infos = []
    for f in attrs.fields(state_class):
        if f.name in BASE_FIELDS:
            continue
        infos.append(_classify(f.name, hints.get(f.name, Any), bool(f.metadata.get(HIDDEN))))
    return tuple(infos)


def zones_of(state: Any, infos: tuple[FieldInfo, ...] | None = None) -> list[tuple[str, Zone]]:
    """Every zone in a state with a readable name (`hands[2]`), in field order."""
    result = []
    for info in infos or game_fields(type(state)):
        value = getattr(state, info.name)
        if info.kind is Kind.ZONE:
            result.append((info.name, value))
        elif info.kind is Kind.ZONES:
            result.extend((f"{info.name}[{i}]", z) for i, z in enumerate(value))
    return result
