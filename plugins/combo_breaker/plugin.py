"""The hook implementation: this is all meeple needs to find Combo Breaker (the class carries its
renderer, narrator, rollout horizon and greedy bot)."""

from meeple import hookimpl

from .game import ComboBreaker


@hookimpl
def meeple_register_games(register):
    register(ComboBreaker)
