"""JSON for actions, decisions, views, states and options, through cattrs.

One base converter knows the core types (zones, zone views, RNG); each game gets a copy that also
knows its own action and decision classes as tagged unions (`{"type": tag, ...}`), so tags need
only be unique within a game. Bad input raises SerializationError with one readable line.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

import attrs

import cattrs
from cattrs.errors import BaseValidationError, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from .actions import Action, Decision
from .errors import MeepleError, SerializationError
from .knowledge import FACT_TYPES, Fact, Known
from .layout import Kind, game_fields
from .rng import Rng
from .view import View
from .zones import ZONE_CLASSES, Zone, ZoneView

if TYPE_CHECKING:
    from .game import Game
    from .state import State

FORMAT_VERSION = 1
_FACTS = tuple[Known, ...]


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _zone_hooks(converter: cattrs.Converter) -> None:
    """Every zone class (a game's own included: `ZONE_CLASSES`) as `{"zone": kind, ...}`."""

    def unstructure_zone(zone: Zone) -> dict[str, Any]:
        return {"zone": zone.kind, **zone.to_data()}

    def structure_zone(data: Any, cls: type) -> Zone:
        if not isinstance(data, dict) or data.get("zone") not in ZONE_CLASSES:
            raise ValueError(f"expected a zone object with a 'zone' kind, got {_short(data)}")
        zone_cls = ZONE_CLASSES[data["zone"]]
        if cls is not Zone and not issubclass(zone_cls, cls):
            raise ValueError(f"expected a {cls.kind} zone, got {data['zone']}")  # type: ignore[attr-defined]
        body = {k: v for k, v in data.items() if k != "zone"}
        try:
            return zone_cls.from_data(body)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"bad {zone_cls.kind} zone: {exc}") from None

    def is_zone(cls: Any) -> bool:
        return isinstance(cls, type) and issubclass(cls, Zone)

    converter.register_unstructure_hook_func(is_zone, unstructure_zone)
    converter.register_structure_hook_func(is_zone, structure_zone)


def make_base_converter() -> cattrs.Converter:
    """The converter for core types; games extend copies of it (see `converter_for`)."""
    # Tuples of any shape (a cell `(row, col)`, a pair of cells) unstructure to JSON lists, so
    # `state_to_data` is JSON-native and equals its own JSON round trip.
    converter = cattrs.Converter(forbid_extra_keys=True, unstruct_collection_overrides={tuple: list})
    converter.register_unstructure_hook(Rng, lambda rng: rng.state)
    converter.register_structure_hook(Rng, lambda data, _: Rng(_exactly(data, int)))
    converter.register_structure_hook(Any, lambda data, _: _freeze(data))
    for kind in (int, bool, str):  # exact types: cattrs would coerce (`int(2.9)`, `int(True)`, `str(5)`)
        converter.register_structure_hook(kind, _exactly)
    _zone_hooks(converter)
    _tagged(converter, Fact, FACT_TYPES, "fact")
    converter.register_structure_hook_func(_is_zone_view, _structure_zone_view)
    converter.register_unstructure_hook_factory(
        _is_zone_view, lambda cls: _zone_view_unstructurer(converter, cls))
    return converter


def _is_zone_view(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, ZoneView)


def _zone_view_unstructurer(converter: cattrs.Converter, cls: type) -> Callable[[Any], Any]:
    """A zone view's fields with a default (a hand's `known_to`) are left out while they hold
    it, so the JSON of games that never use them stays as it was."""
    optional = {f.name: override(omit_if_default=True) for f in attrs.fields(cls)
                if f.default is not attrs.NOTHING}
    return make_dict_unstructure_fn(cls, converter, **optional)


def _structure_zone_view(data: Any, cls: type) -> Any:
    """Zone views hold only JSON-native values and tuples: rebuild them, lists frozen to tuples."""
    names = [f.name for f in attrs.fields(cls)]
    required = {f.name for f in attrs.fields(cls) if f.default is attrs.NOTHING}
    if not isinstance(data, dict) or not required <= set(data) <= set(names):
        raise ValueError(f"a {cls.__name__} has the keys {names}, got {_short(data)}")
    return cls(**{name: _freeze(data[name]) for name in names if name in data})


def _exactly(data: Any, kind: type) -> Any:
    """`data` if it is exactly of `kind` (JSON's 5.0 and true are not the integer 5 or 1)."""
    if type(data) is not kind:
        raise ValueError(f"expected {_KIND_NAMES[kind]}, got {_short(data)}")
    return data


_KIND_NAMES = {int: "an integer", bool: "true or false", str: "a string"}


def _short(data: Any) -> str:
    text = json.dumps(data) if not isinstance(data, str) else repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


