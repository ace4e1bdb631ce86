"""The hook implementation: this is all meeple needs to find Linkage (the class carries its
renderer, narrator and greedy bot)."""

from meeple import hookimpl

from .game import Linkage


@hookimpl
def meeple_register_games(register):
    register(Linkage)
