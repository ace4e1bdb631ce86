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
from .views import legal_moves, shown_view, view_data

if TYPE_CHECKING:
    from ..game import Game
    from ..state import State

OPEN = "open"
#: A person's seat of a started match that nobody holds now (given up, or reopened by the host):
#: it waits for its invite — never for a stranger from the lobby — or for the host to hand it to a bot.
AWAY = "away"
#: The longest name a person may give their seat (characters, after trimming spaces).
NAME_LENGTH = 24
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


def seat_lost(seat: int, label: str | None = None) -> Refused:
    """What a connection (or a move) whose token no longer holds `seat` is told; `label` is what
    the seat is now, which says why: its `reason` is `opened_elsewhere` (someone opened its
    invite link), `handed_on` (the host gave it to a bot) or `given_up` (left, or reopened)."""
    reason, why = {HUMAN: ("opened_elsewhere", "this seat was opened elsewhere (with its invite link)"),
                   OPEN: ("given_up", "it was given up"),
                   AWAY: ("given_up", "it was given up, or reopened by the match's host"),
                   None: ("given_up", "it was given up by leaving")}.get(
        label, ("handed_on", "the match's host handed it to a bot"))
    refusal = Refused("seat_lost", f"this connection's token no longer holds seat {seat} ({why}): nothing more of "
                                   f"the seat is sent here; the connection is closed")
    refusal.reason = reason
    return refusal


def lost_message(refusal: Refused) -> dict[str, Any]:
    """The last message of a connection whose seat was lost (`seat_lost`), with its reason."""
    return {"type": "error", "code": refusal.code, "message": str(refusal), "reason": getattr(refusal, "reason", None)}


def kind(label: str) -> str:
    """A seat's kind: `open`, `away`, `human` or `bot`."""
    return label if label in (OPEN, AWAY, HUMAN) else "bot"


def check_name(name: object) -> str:
    """A person's name for a seat, trimmed; Refused (one line) unless it is text of at most
    NAME_LENGTH characters with no control character. The client shows it as text, never as
    markup."""
    if not isinstance(name, str):
        raise Refused("bad_request", "a name is text")
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH:
        raise Refused("bad_name", f"a name is at most {NAME_LENGTH} characters, got {len(name)}")
    if any(not character.isprintable() for character in name):
        raise Refused("bad_name", "a name holds no control characters")
    return name


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
        self.loaded = time.monotonic()
        self.holders: list[str | None] = [None] * len(seats)  # by seat: its token's digest (None: open, a bot)
        self.connections: set[Connection] = set()
        self.bots: dict[int, Any] = {}
        self.thinking: set[int] = set()
        self.narration: dict[int | None, str] = {}  # the last move as each viewer saw it
        self.told: list[dict[int | None, str]] = []  # every move as each viewer saw it (meeple.server.log)
        self.creator: str | None = None  # the client address that created it (this process only)
        self.spectators = 0  # spectator tokens issued for it
        self.active = time.monotonic()  # when a move was last made or a connection last left
        self.names: list[str] = [""] * len(seats)  # by seat: what its person is called
        self.private = False  # not in the lobby: its seats are taken by invite only
        self.host: str | None = None  # the digest of the creator's host key
        self.seen: dict[int, float] = {}  # by seat: when a connection of it last left, or it changed hands

    def absent_for(self, seat: int, now: float | None = None) -> float:
        """Seconds since a connection of `seat` was last open here (0 while one is), counted from
        when the seat last changed hands or this process read the match."""
        if any(connection.seat == seat for connection in self.connections):
            return 0.0
        now = time.monotonic() if now is None else now
        return now - self.seen.get(seat, self.loaded)

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
                "seats": [{"seat": i, "kind": kind(label), "label": label, "name": self.names[i]}
                          for i, label in enumerate(self.seats)],
                "rematch": self.rematch, "private": self.private}

    def result(self) -> dict[str, Any] | None:
        if self.expired is not None:
            return {"expired": self.expired, "winners": [], "scores": []}
        return result_of(self.state, self.forfeit)

    def update_for(self, seat: int | None) -> dict[str, Any]:
        """Everything a connection for `seat` (None: a spectator) is pushed: its own view only."""
        view = shown_view(self.state, seat)
        owing = [] if self.finished or not self.started else list(self.state.owing())
        return {"type": "update", "match": self.id, "seat": seat, "ply": len(self.moves),
                "status": self.status(), "options": self.game.options.as_dict(), "view": view_data(self.state, view),
                "owing": owing, "owes": seat in owing, "eliminated": list(view.eliminated),
                "legal": legal_moves(self.state, self.narrator, view, seat) if seat in owing else [],
                "narration": self.narration.get(seat), "seats": self.summary()["seats"],
                "result": self.result(), "rematch": self.rematch}

    def updates(self, connections: Iterable[Connection]) -> dict[int | None, str]:
        """The update of every viewer among `connections`, as JSON text: computed once per seat
        (and once for all the spectators), whatever the number of connections."""
        return {seat: json.dumps(self.update_for(seat)) for seat in {c.seat for c in connections}}


__all__ = ["AWAY", "Connection", "Match", "NAME_LENGTH", "OPEN", "Refused", "TOKEN_BYTES", "check_name", "kind",
           "lost_message", "new_token", "seat_lost", "unknown_token"]
