"""The hook implementation: this is all meeple needs to find Go Fish (the class carries the rest)."""

from meeple import hookimpl

from .game import GoFish


@hookimpl
def meeple_register_games(register):
    register(GoFish)
