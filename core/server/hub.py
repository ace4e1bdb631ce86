"""The matches `meeple server` hosts: seats held by tokens, moves committed before they are
acknowledged, pushes to every connection, and bots that never block the event loop.

A match is (seed, moves) like a record: each stored move is `(seat, action)`, applied with
`state.apply(action, seat)` in order, so replaying the rows rebuilds the exact state, a pending
simultaneous choice included. A move is applied to a copy of the state, committed to the
database, and only then made current and pushed: a crash at any point leaves the database at the
last acknowledged move.

A connection is bound to the token it said hello with, not to a seat number: it is sent the seat's
view only while that token holds the seat. Who holds each seat (`Match.holders`) is read from the
database after every change this process makes or reads (a move, a seat taken or given up, here
or by another process sharing the database), so it is never older than the state being pushed;
a connection whose token no longer holds its seat is dropped at that moment — before any view
goes out — and told so (`seat_lost`), and a person's move is stored only if its token still holds
the seat when it commits (`Store.add_move`).

With several processes on one database, exactly one drives each match's bots: the one holding
its lease in the store (`Store.drive`), renewed by a heartbeat while the process lives and taken
over by another process once it lapses. The lease saves the work being done twice; correctness
never rests on it (the `(match, ply)` key still refuses a second write).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Coroutine, Mapping, Sequence

from ..actions import Action, Simultaneous
from ..bots import BotSpec
from ..errors import IllegalAction, MeepleError, OptionError
from ..seeds import derive, fresh_secret
from ..serialization import action_from_data, action_to_data
from ..session import HUMAN, seat_label
from .store import PlyTaken, SeatLost, Store, StoredMatch, digest
from .views import legal_moves, narrate, view_data, view_for

if TYPE_CHECKING:
    from ..game import Game
    from ..registry import Registry
    from ..state import State

logger = logging.getLogger(__name__)

OPEN = "open"
#: Random bytes in a seat or spectator token (256 bits; the brief asks at least 128).
TOKEN_BYTES = 32
#: Seconds a process's lease on driving a match's bots lasts unless renewed (every third of it):
#: how long a dead process's bots wait before another process takes them over.
DRIVER_LEASE_SECONDS = 15.0


class Refused(MeepleError):
    """A request the server turns down, with a code and one readable line."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def unknown_token() -> Refused:
    """What a token that holds nothing (never issued, or given up by leaving) is told."""
    return Refused("bad_token", "unknown token (never issued, or given up by leaving)")


def seat_lost(seat: int) -> Refused:
    """What a connection (or a move) whose token no longer holds `seat` is told."""
    return Refused("seat_lost", f"this connection's token no longer holds seat {seat} (it was given up by "
                                f"leaving): nothing more of the seat is sent here; the connection is closed")


class Connection:
    """One WebSocket of a match, bound to the token it said hello with (kept as its digest, as the
    database keeps it): `seat` is None for a spectator. `send(message)` pushes a message;
    `close(message)` sends one last message and closes the socket."""

    def __init__(self, match: "Match", seat: int | None, token: str, send: Callable[[dict], Awaitable[None]],
                 close: Callable[[dict], Awaitable[None]]) -> None:
        self.match, self.seat, self.token = match, seat, digest(token)
        self.send, self.close = send, close
        self.lost = False

    def holds(self) -> bool:
        """True while the token still holds the seat as last read (a spectator's always does)."""
        return not self.lost and (self.seat is None or self.match.holders[self.seat] == self.token)


