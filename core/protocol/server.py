"""The protocol server: reads one JSON request per line, answers one JSON response per line.

A request is `{"id": ..., "op": NAME, ...}`; the response echoes the id and is either
`{"id": ..., "ok": true, "result": {...}}` or `{"id": ..., "ok": false, "error": {"code": ...,
"message": ...}}`. Every request is checked against its operation's schema before anything is
done, an error changes nothing, and no input — malformed JSON, unknown operations, bugs in a
plugin — stops the server: only the end of input does.
"""

from __future__ import annotations

import json
import secrets
import sys
import traceback
from pathlib import Path
from typing import IO, Any, Callable

from .. import __version__
from ..errors import MeepleError
from ..game import Game
from ..narration import read_move
from ..registry import Registry
from ..serialization import action_from_data, action_to_data, view_to_data
from ..session import HUMAN, Session
from .errors import ProtocolError, from_meeple_error
from .schema import SchemaViolation, validate

PROTOCOL_VERSION = 1

Handler = Callable[["Server", dict[str, Any]], dict[str, Any]]
OPERATIONS: dict[str, Handler] = {}


def operation(name: str) -> Callable[[Handler], Handler]:
    """Declare a handler for the operation `name` (its request schema is `NAME.request.json`)."""
    def declare(handler: Handler) -> Handler:
        OPERATIONS[name] = handler
        return handler
    return declare


