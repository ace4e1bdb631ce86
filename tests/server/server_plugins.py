"""A test plugin for `meeple server`: Goofspiel (simultaneous bids, from tests/core) and a bot
that thinks slowly, so a test can show one slow bot blocks no other match."""

from __future__ import annotations

import time

import attrs

from goofspiel_game import Goofspiel

from meeple import BotInfo, Option, Registry, hookimpl

SLOW_SECONDS = 2.0


class SlowBot:
    """Sleeps SLOW_SECONDS before every move, then plays the first legal action."""

    def act(self, view, legal):
        time.sleep(SLOW_SECONDS)
        return legal[0]


class DrawnGoofspiel(Goofspiel):
    """Goofspiel with a browser renderer of its own (`web/goofspiel.js` beside this module)."""

    spec = attrs.evolve(Goofspiel.spec, id="drawn_goofspiel", title="Goofspiel, drawn by its own renderer")
    web_renderer = "web/goofspiel.js"


class NamedGoofspiel(Goofspiel):
    """Goofspiel drawn by the generic table, which shows only the fields it declares for people
    and names its cards as it does (no `web_renderer`)."""

    spec = attrs.evolve(Goofspiel.spec, id="named_goofspiel", title="Goofspiel, drawn generically")
    shown_fields = ("prize", "hands", "spent", "won")
    card_names = staticmethod(lambda card: ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven")[card - 1])


class BrokenGoofspiel(Goofspiel):
    """Goofspiel whose browser renderer throws (`web/broken.js`): the generic table stands in."""

    spec = attrs.evolve(Goofspiel.spec, id="broken_goofspiel", title="Goofspiel, with a broken renderer")
    web_renderer = "web/broken.js"


class ServerTestPlugin:
    __version__ = "1.0"

    @hookimpl
    def meeple_register_games(self, register):
        register(Goofspiel)
        register(DrawnGoofspiel)
        register(NamedGoofspiel)
        register(BrokenGoofspiel)

    @hookimpl
    def meeple_register_bots(self, register):
        register(BotInfo("slow", lambda game, seat, params: SlowBot(), "sleeps before each move",
                         params=(Option("seed", "int", 0),)))


def registry() -> Registry:
    """The installed games and bots, with Goofspiel, the slow bot and `meeple serve`'s
    misbehaving bots (tests/serve/misbehaving.py)."""
    from misbehaving import MisbehavingPlugin

    return Registry.load(plugins=(ServerTestPlugin(), MisbehavingPlugin()))
