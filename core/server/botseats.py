"""The bots of `meeple server`: which bot settings a client may ask for, and asking bots without
ever stalling the server.

Bots think in a thread pool of their own (`Limits.bot_threads` threads), never the one that
commits moves nor the event loop: however many bots a stranger starts, they wait for each other,
not for the people's moves. By default each bot runs in its own process (`--isolate-bots`), at a
lower CPU priority than the server (`BOT_NICENESS`), and is killed if it runs over the server's
time per move (`--bot-timeout`). The settings a client names are capped (`Limits.bot_caps`:
``workers``, ``iterations``, ``time``...), and the bot seats of the matches not over yet are
counted (`Limits.bot_processes`): a match that would go past that is refused at creation.

A bot is let go — told the game is over, its process reaped — when its match ends, expires or
the server stops.

`BotSeats` is a part of `Hub` (meeple.server.hub), written apart so that each job of the hub
reads on its own: it uses the hub's `registry`, `limits`, `bot_pool`, `matches`, `_sync`,
`_drives`, `_commit`, `_spawn`, `push` and `_next`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Sequence

from ..bots import BotSpec, view_for
from ..errors import MeepleError
from ..hosting import BotFailed, ask
from ..seeds import derive
from ..session import seat_label
from .matches import OPEN, Match, Refused, kind

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    from ..registry import Registry
    from .limits import Limits
    from .store import Store

logger = logging.getLogger(__name__)

#: The `nice` increment of a bot's process: the server itself comes first on a busy machine.
BOT_NICENESS = 10


class BotSeats:
    """The hub's bots: seat labels checked against the limits, turns asked in the bot pool."""

    registry: "Registry"
    store: "Store"
    limits: "Limits"
    bot_pool: "ThreadPoolExecutor"
    bot_timeout: float
    isolate_bots: bool
    source: Any
    matches: dict[str, Match]

    # -- what a client may seat -------------------------------------------------------------------

    def _label(self, game_id: str, text: str) -> str:
        """A seat as written by a client: `open`, `human` or a bot spec this game has, within
        this server's bot caps. `exec:` bots are refused: a client must not run programs on the
        server's machine."""
        if text.strip().lower() == OPEN:
            return OPEN
        try:
            if text.strip() and BotSpec.parse(text).name == "exec":
                raise Refused("unknown_bot", "exec: bots run a program on the server's machine and are not "
                                             "allowed over the network")
            label = seat_label(self.registry, game_id, text)
        except Refused:
            raise
        except MeepleError as exc:
            raise Refused("unknown_bot", str(exc)) from None
        if kind(label) == "bot":
            refusal = self.limits.check_bot(label, self._params(game_id, label))
            if refusal is not None:
                raise Refused("bot_limit", refusal)
        return label

    def _params(self, game_id: str, label: str) -> dict[str, Any]:
        spec = BotSpec.parse(label)
        return dict(self.registry.bot(spec.name, game_id).parse_params(dict(spec.params)).items())

    def _bot_cost(self, game_id: str, labels: Sequence[str]) -> int:
        """The bot processes `labels` may run: one per bot seat, or its `workers`."""
        return sum(self.limits.bot_cost(self._params(game_id, label)) for label in labels if kind(label) == "bot")

    def bots_in_use(self) -> int:
        """The bot processes the matches not over yet may run (their bot seats, by cost)."""
        return sum(self._bot_cost(m.game.spec.id, m.seats) for m in self.matches.values() if not m.finished)

    def _check_bot_room(self, game_id: str, labels: Sequence[str]) -> None:
        cost = self._bot_cost(game_id, labels)
        if cost and self.bots_in_use() + cost > self.limits.bot_processes:
            raise Refused("busy", f"this server runs at most {self.limits.bot_processes} bots at once and has no "
                                  f"room for {cost} more now: try again later, or seat fewer bots")

    # -- asking bots ------------------------------------------------------------------------------

    def resume_bots(self) -> None:
        for match in list(self.matches.values()):
            self._schedule_bots(match)

    def _schedule_bots(self, match: Match) -> None:
        """Start the turns of the bots that owe, if this process drives the match's bots (always
        on a database of its own; with several processes, while it holds the match's lease)."""
        if not match.started or match.finished:
            return
        seats = [seat for seat in match.state.owing() if kind(match.seats[seat]) == "bot" and seat not in match.thinking]
        if not seats or not self._drives(match):
            return
        for seat in seats:
            match.thinking.add(seat)
            self._spawn(self._bot_turn(match, seat))

    def _bot(self, match: Match, seat: int) -> Any:
        bot = match.bots.get(seat)
        if bot is None:
            spec = BotSpec.parse(match.seats[seat])
            seed = derive(match.seed, "bot", seat, len(match.moves))
            if self.isolate_bots:
                from ..botprocess import isolated_bot
                bot = isolated_bot(spec, match.game, match.narrator, seat, seed, self.source, self.bot_timeout,
                                   nice=BOT_NICENESS)
            else:
                bot = self.registry.make_bot(spec, match.game, seat, {"seed": seed})
            match.bots[seat] = bot
        return bot

    async def _bot_turn(self, match: Match, seat: int) -> None:
        """Ask the bot in the bot pool (a bot in its own process answers there), then move like
        a person. A bot that fails forfeits its match; a match that ended meanwhile asks nothing."""
        try:
            async with match.lock:
                self._sync(match)  # several processes: the bot is asked about the current state
                if match.finished or seat not in match.state.owing():
                    return
                bot = self._bot(match, seat)
                # built under the lock (views are plain values): the bot's thread reads it while others move
                view, legal = view_for(bot, match.state, seat), match.state.legal_actions(seat)
            who = f"bot {match.seats[seat]}"
            timeout = None if self.isolate_bots else self.bot_timeout  # an isolated bot is killed at its time

            def think():
                if match.finished:  # it ended while this turn waited for a thread: ask nothing
                    raise BotFailed(seat, who, "was not asked: the match is over")
                return ask(bot, view, legal, seat, timeout, who)

            try:
                action = await asyncio.get_running_loop().run_in_executor(self.bot_pool, think)
            except BotFailed as exc:
                if not match.finished:
                    await self._forfeit(match, seat, str(exc))
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
            await self._write(self.store.set_forfeit, match.id, seat, reason, move=True)
            match.forfeit = {"seat": seat, "reason": reason}
            self.store.notify(match.id, len(match.moves))
        await self.push(match)
        self._next(match)

    def _let_bots_go(self, match: Match) -> None:
        """The match is over (or expired, or the server stops): tell each bot and reap its
        process, in a worker thread of the default pool (a process is given a moment to exit,
        then killed), never the bot pool, which may be busy."""
        bots, result = list(match.bots.values()), match.result()
        match.bots.clear()
        if bots:
            asyncio.get_running_loop().run_in_executor(None, finish_bots, bots, result)


def finish_bots(bots: list, result: dict | None) -> None:
    """Tell each bot the game is over (or abandoned: None) and let its process go."""
    for bot in bots:
        finish = getattr(bot, "finish", None)
        if finish is not None:
            try:
                finish(result)
            except Exception:
                logger.warning("meeple server: a bot did not finish cleanly", exc_info=False)


__all__ = ["BOT_NICENESS", "BotSeats", "finish_bots"]