class Server:
    """The sessions one frontend has open, and the operations on them."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.sessions: dict[str, Session] = {}
        self._opened = 0

    # -- one line in, one line out ----------------------------------------------------------------

    def handle_line(self, line: bytes | str) -> str | None:
        """The response line for one request line (None for a blank line, which asks nothing)."""
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                return _dump(_error(None, ProtocolError("bad_json", "the line is not UTF-8 text")))
        if not line.strip():
            return None
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return _dump(_error(None, ProtocolError("bad_json", f"not JSON: {exc.msg} at column {exc.colno}")))
        except (RecursionError, ValueError) as exc:
            return _dump(_error(None, ProtocolError("bad_json", f"not JSON this server can read: {exc}")))
        return _dump(self.handle(request))

    def handle(self, request: Any) -> dict[str, Any]:
        """The response to one decoded request."""
        request_id = request.get("id") if isinstance(request, dict) else None
        if not isinstance(request_id, (str, int, type(None))) or isinstance(request_id, bool):
            request_id = None
        try:
            result = self._dispatch(request)
        except ProtocolError as exc:
            return _error(request_id, exc)
        except MeepleError as exc:
            return _error(request_id, from_meeple_error(exc))
        except Exception as exc:  # a bug must not take the server (and every open game) down
            traceback.print_exc(file=sys.stderr)
            return _error(request_id, ProtocolError("internal_error", f"{type(exc).__name__}: {exc}"))
        return {"id": request_id, "ok": True, "result": result}

    def _dispatch(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            raise ProtocolError("bad_request", "a request is a JSON object with an \"op\"")
        op = request.get("op")
        if not isinstance(op, str):
            raise ProtocolError("bad_request", "a request needs \"op\": the name of an operation")
        handler = OPERATIONS.get(op)
        if handler is None:
            raise ProtocolError("unknown_op", f"unknown operation {op!r}; operations: {', '.join(OPERATIONS)}")
        try:
            validate(request, f"{op}.request.json", root="request")
        except SchemaViolation as exc:
            raise ProtocolError("bad_request", f"{op}: {exc}") from None
        return handler(self, request)

    # -- helpers shared by the operations ---------------------------------------------------------

    def game_class(self, game_id: str) -> type[Game]:
        if game_id not in self.registry.games:
            known = ", ".join(sorted(self.registry.games)) or "none"
            raise ProtocolError("unknown_game", f"unknown game {game_id!r}; installed games: {known}")
        return self.registry.games[game_id]

    def session(self, request: dict[str, Any]) -> Session:
        name = request["session"]
        if name not in self.sessions:
            known = ", ".join(self.sessions) or "none"
            raise ProtocolError("unknown_session", f"no open session {name!r}; open sessions: {known}")
        return self.sessions[name]

    def seat(self, session: Session, seat: int | None) -> int | None:
        players = session.game.players
        if seat is not None and not 0 <= seat < players:
            raise ProtocolError("bad_request", f"seat {seat} does not exist: this game has seats 0 to {players - 1}")
        return seat

    def owing_seat(self, session: Session, seat: int) -> int:
        """`seat`, checked to owe the pending decision."""
        self.seat(session, seat)
        owed = session.state.decision
        if owed is None:
            raise ProtocolError("not_your_turn", "the game is over: nobody has anything to decide")
        if owed.player != seat:
            raise ProtocolError("not_your_turn", f"seat {seat} has nothing to decide now: "
                                                 f"seat {owed.player} is to {owed.describe()}")
        return seat

    def open(self, session: Session) -> dict[str, Any]:
        self._opened += 1
        name = f"s{self._opened}"
        self.sessions[name] = session
        return self.describe_session(name)

    def describe_session(self, name: str) -> dict[str, Any]:
        session = self.sessions[name]
        return {
            "session": name,
            "game": session.game.spec.id,
            "players": session.game.players,
            "seats": list(session.seats),
            "options": session.game.options.as_dict(),
            "seed": session.seed,
            "moves": session.state.moves,
            "to_move": session.state.current_player,
            "terminal": session.state.is_terminal,
        }

    def move(self, session: Session, seat: int | None, action) -> dict[str, Any]:
        """A legal action as frontends see it: JSON, description and notation."""
        narrator = self.registry.narrator(session.game.spec.id)
        return {"action": action_to_data(type(session.game), action), "text": action.describe(),
                "notation": narrator.notation(session.state.view(seat), action)}


def result_of(session: Session) -> dict[str, Any] | None:
    state = session.state
    if not state.is_terminal:
        return None
    return {"scores": list(state.scores()), "winners": list(state.winners())}


# -- the operations -------------------------------------------------------------------------------

@operation("hello")
def hello(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    return {"protocol": PROTOCOL_VERSION, "meeple": __version__, "ops": list(OPERATIONS)}


@operation("games")
def games(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    registry = server.registry
    ids = [request["game"]] if "game" in request else sorted(registry.games)
    rows = []
    for game_id in ids:
        spec = server.game_class(game_id).spec
        rows.append({
            "id": spec.id, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players, "information": spec.information.value,
            "chance": spec.chance, "summary": spec.summary, "version": registry.game_version(game_id),
            "options": [_option(o) for o in spec.options],
            "bots": [{"name": b.name, "summary": b.summary, "params": [_option(p) for p in b.params]}
                     for b in registry.bots_for(game_id)],
            "notation_help": registry.narrator(game_id).notation_help,
        })
    return {"games": rows}


def _option(option) -> dict[str, Any]:
    return {"name": option.name, "type": option.type, "default": option.default, "help": option.help,
            "allowed": option.allowed()}


@operation("create")
def create(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    game_cls = server.game_class(request["game"])
    seats = request.get("seats")
    players = request.get("players")
    if seats is not None and players is not None and len(seats) != players:
        raise ProtocolError("bad_request", f"{len(seats)} seats given for {players} players")
    if seats is None:
        seats = [HUMAN] * (players if players is not None else game_cls.spec.min_players)
    seed = request["seed"] if "seed" in request else secrets.randbelow(2**31)
    session = Session.start(server.registry, game_cls.spec.id, seats, seed, request.get("options", {}))
    return server.open(session)


@operation("view")
def view(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    seat = server.seat(session, request["seat"])
    state = session.state
    seen = state.view(seat)
    owes = seat is not None and state.current_player == seat
    return {
        "session": request["session"],
        "seat": seat,
        "view": view_to_data(type(session.game), seen),
        "text": server.registry.renderer(session.game.spec.id)(seen),
        "to_move": state.current_player,
        "legal": [server.move(session, seat, a) for a in state.legal_actions()] if owes else [],
        "terminal": state.is_terminal,
        "result": result_of(session),
    }


@operation("apply")
def apply(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    seat = server.owing_seat(session, request["seat"])
    game_cls = type(session.game)
    game_id = session.game.spec.id
    narrator = server.registry.narrator(game_id)
    before = session.state.view(seat)
    if "action" in request:
        action = action_from_data(game_cls, request["action"])
    else:
        action = read_move(narrator, game_cls, before, session.state.legal_actions(), request["notation"])
    text = session.attempt(action, seat, lambda after: narrator.narrate(before, action, after.view(seat)))
    return {
        "session": request["session"],
        "action": action_to_data(game_cls, action),
        "text": text,
        "moves": session.state.moves,
        "to_move": session.state.current_player,
        "terminal": session.state.is_terminal,
        "result": result_of(session),
    }


@operation("bot")
def bot(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    seat = server.owing_seat(session, request["seat"])
    spec = request.get("bot") or session.seats[seat]
    if spec == HUMAN:
        raise ProtocolError("bad_request", f"seat {seat} is played by a person: name a \"bot\" to ask")
    player = session.make_bot(server.registry, seat, spec)
    state = session.state
    try:
        action = player.act(state.view(seat), state.legal_actions())
    except Exception as exc:  # a bot is plugin code: whatever it raises, the frontend hears why
        raise ProtocolError("bot_failed", f"bot {spec} failed: {type(exc).__name__}: {exc}") from None
    if not state.is_legal(action):
        raise ProtocolError("bot_failed", f"bot {spec} answered with an illegal action: {action!r}")
    return {"session": request["session"], "seat": seat, "bot": spec, "move": server.move(session, seat, action)}


@operation("history")
def history(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    seat = server.seat(session, request["seat"])
    since = request.get("since", 0)
    narrator = server.registry.narrator(session.game.spec.id)
    state = session.game.new_state(session.seed)
    events = []
    for number, action in enumerate(session.actions, start=1):
        before = state.view(seat)
        actor = state.current_player
        state.apply(action)
        if number > since:
            events.append({"move": number, "seat": actor, "text": narrator.narrate(before, action, state.view(seat))})
    return {"session": request["session"], "seat": seat, "events": events}


@operation("save")
def save(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    if "path" in request:
        path = Path(request["path"])
        session.save(path)
        return {"session": request["session"], "path": str(path)}
    return {"session": request["session"], "save": session.to_data()}


@operation("load")
def load(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    if "path" in request:
        session = Session.load(server.registry, Path(request["path"]))
    else:
        session = Session.from_data(server.registry, request["save"])
    return server.open(session)


@operation("close")
def close(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    server.session(request)
    del server.sessions[request["session"]]
    return {"session": request["session"], "closed": True}


# -- the loop -------------------------------------------------------------------------------------

def serve(registry: Registry, stdin: IO[bytes], stdout: IO[str]) -> None:
    """Answer requests from `stdin` on `stdout` until the end of input."""
    server = Server(registry)
    for line in stdin:
        response = server.handle_line(line)
        if response is not None:
            stdout.write(response + "\n")
            stdout.flush()


def _error(request_id: Any, exc: ProtocolError) -> dict[str, Any]:
    return {"id": request_id, "ok": False, "error": {"code": exc.code, "message": exc.message}}


def _dump(response: dict[str, Any]) -> str:
    return json.dumps(response, separators=(",", ":"))
