"""A test plugin module: the Goofspiel test game and bots that fail on their second decision (in
the host's process, or by taking their whole process down), for forfeits in the middle of a
simultaneous decision. Loaded by module name, so worker and bot processes load it too."""

from __future__ import annotations

import os

from goofspiel_game import Goofspiel

from meeple import BotInfo, Option, hookimpl

SEED = (Option("seed", "int", 0, "ignored"),)


class FailsOnSecondChoice:
    """Plays its first legal action, then fails on its second decision: `how` is "raise" or
    "exit" (the whole process dies, as a crashed extension would)."""

    how = "raise"

    def __init__(self, game, seat, params):
        self.decisions = 0

    def act(self, view, legal):
        self.decisions += 1
        if self.decisions == 2:
            if self.how == "exit":
                os._exit(3)
            raise RuntimeError(f"seat {view.player} gives up")
        return legal[0]


class Quitter(FailsOnSecondChoice):
    how = "exit"


class Spy:
    """Plays its first legal action and keeps every view it was given (in `SEEN`)."""

    SEEN: list = []

    def __init__(self, game, seat, params):
        pass

    def act(self, view, legal):
        self.SEEN.append(view)
        return legal[0]


class GoofspielWithFailingBots(Goofspiel):
    """The Goofspiel test game carrying the failing bots (and a spy) as its own."""

    bots = (BotInfo("crasher", FailsOnSecondChoice, "raises on its second decision", params=SEED),
            BotInfo("quitter", Quitter, "exits its process on its second decision", params=SEED),
            BotInfo("spy", Spy, "keeps the views it is given", params=SEED))


@hookimpl
def meeple_register_games(register):
    register(GoofspielWithFailingBots)
