"""A match: a series of games between bots with the seats rotating, and its summary.

A match is the tournament runner's simplest plan: one lineup (one bot per seat, in the order
given), a new deal every game, seats rotating each game. It runs through the same executors
(``jobs`` worker processes give the same results as one), with the same fault handling.

The match seed defaults to a fresh secret, given back in the result for the operator. Every
game is its own deal (``derive(seed, "deal", game)``), so a game's record, written as soon as the
game ends, tells nothing about any game still to be played.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence

from attrs import define

from .errors import OptionError
from .game import Game
from .registry import Registry
from .tournament.executors import make_executor
from .seeds import check_seed, fresh_secret
from .tournament.plan import explicit_seeds, match_plan, seat_order
from .tournament.runner import BotTally, RunInterrupted, make_setup, run_games, scores_tell_seats_apart, tally
from .tournament.worker import GameOutcome, RegistrySource

__all__ = ["BotTally", "MatchResult", "RunInterrupted", "run_match", "seat_order"]


@define
class MatchResult:
    game: Game
    seed: int
    tallies: list[BotTally]
    outcomes: list[GameOutcome]
    seconds: float
    decisions: int

    def to_data(self) -> dict[str, Any]:
        """The summary; a points game (`GameSpec.points`) lists its bots by mean score, best
        first, each with a 95% interval of it, and says `"objective": "score"`."""
        points = self.game.spec.points
        bots = [t.summary() for t in self.tallies]
        if points:
            bots.sort(key=lambda row: -row["mean_score"])
        data = {
            "game": self.game.spec.id,
            "players": self.game.players,
            "options": self.game.options.as_dict(),
            "games": len(self.outcomes),
            "seed": self.seed,
            "scores_tell_seats_apart": scores_tell_seats_apart(self.outcomes),
            "bots": bots,
            "timing": {"seconds": round(self.seconds, 3), "decisions": self.decisions,
                       "games_per_s": round(len(self.outcomes) / self.seconds, 2) if self.seconds else None},
        }
        if points:
            data["objective"] = "score"
        return data


def run_match(registry: Registry, game_id: str, bot_specs: Sequence[str], games: int, seed: int | None = None,
              options: Mapping[str, Any] | None = None, move_timeout: float | None = None,
              on_game: Callable[[GameOutcome], None] | None = None, jobs: int = 1,
              source: RegistrySource | None = None, isolate: bool = False, keep_bots: bool = False) -> MatchResult:
    """Play `games` games of `game_id`, one seat per bot spec, seats rotating each game.

    `on_game` sees each outcome as it finishes (with several jobs, not in plan order); the
    result lists them in plan order. `source` tells worker processes how to load the plugins.
    `seed` defaults to a fresh secret. Ctrl-C raises `RunInterrupted`. With `keep_bots`, an
    ``exec:`` or isolated bot that plays many games keeps its process for the whole match
    (docs/bots.md, "Many games, one process").
    """
    if games < 1:
        raise OptionError("a match needs at least one game")
    seed = fresh_secret() if seed is None else check_seed(seed)
    setup = make_setup(registry, game_id, bot_specs, len(bot_specs), options, move_timeout)
    plan = match_plan(len(setup.bots), games, seed, explicit_seeds(setup.bots))
    game = registry.create(game_id, setup.players, dict(setup.options))
    executor = make_executor(registry, source or RegistrySource.of(registry), jobs,
                             force_pool=move_timeout is not None, isolate=isolate, keep_bots=keep_bots)
    started = time.perf_counter()
    finished = 0

    def count(outcome: GameOutcome) -> None:
        nonlocal finished
        finished += 1
        if on_game is not None:
            on_game(outcome)

    try:
        outcomes = run_games(executor, setup, plan, on_game=count)
    except KeyboardInterrupt:
        raise RunInterrupted(finished, games, seed) from None
    seconds = time.perf_counter() - started
    return MatchResult(game, seed, tally(setup, outcomes, game.spec.points), outcomes, seconds,
                       sum(o.decisions for o in outcomes))
