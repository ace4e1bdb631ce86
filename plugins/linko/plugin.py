"""The hook implementation: this is all meeple needs to find Linko (the class carries the rest)."""

from meeple import hookimpl

from .game import Linko


@hookimpl
def meeple_register_games(register):
    register(Linko)
