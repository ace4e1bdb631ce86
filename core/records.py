"""Game records: everything needed to replay a game, and the replay that verifies one."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from .actions import Action
from .errors import IllegalAction, MeepleError, RecordError
from .serialization import FORMAT_VERSION, action_from_data, action_to_data, dumps

if TYPE_CHECKING:
    from .game import Game
    from .registry import Registry
    from .state import State


@frozen
class Forfeit:
    """A seat whose bot failed (raised, answered illegally, or ran out of time) and lost."""

    seat: int
    reason: str


@frozen
class GameRecord:
    """A finished (or forfeited) game: replaying `actions` from `seed` reproduces it exactly."""

    game: str
    plugin_version: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    seats: tuple[str, ...]
    actions: tuple[Action, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    final_fingerprint: str
    forfeit: Forfeit | None = None
    format: int = FORMAT_VERSION

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)


def make_record(state: "State", seed: int, actions: list[Action], seats: tuple[str, ...],
                plugin_version: str, forfeit: Forfeit | None = None) -> GameRecord:
    """The record of a game that started from `seed` and reached `state` through `actions`."""
    game = state.game
    if forfeit is not None:
        winners = tuple(s for s in range(game.players) if s != forfeit.seat)
    else:
        winners = state.winners()
    return GameRecord(game.spec.id, plugin_version, game.players, tuple(game.options.items_), seed,
                      tuple(seats), tuple(actions), state.scores(), winners, state.fingerprint(), forfeit)


def record_to_data(game_cls: type["Game"], record: GameRecord) -> dict[str, Any]:
    return {
        "format": record.format,
        "game": record.game,
        "plugin_version": record.plugin_version,
        "players": record.players,
        "options": dict(record.options),
        "seed": record.seed,
        "seats": list(record.seats),
        "actions": [action_to_data(game_cls, a) for a in record.actions],
        "result": {"scores": list(record.scores), "winners": list(record.winners),
                   "final_fingerprint": record.final_fingerprint},
        "forfeit": attrs.asdict(record.forfeit) if record.forfeit else None,
    }


def record_to_json(game_cls: type["Game"], record: GameRecord) -> str:
    return dumps(record_to_data(game_cls, record))


def record_from_data(registry: "Registry", data: Any) -> GameRecord:
    """Parse a record (any problem: RecordError with one line naming it)."""
    try:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        keys = {"format", "game", "plugin_version", "players", "options", "seed", "seats", "actions",
                "result", "forfeit"}
        if set(data) != keys:
            raise RecordError(f"a game record has the keys {sorted(keys)}; got {sorted(data)}")
        if data["format"] != FORMAT_VERSION:
            raise RecordError(f"record format {data['format']!r} is not supported (this meeple reads {FORMAT_VERSION})")
        game_cls = registry.game(data["game"])
        result = data["result"]
        forfeit = data["forfeit"]
        return GameRecord(
            data["game"], str(data["plugin_version"]), _int(data["players"], "players"),
            tuple(dict(data["options"]).items()), _int(data["seed"], "seed"),
            tuple(str(s) for s in data["seats"]),
            tuple(action_from_data(game_cls, a) for a in data["actions"]),
            tuple(result["scores"]), tuple(result["winners"]), str(result["final_fingerprint"]),
            Forfeit(_int(forfeit["seat"], "forfeit seat"), str(forfeit["reason"])) if forfeit else None,
        )
    except RecordError:
        raise
    except (MeepleError, KeyError, TypeError, ValueError) as exc:
        detail = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        raise RecordError(f"corrupt game record: {detail}") from None


def record_from_json(registry: "Registry", text: str) -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"a game record must be JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return record_from_data(registry, data)


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise RecordError(f"corrupt game record: {what} must be an integer, got {value!r}")
    return value


def replay(registry: "Registry", record: GameRecord) -> "State":
    """Re-simulate a record and check it reaches the stored result; returns the final state.

    Raises RecordError naming the first action that is illegal or the result that differs.
    """
    try:
        game = registry.create(record.game, record.players, record.option_dict)
    except MeepleError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    state = game.new_state(record.seed)
    for index, action in enumerate(record.actions):
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"record action {index} ({action.describe()}) is illegal on replay: {exc}") from None
    if record.forfeit is None and not state.is_terminal:
        raise RecordError(f"record ends after {len(record.actions)} actions but the game is not over")
    if state.scores() != tuple(record.scores):
        raise RecordError(f"replayed scores {list(state.scores())} differ from the record's {list(record.scores)}")
    if record.forfeit is None and state.winners() != tuple(record.winners):
        raise RecordError(f"replayed winners {list(state.winners())} differ from the record's {list(record.winners)}")
    if state.fingerprint() != record.final_fingerprint:
        raise RecordError("the replayed final state differs from the recorded one (fingerprint mismatch)")
    return state


__all__ = ["Forfeit", "GameRecord", "make_record", "record_from_data", "record_from_json",
           "record_to_data", "record_to_json", "replay"]