def _tagged(converter: cattrs.Converter, base: type, classes: tuple[type, ...], what: str) -> None:
    by_tag: dict[str, type] = {}
    for cls in classes:
        if not cls.tag:
            raise SerializationError(f"{cls.__name__} has no tag")
        if cls.tag in by_tag:
            raise SerializationError(f"{what} tag {cls.tag!r} used by {by_tag[cls.tag].__name__} "
                                     f"and {cls.__name__}")
        by_tag[cls.tag] = cls

    bodies_out = {cls: make_dict_unstructure_fn(cls, converter) for cls in classes}
    bodies_in = {cls: make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
                 for cls in classes}

    def unstructure(obj: Any) -> dict[str, Any]:
        return {"type": obj.tag, **bodies_out[type(obj)](obj)}

    def structure(data: Any, _: type) -> Any:
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(f"expected a {what} object with a 'type', got {_short(data)}")
        cls = by_tag.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown {what} type {data['type']!r}; known: {', '.join(sorted(by_tag))}")
        body = {k: v for k, v in data.items() if k != "type"}
        return bodies_in[cls](body, cls)

    converter.register_unstructure_hook(base, unstructure)
    converter.register_structure_hook(base, structure)
    for cls in classes:
        converter.register_unstructure_hook(cls, unstructure)
        converter.register_structure_hook(cls, structure)


@lru_cache(maxsize=None)
def converter_for(game_cls: type["Game"]) -> cattrs.Converter:
    """The converter for one game: the base plus that game's actions and decisions."""
    converter = make_base_converter()
    _tagged(converter, Action, tuple(game_cls.action_types), "action")
    _tagged(converter, Decision, tuple(game_cls.decision_types), "decision")
    return converter


def _guard(what: str, fn: Callable[[], Any]) -> Any:
    """Run `fn`, turning every way bad input can fail into one SerializationError line.

    cattrs reports nested failures as exception groups (a class's fields, a list's items: an
    edited zone inside a tuple of hands); `transform_error` flattens them into "what @ where"
    lines, of which the first names the field. Deeply nested JSON ends in RecursionError.
    """
    try:
        return fn()
    except MeepleError as exc:  # a SerializationError from a field, an OptionError...
        raise SerializationError(f"bad {what}: {exc}") from None
    except ForbiddenExtraKeysError as exc:
        raise SerializationError(f"bad {what}: unexpected keys {sorted(exc.extra_fields)}") from None
    except BaseValidationError as exc:
        raise SerializationError(f"bad {what}: {_first_problem(exc)}") from None
    except RecursionError:
        raise SerializationError(f"bad {what}: nested too deeply") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise SerializationError(f"bad {what}: {exc}") from None


def _first_problem(exc: BaseValidationError, path: str = "$") -> str:
    """The first of cattrs' "problem @ path" lines, plus how many more there are."""
    try:
        lines = cattrs.transform_error(exc, path=path, format_exception=_describe)
    except Exception:  # a hook raised something transform_error cannot describe
        lines = [str(exc)]
    first = lines[0] if lines else str(exc)
    return first if len(lines) <= 1 else f"{first} (and {len(lines) - 1} more)"


