"""Random-playout throughput through the public API the bots use (legal actions, views, apply)."""

from __future__ import annotations

import time
from typing import Any

from attrs import frozen

from .game import Game
from .rng import Rng
from .state import State


@frozen
class BenchResult:
    game: str
    players: int
    options: dict
    games: int
    decisions: int
    seconds: float
    cpu_seconds: float
    views: bool
    operation_us: dict  # mean microseconds of clone, view and determinize over sampled states

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
            "decisions_per_cpu_s": round(self.decisions / self.cpu_seconds, 1) if self.cpu_seconds else None,
            "views": self.views,
            "operation_us": self.operation_us,
        }


def random_playouts(game: Game, games: int, seed: int = 0, views: bool = True) -> BenchResult:
    """Play `games` random games: each decision builds the deciding seat's view (what a bot
    receives), asks for the legal actions and applies a random one — the loop every host runs
    (a simultaneous decision asks each owing seat in turn, `current_player` first).

    `views=False` measures the bare rules engine (legal actions and apply only), the loop a search
    bot's rollouts run. CPU time is reported too: wall time suffers when the machine is busy.

    The view is dropped unread, as a random bot drops it: views are lazy (`meeple.view`), so it
    costs its snapshot only. `operation_us` says what reading one costs.
    """
    chooser = Rng(seed ^ 0xB0B)
    decisions = 0
    samples: list[State] = []
    started, cpu_started = time.perf_counter(), time.process_time()
    for deal in range(games):
        state = game.new_state(seed + deal)
        while state.pending:
            seat = state.current_player
            if views:
                state.view(seat)
            legal = state.legal_actions(seat)
            state.apply(legal[chooser.below(len(legal))], seat)
            decisions += 1
            if decisions % 97 == 0 and len(samples) < 200 and state.pending:
                samples.append(state.clone())
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    return BenchResult(game.spec.id, game.players, game.options.as_dict(), games, decisions, seconds,
                       cpu_seconds, views, _operation_costs(game, samples, chooser))


def _operation_costs(game: Game, samples: list[State], rng: Rng) -> dict[str, float]:
    """Mean cost in microseconds of the operations search bots repeat, over mid-game states.

    `view` is a view taken and read in full (what a bot that reads its view pays), `view_unread`
    one taken and dropped, as in the playouts (on a state seen for the first time)."""
    if not samples:
        return {}
    costs = {}
    for name, operation in (
        ("clone", lambda s: s.clone()),
        ("view", lambda s: s.view(s.current_player).fields),
        ("view_unread", lambda s: s.view(s.current_player)),
        ("determinize", lambda s: game.determinize(s.view(s.current_player), rng)),
    ):
        fresh = [s.clone() for s in samples]
        started = time.process_time()  # CPU time: wall time counts other processes on a busy machine
        for state in fresh:
            operation(state)
        costs[name] = round((time.process_time() - started) / len(fresh) * 1e6, 1)
    return costs
