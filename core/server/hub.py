"""The matches `meeple server` hosts, from creation to their end: seats held by tokens, moves
committed before they are acknowledged, pushes to every connection, and expiry.

A move is applied to a copy of the state, committed to the database (in a thread pool of its
own, which no bot ever waits in), and only then made current and pushed: a crash at any point
leaves the database at the last acknowledged move. A person's move is stored only if its token
still holds the seat when it commits (`Store.add_move`).

Every request a stranger can make is bounded by the server's `Limits` (meeple.server.limits):
matches and spectator tokens per client address and in total, sockets per token, bot settings
and bot seats; a match nobody takes or nobody stays in expires, and its bots are let go.

The hub's other jobs each have a module: `sync` (several processes on one database), `botseats`
(bots), `invites` (seats that follow their person: invites, names, the host's hand-overs),
`lobby` (what the lobby shows, and its pushes), `matches` (one match and what each viewer is sent), `log`
(every move as each viewer saw it).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Coroutine, Mapping, Sequence

from ..actions import Action
from ..errors import IllegalAction, MeepleError
from ..seeds import fresh_secret
from ..serialization import action_from_data, action_to_data
from ..session import HUMAN
from .botseats import BotSeats, finish_bots
from .invites import Invites
from .limits import Limits
from .log import complete, note, told
from .lobby import LobbyFeed, listed, lobby
from .matches import (AWAY, OPEN, TOKEN_BYTES, Connection, Match, Refused, check_name, kind, new_token, seat_lost,
                      unknown_token)
from .store import PlyTaken, SeatLost, Store, StoredMatch, digest
from .sync import DRIVER_LEASE_SECONDS, SharedDatabase

if TYPE_CHECKING:
    from ..registry import Registry
    from ..state import State

logger = logging.getLogger(__name__)


class Hub(SharedDatabase, BotSeats, Invites):
    """Every match of this server process, backed by the store."""

    def __init__(self, registry: "Registry", store: Store, *, bot_timeout: float = 10.0,
                 isolate_bots: bool = True, source: Any = None, shared_database: bool = False,
                 driver_lease: float = DRIVER_LEASE_SECONDS, limits: Limits | None = None) -> None:
        self.registry = registry
        self.store = store
        self.bot_timeout = bot_timeout
        self.isolate_bots = isolate_bots
        self.source = source
        self.limits = limits if limits is not None else Limits()
        self.shared = shared_database  # several processes: read moves others stored before acting
        self.matches: dict[str, Match] = {}
        self.tasks: set[asyncio.Task] = set()
        self.listener: Any = None  # a fanout.Listener once started on a shared database
        self.owner = secrets.token_hex(8)  # this process, as the driver of matches' bots
        self.driver_lease = driver_lease
        self.driving: set[str] = set()  # the matches whose lease this process held when it last looked
        self.heartbeat: asyncio.Task | None = None
        self.reaper: asyncio.Task | None = None
        self.bot_pool = ThreadPoolExecutor(self.limits.bot_threads, thread_name_prefix="meeple-bot")
        # Moves (and forfeits) commit in a pool of their own, so a person's move never waits
        # behind a queue of other writes (a crowd creating matches, expiry): at most behind one.
        self.commit_pool = ThreadPoolExecutor(1, thread_name_prefix="meeple-commit")
        self.lobby_pool = ThreadPoolExecutor(1, thread_name_prefix="meeple-lobby")
        self.created_by: dict[str, set[str]] = {}  # client address -> matches it created, not over yet
        self.creating: set[str] = set()  # matches being written, not loaded yet
        self.spectated_by: dict[str, list[str]] = {}  # client address -> a match per spectator token
        self.feed = LobbyFeed(self.lobby_matches)  # the lobby's open sockets, pushed its changes

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
        if match.expired is None:  # an expired match is read when asked for, never kept
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
        match.rematch, match.forfeit, match.expired = stored.rematch, stored.forfeit, stored.expired
        match.spectators = stored.spectators
        match.names[:] = stored.names
        match.private, match.host = stored.private, stored.host
        return match

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

    def lobby(self) -> dict[str, Any]:
        return lobby(self.registry, self.matches.values(), self.limits)

    def lobby_matches(self) -> list[dict[str, Any]]:
        """The lobby's list of matches (what its sockets are pushed)."""
        return listed(self.matches.values())

    # -- creating and joining ---------------------------------------------------------------------

    async def _write(self, write: Callable[..., Any], *args: Any, move: bool = False) -> Any:
        """Run a database write (a commit: an fsync) in a worker thread, never on the event loop:
        a move's (or a forfeit's) in the commit pool, any other in the lobby pool."""
        pool = self.commit_pool if move else self.lobby_pool
        return await asyncio.get_running_loop().run_in_executor(pool, functools.partial(write, *args))

    async def create(self, game_id: str, players: int | None, options: Mapping[str, Any], seats: Sequence[str],
                     rematch_of: str | None = None, address: str | None = None, *, names: Sequence[str] = (),
                     private: bool = False, invites: Mapping[int, str] | None = None,
                     host: str | None = None) -> tuple[Match, dict[int, str]]:
        """A new match; returns it and a token for each `human` seat (the creator's). `address`
        is the creating client's: it may have `Limits.matches_per_address` matches not over.
        `names` by seat, `private` (not in the lobby), `invites` (by seat) and the digest of the
        host key are stored with it (`Invites.host_match` makes them)."""
        self._check_room(address)
        names = [check_name(name) for name in names]
        try:
            game = self.registry.create(game_id, players, dict(options))
        except MeepleError as exc:
            raise Refused("bad_request", str(exc)) from None
        too_long = self.limits.check_length(game, {name: value for name, value in game.options.items()
                                                   if name in options})
        if too_long is not None:
            raise Refused("too_long", too_long)
        if len(seats) != game.players:
            raise Refused("bad_request", f"{game_id} with {game.players} players needs {game.players} seats, "
                                         f"got {len(seats)}")
        labels = [self._label(game_id, text) for text in seats]
        if len(names) > len(labels):
            raise Refused("bad_request", f"{len(names)} names for {len(labels)} seats")
        names += [""] * (len(labels) - len(names))
        self._check_bot_room(game_id, labels)
        tokens = {seat: new_token() for seat, label in enumerate(labels) if label == HUMAN}
        match_id = secrets.token_hex(8)
        if address is not None:  # counted before the write: a burst of requests cannot overtake it
            self.created_by.setdefault(address, set()).add(match_id)
        self.creating.add(match_id)
        seed = fresh_secret()
        try:
            await self._write(functools.partial(self.store.create_match, names=names, invites=invites, private=private,
                                                host=host), match_id, game_id, game.players, game.options.as_dict(),
                              seed, labels, tokens, time.time(), rematch_of)
        except MeepleError as exc:
            self.created_by.get(address, set()).discard(match_id)
            raise Refused("conflict", str(exc)) from None
        finally:
            self.creating.discard(match_id)
        match = Match(match_id, game, seed, labels, self.registry.narrator(game_id))  # as stored: no read back
        match.holders[:] = [digest(tokens[seat]) if seat in tokens else None for seat in range(game.players)]
        match.names[:], match.private, match.host = names, private, host
        self.matches[match_id] = match
        match.creator = address
        self._schedule_bots(match)
        self.feed.changed()
        return match, tokens

    def _check_room(self, address: str | None) -> None:
        """Refused unless one more match fits: in total, and for `address` (None: the server's
        own, a rematch)."""
        limits = self.limits
        if sum(1 for m in self.matches.values() if not m.finished) + len(self.creating) >= limits.matches_total:
            raise Refused("busy", f"this server hosts at most {limits.matches_total} matches at once: "
                                  f"try again later")
        if address is not None:
            mine = self.created_by.get(address, set())
            mine -= {m for m in mine if m not in self.creating and (m not in self.matches or self.matches[m].finished)}
            if len(mine) >= limits.matches_per_address:
                raise Refused("too_many_matches", f"one client may have at most {limits.matches_per_address} "
                                                  f"matches not over yet: finish or leave one first")

    async def join(self, match_id: str, seat: int | None, name: str = "") -> tuple[Match, int, str, str]:
        """Take an open seat of a match listed in the lobby (the first one when `seat` is None):
        a token and the seat's new invite (whoever had its old one no longer takes it). A
        private match's seats, and a started match's, are taken with their invite only."""
        match = self.get(match_id)
        if match.private:
            raise Refused("private", "this match is private: open its invite link to take a seat")
        return await self._take(match, seat, name)

    async def _take(self, match: Match, seat: int | None, name: str) -> tuple[Match, int, str, str]:
        """Give `seat` (or the first open seat) of `match` to a new token, with `name` and a new
        invite: the match's join, and a rematch's seat for its person."""
        name = check_name(name)
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
            token, invite = new_token(), new_token()
            if seat not in free or not await self._write(self.store.take_seat, match.id, seat, token, name, invite):
                raise Refused("no_seat", f"seat {seat} is not open")
            self._rebind(match)
            self.store.notify(match.id, len(match.moves))
            match.active = match.seen[seat] = time.monotonic()
        await self.push(match)
        self._schedule_bots(match)
        return match, seat, token, invite

    async def watch(self, match_id: str, address: str | None = None) -> tuple[Match, str]:
        """A spectator token for a match not over, within the spectator limits (per match, per
        client address, in total)."""
        match = self.get(match_id)
        limits = self.limits
        if match.finished:
            raise Refused("finished", "this match is over")
        if match.spectators >= limits.spectators_per_match:
            raise Refused("too_many_spectators", f"a match has at most {limits.spectators_per_match} spectator tokens")
        if sum(m.spectators for m in self.matches.values() if not m.finished) >= limits.spectators_total:
            raise Refused("busy", f"this server issues at most {limits.spectators_total} spectator tokens for the "
                                  f"matches not over: try again later")
        if address is not None:
            mine = [m for m in self.spectated_by.get(address, []) if m in self.matches and not self.matches[m].finished]
            if len(mine) >= limits.spectators_per_address:
                raise Refused("too_many_spectators", f"one client may hold at most {limits.spectators_per_address} "
                                                     f"spectator tokens of matches not over")
            self.spectated_by[address] = mine + [match.id]
        token = new_token()
        match.spectators += 1  # counted before the write: a burst of requests cannot overtake it
        try:
            await self._write(self.store.add_spectator, match.id, token)
        except BaseException:
            match.spectators -= 1
            raise
        return match, token

    async def hello(self, token: Any, send: Callable[[str], Awaitable[None]],
                    close: Callable[[dict], Awaitable[None]]) -> Connection:
        """A connection for `token` (Refused if it stands for nothing, or if the token has its
        `Limits.sockets_per_token` sockets already): bound to it, listening to its match, and
        sent its first update."""
        match, seat = self.identify(token)
        connection = Connection(match, seat, token, send, close)
        same = sum(1 for other in match.connections if other.token == connection.token)
        if same >= self.limits.sockets_per_token:
            raise Refused("too_many_sockets", f"a seat or spectator token may have at most "
                                              f"{self.limits.sockets_per_token} connections open")
        self._rebind(match)  # who holds each seat now: connections of a token given up meanwhile go
        if not connection.holds():  # given up between the two reads
            raise unknown_token()
        match.connections.add(connection)
        complete(match)  # a match read back: its log, and its last move as the update tells it
        await send(match.updates([connection])[seat])
        return connection

    def hang_up(self, connection: Connection) -> None:
        """The socket closed: push nothing more to it."""
        connection.match.connections.discard(connection)
        connection.match.active = time.monotonic()
        if connection.seat is not None:
            connection.match.seen[connection.seat] = connection.match.active

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
        """Give up a seat: its token stops working. Before the match starts the seat is open
        again; once it has started the seat is `away` — it waits for its invite (or for the
        host to hand it to a bot), never for a stranger from the lobby."""
        match, seat = self.identify(token)
        if seat is None:
            return
        async with match.lock:
            self._sync(match)  # the notification names the current move: no process skips it as old
            label = AWAY if match.started else OPEN
            if await self._write(self.store.free_seat, match.id, seat, token, label):  # else given up already
                self.store.notify(match.id, len(match.moves))
            self._rebind(match)  # the token's connections are dropped and told
            match.active = match.seen[seat] = time.monotonic()
        await self.push(match)

    async def rematch(self, token: str, name: str = "") -> tuple[Match, int, str, str]:
        """The same game with the same people in the same seats, once this one is over: the
        first seat to ask creates it (private: no stranger takes a seat from the lobby), bots keep
        their seats, every person's seat waits for that seat's holder here, who takes it by
        asking with this match's token (in any order). Returns the rematch, the seat, its token
        and its invite."""
        match, seat = self.identify(token)
        if seat is None:
            raise Refused("not_a_seat", "only a seat of the match can ask for a rematch")
        async with match.lock:
            self._sync(match)
            if match.holders[seat] != digest(token):
                raise unknown_token()
            if not match.finished:
                raise Refused("not_finished", "the match is not over yet")
            if match.expired is not None:
                raise Refused("finished", "this match expired: create a new one")
            if match.rematch is None:
                seats = [label if kind(label) == "bot" else OPEN for label in match.seats]
                new, _ = await self.create(match.game.spec.id, match.game.players, match.game.options.as_dict(), seats,
                                           rematch_of=match.id, names=match.names, private=True, host=match.host)
                match.rematch = new.id
                self.store.notify(match.id, len(match.moves))
                created = True
            else:
                created = False
        if created:
            await self.push(match)
        rematch = self.get(match.rematch)
        if rematch.seats[seat] != OPEN:
            raise Refused("conflict", f"your seat in the rematch ({match.rematch}) is taken already: open it with "
                                      f"its invite link")
        return await self._take(rematch, seat, name or match.names[seat])

    # -- moves ------------------------------------------------------------------------------------

    async def move(self, match: Match, seat: int, token: str, data: Any, ply: int | None = None) -> None:
        """Make `seat`'s move with `token` (which must hold the seat when the move commits):
        validated, committed, then pushed. Refused changes nothing."""
        async with match.lock:
            self._sync(match)
            if match.holders[seat] != digest(token):
                raise seat_lost(seat, match.seats[seat])
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
        """After a change: bots that owe start thinking; a match that ended lets its bots go."""
        if match.finished:
            self._let_bots_go(match)
            if self.shared:
                self.store.end_drive(match.id)
                self.driving.discard(match.id)
        else:
            self._schedule_bots(match)

    @staticmethod
    def _trial(match: Match, seat: int, action: Action) -> tuple["State", dict[int | None, str]]:
        """`action` applied to a copy of the match's state, and the move told as each viewer
        (every seat, and None: the spectators) saw it. IllegalAction leaves the match as it was."""
        trial = match.state.clone()
        trial.apply(action, seat)
        return trial, told(match.narrator, match.state, trial, seat, action)

    async def _commit(self, match: Match, seat: int, action: Action, token: str | None = None) -> None:
        """Apply to a copy, store the move (a person's only while `token` holds the seat), then
        make the copy current (called under the lock). The commit (an fsync) runs in the commit
        pool: other matches go on meanwhile, and no bot holds it up. On a shared database, who
        holds each seat is read again after the commit: a seat given up on another process
        meanwhile drops its old connections before the new state is pushed."""
        try:
            trial, narration = self._trial(match, seat, action)
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
        try:
            await self._write(self.store.add_move, match.id, len(match.moves), seat,
                              action_to_data(match.game_cls, action), token, move=True)
        except PlyTaken as exc:
            raise Refused("stale", str(exc)) from None
        except SeatLost:
            self._rebind(match)
            raise seat_lost(seat, match.seats[seat]) from None
        match.state = trial
        match.moves.append((seat, action))
        match.narration = narration
        note(match)
        match.active = time.monotonic()
        if self.shared:
            self._rebind(match)

    # -- pushes -----------------------------------------------------------------------------------

    async def push(self, match: Match) -> None:
        """Send every connection of the match its own update (a failed send drops the
        connection), only while its token holds its seat; each update is computed once per
        viewer, whatever the number of connections."""
        live = []
        for connection in list(match.connections):
            if connection.holds():
                live.append(connection)
            else:
                self._drop_lost(connection)
        self.feed.changed()
        updates = match.updates(live)
        for connection in live:
            if connection not in match.connections:
                continue  # dropped while an earlier send was under way
            try:
                await connection.send(updates[connection.seat])
            except Exception:
                match.connections.discard(connection)

    # -- expiry -----------------------------------------------------------------------------------

    def start_expiry(self) -> None:
        """Check for expired matches every few seconds until shutdown."""
        if self.reaper is None:
            period = max(0.5, min(30.0, self.limits.unstarted_seconds / 10, self.limits.idle_seconds / 10))
            self.reaper = asyncio.get_running_loop().create_task(self._expire_loop(period))

    async def _expire_loop(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire_due()
            except Exception:
                logger.exception("meeple server: expiring matches failed")

    async def expire_due(self, now: float | None = None) -> list[str]:
        """End every match that waited for its open seats longer than `Limits.unstarted_seconds`
        since anything happened, or that nobody was connected to for `Limits.idle_seconds`; their
        bots are let go. Returns their ids."""
        now = time.monotonic() if now is None else now
        limits, ended = self.limits, []
        for match in list(self.matches.values()):
            if match.finished:
                continue
            idle = now - match.active
            if not match.started and idle >= limits.unstarted_seconds:
                reason = f"nobody took its open seats within {limits.unstarted_seconds:g} s"
            elif match.started and not match.connections and idle >= limits.idle_seconds:
                reason = f"nobody was connected to it for {limits.idle_seconds:g} s"
            else:
                continue
            await self._expire(match, reason)
            ended.append(match.id)
        return ended

    async def _expire(self, match: Match, reason: str) -> None:
        async with match.lock:
            self._sync(match)
            if match.finished:
                return
            await self._write(self.store.expire, match.id, reason)
            match.expired = reason
        await self.push(match)
        self._next(match)
        self.matches.pop(match.id, None)

    async def shutdown(self) -> None:
        if self.reaper is not None:
            self.reaper.cancel()
            self.reaper = None
        await self.stop_sharing()
        for task in list(self.tasks):
            task.cancel()
        for match in self.matches.values():
            self.close_bots(match)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.commit_pool.shutdown(wait=False)
        self.lobby_pool.shutdown(wait=False)

    def close_bots(self, match: Match) -> None:
        """Let the match's bots go now, in this thread (the server stops)."""
        bots = list(match.bots.values())
        match.bots.clear()
        finish_bots(bots, match.result())


__all__ = ["DRIVER_LEASE_SECONDS", "Connection", "Hub", "Limits", "Match", "OPEN", "Refused", "TOKEN_BYTES",
           "new_token"]
