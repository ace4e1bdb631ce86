"""Several `meeple server` processes on one database: reading each other's changes, and who
drives each match's bots.

Who holds each seat (`Match.holders`) is read from the database after every change this process
makes or reads (a move, a seat taken or given up, here or by another process), so it is never
older than the state being pushed; a connection whose token no longer holds its seat is dropped
at that moment — before any view goes out — and told so (`seat_lost`).

Exactly one process drives each match's bots: the one holding its lease in the store
(`Store.drive`), renewed by a heartbeat while the process lives and taken over by another process
once it lapses. The lease saves the work being done twice; correctness never rests on it (the
`(match, ply)` key still refuses a second write). On PostgreSQL, every process listens for the
changes the others commit (`fanout.Listener`) and pushes them to its own connections.

`SharedDatabase` is a part of `Hub` (meeple.server.hub), written apart so that each job of the
hub reads on its own: it uses the hub's `store`, `matches`, `get`, `push`, `_next`, `_trial`,
`_schedule_bots` and `_spawn`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Sequence

from ..serialization import action_from_data
from .log import note
from .matches import Connection, Match, Refused, lost_message, seat_lost

if TYPE_CHECKING:
    from .store import Store

logger = logging.getLogger(__name__)

#: Seconds a process's lease on driving a match's bots lasts unless renewed (every third of it):
#: how long a dead process's bots wait before another process takes them over.
DRIVER_LEASE_SECONDS = 15.0


class SharedDatabase:
    """The hub's dealings with the other processes sharing its database (none on SQLite alone)."""

    store: "Store"
    shared: bool
    matches: dict[str, Match]
    owner: str
    driver_lease: float
    driving: set[str]
    listener: Any
    heartbeat: "asyncio.Task | None"

    def _sync(self, match: Match) -> bool:
        """Shared database: apply the moves another process stored since we last looked (each
        narrated as for a move made here) and read its seats, rematch, forfeit and expiry again.
        True if anything changed."""
        if not self.shared:
            return False
        before = (len(match.moves), list(match.seats), match.rematch, match.forfeit, match.expired)
        for seat, data in self.store.moves_from(match.id, len(match.moves)):
            action = action_from_data(match.game_cls, data)
            match.state, match.narration = self._trial(match, seat, action)
            match.moves.append((seat, action))
            note(match)
        stored = self.store.load(match.id)
        if stored is not None:
            match.seats[:] = stored.seats
            match.names[:] = stored.names
            match.rematch, match.forfeit, match.expired = stored.rematch, stored.forfeit, stored.expired
            match.spectators = stored.spectators
            self._bind(match, stored.holders)
        return (len(match.moves), list(match.seats), match.rematch, match.forfeit, match.expired) != before

    def _rebind(self, match: Match) -> None:
        """Read who holds each seat now (after a change to the match or its seats) and `_bind`."""
        labels, holders, names = self.store.seats(match.id)
        match.seats[:] = labels
        match.names[:] = names
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
            error = seat_lost(connection.seat, connection.match.seats[connection.seat])
            self._spawn(connection.close(lost_message(error)))

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

    async def stop_sharing(self) -> None:
        """Shutting down: stop the heartbeat and the listener, and let this process's leases go
        so that another process takes its bots over at once."""
        if self.heartbeat is not None:
            self.heartbeat.cancel()
            self.heartbeat = None
        if self.shared:
            try:
                self.store.let_go(self.owner)
            except Exception:
                logger.exception("meeple server: letting the bot leases go failed")
        if self.listener is not None:
            await self.listener.stop()
            self.listener = None


__all__ = ["DRIVER_LEASE_SECONDS", "SharedDatabase"]
