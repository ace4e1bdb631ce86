"""Cross-process pushes for `meeple server` on PostgreSQL: `LISTEN/NOTIFY` on one channel.

Several server processes share one PostgreSQL database; a move is made (and its row committed) by
one of them, while the seats of that match may be connected to others. The process that commits a
move also sends `NOTIFY meeple_moves, '<match id> <ply>'` in the same transaction, so PostgreSQL
delivers it exactly when the move is committed and never for a refused one. Every process holds
one dedicated connection listening on the channel; on a notification its hub reads the new moves
from the database and pushes each of its connections its own update, as for a move made locally.

The payload is public by construction — a match id (already in the lobby) and a move number — so
any database user who can LISTEN learns only that a match moved, never an action, a view or a
seed. SQLite serves a single process: nothing to fan out.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

logger = logging.getLogger(__name__)

#: The PostgreSQL channel every `meeple server` process listens on.
CHANNEL = "meeple_moves"
#: Seconds between attempts to reopen a listening connection that was lost.
RECONNECT_SECONDS = 1.0


def payload(match_id: str, ply: int) -> str:
    """What a notification says: which match, which move number — nothing hidden."""
    return f"{match_id} {ply}"


def parse_payload(text: str) -> tuple[str, int] | None:
    """(match id, ply) from a notification, None for anything that is not one of ours."""
    match_id, _, ply = text.partition(" ")
    if not match_id or not ply.isdigit() or not ply.isascii():
        return None
    return match_id, int(ply)


class Listener:
    """One process's dedicated connection listening on `CHANNEL` (psycopg 3, asyncio).

    `on_move(match_id, ply)` runs on the event loop for every notification. When the connection is
    lost, it is reopened and `on_reconnect()` runs, so the hub can catch up with the moves made
    meanwhile (their notifications went to nobody)."""

    def __init__(self, url: str, on_move: Callable[[str, int], Awaitable[None]],
                 on_reconnect: Callable[[], Awaitable[None]]) -> None:
        self.url = url
        self.on_move = on_move
        self.on_reconnect = on_reconnect
        self.connection = None
        self.task: asyncio.Task | None = None

    async def start(self) -> None:
        """Open the connection and LISTEN before returning: a move committed afterwards reaches us."""
        await self._connect()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _connect(self) -> None:
        import psycopg

        self.connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self.connection.execute(f"LISTEN {CHANNEL}")

    async def _run(self) -> None:
        import psycopg

        while True:
            try:
                if self.connection is None or self.connection.closed:
                    await self._connect()
                    try:
                        await self.on_reconnect()
                    except (psycopg.Error, OSError):
                        raise
                    except Exception:
                        logger.exception("meeple server: catching up after reconnecting failed")
                async for notice in self.connection.notifies():
                    parsed = parse_payload(notice.payload)
                    if parsed is None or notice.channel != CHANNEL:
                        continue
                    try:
                        await self.on_move(*parsed)
                    except Exception:
                        logger.exception("meeple server: pushing match %s's move %s failed", *parsed)
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as exc:
                logger.warning("meeple server: the LISTEN connection failed (%s); reconnecting", exc)
                await self._close()
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _close(self) -> None:
        if self.connection is not None:
            try:
                await self.connection.close()
            except Exception:
                pass
            self.connection = None

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
            self.task = None
        await self._close()


__all__ = ["CHANNEL", "Listener", "parse_payload", "payload"]
