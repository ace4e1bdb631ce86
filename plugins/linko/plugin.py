"""The hook implementations: Linko, its greedy bot and its text renderer."""

from __future__ import annotations

from meeple import hookimpl

from .game import Linko
from .greedy import INFO as GREEDY
from .narration import LinkoNarrator
from .render import render


@hookimpl
def meeple_register_games(register):
    register(Linko)


@hookimpl
def meeple_register_bots(register):
    register(GREEDY)


@hookimpl
def meeple_register_renderers(register):
    register("linko", render)


@hookimpl
def meeple_register_narrators(register):
    register("linko", LinkoNarrator())
