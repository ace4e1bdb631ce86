"""Seats that follow their person: invites, names, and the host's say over absent seats.

Every seat a person may sit in has an **invite**: a secret (`new_token()`, 256 bits) that the
browser carries in an invite link's *fragment* (``/#invite=...``), which a browser never sends
in a request line, a log or a ``Referer``. Whoever opens the link takes the seat with it
(`Invites.claim`), whoever held it before: the seat gets a new token, the old token stops
holding it, and every connection still open with the old token is told so (`seat_lost`, "this
seat was opened elsewhere") and closed. The invite itself stays the same, so the same person may
move the seat to their phone and back; only the host's "reopen" replaces it.

The creator of a match gets a **host key** (kept as a digest, like every secret): with it they
may hand a seat to a bot, or reopen it with a new invite (its old token and invite dead), once
nobody has been connected to the seat for `Limits.absent_seconds` (a seat nobody holds — open,
or away after its person left — at once). A bot seat stays a bot.

**Names** are chosen at creation (per seat), at join and when opening an invite; they are at most
`NAME_LENGTH` characters, trimmed, with no control characters, and the client shows them as text.

`Invites` is a part of `Hub` (meeple.server.hub), written apart so that each job of the hub reads
on its own: it uses the hub's `store`, `limits`, `get`, `create`, `_label`, `_check_bot_room`,
`_sync`, `_rebind`, `_write`, `push` and `_next`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..session import HUMAN
from .matches import AWAY, OPEN, Match, Refused, check_name, kind, new_token
from .store import digest

if TYPE_CHECKING:
    from .limits import Limits
    from .store import Store


class Invites:
    """The hub's invites, names and host hand-overs."""

    store: "Store"
    limits: "Limits"

    async def host_match(self, game_id: str, options: Mapping[str, Any], seats: Sequence[str],
                         names: Sequence[str] = (), private: bool = False,
                         address: str | None = None) -> tuple[Match, dict[int, str], dict[int, str], str]:
        """Create a match as a person does: the match, a token for each `human` seat (the
        creator's), an invite for every seat that is not a bot's, and the host key."""
        players = len(seats)
        invites = {seat: new_token() for seat, text in enumerate(seats) if text.strip().lower() in (HUMAN, OPEN)}
        host = new_token()
        match, tokens = await self.create(game_id, players, options, seats, address=address, names=names,
                                          private=private, invites=invites, host=digest(host))
        return match, tokens, invites, host

    async def claim(self, invite: str, name: str = "") -> tuple[Match, int, str]:
        """Take the seat `invite` opens, whoever holds it now: a new token for it (the old one
        stops holding it; its connections are told and closed). `name` (if given) becomes the
        seat's name. Returns the match, the seat and the new token."""
        name = check_name(name)
        found = self.store.find_invite(invite)
        if found is None:
            raise Refused("bad_invite", "this invite link opens no seat (it was replaced by the match's host, or "
                                        "the seat was handed to a bot)")
        match = self.get(found[0])
        seat, token = found[1], new_token()
        async with match.lock:
            self._sync(match)
            if match.finished:
                raise Refused("finished", "this match is over")
            if not await self._write(self.store.claim_seat, match.id, seat, invite, token, name):
                raise Refused("bad_invite", "this invite link no longer opens its seat")
            self._rebind(match)  # the old token's connections: "this seat was opened elsewhere"
            self.store.notify(match.id, len(match.moves))
            match.active = match.seen[seat] = time.monotonic()
        await self.push(match)
        self._next(match)
        return match, seat, token

    async def hand_on(self, match_id: str, host: str, seat: int, to: str) -> str | None:
        """The host's say over an absent seat: `to` is `reopen` (the seat waits for a new invite,
        returned; its token and old invite are dead) or a bot spec (the seat is the bot's from
        now on). Refused unless `host` is the match's host key, the seat is a person's, and
        nobody has been connected to it for `Limits.absent_seconds` (a seat nobody holds: at once)."""
        match = self.get(match_id)
        if match.host is None or match.host != digest(host):
            raise Refused("not_host", "only the match's creator (its host key) hands seats on")
        if not 0 <= seat < len(match.seats):
            raise Refused("bad_request", f"seat {seat} is not a seat of this match")
        reopen = to.strip().lower() == "reopen"
        label = None if reopen else self._label(match.game.spec.id, to)
        if label is not None and kind(label) != "bot":
            raise Refused("bad_request", "a seat is handed to a bot (a bot spec) or reopened (`reopen`)")
        async with match.lock:
            self._sync(match)
            if match.finished:
                raise Refused("finished", "this match is over")
            if kind(match.seats[seat]) == "bot":
                raise Refused("bad_request", f"seat {seat} is a bot's: it stays one")
            holder = match.holders[seat]
            absent = match.absent_for(seat)
            if holder is not None and absent < self.limits.absent_seconds:
                wait = self.limits.absent_seconds - absent
                raise Refused("not_absent", f"seat {seat} has had a connection within the last "
                                            f"{self.limits.absent_seconds:g} s: it can be handed on after "
                                            f"{self.limits.absent_seconds:g} s without one ({wait:.0f} s from now)")
            invite = new_token() if reopen else None
            if reopen:
                label = AWAY if match.started else OPEN
            else:
                self._check_bot_room(match.game.spec.id, [label])
            if not await self._write(self.store.hand_seat, match.id, seat, label, holder, invite):
                raise Refused("conflict", f"seat {seat} changed hands meanwhile: look again")
            self._rebind(match)
            self.store.notify(match.id, len(match.moves))
            match.active = match.seen[seat] = time.monotonic()
        await self.push(match)
        self._next(match)
        return invite


__all__ = ["Invites"]