class Match:
    """One match in memory: the game, its seats, the moves so far and who is listening."""

    def __init__(self, match_id: str, game: "Game", seed: int, seats: list[str], narrator: Any) -> None:
        self.id = match_id
        self.game = game
        self.game_cls = type(game)
        self.seed = seed
        self.seats = seats
        self.narrator = narrator
        self.state: "State" = game.new_state(seed)
        self.moves: list[tuple[int, Action]] = []
        self.rematch: str | None = None
        self.forfeit: dict | None = None
        self.lock = asyncio.Lock()
        self.holders: list[str | None] = [None] * len(seats)  # by seat: its token's digest (None: open, a bot)
        self.connections: set[Connection] = set()
        self.bots: dict[int, Any] = {}
        self.thinking: set[int] = set()
        self.narration: dict[int | None, str] = {}  # the last move as each viewer saw it

    @property
    def started(self) -> bool:
        return OPEN not in self.seats

    @property
    def finished(self) -> bool:
        return self.state.is_terminal or self.forfeit is not None

    def status(self) -> str:
        return "finished" if self.finished else "playing" if self.started else "waiting"

    def summary(self) -> dict[str, Any]:
        return {"match": self.id, "game": self.game.spec.id, "players": self.game.players,
                "options": self.game.options.as_dict(), "status": self.status(), "moves": len(self.moves),
                "seats": [{"seat": i, "kind": _kind(label), "label": label} for i, label in enumerate(self.seats)],
                "rematch": self.rematch}

    def result(self) -> dict[str, Any] | None:
        if self.forfeit is not None:
            return {"forfeit": self.forfeit, "winners": [s for s in range(self.game.players) if s != self.forfeit["seat"]]}
        if self.state.is_terminal:
            return {"scores": list(self.state.scores()), "winners": list(self.state.winners())}
        return None

    def update_for(self, seat: int | None) -> dict[str, Any]:
        """Everything a connection for `seat` (None: a spectator) is pushed: its own view only."""
        view = view_for(self.state, seat)
        owing = [] if self.finished or not self.started else list(self.state.owing())
        return {"type": "update", "match": self.id, "seat": seat, "ply": len(self.moves),
                "status": self.status(), "view": view_data(self.state, view),
                "owing": owing, "owes": seat in owing,
                "legal": legal_moves(self.state, self.narrator, view, seat) if seat in owing else [],
                "narration": self.narration.get(seat), "seats": self.summary()["seats"],
                "result": self.result(), "rematch": self.rematch}


def _finish(bots: list, result: dict | None) -> None:
    """Tell each bot the game is over (or abandoned: None) and let its process go."""
    for bot in bots:
        finish = getattr(bot, "finish", None)
        if finish is not None:
            try:
                finish(result)
            except Exception:
                pass


def _kind(label: str) -> str:
    return label if label in (OPEN, HUMAN) else "bot"


