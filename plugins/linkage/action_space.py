"""Every action Linkage can ever offer, in a fixed order, for reinforcement learning (`meeple.rl`
reads it through `Linkage.rl_action_space`: one index per action, so a trained policy's indices
never move).

The order: every colour on every spot (pair of adjacent cells, `board.SPOTS` order), the pass,
the blocker on every cell (row-major), both sides — 388 actions. `tests/rl` play random games to
check that every legal action is listed, and `tests/rl/golden_spaces.json` that the order never
changes.
"""

from __future__ import annotations

from typing import Iterator

from meeple import Action

from .actions import COLOURS, FEWER, MORE, ChooseSide, Pass, Place, PlaceBlocker
from .board import SIZE, SPOTS


def every_action() -> Iterator[Action]:
    """Each action once, in index order."""
    for spot in SPOTS:
        for colour in COLOURS:
            yield Place(colour, spot.cells)
    yield Pass()
    for row in range(SIZE):
        for col in range(SIZE):
            yield PlaceBlocker((row, col))
    yield ChooseSide(MORE)
    yield ChooseSide(FEWER)


#: What the generic observation cannot derive from a setup state (`meeple.rl.encoding`): the
#: values a board cell may hold, the supply's colours.
RL_VOCABULARIES = {"board": lambda game: list(COLOURS)}
