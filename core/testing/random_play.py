"""Random games for property tests: the states a game passes through when every seat owing a
decision plays at random, for tests that check something at every step (or at a random one)."""

from __future__ import annotations

from typing import Iterator

from ..game import Game
from ..rng import Rng
from ..state import State


def random_states(game: Game, seed: int, steps: int) -> Iterator[State]:
    """The states of one random game from `game.new_state(seed)`, up to `steps` decisions: each
    a uniformly random legal action of a seat drawn among those owing (so a simultaneous decision
    is chosen in a random seat order), from `Rng(seed)`. The same state object is yielded each time,
    changed in place: clone it to keep one (`*_, last = random_states(...)` takes the last)."""
    rng = Rng(seed)
    state = game.new_state(seed)
    yield state
    for _ in range(steps):
        if state.is_terminal:
            return
        owing = state.owing()
        seat = owing[rng.below(len(owing))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
        yield state
