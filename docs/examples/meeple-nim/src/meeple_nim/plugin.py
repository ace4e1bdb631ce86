"""The hook implementation: this is all meeple needs to find Nim (the class carries the rest)."""

from meeple import hookimpl

from .rules import Nim


@hookimpl
def meeple_register_games(register):
    register(Nim)
