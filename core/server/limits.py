"""What one stranger may ask of `meeple server`: every limit an operator sets, in one place.

The server is open to anyone who can reach its port, so nothing a client sends may cost the
server without bound. Each limit below has a `meeple server` flag (named after the field, e.g.
``--sockets-per-address``), a documented default (docs/server.md, "Limits") and a refusal that
is one clear error (`Refused` with its code), never a slow server:

- sockets: per seat or spectator token (`sockets_per_token`) and per client address;
- messages: per client address, whatever socket or request carries them (a token bucket shared
  by every WebSocket message and every POST of the address);
- matches: not over yet, per creating address and in total; spectator tokens likewise;
- expiry: a match waiting for its open seats, or one nobody is connected to, ends after a while
  (`unstarted_seconds`, `idle_seconds`) and its bots are let go;
- game length: a match whose game, with the options asked for, may last more decisions than
  `game_length` (the game's own declared bound, `GameSpec.max_length`) is refused at creation:
  `max_turns=10**18` is one line, not a match that never ends;
- absence: a seat nobody has been connected to for `absent_seconds` may be handed to a bot or
  reopened by the match's host (meeple.server.invites);
- bots: how many think at once (`bot_threads`, a pool of their own: the pool that commits moves
  never waits for a bot), how many bot seats the unfinished matches hold in total
  (`bot_processes`), and the largest value of each numeric bot setting (`bot_caps`: ``workers``,
  ``iterations``, ``time``...). The time per move is the server's `--bot-timeout`.

A client's address is what the connection comes from (behind a reverse proxy, let uvicorn read
the proxy's forwarded headers, or every client is the proxy). Counts kept per address live in
this process's memory: a restart forgets them (the totals are read from the matches themselves).
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from attrs import field, frozen

#: Numeric bot settings and their largest allowed value, unless the operator says otherwise.
DEFAULT_BOT_CAPS: tuple[tuple[str, float], ...] = (("workers", 1), ("iterations", 20000), ("time", 10.0))


@frozen
class Limits:
    """The limits of one `meeple server`; every field has its flag (`meeple server --help`, docs/server.md "Limits")."""

    sockets_per_token: int = 4
    sockets_per_address: int = 64
    messages_per_second: float = 20.0
    message_burst: int = 60
    matches_per_address: int = 20
    matches_total: int = 1000
    spectators_per_address: int = 50
    spectators_per_match: int = 100
    spectators_total: int = 5000
    unstarted_seconds: float = 3600.0
    idle_seconds: float = 900.0
    absent_seconds: float = 60.0
    game_length: int = 100_000
    bot_threads: int = 2
    bot_processes: int = 32
    bot_caps: tuple[tuple[str, float], ...] = field(default=DEFAULT_BOT_CAPS, converter=lambda caps: tuple(
        sorted(dict(caps).items())))
    allowed_hosts: tuple[str, ...] = field(default=(), converter=tuple)
    allowed_origins: tuple[str, ...] = field(default=(), converter=tuple)

    def cap_of(self, name: str) -> float | None:
        return dict(self.bot_caps).get(name)

    def check_bot(self, label: str, params: Mapping[str, Any]) -> str | None:
        """Why the bot `label`, whose settings (defaults filled in) are `params`, is refused
        here; None if it is within every cap. A time of 0 ("no limit") is fine: the server's
        time per move still stops the bot."""
        for name, cap in self.bot_caps:
            value = params.get(name)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value > cap:
                shown = value if isinstance(value, int) else f"{value:g}"
                return f"bot {label}: {name}={shown} is above this server's limit of {cap:g} (--bot-cap {name}=...)"
        return None

    def check_length(self, game: Any, changed: Mapping[str, Any]) -> str | None:
        """Why `game` (a created Game) is refused here for the length its options allow, naming
        the options `changed` from their defaults; None if it may last at most `game_length`
        decisions."""
        length = game.spec.max_length(game.options, game.players)
        if length <= self.game_length:
            return None
        named = ", ".join(f"{name}={value}" for name, value in changed.items()) or "its default options"
        return (f"{game.spec.id} with {named} may last up to {length:.3g} decisions; this server hosts games of at "
                f"most {self.game_length} (--max-game-length): choose smaller values")

    def bot_cost(self, params: Mapping[str, Any]) -> int:
        """The processes a bot seat may run: one, or its `workers`."""
        workers = params.get("workers", 1)
        return max(1, workers) if isinstance(workers, int) and not isinstance(workers, bool) else 1


class RateLimit:
    """A token bucket: `allow()` is False once its owner asks faster than it may."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.level, self.at = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Addresses:
    """What each client address holds now: its open sockets and its message budget. An address
    with neither left is forgotten (its budget is full again by then, or it was never spent)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets: dict[str, int] = {}
        self.buckets: dict[str, RateLimit] = {}

    def open_socket(self, address: str) -> bool:
        """Count a socket for `address`; False (nothing counted) once it has its limit."""
        count = self.sockets.get(address, 0)
        if count >= self.limits.sockets_per_address:
            return False
        self.sockets[address] = count + 1
        return True

    def close_socket(self, address: str) -> None:
        count = self.sockets.get(address, 0) - 1
        if count > 0:
            self.sockets[address] = count
        else:
            self.sockets.pop(address, None)

    def allow_message(self, address: str) -> bool:
        """Take one message from `address`'s budget: False when it is spent (every socket and
        request of the address draws on the same budget)."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) > 4 * self.limits.sockets_per_address + 10000:
                self._forget_full()
            bucket = self.buckets[address] = RateLimit(self.limits.message_burst, self.limits.messages_per_second)
        return bucket.allow()

    def _forget_full(self) -> None:
        """Drop the buckets that have refilled (they would allow a burst again anyway)."""
        now = time.monotonic()
        for address, bucket in list(self.buckets.items()):
            if bucket.level + (now - bucket.at) * bucket.rate >= bucket.burst:
                del self.buckets[address]


__all__ = ["Addresses", "DEFAULT_BOT_CAPS", "Limits", "RateLimit"]
