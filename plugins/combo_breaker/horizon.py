"""The rollout horizon search bots may stop at: the end of the current round (deal).

A Combo Breaker game is several rounds until someone must pay a token they lack (rule 9); playing
every rollout to the very end makes search about five times slower and adds little, since later
deals are reshuffled from scratch (rule 2). At the first state of a later round we value each seat
by its tokens: a seat's risk of being the one who finally cannot pay halves with every token it
holds, and its share of the win is the chance that someone else is that seat.
"""

from __future__ import annotations

from typing import Sequence

from .state import ComboBreakerState


def end_of_round(root: ComboBreakerState, state: ComboBreakerState) -> Sequence[float] | None:
    """Each seat's expected share of the win once the round of `root` is over, else None."""
    if state.round_number == root.round_number:
        return None
    players = state.game.players
    risk = [2.0 ** -state.tokens[seat] for seat in range(players)]
    total = sum(risk)
    return [(1 - r / total) / (players - 1) for r in risk]
