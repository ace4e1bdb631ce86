"""Game records: everything needed to replay a game, and the replay that verifies one.

A record is one JSON object and every field is checked with its exact JSON type (`true` is not an
integer, `5.0` is not an integer, `"3"` is not a seat): `format` (the integer FORMAT_VERSION),
`game` and `plugin_version` (strings), `players` (integer), `options` (object: every option of the
game, each exactly as the game holds it), `seed` (integer in [0, 2**64)), `seats` (one bot name
string per player), `actions` (the game's tagged actions), `result` (`scores`: one number per
player; `winners`: distinct seats in increasing order; `final_fingerprint`: string) and `forfeit`
(null or `{"seat", "reason"}`: a seat of the game and a string).

Replaying then checks the record is true:

- every action is legal where it is played, and the final state has the recorded fingerprint and
  scores;
- without a forfeit, the game is over after the last action and the winners are the game's;
- a forfeit is what a host records when a bot fails to answer (raises, answers illegally, runs
  out of time): so after the last action the game is *not* over, the forfeiting seat is one that
  owes the pending decision (`state.owing()`: the seat to play, or any seat of a simultaneous
  decision), and the winners are every other seat.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable, Iterator

import attrs
from attrs import frozen

from .actions import Action
from .errors import IllegalAction, MeepleError, RecordError
from .options import format_value
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
    winners = state.winners() if forfeit is None else forfeit_winners(game.players, forfeit)
    return GameRecord(game.spec.id, plugin_version, game.players, tuple(game.options.items_), seed,
                      tuple(seats), tuple(actions), state.scores(), winners, state.fingerprint(), forfeit)


def forfeit_winners(players: int, forfeit: Forfeit) -> tuple[int, ...]:
    """Who wins a forfeited game: every seat but the one that forfeited."""
    return tuple(seat for seat in range(players) if seat != forfeit.seat)


def record_to_data(game_cls: type["Game"], record: GameRecord) -> dict[str, Any]:
    """The record as JSON-native data (actions tagged with the game's converter), for `record_to_json`."""
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
    """The record as one line of canonical JSON (sorted keys): what `.jsonl` record files hold."""
    return dumps(record_to_data(game_cls, record))


_RECORD_KEYS = frozenset({"format", "game", "plugin_version", "players", "options", "seed", "seats",
                          "actions", "result", "forfeit"})
_RESULT_KEYS = frozenset({"scores", "winners", "final_fingerprint"})
_FORFEIT_KEYS = frozenset({"seat", "reason"})


def record_from_data(registry: "Registry", data: Any) -> GameRecord:
    """Parse a record, every field with its exact JSON type (see the module docstring); any
    problem is a RecordError with one line naming the field."""
    try:
        return _record_from_data(registry, data)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("corrupt game record: nested too deeply") from None
    except MeepleError as exc:
        raise RecordError(f"corrupt game record: {exc}") from None


def _record_from_data(registry: "Registry", data: Any) -> GameRecord:
    _object(data, _RECORD_KEYS, "a game record")
    version = data["format"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise RecordError(f"record format {_short(version)} is not supported (this meeple reads {FORMAT_VERSION})")
    game_cls = registry.game(_str(data["game"], "game"))
    players = _int(data["players"], "players")
    options = data["options"]
    if not isinstance(options, dict):
        raise RecordError(f"corrupt game record: options must be an object, got {_short(options)}")
    seats = _list(data["seats"], "seats")
    if len(seats) != players:
        raise RecordError(f"corrupt game record: {len(seats)} seats for {players} players")
    actions = []
    for index, action in enumerate(_list(data["actions"], "actions")):
        try:
            actions.append(action_from_data(game_cls, action))
        except MeepleError as exc:
            raise RecordError(f"corrupt game record: action {index}: {exc}") from None
    result = data["result"]
    _object(result, _RESULT_KEYS, "a record's result")
    scores = _list(result["scores"], "result scores")
    if len(scores) != players or any(type(s) not in (int, float) for s in scores):
        raise RecordError(f"corrupt game record: result scores must be {players} numbers, got {_short(scores)}")
    winners = _list(result["winners"], "result winners")
    if (any(type(w) is not int or not 0 <= w < players for w in winners)
            or winners != sorted(set(winners))):
        raise RecordError(f"corrupt game record: result winners must be distinct seats 0–{players - 1} "
                          f"in order, got {_short(winners)}")
    forfeit = data["forfeit"]
    if forfeit is not None:
        _object(forfeit, _FORFEIT_KEYS, "a record's forfeit")
        seat = _int(forfeit["seat"], "forfeit seat")
        if not 0 <= seat < players:
            raise RecordError(f"corrupt game record: forfeit seat {seat} is not a seat of {players} players")
        reason = _str(forfeit["reason"], "forfeit reason")
        forfeit = Forfeit(seat, reason)
    return GameRecord(
        data["game"], _str(data["plugin_version"], "plugin_version"), players,
        tuple(options.items()), _seed(data["seed"]),
        tuple(_str(s, f"seat {i}") for i, s in enumerate(seats)), tuple(actions),
        tuple(scores), tuple(winners), _str(result["final_fingerprint"], "result final_fingerprint"),
        forfeit,
    )


def record_from_json(registry: "Registry", text: str) -> GameRecord:
    """Parse one record line (see `record_from_data`); JSON too deep or too long is refused too."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"a game record must be JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise RecordError("a game record must be JSON this meeple can read: nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise RecordError(f"a game record must be JSON this meeple can read: {exc}") from None
    return record_from_data(registry, data)


def _object(value: Any, keys: frozenset[str], what: str) -> None:
    if not isinstance(value, dict):
        raise RecordError(f"corrupt game record: {what} is a JSON object, got {_short(value)}")
    if set(value) != keys:
        missing, extra = sorted(keys - set(value)), sorted(set(value) - keys)
        detail = "; ".join(part for part in (f"missing {missing}" if missing else "",
                                             f"unexpected {extra}" if extra else "") if part)
        raise RecordError(f"corrupt game record: {what} has the keys {sorted(keys)} ({detail})")


def _int(value: Any, what: str) -> int:
    if type(value) is not int:  # exact: neither true nor 5.0 is an integer here
        raise RecordError(f"corrupt game record: {what} must be an integer, got {_short(value)}")
    return value


def _seed(value: Any) -> int:
    """A deal seed, as the games' Rng reads it: 64 bits (a larger or negative one would replay as
    another number's game)."""
    if not 0 <= _int(value, "seed") < 1 << 64:
        raise RecordError(f"corrupt game record: seed must be an integer from 0 to 2**64 - 1, got {value}")
    return value


def _str(value: Any, what: str) -> str:
    if type(value) is not str:
        raise RecordError(f"corrupt game record: {what} must be a string, got {_short(value)}")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if type(value) is not list:
        raise RecordError(f"corrupt game record: {what} must be a list, got {_short(value)}")
    return value


def _short(value: Any) -> str:
    """A bad value as it appears in JSON, cut to fit on the error line."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def replay_steps(game: "Game", seed: int, actions: Iterable[Action]) -> Iterator["State"]:
    """Rebuild a game from (seed, actions), step by step: yields the state before the first
    action, then after each one. It is ONE state object, changed in place: clone a step to keep it.

    Each action is applied for the seat that owes it (`apply(action)`): a record holds a
    simultaneous decision's choices in ascending seat order, which is the order the state asks
    for them, so whatever order the seats chose in, the replay is the same game. `actions` may
    be a lazy iterable (it is read one action at a time, after the previous step is yielded).

    Raises IllegalAction naming the action's index: "action 3 (play 7) is illegal on replay: ...".
    """
    state = game.new_state(seed)
    yield state
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {index} ({_describe(action)}) is illegal on replay: {exc}") from None
        yield state


def replay_actions(game: "Game", seed: int, actions: Iterable[Action]) -> "State":
    """The state a game reaches from `seed` through `actions` (see `replay_steps`): the one
    function every host uses to rebuild a game (records, the stepper, saves, the protocol's
    history, a tournament's lost worker)."""
    for state in replay_steps(game, seed, actions):
        pass
    return state


def _describe(action: Any) -> str:
    describe = getattr(action, "describe", None)
    return describe() if callable(describe) else repr(action)


def replay(registry: "Registry", record: GameRecord) -> "State":
    """Re-simulate a record and check it reaches the stored result; returns the final state.

    Raises RecordError naming the first action that is illegal or the result that differs.
    """
    try:
        game = registry.create(record.game, record.players, record.option_dict)
    except MeepleError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    _check_options(record, game)
    try:
        state = replay_actions(game, record.seed, record.actions)
    except IllegalAction as exc:
        raise RecordError(f"record {exc}") from None
    forfeit = record.forfeit
    if forfeit is None and not state.is_terminal:
        raise RecordError(f"record ends after {len(record.actions)} actions but the game is not over")
    if forfeit is not None and state.is_terminal:
        raise RecordError(f"record has seat {forfeit.seat} forfeit a game that was over after "
                          f"{len(record.actions)} actions")
    if forfeit is not None and forfeit.seat not in state.owing():
        owed = " and ".join(f"seat {seat}" for seat in state.owing())
        raise RecordError(f"record has seat {forfeit.seat} forfeit, but after {len(record.actions)} actions "
                          f"the decision was owed by {owed}")
    if state.scores() != tuple(record.scores):
        raise RecordError(f"replayed scores {list(state.scores())} differ from the record's {list(record.scores)}")
    winners = state.winners() if forfeit is None else forfeit_winners(record.players, forfeit)
    if winners != tuple(record.winners):
        raise RecordError(f"replayed winners {list(winners)} differ from the record's {list(record.winners)}")
    if state.fingerprint() != record.final_fingerprint:
        raise RecordError("the replayed final state differs from the recorded one (fingerprint mismatch)")
    return state


def _check_options(record: GameRecord, game: "Game") -> None:
    """A record holds every option as the game holds it, exactly: the game reads `"3"` for an
    integer option as 3, but a record saying `"3"` was not written by meeple."""
    held = game.options.as_dict()
    written = record.option_dict
    for name, value in held.items():
        if name not in written:
            raise RecordError(f"corrupt game record: options lack {name!r} (the game played {format_value(value)})")
        if dumps(written[name]) != dumps(value):
            raise RecordError(f"corrupt game record: option {name!r} is {_short(written[name])}, "
                              f"but the game reads it as {_short(value)}")


__all__ = ["Forfeit", "GameRecord", "forfeit_winners", "make_record", "record_from_data", "record_from_json",
           "record_to_data", "record_to_json", "replay", "replay_actions", "replay_steps"]
