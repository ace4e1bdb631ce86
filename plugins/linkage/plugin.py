"""The hook implementations that make Linkage, its renderer and its greedy bot known to meeple."""

from meeple import hookimpl

from .game import Linkage
from .greedy import INFO as GREEDY
from .narration import LinkageNarrator
from .render import render


@hookimpl
def meeple_register_games(register):
    register(Linkage)


@hookimpl
def meeple_register_bots(register):
    register(GREEDY)


@hookimpl
def meeple_register_renderers(register):
    register("linkage", render)


@hookimpl
def meeple_register_narrators(register):
    register("linkage", LinkageNarrator())
