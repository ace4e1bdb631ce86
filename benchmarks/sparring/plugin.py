"""The sparring bots as a pluggy plugin registered in-process: the bot `spar` of each game.

Not an entry point: a script that wants them loads a registry with this module among its plugins
(`registry()`), as the test suite registers its own test plugins. The module travels to worker
processes by name, so `--jobs` works wherever `benchmarks/` is on the import path (it is, for a
script run as ``python benchmarks/NAME.py``).

`registry(timed=True)` also clocks every bot it builds (`TimedRegistry`): the scripts report each
setting's own thinking time per decision. Only bots built in this process are clocked, so the
figures exist for runs with one job (games in worker processes are not clocked).
"""

from __future__ import annotations

import sys
import time
from typing import Any, Sequence

from meeple import Action, BotInfo, BotSpec, Option, Registry, View, hookimpl

from .combo_breaker import ComboBreakerSpar
from .linkage import LinkageSpar
from .linko import LinkoSpar

#: The name the sparring bots take in every game.
NAME = "spar"
SEED = (Option("seed", "int", 0, "seeds the bot's tie-breaks"),)

SPARRING = (
    BotInfo(NAME, LinkoSpar, "sparring bot (benchmarks/sparring): hand worth by layers left, steal odds",
            games=("linko",), params=SEED),
    BotInfo(NAME, ComboBreakerSpar, "sparring bot (benchmarks/sparring): fewest plays to empty the hand",
            games=("combo_breaker",), params=SEED),
    BotInfo(NAME, LinkageSpar, "sparring bot (benchmarks/sparring): colour groups, one reply ahead",
            games=("linkage",), params=SEED),
)
#: The games that have a sparring bot.
GAMES = tuple(info.games[0] for info in SPARRING)


@hookimpl
def meeple_register_bots(register):
    for info in SPARRING:
        register(info)


class Timed:
    """A bot that adds the time its `act` takes to its setting's clock (`TimedRegistry.clocks`),
    for the decisions that offer a choice: a forced move (one legal action) is no thinking."""

    def __init__(self, bot: Any, clock: list[float]) -> None:
        self._bot, self._clock = bot, clock

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) < 2:
            return self._bot.act(view, legal)
        started = time.process_time()
        try:
            return self._bot.act(view, legal)
        finally:
            self._clock[0] += time.process_time() - started
            self._clock[1] += 1

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)


class TimedRegistry(Registry):
    """A registry whose bots are clocked: `clocks[setting]` holds [CPU seconds, decisions with a
    choice] for every bot it built, the setting named as its spec without the seed
    (`setting_name`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clocks: dict[str, list[float]] = {}

    def make_bot(self, spec, game, seat, defaults=None):
        bot = super().make_bot(spec, game, seat, defaults)
        return Timed(bot, self.clocks.setdefault(setting_name(spec), [0.0, 0]))

    def seconds_per_decision(self, spec: str) -> float | None:
        """The mean CPU seconds `spec`'s bots took for a decision with a choice (None if none was
        clocked)."""
        seconds, decisions = self.clocks.get(setting_name(spec), (0.0, 0))
        return seconds / decisions if decisions else None


def setting_name(spec: BotSpec | str) -> str:
    """A bot spec without its seed: the setting a seat plays (``ismcts:seed=3`` → ``ismcts``)."""
    spec = BotSpec.parse(spec) if isinstance(spec, str) else spec
    return str(BotSpec(spec.name, tuple((k, v) for k, v in spec.params if k != "seed")))


def registry(timed: bool = False) -> Registry:
    """The installed plugins plus the sparring bots (`timed`: a `TimedRegistry`)."""
    return (TimedRegistry if timed else Registry).load(plugins=(sys.modules[__name__],))
