"""Playing one planned game, in whichever process it lands: this one, a local worker, a Ray node.

Everything a worker receives is plain data (the `Setup`, a `GameJob`, a `RegistrySource`) and
everything it returns is JSON-native (a `GameOutcome` holding the game record as data), so the
same function serves every executor and the results file stores outcomes as they arrive.
"""

from __future__ import annotations

import time
from typing import Any

from attrs import field, frozen

from ..botprocess import EXEC, ProcessBot, exec_bot, finish_bots, isolated_bot, start_bots
from ..bots import Bot, BotSpec
from ..game import Game
from ..records import Forfeit, record_to_data
from ..registry import Registry, RegistrySource
from ..runner import MoveMonitor, play_game
from .plan import GameJob, Setup, seeded_spec


_GAMES: dict[tuple[int, Setup], tuple[Game, str]] = {}


@frozen(eq=False)
class GameOutcome:
    """A finished game of a plan: its place, who sat where, and its record (as JSON data)."""

    index: int
    deal: int
    seats: tuple[int, ...]
    record: dict[str, Any] = field(repr=False)
    seconds: float = 0.0
    eliminated: tuple[int, ...] = ()  # seats out of the game, in the order they went out

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.record["result"]["winners"])

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(self.record["result"]["scores"])

    @property
    def forfeit(self) -> dict[str, Any] | None:
        """``{"seat": s, "reason": ...}`` when a bot forfeited the game."""
        return self.record["forfeit"]

    @property
    def decisions(self) -> int:
        return len(self.record["actions"])

    def to_data(self) -> dict[str, Any]:
        data = {"index": self.index, "deal": self.deal, "seats": list(self.seats),
                "seconds": round(self.seconds, 4), "record": self.record}
        if self.eliminated:  # (absent for games without elimination)
            data["eliminated"] = list(self.eliminated)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "GameOutcome":
        return cls(int(data["index"]), int(data["deal"]), tuple(int(s) for s in data["seats"]),
                   data["record"], float(data.get("seconds", 0.0)),
                   tuple(int(s) for s in data.get("eliminated", ())))


def game_for(registry: Registry, setup: Setup) -> tuple[Game, str]:
    """The game of `setup` and its plugin version, built once per process."""
    key = (id(registry), setup)
    found = _GAMES.get(key)
    if found is None:
        game = registry.create(setup.game, setup.players, dict(setup.options))
        found = _GAMES[key] = (game, registry.game_version(setup.game))
    return found


#: Bot processes kept waiting for their match's next game in this process (`keep`), by set-up
#: and lineup entry; `close_kept_bots` lets them go when the run is over.
_KEPT: dict[tuple[Setup, int], ProcessBot] = {}


def play_job(registry: Registry, setup: Setup, job: GameJob, monitor: MoveMonitor | None = None,
             isolate: RegistrySource | None = None, keep: bool = False) -> GameOutcome:
    """Build the bots of `job` (each with the seed its place in the plan gives it) and play it.

    With `isolate` (the plugins to load there), every bot plays from a fresh process of its own
    (`meeple.botprocess`), started for this game and stopped after it; ``exec:`` bots always do.
    With `keep`, such a process that plays many games is kept for the next game of the same
    lineup entry (`ProcessBot.next_game`): its seed then comes in each game's hello.
    """
    game, version = game_for(registry, setup)
    names = [setup.bots[b] for b in job.seats]
    bots = [_make_bot(registry, setup, game, seat, seeded_spec(name, job.bot_seeds[seat]), job.bot_seeds[seat],
                      isolate, (setup, job.seats[seat]) if keep else None) for seat, name in enumerate(names)]
    started = time.perf_counter()
    record = final = None
    try:
        start_bots(bots)
        record, final = play_game(game, bots, job.seed, names, version, move_timeout=setup.move_timeout,
                              monitor=monitor)
    finally:
        if record is None:
            finish_bots(bots)
        else:
            finish_bots(bots, {"scores": list(record.scores), "winners": list(record.winners)},
                        _forfeit_data(record.forfeit))
        if keep:
            for seat, bot in enumerate(bots):
                if isinstance(bot, ProcessBot):
                    _KEPT[(setup, job.seats[seat])] = bot
    return GameOutcome(job.index, job.deal, job.seats, record_to_data(type(game), record),
                       time.perf_counter() - started, final.eliminated())


def _make_bot(registry: Registry, setup: Setup, game: Game, seat: int, spec: BotSpec, seed: int,
              isolate: RegistrySource | None, kept_as: tuple[Setup, int] | None = None) -> Bot:
    """`kept_as`: the key of a bot process kept across games (None: a bot for this game only)."""
    narrator = registry.narrator(game.spec.id)
    keep = kept_as is not None and (spec.name == EXEC or isolate is not None)
    if keep:
        waiting = _KEPT.pop(kept_as, None)
        if waiting is not None:
            return waiting.next_game(game, seat, seed)
        # One command line for every game: the seed each game gives the bot comes in its hello.
        spec = BotSpec(spec.name, tuple((k, v) for k, v in spec.params if k != "seed"))
    if spec.name == EXEC:
        return exec_bot(spec, game, narrator, seat, seed, setup.move_timeout, keep=keep)
    if isolate is not None:
        return isolated_bot(spec, game, narrator, seat, seed, isolate, setup.move_timeout, keep=keep)
    return registry.make_bot(spec, game, seat, {"seed": seed})


def close_kept_bots() -> None:
    """The run is over: let every bot process kept for a next game go."""
    while _KEPT:
        _KEPT.popitem()[1].close()


def _forfeit_data(forfeit: Forfeit | None) -> dict[str, Any] | None:
    return None if forfeit is None else {"seat": forfeit.seat, "reason": forfeit.reason}
