"""The protocol server: reads one JSON request per line, answers one JSON response per line.

A request is `{"id": ..., "op": NAME, ...}`; the response echoes the id and is either
`{"id": ..., "ok": true, "result": {...}}` or `{"id": ..., "ok": false, "error": {"code": ...,
"message": ...}}`. Every request is checked against its operation's schema before anything is
done, an error changes nothing, and no input — malformed JSON, unknown operations, bugs in a
plugin, a bot that raises, hangs or calls `sys.exit` — stops the server: only the end of input
does (or a real Ctrl-C).

Types are exact: an integer is never `5.0` or `true` (the schemas' validator and the games'
converters both refuse them). The seed of a game is never sent to a client: only a save
document, the full state that is for resuming and never for players, holds it. Save files are
read and written only inside the directory the operator named (`savedir.SaveDirectory`).
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import traceback
from pathlib import Path
from typing import IO, Any, Callable

import attrs

from .. import __version__
from ..botprocess import EXEC
from ..bots import BotSpec
from ..errors import BotError, MeepleError, OptionError, SaveError, UnknownName
from ..game import Game
from ..narration import read_move
from ..registry import Registry
from ..hosting import BotFailed, HostInterrupts, ask, result_of, tell
from ..seeds import fresh_secret
from ..serialization import action_from_data, action_to_data, view_to_data
from ..files import file_kind
from ..session import HUMAN, MAX_SAVE_BYTES, Session, seat_label
from .errors import ProtocolError, from_meeple_error
from .savedir import SaveDirectory
from .schema import SchemaViolation, validate

PROTOCOL_VERSION = 1

#: Seconds a bot may think in the `bot` operation unless the operator says otherwise
#: (`meeple serve --bot-timeout`); a request may ask for less (`timeout`), never more.
DEFAULT_BOT_TIMEOUT = 60.0

#: The longest request line read (a `load` carries a whole save document, at most MAX_SAVE_BYTES).
MAX_LINE_BYTES = 2 * MAX_SAVE_BYTES

#: An error message is one line of at most this many characters; numbers in it are shortened.
MAX_MESSAGE = 400
_LONG_NUMBER = re.compile(r"\d{25,}")

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

    def __init__(self, registry: Registry, save_dir: Path | None = None,
                 bot_timeout: float = DEFAULT_BOT_TIMEOUT, max_save_bytes: int = MAX_SAVE_BYTES) -> None:
        self.registry = registry
        self.saves = SaveDirectory(save_dir)
        self.bot_timeout = bot_timeout
        self.max_save_bytes = max_save_bytes
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
        if not line.strip(" \t\r\n"):  # JSON's whitespace only: "\x1c" is no blank line
            return None
        try:
            request = json.loads(line, parse_constant=_refuse_constant)
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
        except RecursionError:  # a document nested deeper than the server follows (a save, an action)
            return _error(request_id, ProtocolError("bad_request", "the request's JSON is nested too deeply"))
        except (Exception, SystemExit) as exc:  # a bug (or a plugin's sys.exit) must not take the server down
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
        """`seat`, checked to owe a choice now: the pending decision, or its own choice of a
        simultaneous decision (any owing seat, in any order)."""
        self.seat(session, seat)
        state = session.state
        owed = state.decision
        if owed is None:
            raise ProtocolError("not_your_turn", "the game is over: nobody has anything to decide")
        owing = state.owing()
        if seat not in owing:
            seats = ", ".join(map(str, owing))
            if seat in owed.seats():
                raise ProtocolError("not_your_turn", f"seat {seat} has already chosen: waiting for "
                                                     f"seat(s) {seats} to {owed.describe()}")
            who = f"seat {seats} is" if len(owing) == 1 else f"seats {seats} are"
            raise ProtocolError("not_your_turn", f"seat {seat} has nothing to decide now: "
                                                 f"{who} to {owed.describe()}")
        return seat

    def check_bot_spec(self, label: str) -> None:
        """Refuse `exec:` bot specs: they would run any program the client names on the server's
        machine. (Other specs are checked by the session, which knows the game.)"""
        if label.strip().lower() == HUMAN:
            return
        if BotSpec.parse(label).name == EXEC:
            raise ProtocolError("unknown_bot", "exec: bots run a program on the server's machine and are not "
                                               "available through meeple serve; name an installed bot")

    def bot_time(self, request: dict[str, Any]) -> float:
        """The seconds the bot of a `bot` request may think: the request's `timeout`, at most the server's."""
        timeout = request.get("timeout", self.bot_timeout)
        if timeout > self.bot_timeout:
            raise ProtocolError("bad_request", f"bot: request.timeout must be at most {self.bot_timeout:g} "
                                               f"seconds (the server's --bot-timeout), not {timeout}")
        return timeout

    def save_file(self, name: str, must_exist: bool) -> Path:
        """The save file `name` names in the save directory, checked to be a regular file if it exists."""
        path = self.saves.locate(name)
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            if must_exist:
                raise ProtocolError("bad_save", f"cannot read {name}: no such file in the save directory") from None
            return path
        except OSError as exc:
            raise ProtocolError("bad_path", f"cannot use {name}: {exc.strerror}") from None
        if not stat.S_ISREG(mode):
            raise ProtocolError("bad_path", f"{name} is {file_kind(mode)}, not a regular file")
        return path

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
            "moves": session.state.moves,
            "to_move": session.state.current_player,
            "owing": list(session.state.owing()),
            "terminal": session.state.is_terminal,
        }

    def move(self, session: Session, seat: int | None, action) -> dict[str, Any]:
        """A legal action as frontends see it: JSON, description and notation."""
        narrator = self.registry.narrator(session.game.spec.id)
        return {"action": action_to_data(type(session.game), action), "text": action.describe(),
                "notation": narrator.notation(session.state.view(seat), action)}


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
    spec = server.game_class(request["game"]).spec
    seats = request.get("seats")
    players = request.get("players")
    if seats is not None and players is not None and len(seats) != players:
        raise ProtocolError("bad_request", f"{len(seats)} seats given for {players} players")
    count = len(seats) if seats is not None else players if players is not None else spec.min_players
    if not spec.min_players <= count <= spec.max_players:  # before anything is built for `count` seats
        span = f"{spec.min_players}" if spec.min_players == spec.max_players else f"{spec.min_players}–{spec.max_players}"
        raise ProtocolError("bad_option", f"{spec.id} is played by {span} players, not {count}")
    for label in seats or ():
        server.check_bot_spec(label)
    seed = request["seed"] if "seed" in request else fresh_secret()
    session = Session.start(server.registry, spec.id, seats or [HUMAN] * count, seed, request.get("options", {}))
    return server.open(session)


@operation("view")
def view(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    seat = server.seat(session, request["seat"])
    state = session.state
    seen = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else ()  # empty unless the seat owes a choice
    return {
        "session": request["session"],
        "seat": seat,
        "view": view_to_data(type(session.game), seen),
        "text": server.registry.renderer(session.game.spec.id)(seen),
        "to_move": state.current_player,
        "owing": list(state.owing()),
        "legal": [server.move(session, seat, a) for a in legal],
        "terminal": state.is_terminal,
        "result": result_of(session.state),
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
        action = read_move(narrator, game_cls, before, session.state.legal_actions(seat), request["notation"])
    # Narrated as the seat saw its own move (a simultaneous choice: only its own, still secret).
    text = session.attempt(action, seat, lambda after: narrator.narrate_move(before, action, after.view(seat), before))
    return {
        "session": request["session"],
        "action": action_to_data(game_cls, action),
        "text": text,
        "moves": session.state.moves,
        "to_move": session.state.current_player,
        "owing": list(session.state.owing()),
        "terminal": session.state.is_terminal,
        "result": result_of(session.state),
    }


@operation("bot")
def bot(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    """The bot thinks on a copy of the session, within its time: whatever it does — raise, hang,
    call `sys.exit`, raise KeyboardInterrupt, touch the state it was given — the session is as it was
    and the frontend hears which bot failed and how. Only a real Ctrl-C stops the server."""
    session = server.session(request)
    seat = server.owing_seat(session, request["seat"])
    spec = request.get("bot") or session.seats[seat]
    if spec == HUMAN:
        raise ProtocolError("bad_request", f"seat {seat} is played by a person: name a \"bot\" to ask")
    server.check_bot_spec(spec)
    timeout = server.bot_time(request)
    spec = seat_label(server.registry, session.game.spec.id, spec)
    trial = attrs.evolve(session, state=session.state.clone(), actions=list(session.actions))

    class BuildThenAct:
        """The bot is built within its time too: a factory that hangs times out like a bot."""

        def act(self, view, legal):
            return trial.make_bot(server.registry, seat, spec).act(view, legal)  # a failing factory: BotError

    with HostInterrupts().watching() as interrupts:
        try:
            action = ask(BuildThenAct(), trial.state.view(seat), trial.state.legal_actions(seat), seat, timeout,
                         f"bot {spec}", interrupts)
        except BotFailed as exc:
            if isinstance(exc.cause, (OptionError, UnknownName, BotError)):
                raise exc.cause from None  # the bot could not be built: say so as such
            raise ProtocolError("bot_failed", str(exc)) from None
    return {"session": request["session"], "seat": seat, "bot": spec, "move": server.move(session, seat, action)}


@operation("history")
def history(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    seat = server.seat(session, request["seat"])
    since = request.get("since", 0)
    narrator = server.registry.narrator(session.game.spec.id)
    events = []
    # The record's moves, told by the host layer as this viewer saw them: a simultaneous
    # decision under way is in no history until every seat has chosen (its choices are then
    # told in seat order, as the record holds them).
    state, untold = session.game.new_state(session.seed), []
    for number, action in enumerate(session.actions, start=1):
        before, actor = state.clone(), state.owing()[0]  # the record's order: the seat that owes
        state.apply(action)
        untold.append((number, actor))
        if not state.chosen:
            lines = tell(narrator, before, state, actor, action, [seat])[seat]
            # One line per move told, then one per seat the last of them put out of the game.
            told = [*zip(untold, lines), *((untold[-1], text) for text in lines[len(untold):])]
            events += [{"move": n, "seat": s, "text": text} for (n, s), text in told if n > since]
            untold = []
    return {"session": request["session"], "seat": seat, "events": events}


@operation("save")
def save(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    session = server.session(request)
    if "path" not in request:
        return {"session": request["session"], "save": session.to_data()}
    name = request["path"]
    path = server.save_file(name, must_exist=False)
    overwrite = request.get("overwrite", False)
    if not overwrite and path.exists():
        raise ProtocolError("file_exists", f"{name} already exists in the save directory: it is left as it "
                                           f"is (send \"overwrite\": true to replace it)")
    try:
        session.save(path, overwrite=overwrite)
    except SaveError as exc:
        raise ProtocolError("bad_save", server.saves.shown(str(exc), path, name)) from None
    return {"session": request["session"], "path": name}


@operation("load")
def load(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    if "path" not in request:
        return server.open(Session.from_data(server.registry, request["save"]))
    name = request["path"]
    path = server.save_file(name, must_exist=True)
    try:
        session = Session.load(server.registry, path, max_bytes=server.max_save_bytes)
    except SaveError as exc:
        raise ProtocolError("bad_save", server.saves.shown(str(exc), path, name)) from None
    return server.open(session)


@operation("close")
def close(server: Server, request: dict[str, Any]) -> dict[str, Any]:
    server.session(request)
    del server.sessions[request["session"]]
    return {"session": request["session"], "closed": True}


# -- the loop -------------------------------------------------------------------------------------

def serve(registry: Registry, stdin: IO[bytes], stdout: IO[str], save_dir: Path | None = None,
          bot_timeout: float = DEFAULT_BOT_TIMEOUT) -> None:
    """Answer requests from `stdin` on `stdout` until the end of input."""
    server = Server(registry, save_dir=save_dir, bot_timeout=bot_timeout)
    for line in _lines(stdin):
        response = server.handle_line(line) if line is not None else _dump(_error(None, ProtocolError(
            "bad_json", f"the line is longer than {MAX_LINE_BYTES} bytes: it was skipped")))
        if response is not None:
            stdout.write(response + "\n")
            stdout.flush()


def _lines(stdin: IO[bytes]):
    """The lines of `stdin`, each at most MAX_LINE_BYTES long; None for a longer one (skipped
    to its end without being kept in memory)."""
    while True:
        line = stdin.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) <= MAX_LINE_BYTES or line.endswith(b"\n"):
            yield line
            continue
        while line and not line.endswith(b"\n"):
            line = stdin.readline(MAX_LINE_BYTES)
        yield None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _error(request_id: Any, exc: ProtocolError) -> dict[str, Any]:
    message = " ".join(exc.message.split())  # one line, whatever a plugin's exception said
    message = _LONG_NUMBER.sub(lambda m: f"{m.group()[:8]}... ({len(m.group())} digits)", message)
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 3] + "..."
    return {"id": request_id, "ok": False, "error": {"code": exc.code, "message": message}}


def _dump(response: dict[str, Any]) -> str:
    return json.dumps(response, separators=(",", ":"))
