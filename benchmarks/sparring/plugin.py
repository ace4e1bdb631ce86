"""The sparring bots as a pluggy plugin registered in-process: the bot `spar` of each game.

Not an entry point: a script that wants them loads a registry with this module among its plugins
(`registry()`), as the test suite registers its own test plugins. The module travels to worker
processes by name, so `--jobs` works wherever `benchmarks/` is on the import path (it is, for a
script run as ``python benchmarks/NAME.py``).
"""

from __future__ import annotations

import sys

from meeple import BotInfo, Option, Registry, hookimpl

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


def registry() -> Registry:
    """The installed plugins plus the sparring bots."""
    return Registry.load(plugins=(sys.modules[__name__],))
