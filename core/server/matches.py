"""One match of `meeple server` in memory, the connections listening to it, and what each is sent.

A match is (seed, moves) like a record: each stored move is `(seat, action)`, applied with
`state.apply(action, seat)` in order, so replaying the rows rebuilds the exact state, a pending
simultaneous choice included. A connection is bound to the token it said hello with (kept as
its digest, as the database keeps it), not to a seat number: it is sent the seat's view only
while that token holds the seat (`Match.holders`).

An update is computed once per viewer — each seat, and the spectators together — and the same
text is sent to every connection of that viewer (`Match.updates`): a thousand sockets parked on
one seat cost one update, not a thousand.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable

from ..actions import Action
from ..errors import MeepleError
from ..hosting import result_of
from ..session import HUMAN
from .store import digest
from .views import legal_moves, view_data, view_for

if TYPE_CHECKING:
    from ..game import Game
    from ..state import State

OPEN = "open"
#: Random bytes in a seat or spectator token (256 bits; the brief asks at least 128).
TOKEN_BYTES = 32


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


def kind(label: str) -> str:
    """A seat's kind: `open`, `human` or `bot`."""
    return label if label in (OPEN, HUMAN) else "bot"


class Connection:
    """One WebSocket of a match, bound to the token it said hello with: `seat` is None for a
    spectator. `send(text)` pushes a message already encoded as JSON; `close(message)` sends one
    last message and closes the socket."""

    def __init__(self, match: "Match", seat: int | None, token: str, send: Callable[[str], Awaitable[None]],
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
        self.expired: str | None = None  # why the server ended it (nobody came, nobody stayed)
        self.lock = asyncio.Lock()
        self.holders: list[str | None] = [None] * len(seats)  # by seat: its token's digest (None: open, a bot)
        self.connections: set[Connection] = set()
        self.bots: dict[int, Any] = {}
        self.thinking: set[int] = set()
        self.narration: dict[int | None, str] = {}  # the last move as each viewer saw it
        self.creator: str | None = None  # the client address that created it (this process only)
        self.spectators = 0  # spectator tokens issued for it
        self.active = time.monotonic()  # when a move was last made or a connection last left

    @property
    def started(self) -> bool:
        return OPEN not in self.seats

    @property
    def finished(self) -> bool:
        return self.state.is_terminal or self.forfeit is not None or self.expired is not None

    def status(self) -> str:
        return "finished" if self.finished else "playing" if self.started else "waiting"

    def summary(self) -> dict[str, Any]:
        return {"match": self.id, "game": self.game.spec.id, "players": self.game.players,
                "options": self.game.options.as_dict(), "status": self.status(), "moves": len(self.moves),
                "seats": [{"seat": i, "kind": kind(label), "label": label} for i, label in enumerate(self.seats)],
                "rematch": self.rematch}

    def result(self) -> dict[str, Any] | None:
        if self.expired is not None:
            return {"expired": self.expired, "winners": [], "scores": []}
        return result_of(self.state, self.forfeit)

    def update_for(self, seat: int | None) -> dict[str, Any]:
        """Everything a connection for `seat` (None: a spectator) is pushed: its own view only."""
        view = view_for(self.state, seat)
        owing = [] if self.finished or not self.started else list(self.state.owing())
        return {"type": "update", "match": self.id, "seat": seat, "ply": len(self.moves),
                "status": self.status(), "view": view_data(self.state, view),
                "owing": owing, "owes": seat in owing, "eliminated": list(view.eliminated),
                "legal": legal_moves(self.state, self.narrator, view, seat) if seat in owing else [],
                "narration": self.narration.get(seat), "seats": self.summary()["seats"],
                "result": self.result(), "rematch": self.rematch}

    def updates(self, connections: Iterable[Connection]) -> dict[int | None, str]:
        """The update of every viewer among `connections`, as JSON text: computed once per seat
        (and once for all the spectators), whatever the number of connections."""
        return {seat: json.dumps(self.update_for(seat)) for seat in {c.seat for c in connections}}


__all__ = ["Connection", "Match", "OPEN", "Refused", "TOKEN_BYTES", "kind", "new_token", "seat_lost",
           "unknown_token"]
