"""Test plugins for tournaments: the market game with its bots, and bots that misbehave.

A module of its own (not a test module), so worker processes can import it by name.
"""

from __future__ import annotations

import os
import signal
import time

from market_game import MarketGame

from meeple import BotInfo, Option, Registry, hookimpl
from meeple_bots import plugin as bots_plugin

SEED = (Option("seed", "int", 0),)


class Cautious:
    """Plays its first legal action (deterministic, beatable)."""

    def __init__(self, game, seat, params):
        pass

    def act(self, view, legal):
        return legal[0]


class Crasher:
    def __init__(self, game, seat, params):
        pass

    def act(self, view, legal):
        raise RuntimeError("lost my marbles")


class Cheater:
    def __init__(self, game, seat, params):
        pass

    def act(self, view, legal):
        from market_game import PlayCard
        return PlayCard(99)


class Sleeper:
    """Sleeps on its third decision: a hang the worker can interrupt."""

    def __init__(self, game, seat, params):
        self.moves = 0

    def act(self, view, legal):
        self.moves += 1
        if self.moves == 3:
            time.sleep(60)
        return legal[0]


class Stuck:
    """Blocks the timer's signal, then spins forever: only killing its process stops it (as
    with a bot stuck inside a C extension that never checks for signals)."""

    def __init__(self, game, seat, params):
        self.moves = 0

    def act(self, view, legal):
        self.moves += 1
        if self.moves == 2:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
            while True:
                pass
        return legal[0]


class Quitter:
    """Takes its whole process down on its second decision."""

    def __init__(self, game, seat, params):
        self.moves = 0

    def act(self, view, legal):
        self.moves += 1
        if self.moves == 2:
            os._exit(3)
        return legal[0]


BOTS = [("cautious", Cautious, "plays its first legal action"), ("crasher", Crasher, "raises"),
        ("cheater", Cheater, "answers illegally"), ("sleeper", Sleeper, "sleeps on its 3rd move"),
        ("stuck", Stuck, "cannot be interrupted on its 2nd move"), ("quitter", Quitter, "exits its process")]


class TournamentMarket(MarketGame):
    """The market game carrying its bots and the misbehaving ones."""

    bots = tuple(BotInfo(name, factory, summary, params=SEED) for name, factory, summary in BOTS)


class TournamentPlugin:
    """The market game, its bots and the misbehaving ones."""

    __version__ = "1.0"

    @hookimpl
    def meeple_register_games(self, register):
        register(TournamentMarket)


def registry() -> Registry:
    """The test plugins and the generic bots, without the installed entry points."""
    return Registry.load(plugins=(TournamentPlugin(), bots_plugin), entry_points=False)