class Hub:
    """Every match of this server process, backed by the store."""

    def __init__(self, registry: "Registry", store: Store, *, bot_timeout: float = 10.0,
                 isolate_bots: bool = True, source: Any = None, shared_database: bool = False,
                 driver_lease: float = DRIVER_LEASE_SECONDS) -> None:
        self.registry = registry
        self.store = store
        self.bot_timeout = bot_timeout
        self.isolate_bots = isolate_bots
        self.source = source
        self.shared = shared_database  # several processes: read moves others stored before acting
        self.matches: dict[str, Match] = {}
        self.tasks: set[asyncio.Task] = set()
        self.listener: Any = None  # a fanout.Listener once started on a shared database
        self.owner = secrets.token_hex(8)  # this process, as the driver of matches' bots
        self.driver_lease = driver_lease
        self.driving: set[str] = set()  # the matches whose lease this process held when it last looked
        self.heartbeat: asyncio.Task | None = None

    # -- loading ----------------------------------------------------------------------------------

    def load_all(self) -> None:
        for match_id in self.store.match_ids():
            self.get(match_id)

    def get(self, match_id: str) -> Match:
        match = self.matches.get(match_id)
        if match is not None:
            return match
        stored = self.store.load(match_id)
        if stored is None:
            raise Refused("unknown_match", f"no match {match_id!r}")
        match = self._rebuild(stored)
        self.matches[match_id] = match
        return match

    def _rebuild(self, stored: StoredMatch) -> Match:
        game = self.registry.create(stored.game, stored.players, stored.options)
        match = Match(stored.id, game, stored.seed, list(stored.seats), self.registry.narrator(stored.game))
        match.holders[:] = stored.holders
        for seat, data in stored.moves:
            action = action_from_data(match.game_cls, data)
            match.state.apply(action, seat)
            match.moves.append((seat, action))
        match.rematch, match.forfeit = stored.rematch, stored.forfeit
        return match

    def _sync(self, match: Match) -> bool:
        """Shared database: apply the moves another process stored since we last looked (each
        narrated as for a move made here) and read its seats, rematch and forfeit again. True if
        anything changed."""
        if not self.shared:
            return False
        before = (len(match.moves), list(match.seats), match.rematch, match.forfeit)
        for seat, data in self.store.moves_from(match.id, len(match.moves)):
            action = action_from_data(match.game_cls, data)
            match.state, match.narration = self._trial(match, seat, action)
            match.moves.append((seat, action))
        stored = self.store.load(match.id)
        if stored is not None:
            match.seats[:] = stored.seats
            match.rematch, match.forfeit = stored.rematch, stored.forfeit
            self._bind(match, stored.holders)
        return (len(match.moves), list(match.seats), match.rematch, match.forfeit) != before

    def _rebind(self, match: Match) -> None:
        """Read who holds each seat now (after a change to the match or its seats) and `_bind`."""
        labels, holders = self.store.seats(match.id)
        match.seats[:] = labels
        self._bind(match, holders)

    def _bind(self, match: Match, holders: Sequence[str | None]) -> None:
        """Record who holds each seat, and drop every connection whose token no longer holds its
        seat — at once, so no view of the seat reaches it — telling it so in a task of its own."""
        match.holders[:] = holders
        for connection in list(match.connections):
            if not connection.holds():
                self._drop_lost(connection)

    def _drop_lost(self, connection: Connection) -> None:
        connection.match.connections.discard(connection)
        if not connection.lost:
            connection.lost = True
            error = seat_lost(connection.seat)
            self._spawn(connection.close({"type": "error", "code": error.code, "message": str(error)}))

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` on the loop as a task of this hub (cancelled at shutdown; a failure is logged)."""
        async def run() -> None:
            try:
                await work
            except Exception:
                logger.exception("meeple server: a background task failed")
        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(lambda _: work.close())  # cancelled before it started: not "never awaited"

    # -- pushes from other processes (PostgreSQL LISTEN/NOTIFY, meeple.server.fanout) ------------

    async def start(self) -> None:
        """Shared PostgreSQL database: listen for the changes other processes commit, to push them
        here (SQLite has no LISTEN: a process sharing a SQLite file reads the others' changes
        before each of its own, and when `notified` is called)."""
        if self.shared and self.listener is None and self.store.kind == "postgresql":
            from .fanout import Listener

            self.listener = Listener(self.store.url, self.notified, self.catch_up)
            await self.listener.start()
        if self.shared and self.heartbeat is None:
            self.heartbeat = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        """Every third of the lease: renew this process's leases, and take over lapsed ones."""
        while True:
            await asyncio.sleep(self.driver_lease / 3)
            try:
                await self.take_over()
            except Exception:
                logger.exception("meeple server: renewing or taking over bot leases failed")

    async def take_over(self) -> None:
        """Renew the leases this process holds, then drive the bots of every match whose driver's
        lease lapsed (that process died or stopped): read the match again and start its bots."""
        self.store.renew_drives(self.owner, self.driver_lease)
        for match_id in self.store.lapsed_drives():
            try:
                match = self.get(match_id)
            except Refused:
                continue
            async with match.lock:
                self._sync(match)
            if match.finished:
                self.store.end_drive(match.id)
            else:
                self._schedule_bots(match)

    async def notified(self, match_id: str, ply: int) -> None:
        """Another process (or this one) changed `match_id` at move `ply`: read the new moves
        from the database and push them to this process's connections of the match, exactly as
        a local move is pushed, and start the match's bots that owe if this process drives them.
        A match nobody here watches or drives is left to be read when asked for."""
        match = self.matches.get(match_id)
        if match is None or not (match.connections or match.id in self.driving):
            return
        if ply < len(match.moves) - 1:
            return  # an old notification: the moves after it were read already
        async with match.lock:
            # on the loop, as before a move: no push sees half of it; connections whose token
            # gave its seat up on another process (even if the seat was taken again) are dropped
            changed = self._sync(match)
        if changed:
            await self.push(match)
            self._next(match)  # bots that owe now start if this process drives them; or let them go

    async def catch_up(self) -> None:
        """The listening connection was lost and reopened: notifications sent meanwhile reached
        nobody, so read every watched match again."""
        for match in list(self.matches.values()):
            if match.connections:
                await self.notified(match.id, len(match.moves))

    # -- the lobby --------------------------------------------------------------------------------

    def lobby(self) -> dict[str, Any]:
        games = []
        for game_id in sorted(self.registry.games):
            spec = self.registry.game(game_id).spec
            games.append({
                "game": game_id, "title": spec.title, "min_players": spec.min_players,
                "max_players": spec.max_players,
                "options": [{"name": o.name, "default": o.default, "help": o.help,
                             "choices": list(o.choices) if getattr(o, "choices", None) else None}
                            for o in spec.options],
                "bots": sorted(info.name for info in self.registry.bots_for(game_id)),
                "renderer": self.renderer_url(game_id),
            })
        open_matches = [m.summary() for m in self.matches.values() if not m.finished]
        return {"games": games, "matches": open_matches}

    def renderer_url(self, game_id: str) -> str | None:
        return f"/renderers/{game_id}.js" if getattr(self.registry.game(game_id), "web_renderer", None) else None

    # -- creating and joining -------------------------------------------------------------------

    def create(self, game_id: str, players: int | None, options: Mapping[str, Any], seats: Sequence[str],
               rematch_of: str | None = None) -> tuple[Match, dict[int, str]]:
        """A new match; returns it and a token for each `human` seat (the creator's)."""
        try:
            game = self.registry.create(game_id, players, dict(options))
        except MeepleError as exc:
            raise Refused("bad_request", str(exc)) from None
        if len(seats) != game.players:
            raise Refused("bad_request", f"{game_id} with {game.players} players needs {game.players} seats, "
                                         f"got {len(seats)}")
        labels = [self._label(game_id, text) for text in seats]
        tokens = {seat: new_token() for seat, label in enumerate(labels) if label == HUMAN}
        match_id = secrets.token_hex(8)
        seed = fresh_secret()
        try:
            self.store.create_match(match_id, game_id, game.players, game.options.as_dict(), seed, labels, tokens,
                                    time.time(), rematch_of)
        except MeepleError as exc:
            raise Refused("conflict", str(exc)) from None
        match = self.get(match_id)
        self._schedule_bots(match)
        return match, tokens

    def _label(self, game_id: str, text: str) -> str:
        """A seat as written by a client: `open`, `human` or a bot spec this game has. `exec:`
        bots are refused: a client must not run programs on the server's machine."""
        if text.strip().lower() == OPEN:
            return OPEN
        try:
            if text.strip() and BotSpec.parse(text).name == "exec":
                raise Refused("unknown_bot", "exec: bots run a program on the server's machine and are not "
                                             "allowed over the network")
            return seat_label(self.registry, game_id, text)
        except Refused:
            raise
        except MeepleError as exc:
            raise Refused("unknown_bot", str(exc)) from None

    async def join(self, match_id: str, seat: int | None) -> tuple[Match, int, str]:
        match = self.get(match_id)
        async with match.lock:
            self._sync(match)
            if match.finished:
                raise Refused("finished", "this match is over")
            free = [s for s, label in enumerate(match.seats) if label == OPEN]
            if seat is None:
                if not free:
                    raise Refused("no_seat", "no open seat in this match")
                seat = free[0]
            if not 0 <= seat < match.game.players:
                raise Refused("bad_request", f"seat {seat} is not a seat of this match")
            token = new_token()
            if seat not in free or not self.store.take_seat(match.id, seat, token):
                raise Refused("no_seat", f"seat {seat} is not open")
            self._rebind(match)
            self.store.notify(match.id, len(match.moves))
        await self.push(match)
        self._schedule_bots(match)
        return match, seat, token

    def watch(self, match_id: str) -> tuple[Match, str]:
        match = self.get(match_id)
        token = new_token()
        self.store.add_spectator(match.id, token)
        return match, token

    async def hello(self, token: Any, send: Callable[[dict], Awaitable[None]],
                    close: Callable[[dict], Awaitable[None]]) -> Connection:
        """A connection for `token` (Refused if it stands for nothing): bound to it, listening to
        its match, and sent its first update."""
        match, seat = self.identify(token)
        connection = Connection(match, seat, token, send, close)
        self._rebind(match)  # who holds each seat now: connections of a token given up meanwhile go
        if not connection.holds():  # given up between the two reads
            raise unknown_token()
        match.connections.add(connection)
        await send(match.update_for(seat))
        return connection

    def hang_up(self, connection: Connection) -> None:
        """The socket closed: push nothing more to it."""
        connection.match.connections.discard(connection)

    def identify(self, token: Any) -> tuple[Match, int | None]:
        """The match and seat (None: spectator) a token stands for; Refused if it stands for none."""
        if type(token) is not str or not token:
            raise Refused("bad_token", "a token is required")
        found = self.store.find_token(token)
        if found is None:
            raise unknown_token()
        match_id, seat = found
        return self.get(match_id), seat

    async def leave(self, token: str) -> None:
        """Give up a seat: its token stops working and the seat is open for someone else."""
        match, seat = self.identify(token)
        if seat is None:
            return
        async with match.lock:
            self._sync(match)  # the notification names the current move: no process skips it as old
            if self.store.free_seat(match.id, seat, token):  # else given up already (another process)
                self.store.notify(match.id, len(match.moves))
            self._rebind(match)  # the token's connections are dropped and told
        await self.push(match)

    async def rematch(self, token: str) -> tuple[Match, int, str]:
        """The same game again, once this one is over: bots keep their seats, people's seats
        open, and the asking seat takes its own seat in the new match."""
        match, seat = self.identify(token)
        if seat is None:
            raise Refused("not_a_seat", "only a seat of the match can ask for a rematch")
        async with match.lock:
            self._sync(match)
            if match.holders[seat] != digest(token):
                raise unknown_token()
            if not match.finished:
                raise Refused("not_finished", "the match is not over yet")
            if match.rematch is not None:
                raise Refused("conflict", f"the rematch is {match.rematch}: join it")
            seats = [label if _kind(label) == "bot" else OPEN for label in match.seats]
            seats[seat] = HUMAN
            new, tokens = self.create(match.game.spec.id, match.game.players, match.game.options.as_dict(), seats,
                                      rematch_of=match.id)
            match.rematch = new.id
            self.store.notify(match.id, len(match.moves))
        await self.push(match)
        return new, seat, tokens[seat]

    # -- moves ------------------------------------------------------------------------------------

    async def move(self, match: Match, seat: int, token: str, data: Any, ply: int | None = None) -> None:
        """Make `seat`'s move with `token` (which must hold the seat when the move commits):
        validated, committed, then pushed. Refused changes nothing."""
        async with match.lock:
            self._sync(match)
            if match.holders[seat] != digest(token):
                raise seat_lost(seat)
            if ply is not None and ply != len(match.moves):
                raise Refused("stale", f"the match is at move {len(match.moves)}, not {ply}: look again")
            if not match.started:
                raise Refused("not_started", "the match waits for its open seats to be taken")
            if match.finished:
                raise Refused("finished", "this match is over")
            try:
                action = action_from_data(match.game_cls, data)
            except MeepleError as exc:
                raise Refused("bad_action", str(exc)) from None
            await self._commit(match, seat, action, token)
        await self.push(match)
        self._next(match)

    def _next(self, match: Match) -> None:
        """After a move: bots that owe start thinking; a finished match lets its bots go (in a
        worker thread: a process is given a moment to exit)."""
        if match.finished:
            bots, result = list(match.bots.values()), match.result()
            match.bots.clear()
            if bots:
                asyncio.get_running_loop().run_in_executor(None, _finish, bots, result)
            if self.shared:
                self.store.end_drive(match.id)
                self.driving.discard(match.id)
        else:
            self._schedule_bots(match)

    @staticmethod
    def _trial(match: Match, seat: int, action: Action) -> tuple["State", dict[int | None, str]]:
        """`action` applied to a copy of the match's state, and the move narrated as each viewer
        (every seat, and None: the spectators) sees it. IllegalAction leaves the match as it was."""
        before_state = match.state
        simultaneous = bool(before_state.pending) and isinstance(before_state.pending[-1], Simultaneous)
        viewers: list[int | None] = list(range(match.game.players)) + [None]
        before = {viewer: view_for(before_state, viewer) for viewer in viewers}
        trial = before_state.clone()
        gained = trial.apply(action, seat)
        narration = {viewer: narrate(match.narrator, simultaneous, before[viewer], before[seat], seat, action,
                                     gained, view_for(trial, viewer), viewer) for viewer in viewers}
        return trial, narration

    async def _commit(self, match: Match, seat: int, action: Action, token: str | None = None) -> None:
        """Apply to a copy, store the move (a person's only while `token` holds the seat), then
        make the copy current (called under the lock). The commit (an fsync) runs in a worker
        thread: other matches go on meanwhile. On a shared database, who holds each seat is read
        again after the commit: a seat given up on another process meanwhile drops its old
        connections before the new state is pushed."""
        try:
            trial, narration = self._trial(match, seat, action)
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
        try:
            await asyncio.to_thread(self.store.add_move, match.id, len(match.moves), seat,
                                    action_to_data(match.game_cls, action), token)
        except PlyTaken as exc:
            raise Refused("stale", str(exc)) from None
        except SeatLost:
            self._rebind(match)
            raise seat_lost(seat) from None
        match.state = trial
        match.moves.append((seat, action))
        match.narration = narration
        if self.shared:
            self._rebind(match)

    # -- pushes -----------------------------------------------------------------------------------

    async def push(self, match: Match) -> None:
        """Send every connection of the match its own update (a failed send drops the connection),
        each computed when it is sent and only while the connection's token holds its seat."""
        for connection in list(match.connections):
            if connection not in match.connections:
                continue  # dropped while an earlier send was under way
            if not connection.holds():
                self._drop_lost(connection)
                continue
            try:
                await connection.send(match.update_for(connection.seat))
            except Exception:
                match.connections.discard(connection)

    # -- bots -------------------------------------------------------------------------------------

    def resume_bots(self) -> None:
        for match in list(self.matches.values()):
            self._schedule_bots(match)

    def _schedule_bots(self, match: Match) -> None:
        """Start the turns of the bots that owe, if this process drives the match's bots (always
        on a database of its own; with several processes, while it holds the match's lease)."""
        if not match.started or match.finished:
            return
        seats = [seat for seat in match.state.owing() if _kind(match.seats[seat]) == "bot" and seat not in match.thinking]
        if not seats or not self._drives(match):
            return
        for seat in seats:
            match.thinking.add(seat)
            self._spawn(self._bot_turn(match, seat))

    def _drives(self, match: Match) -> bool:
        """True if this process drives the match's bots: always on a database of its own; with
        several processes, if it holds the match's lease (taken or renewed here), so that it also
        hears of the moves other processes make in the match (`notified`)."""
        if not self.shared:
            return True
        if self.store.drive(match.id, self.owner, self.driver_lease):
            self.driving.add(match.id)
            return True
        self.driving.discard(match.id)
        return False

    def _bot(self, match: Match, seat: int) -> Any:
        bot = match.bots.get(seat)
        if bot is None:
            spec = BotSpec.parse(match.seats[seat])
            seed = derive(match.seed & (1 << 64) - 1, "bot", seat, len(match.moves))
            if self.isolate_bots:
                from ..botprocess import isolated_bot
                bot = isolated_bot(spec, match.game, match.narrator, seat, seed, self.source, self.bot_timeout)
            else:
                bot = self.registry.make_bot(spec, match.game, seat, {"seed": seed})
            match.bots[seat] = bot
        return bot

    async def _bot_turn(self, match: Match, seat: int) -> None:
        """Ask the bot in a worker thread (its process answers there), then move like a person."""
        try:
            async with match.lock:
                self._sync(match)  # several processes: the bot is asked about the current state
                if match.finished or seat not in match.state.owing():
                    return
                view, legal = match.state.view(seat), match.state.legal_actions(seat)
                view.fields  # built under the lock: the bot's thread reads it while others move
                bot = self._bot(match, seat)
            try:
                action = await asyncio.wait_for(asyncio.to_thread(bot.act, view, legal), self.bot_timeout + 5)
                if action not in legal:
                    raise MeepleError(f"answered {action!r}, which is not legal")
            except (Exception, asyncio.TimeoutError) as exc:
                reason = str(exc) or type(exc).__name__
                await self._forfeit(match, seat, f"bot {match.seats[seat]} failed: {reason}")
                return
            async with match.lock:
                self._sync(match)
                if match.finished or seat not in match.state.owing():
                    return
                await self._commit(match, seat, action)
        except Refused as exc:
            if exc.code in ("stale", "illegal"):  # the match moved on while the bot thought: ask again
                match.thinking.discard(seat)
                self._schedule_bots(match)
            return
        finally:
            match.thinking.discard(seat)
        await self.push(match)
        self._next(match)

    async def _forfeit(self, match: Match, seat: int, reason: str) -> None:
        async with match.lock:
            self.store.set_forfeit(match.id, seat, reason)
            match.forfeit = {"seat": seat, "reason": reason}
            self.store.notify(match.id, len(match.moves))
        await self.push(match)
        self._next(match)

    def close_bots(self, match: Match) -> None:
        _finish(list(match.bots.values()), match.result())
        match.bots.clear()

    async def shutdown(self) -> None:
        if self.heartbeat is not None:
            self.heartbeat.cancel()
            self.heartbeat = None
        if self.shared:
            try:
                self.store.let_go(self.owner)  # another process takes this one's bots over
            except Exception:
                logger.exception("meeple server: letting the bot leases go failed")
        if self.listener is not None:
            await self.listener.stop()
            self.listener = None
        for task in list(self.tasks):
            task.cancel()
        for match in self.matches.values():
            self.close_bots(match)


__all__ = ["DRIVER_LEASE_SECONDS", "Connection", "Hub", "Match", "OPEN", "Refused", "TOKEN_BYTES", "new_token"]
