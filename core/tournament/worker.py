"""Playing one planned game, in whichever process it lands: this one, a local worker, a Ray node.

Everything a worker receives is plain data (the `Setup`, a `GameJob`, a `RegistrySource`) and
everything it returns is JSON-native (a `GameOutcome` holding the game record as data), so the
same function serves every executor and the results file stores outcomes as they arrive.
"""

from __future__ import annotations

import importlib
import time
import types
from typing import Any

from attrs import field, frozen

from ..game import Game
from ..records import record_to_data
from ..registry import Registry
from ..runner import MoveMonitor, play_game
from .plan import GameJob, Setup, seeded_spec


@frozen
class RegistrySource:
    """How a worker process loads the plugins the host uses: the installed entry points, plus
    plugin objects given to the host (tests). Plugin modules travel by name; other plugin
    objects must be picklable by reference (their class importable in the worker) for local
    workers, or by value for Ray."""

    plugins: tuple[object, ...] = ()
    entry_points: bool = True

    @classmethod
    def of(cls, registry: Registry) -> "RegistrySource":
        """The plugins `registry` was loaded with."""
        plugins, entry_points = registry.origin
        return cls(tuple(p.__name__ if isinstance(p, types.ModuleType) else p for p in plugins), entry_points)

    def load(self) -> Registry:
        """A registry of these plugins, loaded once per process."""
        key = (tuple(p if isinstance(p, str) else f"{type(p).__module__}.{type(p).__qualname__}"
                     for p in self.plugins), self.entry_points)
        registry = _REGISTRIES.get(key)
        if registry is None:
            plugins = [importlib.import_module(p) if isinstance(p, str) else p for p in self.plugins]
            registry = _REGISTRIES[key] = Registry.load(plugins=plugins, entry_points=self.entry_points)
        return registry


_REGISTRIES: dict[tuple, Registry] = {}
_GAMES: dict[tuple[int, Setup], tuple[Game, str]] = {}


@frozen(eq=False)
class GameOutcome:
    """A finished game of a plan: its place, who sat where, and its record (as JSON data)."""

    index: int
    deal: int
    seats: tuple[int, ...]
    record: dict[str, Any] = field(repr=False)
    seconds: float = 0.0

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
        return {"index": self.index, "deal": self.deal, "seats": list(self.seats),
                "seconds": round(self.seconds, 4), "record": self.record}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "GameOutcome":
        return cls(int(data["index"]), int(data["deal"]), tuple(int(s) for s in data["seats"]),
                   data["record"], float(data.get("seconds", 0.0)))


def game_for(registry: Registry, setup: Setup) -> tuple[Game, str]:
    """The game of `setup` and its plugin version, built once per process."""
    key = (id(registry), setup)
    found = _GAMES.get(key)
    if found is None:
        game = registry.create(setup.game, setup.players, dict(setup.options))
        found = _GAMES[key] = (game, registry.game_version(setup.game))
    return found


def play_job(registry: Registry, setup: Setup, job: GameJob, monitor: MoveMonitor | None = None) -> GameOutcome:
    """Build the bots of `job` (each with the seed its place in the plan gives it) and play it."""
    game, version = game_for(registry, setup)
    names = [setup.bots[b] for b in job.seats]
    bots = [registry.make_bot(seeded_spec(name, job.bot_seeds[seat]), game, seat, {"seed": job.bot_seeds[seat]})
            for seat, name in enumerate(names)]
    started = time.perf_counter()
    record, _ = play_game(game, bots, job.seed, names, version, move_timeout=setup.move_timeout,
                          monitor=monitor)
    return GameOutcome(job.index, job.deal, job.seats, record_to_data(type(game), record),
                       time.perf_counter() - started)
