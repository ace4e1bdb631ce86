"""Random-playout throughput through the public API the bots use (legal actions, views, apply)."""

from __future__ import annotations

import time
from typing import Any

from attrs import frozen

from .game import Game
from .rng import Rng


@frozen
class BenchResult:
    game: str
    players: int
    options: dict
    games: int
    decisions: int
    seconds: float

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "games_per_s": round(self.games / self.seconds, 2) if self.seconds else None,
            "decisions_per_s": round(self.decisions / self.seconds, 1) if self.seconds else None,
        }


def random_playouts(game: Game, games: int, seed: int = 0) -> BenchResult:
    """Play `games` random games: each decision builds the deciding seat's view (what a bot
    receives), asks for the legal actions and applies a random one — the loop every host runs."""
    chooser = Rng(seed ^ 0xB0B)
    decisions = 0
    started = time.perf_counter()
    for deal in range(games):
        state = game.new_state(seed + deal)
        while state.pending:
            seat = state.pending[-1].player
            state.view(seat)
            legal = state.legal_actions()
            state.apply(legal[chooser.below(len(legal))])
            decisions += 1
    seconds = time.perf_counter() - started
    return BenchResult(game.spec.id, game.players, game.options.as_dict(), games, decisions, seconds)
