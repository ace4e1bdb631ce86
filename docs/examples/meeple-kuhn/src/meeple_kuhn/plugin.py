"""The hook implementation: this is all meeple needs to find Kuhn poker (the class carries the rest)."""

from meeple import hookimpl

from .game import Kuhn


@hookimpl
def meeple_register_games(register):
    register(Kuhn)
