"""The hook implementation: this is all meeple needs to find Hearts (the class carries the rest)."""

from meeple import hookimpl

from .game import Hearts


@hookimpl
def meeple_register_games(register):
    register(Hearts)
