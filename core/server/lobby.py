"""What `meeple server`'s lobby shows, and how it reaches the browsers that look at it.

Public by construction: game descriptions, and each listed match's summary (game, options, seat
kinds and names, move count) — never a token, an invite, a seed or a view. A private match is
never listed (its seats are taken by invite only). Its size is bounded by the limits on matches
(`Limits.matches_total`): expired and finished matches leave it.

The lobby is pushed, not polled: a browser opens the socket ``/ws/lobby`` and is sent the list
of matches at once and again after every change (`LobbyFeed`), at most every
`LobbyFeed.interval` seconds however many moves are made meanwhile, so a thousand matches moving
cost the lobby's sockets one message a second, not one per move.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable

from .renderers import renderer_url

if TYPE_CHECKING:
    from ..registry import Registry
    from .limits import Limits
    from .matches import Match

logger = logging.getLogger(__name__)


def lobby(registry: "Registry", matches: Iterable["Match"], limits: "Limits") -> dict[str, Any]:
    games = []
    for game_id in sorted(registry.games):
        game_cls = registry.game(game_id)
        spec = game_cls.spec
        games.append({
            "game": game_id, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players,
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "choices": list(o.choices) if getattr(o, "choices", None) else None}
                        for o in spec.options],
            "bots": sorted(info.name for info in registry.bots_for(game_id)),
            "renderer": renderer_url(game_cls),
        })
    return {"games": games, "matches": listed(matches),
            "rules": {"unstarted_seconds": limits.unstarted_seconds, "idle_seconds": limits.idle_seconds,
                      "absent_seconds": limits.absent_seconds}}


def listed(matches: Iterable["Match"]) -> list[dict[str, Any]]:
    """The matches the lobby lists: not over, not private."""
    return [m.summary() for m in matches if not m.finished and not m.private]


class LobbyFeed:
    """The lobby's open sockets, each pushed the list of matches after every change.

    `changed()` is called by the hub after anything a lobby shows may have changed (a match
    created, a seat taken or given up, a move, an end); the push follows within `interval`
    seconds, once for all the changes meanwhile, to each socket whose last list differs."""

    #: Seconds between two pushes to the lobby's sockets, at most.
    interval = 0.5

    def __init__(self, matches: Callable[[], list[dict[str, Any]]]) -> None:
        self.matches = matches
        self.sockets: dict[Callable[[str], Awaitable[None]], str] = {}  # each socket's send -> the last list sent
        self.pending: asyncio.Task | None = None

    def message(self) -> str:
        return json.dumps({"type": "lobby", "matches": self.matches()})

    async def join(self, send: Callable[[str], Awaitable[None]]) -> None:
        """A socket of the lobby: sent the list now, and after every change until `leave`."""
        self.sockets[send] = text = self.message()
        await send(text)

    def leave(self, send: Callable[[str], Awaitable[None]]) -> None:
        self.sockets.pop(send, None)

    def changed(self) -> None:
        if not self.sockets or self.pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside the server's loop (a test's direct call): nobody listens
            return
        self.pending = loop.create_task(self._push())

    async def _push(self) -> None:
        try:
            await asyncio.sleep(self.interval)
        finally:
            self.pending = None
        text = self.message()
        for send, last in list(self.sockets.items()):
            if last == text or send not in self.sockets:
                continue
            self.sockets[send] = text
            try:
                await send(text)
            except Exception:
                self.sockets.pop(send, None)


__all__ = ["LobbyFeed", "listed", "lobby"]
