"""Running a plan of games through an executor, and the tournament built on it.

`run_games` is the one runner that `meeple match` and `meeple tournament` share: it skips the
games a results file already holds, hands the rest to an executor, and returns every outcome in
the plan's order, whatever order the workers finished in. `run_tournament` plans every lineup
in every seat rotation on duplicated deals, tallies wins and scores per bot, and rates the bots.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from attrs import define, field

from ..bots import BotSpec
from ..errors import OptionError
from ..registry import Registry
from ..stats import wilson_interval
from .executors import Executor, make_executor
from .plan import GameJob, Setup, lineups, tournament_plan
from .ratings import Rating, rate
from .results import header, open_results
from .worker import GameOutcome, RegistrySource

OnGame = Callable[[GameOutcome], None]


def run_games(executor: Executor, setup: Setup, plan: Sequence[GameJob],
              done: Mapping[int, GameOutcome] | None = None,
              on_game: OnGame | None = None) -> list[GameOutcome]:
    """Play the games of `plan` not in `done`; every outcome, in plan order.

    `on_game` sees each new outcome as it finishes (results file, progress bar).
    """
    outcomes = dict(done or {})
    todo = [job for job in plan if job.index not in outcomes]
    if todo:
        for outcome in executor.run(setup, todo):
            outcomes[outcome.index] = outcome
            if on_game is not None:
                on_game(outcome)
    return [outcomes[job.index] for job in plan]


def make_setup(registry: Registry, game_id: str, bot_specs: Sequence[str], players: int,
               options: Mapping[str, Any] | None, move_timeout: float | None) -> Setup:
    """Check the game, its options and every bot (each is built once) before any game is played."""
    if move_timeout is not None and move_timeout <= 0:
        raise OptionError("--move-timeout must be a positive number of seconds")
    specs = tuple(str(BotSpec.parse(s)) for s in bot_specs)
    game = registry.create(game_id, players, options)
    for seat, spec in enumerate(specs):
        registry.make_bot(spec, game, seat % players)  # unknown names, bad parameters, bad set-ups
    return Setup(game_id, players, tuple(game.options.items_), specs, move_timeout)


@define
class BotTally:
    """One bot's results over a series: games, wins, scores, forfeits, and wins by seat."""

    spec: str
    games: int = 0
    wins: int = 0
    score_total: float = 0.0
    forfeits: int = 0
    by_seat: list[list[int]] = field(factory=list)  # per seat: [games, wins]

    def add(self, outcome: GameOutcome, seat: int) -> None:
        won = seat in outcome.winners
        self.games += 1
        self.wins += won
        self.score_total += outcome.scores[seat]
        self.by_seat[seat][0] += 1
        self.by_seat[seat][1] += won
        forfeit = outcome.forfeit
        if forfeit is not None and forfeit["seat"] == seat:
            self.forfeits += 1

    def summary(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        return {
            "spec": self.spec,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.score_total / self.games, 4) if self.games else 0.0,
            "forfeits": self.forfeits,
            "by_seat": [{"seat": s, "games": g, "wins": w, "win_rate": round(w / g, 4) if g else 0.0}
                        for s, (g, w) in enumerate(self.by_seat)],
        }


def tally(setup: Setup, outcomes: Sequence[GameOutcome]) -> list[BotTally]:
    tallies = [BotTally(spec, by_seat=[[0, 0] for _ in range(setup.players)]) for spec in setup.bots]
    for outcome in outcomes:
        for seat, b in enumerate(outcome.seats):
            tallies[b].add(outcome, seat)
    return tallies


def forfeits(setup: Setup, outcomes: Sequence[GameOutcome]) -> list[dict[str, Any]]:
    """Every forfeited game: its index, the seat and bot that forfeited, and why."""
    return [{"game": o.index, "seat": o.forfeit["seat"], "bot": setup.bots[o.seats[o.forfeit["seat"]]],
             "reason": o.forfeit["reason"]} for o in outcomes if o.forfeit is not None]


