"""Registers the generic bots through the same hooks a third-party plugin uses."""

from __future__ import annotations

from meeple import hookimpl

from .ismcts import INFO as ISMCTS
from .mcts import INFO as MCTS
from .random_bot import INFO as RANDOM


@hookimpl
def meeple_register_bots(register):
    register(RANDOM)
    register(MCTS)
    register(ISMCTS)
