"""The rollout horizon search bots may stop at: the end of the current round (deal).

A Combo Breaker game is several rounds until someone must pay a token they lack (rule 9); playing
every rollout to the very end makes search about five times slower and adds little, since later
deals are reshuffled from scratch (rule 2). At the first state of a later round we value each seat
by its share of the win: the chance that it is *not* the seat who finally cannot pay
(`loss_chances`), shared among the winners.

Why that chance, and not a fixed halving of the risk per token held: among greedy players a round
has one payer (17,978 of 17,984 rounds in 3,000 greedy 4-player games), and which seat pays depends
little on where it sits from the leader (23% of payments by the leader, 25, 26, 27% by the next
three). So from a round's start the game is a race in which every round one seat, about equally
likely any, pays a token, and a seat's chance to lose follows from the tokens alone. Measured in
those games (`benchmarks/cb_loss_chances.py`, docs/figures.md "Combo Breaker (session 4)") it is
off by 0.004 on average where halving was off by 0.045, and halving understated the poor seat's
risk most (0 tokens against 2, 2, 2: 0.756 measured, 0.752 here, 0.571 by halving): a search now
sees a paid token as the loss it is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from .state import ComboBreakerState


@lru_cache(maxsize=None)
def loss_chances(tokens: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's chance to be the one who must pay a token it lacks (rule 9), from a round's
    start with these `tokens`, if every round one seat, equally likely any, pays one token.

    A seat holding none loses when it is the payer; otherwise the payer gives up a token and the
    race goes on. The chances add up to 1 (someone always loses). Memoised: a game has few token
    vectors (at most (tokens + 1) ** players)."""
    players = len(tokens)
    chances = [0.0] * players
    for payer in range(players):
        if tokens[payer] == 0:
            chances[payer] += 1.0 / players
            continue
        after = loss_chances(tokens[:payer] + (tokens[payer] - 1,) + tokens[payer + 1:])
        for seat in range(players):
            chances[seat] += after[seat] / players
    return tuple(chances)


def end_of_round(root: ComboBreakerState, state: ComboBreakerState) -> Sequence[float] | None:
    """Each seat's expected share of the win once the round of `root` is over, else None: the
    chance it does not lose (`loss_chances`), shared with the other winners (one loser, so the
    shares add up to 1 as a finished game's do)."""
    if state.round_number == root.round_number:
        return None
    players = state.game.players
    chances = loss_chances(tuple(state.tokens[seat] for seat in range(players)))
    return [(1.0 - chance) / (players - 1) for chance in chances]
