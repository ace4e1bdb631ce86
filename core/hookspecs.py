"""The whole plugin API of meeple: every hook a game or bot plugin may implement.

Plugins are found through the ``meeple`` entry-point group and implement these hooks with
``from meeple import hookimpl``. Hooks receive a ``register`` callback and may call it any number
of times; the host owns duplicate detection and error messages. Hook implementations must not
give their parameters defaults (pluggy does not pass them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pluggy

if TYPE_CHECKING:
    from .bots import BotInfo
    from .game import Game
    from .render import Renderer

PROJECT = "meeple"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- games --------------------------------------------------------------------------------------

@hookspec
def meeple_register_games(register: Callable[[type["Game"]], None]) -> None:
    """Register the games this plugin provides.

    Called once, when a host or test builds its registry (after all plugins are loaded).

    :param register: call ``register(GameClass)`` for each `meeple.Game` subclass; its
        ``spec.id`` must be unique among all installed plugins.
    :return: nothing (the return value is ignored).
    """


# -- bots ---------------------------------------------------------------------------------------

@hookspec
def meeple_register_bots(register: Callable[["BotInfo"], None]) -> None:
    """Register bots: generic ones (any game meeting their needs) or ones for named games.

    Called once, when a registry is built, after ``meeple_register_games``.

    :param register: call ``register(BotInfo(...))`` for each bot. A name may be registered once
        as a generic bot and once per game (a game's ``greedy``): the game-specific one wins.
    :return: nothing.
    """


# -- presentation -------------------------------------------------------------------------------

@hookspec
def meeple_register_renderers(register: Callable[[str, "Renderer"], None]) -> None:
    """Register text renderers that draw a view for a person (command line, logs).

    Called once, when a registry is built, after ``meeple_register_games``.

    :param register: call ``register(game_id, renderer)``, where ``renderer(view) -> str`` draws
        exactly what the view holds (a player's view, or the omniscient view for replays).
    :return: nothing.
    """