def _describe(exc: BaseException, type_: type | None) -> str:
    """The reason a hook gave ("bad hand zone: 'bogus' is not a valid Visibility"), else
    cattrs' own wording ("required field missing")."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, ValueError) and exc.args and isinstance(exc.args[0], str):
        return exc.args[0]
    return format_exception(exc, type_)


def _structure_field(converter: cattrs.Converter, data: Any, annotation: Any, path: str) -> Any:
    """Structure one field of a state or view, naming the field when its value is bad."""
    try:
        return converter.structure(data, annotation)
    except BaseValidationError as exc:
        raise SerializationError(_first_problem(exc, path)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise SerializationError(f"{exc} @ {path}") from None


# -- actions ------------------------------------------------------------------------------------

def action_to_data(game_cls: type["Game"], action: Action) -> dict[str, Any]:
    return converter_for(game_cls).unstructure(action, Action)


def action_from_data(game_cls: type["Game"], data: Any) -> Action:
    return _guard("action", lambda: converter_for(game_cls).structure(data, Action))


# -- views --------------------------------------------------------------------------------------

def view_to_data(game_cls: type["Game"], view: View) -> dict[str, Any]:
    converter = converter_for(game_cls)
    types = _view_types(game_cls)
    data = {
        "game": view.game,
        "player": view.player,
        "moves": view.moves,
        "pending": [converter.unstructure(d, Decision) for d in view.pending],
        "fields": {name: converter.unstructure(value, types.get(name, Any)) for name, value in view.fields},
    }
    if view.chosen:  # a simultaneous decision is under way (absent otherwise)
        data["chosen"] = list(view.chosen)
        data["choices"] = [[seat, converter.unstructure(a, Action)] for seat, a in view.choices]
    if view.eliminated:  # seats out of the game, in the order they went out (absent when none)
        data["eliminated"] = list(view.eliminated)
    if view.facts:  # facts about hidden cards this viewer knows (absent when none)
        data["facts"] = converter.unstructure(view.facts, _FACTS)
    return data


def view_from_data(game_cls: type["Game"], data: Any) -> View:
    converter = converter_for(game_cls)
    types = _view_types(game_cls)

    def build() -> View:
        _expect_keys(data, {"game", "player", "moves", "pending", "fields"}, "view",
                     frozenset({"chosen", "choices", "eliminated", "facts"}))
        fields = data["fields"]
        if set(fields) != set(types):
            raise ValueError(f"fields {sorted(fields)} do not match {sorted(types)}")
        return View(
            data["game"], data["player"], _exactly(data["moves"], int),
            tuple(converter.structure(d, Decision) for d in data["pending"]),
            tuple((name, converter.structure(fields[name], t)) for name, t in types.items()),
            tuple(_exactly(seat, int) for seat in data.get("chosen", ())),
            tuple(_choice(converter, pair) for pair in data.get("choices", ())),
            tuple(_exactly(seat, int) for seat in data.get("eliminated", ())),
            converter.structure(data.get("facts", ()), _FACTS),
        )

    return _guard("view", build)


def _view_types(game_cls: type["Game"]) -> dict[str, Any]:
    state_cls = game_cls.state_class
    types = {info.name: info.view_annotation for info in game_fields(state_cls) if not info.hidden}
    types.update(state_cls.view_extra_types)
    return types


def _choice(converter: cattrs.Converter, pair: Any) -> tuple[int, Action]:
    """One `[seat, action]` pending choice of a simultaneous decision."""
    if not isinstance(pair, list) or len(pair) != 2:
        raise ValueError(f"a pending choice is [seat, action], got {_short(pair)}")
    return _exactly(pair[0], int), converter.structure(pair[1], Action)


def _expect_keys(data: Any, keys: set[str], what: str, optional: frozenset[str] = frozenset()) -> None:
    if not isinstance(data, dict):
        raise ValueError(f"a {what} is a JSON object, got {_short(data)}")
    missing, extra = keys - set(data), set(data) - keys - optional
    if missing:
        raise ValueError(f"missing keys {sorted(missing)}")
    if extra:
        raise ValueError(f"unexpected keys {sorted(extra)}")


# -- states -------------------------------------------------------------------------------------

def state_to_data(state: "State") -> dict[str, Any]:
    game = state.game
    converter = converter_for(type(game))
    data = {
        "game": game.spec.id,
        "players": game.players,
        "options": game.options.as_dict(),
        "rng": state.rng.state,
        "moves": state.moves,
        "pending": [converter.unstructure(d, Decision) for d in state.pending],
        "fields": {info.name: converter.unstructure(getattr(state, info.name), info.annotation)
                   for info in game_fields(type(state))},
    }
    choices = state._choices
    if choices:  # secret choices of a simultaneous decision under way (absent otherwise)
        data["choices"] = [[seat, converter.unstructure(a, Action)] for seat, a in choices.items()]
    if state.facts:  # facts about hidden cards (absent when none: older saves keep their shape)
        data["facts"] = converter.unstructure(state.facts, _FACTS)
    return data


def state_from_data(game_cls: type["Game"], data: Any) -> "State":
    converter = converter_for(game_cls)
    state_cls = game_cls.state_class

    def build() -> "State":
        _expect_keys(data, {"game", "players", "options", "rng", "moves", "pending", "fields"}, "state",
                     frozenset({"choices", "facts"}))
        if data["game"] != game_cls.spec.id:
            raise ValueError(f"this is a {data['game']!r} state, not {game_cls.spec.id!r}")
        options = data["options"]
        declared = {o.name for o in game_cls.spec.options}
        if type(options) is not dict or set(options) != declared:
            shown = sorted(options) if type(options) is dict else options
            raise ValueError(f"options must hold every option of the game exactly "
                             f"({', '.join(sorted(declared)) or 'none'}), got {shown!r}")
        game = game_cls(_exactly(data["players"], int), options)
        infos = game_fields(state_cls)
        fields = data["fields"]
        if set(fields) != {i.name for i in infos}:
            raise ValueError(f"fields {sorted(fields)} do not match {sorted(i.name for i in infos)}")
        values = {}
        for info in infos:
            value = _structure_field(converter, fields[info.name], info.annotation, f"fields.{info.name}")
            if info.kind is Kind.LIST:
                value = list(value)
            values[info.name] = value
        state = state_cls(game=game, rng=Rng(_exactly(data["rng"], int)),
                          pending=[converter.structure(d, Decision) for d in data["pending"]],
                          moves=_exactly(data["moves"], int), **values)
        state.restore_choices(_choice(converter, pair) for pair in data.get("choices", ()))
        for known in converter.structure(data.get("facts", ()), _FACTS):
            state.learn(known.fact, known.seats)  # checked as the rules' own: true, known by seats
        return state

    return _guard("state", build)


def state_fingerprint(state: "State") -> str:
    """sha256 of the canonical JSON of a state: equal fingerprints mean equal states."""
    return hashlib.sha256(dumps(state_to_data(state)).encode()).hexdigest()[:32]


def dumps(data: Any) -> str:
    """Canonical compact JSON (sorted keys), for records and fingerprints."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


