"""The whole plugin API of meeple: every hook a game or bot plugin may implement.

Plugins are found through the ``meeple`` entry-point group and implement these hooks with
``from meeple import hookimpl``. Hooks receive a ``register`` callback and may call it any number
of times; the host owns duplicate detection and error messages. Hook implementations must not
give their parameters defaults (pluggy does not pass them).

A game carries its own renderer, narrator, rollout horizon, bots and rules text as attributes of
its `meeple.Game` class, so a game plugin needs only ``meeple_register_games``. The other hooks are
for what crosses games: generic bots, and a renderer, narrator or horizon for *another* plugin's
game. Registering those for the plugin's own game is refused with a ``RegistrationError`` naming
the class attribute to set instead (docs/hooks.md, 'Migrating a plugin').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pluggy

if TYPE_CHECKING:
    from .bots import BotInfo
    from .game import Game
    from .narration import Narrator
    from .render import Renderer
    from .search import RolloutHorizon

PROJECT = "meeple"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marks a plugin's hook implementations: ``@hookimpl`` over ``def meeple_register_games(register)``."""


# -- games --------------------------------------------------------------------------------------

@hookspec
def meeple_register_games(register: Callable[[type["Game"]], None]) -> None:
    """Register the games this plugin provides.

    Called once, when a host or test builds its registry (after all plugins are loaded).

    :param register: call ``register(GameClass)`` for each `meeple.Game` subclass; its
        ``spec.id`` must be unique among all installed plugins. The registry also reads what the
        class carries: ``renderer``, ``narrator``, ``rollout_horizon``, ``bots`` (a tuple of
        `meeple.BotInfo`, bound to this game) and ``rules_text``.
    :return: nothing (the return value is ignored).
    """


# -- bots ---------------------------------------------------------------------------------------

@hookspec
def meeple_register_bots(register: Callable[["BotInfo"], None]) -> None:
    """Register bots: generic ones (any game meeting their needs) or ones for named games.

    Called once, when a registry is built, after ``meeple_register_games``. A game's own bots
    belong in its class's ``bots``; registering them here for the plugin's own game is refused.

    :param register: call ``register(BotInfo(...))`` for each bot. A name may be registered once
        as a generic bot and once per game (a game's ``greedy``): the game-specific one wins.
    :return: nothing.
    """


# -- presentation -------------------------------------------------------------------------------

@hookspec
def meeple_register_renderers(register: Callable[[str, "Renderer"], None]) -> None:
    """Register text renderers that draw a view for a person (command line, logs).

    Called once, when a registry is built, after ``meeple_register_games``. For another plugin's
    game: a game's own renderer is its class's ``renderer``, which comes first (registering it here
    for the plugin's own game is refused).

    :param register: call ``register(game_id, renderer)``, where ``renderer(view) -> str`` draws
        exactly what the view holds (a player's view, or the omniscient view for replays).
    :return: nothing.
    """


# -- narration ----------------------------------------------------------------------------------

@hookspec
def meeple_register_narrators(register: Callable[[str, "Narrator"], None]) -> None:
    """Register narrators: how a game puts decisions into words and reads typed moves.

    Called once, when a registry is built, after ``meeple_register_games``. For another plugin's
    game (a translation): a game's own narrator is its class's ``narrator``, which comes first
    (registering it here for the plugin's own game is refused). Hosts that talk to
    people (``meeple play``, ``meeple replay --step``, ``meeple serve``) narrate every decision
    with the game's narrator and accept its short notation at the prompt.

    :param register: call ``register(game_id, narrator)`` with a `meeple.Narrator` subclass
        instance. Its ``narrate(before, action, after)`` says in words what the acting seat did,
        as the viewer of the two views saw it (``before.player``; None is the omniscient
        observer), so it must only reveal what those views show; ``notation(view, action)`` is
        the short typed form of an action; ``parse(view, text)`` reads a typed move (legal or
        not, so the rules can say why it is illegal); ``notation_help`` documents the notation.
        Games without a narrator get the generic one: the action's ``describe()`` and its tag
        followed by its field values.
    :return: nothing.
    """


# -- search -------------------------------------------------------------------------------------

@hookspec
def meeple_register_rollout_horizons(register: Callable[[str, "RolloutHorizon"], None]) -> None:
    """Register rollout horizons: where a search bot's rollouts may stop early in a long game.

    Called once, when a registry is built, after ``meeple_register_games``. For another plugin's
    game: a game's own horizon is its class's ``rollout_horizon``, which comes first (registering it
    here for the plugin's own game is refused). Search bots (``ismcts``)
    play random or greedy rollouts to the end of the game by default; a game with long multi-round
    play (Combo Breaker) may instead declare a cut-off, such as the end of the current round, and
    what each seat's position is worth there.

    :param register: call ``register(game_id, horizon)`` with a callable
        ``horizon(root, state) -> values | None``: `root` is the state the search started from
        (a determinized sample), `state` a later state of the same rollout. Return None to keep
        rolling out, or one value per seat once `state` is at or past the horizon: the seat's
        expected share of the win, in [0, 1], on the scale of a finished game (1 shared by the
        winners), from public facts only (a sample's hidden cards are guesses). It is called
        after every rollout step, so the "not yet" answer must be cheap.
    :return: nothing.
    """
