"""The hook implementations: the game, its greedy bot and its text renderer."""

from __future__ import annotations

from meeple import hookimpl

from .game import ComboBreaker
from .greedy import INFO as GREEDY
from .horizon import end_of_round
from .narration import ComboBreakerNarrator
from .render import render


@hookimpl
def meeple_register_games(register):
    register(ComboBreaker)


@hookimpl
def meeple_register_bots(register):
    register(GREEDY)


@hookimpl
def meeple_register_renderers(register):
    register(ComboBreaker.spec.id, render)


@hookimpl
def meeple_register_narrators(register):
    register(ComboBreaker.spec.id, ComboBreakerNarrator())


@hookimpl
def meeple_register_rollout_horizons(register):
    register(ComboBreaker.spec.id, end_of_round)