@define
class TournamentResult:
    setup: Setup
    games: int  # per lineup
    seed: int
    outcomes: list[GameOutcome]
    tallies: list[BotTally]
    ratings: list[Rating]
    seconds: float  # this run only (games read back from a results file took no time now)
    played: int  # games played by this run (the others were read back)

    def to_data(self) -> dict[str, Any]:
        setup = self.setup
        bots = []
        for tally_, rating in zip(self.tallies, self.ratings):
            row = tally_.summary()
            row["rating"] = {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
                             "conservative": round(rating.conservative, 3)}
            bots.append(row)
        order = sorted(range(len(bots)), key=lambda b: -self.ratings[b].mu)
        decisions = sum(o.decisions for o in self.outcomes)
        return {
            "game": setup.game,
            "players": setup.players,
            "options": dict(setup.options),
            "lineups": len(lineups(len(setup.bots), setup.players)),
            "games_per_lineup": self.games,
            "games": len(self.outcomes),
            "seed": self.seed,
            "move_timeout": setup.move_timeout,
            "bots": [bots[b] for b in order],
            "forfeits": forfeits(setup, self.outcomes),
            "timing": {"seconds": round(self.seconds, 3), "games_played": self.played,
                       "decisions": decisions,
                       "games_per_s": round(self.played / self.seconds, 2) if self.seconds else None},
        }


def run_tournament(registry: Registry, game_id: str, bot_specs: Sequence[str], players: int | None = None,
                   games: int | None = None, seed: int = 0, options: Mapping[str, Any] | None = None,
                   move_timeout: float | None = None, jobs: int = 1, backend: str = "local",
                   address: str | None = None, out: Path | None = None, resume: bool = False,
                   on_game: OnGame | None = None, source: RegistrySource | None = None,
                   on_plan: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Every lineup of `players` bots plays `games` games (deals × seat rotations).

    `players` defaults to the number of bots, within the game's range; `games` to two deals per
    lineup. With `out`, every game is appended to that results file as it finishes, and `resume`
    continues the run it holds. `source` tells worker processes how to load the plugins
    (default: the installed ones). `on_plan(total, done)` is told the size of the run first.
    """
    if len(bot_specs) < 2:
        raise OptionError("a tournament needs at least two bots")
    spec_cls = registry.game(game_id).spec
    if players is None:
        players = min(max(len(bot_specs), spec_cls.min_players), spec_cls.max_players)
    setup = make_setup(registry, game_id, bot_specs, players, options, move_timeout)
    duplicates = sorted({s for s in setup.bots if setup.bots.count(s) > 1})
    if duplicates:
        raise OptionError(f"bot {duplicates[0]} is listed twice: give each copy its own seed "
                          f"(e.g. {duplicates[0].split(':')[0]}:seed=1) to enter it again")
    games = 2 * players if games is None else games
    plan = tournament_plan(len(setup.bots), players, games, seed)
    run = {"setup": setup.to_data(), "games_per_lineup": games, "seed": seed,
           "plugin_version": registry.game_version(game_id)}
    executor = make_executor(registry, source or RegistrySource.of(registry), jobs, backend, address,
                             force_pool=move_timeout is not None)
    started = time.perf_counter()
    if out is None:
        done: dict[int, GameOutcome] = {}
        if on_plan is not None:
            on_plan(len(plan), 0)
        outcomes = run_games(executor, setup, plan, done, on_game)
    else:
        results, done = open_results(out, header("tournament", run), plan, resume)
        if on_plan is not None:
            on_plan(len(plan), len(done))

        def record(outcome: GameOutcome) -> None:
            results.append(outcome)
            if on_game is not None:
                on_game(outcome)

        with results:
            outcomes = run_games(executor, setup, plan, done, record)
    seconds = time.perf_counter() - started
    return TournamentResult(setup, games, seed, outcomes, tally(setup, outcomes),
                            rate(len(setup.bots), outcomes), seconds, len(plan) - len(done))
