"""Running a plan of games through an executor, and the tournament built on it.

`run_games` is the one runner that `meeple match` and `meeple tournament` share: it skips the
games a results file already holds, hands the rest to an executor, and returns every outcome in
the plan's order, whatever order the workers finished in. `run_tournament` plans every lineup
in every seat rotation on duplicated deals, tallies wins and scores per bot, and rates the bots. A points game (`GameSpec.points`: its
objective is its score) is ranked by mean score, with a 95% interval, and rated from score order.

The series seed defaults to a fresh secret (`meeple.seeds.fresh_secret`): it is in the result
(for the operator to reproduce the run), but never in a file while the run goes on (see
`results`). Ctrl-C stops a run with `RunInterrupted`, which says what was kept.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from attrs import define, field

from ..bots import BotSpec
from ..errors import OptionError
from ..registry import Registry
from ..seeds import check_seed, fresh_secret
from ..stats import mean_interval, wilson_interval
from .executors import Executor, make_executor
from .plan import GameJob, Setup, explicit_seeds, lineups, tournament_plan
from .ratings import Rating, rate
from .results import header, open_results, recorded_seed
from .worker import GameOutcome, RegistrySource

OnGame = Callable[[GameOutcome], None]

#: The longest --move-timeout accepted: one day (a longer one is a mistake, not a time limit).
MAX_MOVE_TIMEOUT = 86_400.0


class RunInterrupted(Exception):
    """A run stopped by Ctrl-C: `played` games finished, `kept` of them are in `path` (if any)."""

    def __init__(self, played: int, total: int, seed: int, kept: int = 0, path: Path | None = None) -> None:
        super().__init__(f"interrupted after {played} of {total} games")
        self.played, self.total, self.seed, self.kept, self.path = played, total, seed, kept, path


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
    if move_timeout is not None and not 0 < move_timeout <= MAX_MOVE_TIMEOUT:  # nan fails too
        raise OptionError(f"--move-timeout must be a positive number of seconds, at most "
                          f"{MAX_MOVE_TIMEOUT:g} (one day); got {move_timeout!r}")
    specs = tuple(str(BotSpec.parse(s)) for s in bot_specs)
    game = registry.create(game_id, players, options)
    for seat, spec in enumerate(specs):
        registry.make_bot(spec, game, seat % players)  # unknown names, bad parameters, bad set-ups
    return Setup(game_id, players, tuple(game.options.items_), specs, move_timeout)


@define
class BotTally:
    """One bot's results over a series: games, wins, scores, forfeits, and wins by seat.

    With `points` (a game whose objective is its score, `GameSpec.points`) the summary also
    gives a 95% interval of the mean score, the figure such a game ranks bots by."""

    spec: str
    label: str = ""  # the spec, numbered when two seats have the same one ("random #2")
    games: int = 0
    wins: int = 0
    score_total: float = 0.0
    forfeits: int = 0
    by_seat: list[list[int]] = field(factory=list)  # per seat: [games, wins]
    points: bool = False
    score_squares: float = 0.0
    eliminated: int | None = None  # games it went out of (None: no game of the series eliminates)

    def add(self, outcome: GameOutcome, seat: int) -> None:
        won = seat in outcome.winners
        score = outcome.scores[seat]
        self.games += 1
        self.wins += won
        self.score_total += score
        self.score_squares += score * score
        self.by_seat[seat][0] += 1
        self.by_seat[seat][1] += won
        forfeit = outcome.forfeit
        if forfeit is not None and forfeit["seat"] == seat:
            self.forfeits += 1
        if seat in outcome.eliminated:
            self.eliminated = (self.eliminated or 0) + 1

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0

    def summary(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        row = {
            "spec": self.spec,
            "label": self.label or self.spec,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.score_total / self.games, 4) if self.games else 0.0,
            "forfeits": self.forfeits,
            "by_seat": [{"seat": s, "games": g, "wins": w, "win_rate": round(w / g, 4) if g else 0.0}
                        for s, (g, w) in enumerate(self.by_seat)],
        }
        if self.eliminated is not None:
            row["eliminated"] = self.eliminated
        if self.points:
            score_low, score_high = mean_interval(self.score_total, self.score_squares, self.games)
            row["mean_score_95"] = [round(score_low, 4), round(score_high, 4)]
        return row


def labels(specs: Sequence[str]) -> list[str]:
    """Names that tell the bots apart: a spec listed more than once is numbered (``random #1``)."""
    seen: dict[str, int] = {}
    result = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        result.append(f"{spec} #{seen[spec]}" if specs.count(spec) > 1 else spec)
    return result


def scores_tell_seats_apart(outcomes: Sequence[GameOutcome]) -> bool:
    """Whether some game scored its seats differently. When none did, a score belongs to the
    game (Linkage scores the board's colour groups, the same for both sides), not to a bot,
    and a mean score per bot says nothing: the tables leave it out."""
    return any(len(set(o.scores)) > 1 for o in outcomes)


def tally(setup: Setup, outcomes: Sequence[GameOutcome], points: bool = False) -> list[BotTally]:
    """Each bot's tally; `points` for a game whose objective is its score (`GameSpec.points`)."""
    tallies = [BotTally(spec, label, by_seat=[[0, 0] for _ in range(setup.players)], points=points)
               for spec, label in zip(setup.bots, labels(setup.bots))]
    for outcome in outcomes:
        for seat, b in enumerate(outcome.seats):
            tallies[b].add(outcome, seat)
    if any(outcome.eliminated for outcome in outcomes):  # every bot's count shown, zeros too
        for bot in tallies:
            bot.eliminated = bot.eliminated or 0
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
    points: bool = False  # the game's objective is its score: rank by mean score


    def to_data(self) -> dict[str, Any]:
        setup = self.setup
        bots = []
        for tally_, rating in zip(self.tallies, self.ratings):
            row = tally_.summary()
            row["rating"] = {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
                             "conservative": round(rating.conservative, 3)}
            bots.append(row)
        if self.points:  # points games rank by mean score (the rating, from score order, next)
            order = sorted(range(len(bots)), key=lambda b: (-self.tallies[b].mean_score, -self.ratings[b].mu))
        else:
            order = sorted(range(len(bots)), key=lambda b: -self.ratings[b].mu)
        decisions = sum(o.decisions for o in self.outcomes)
        data = {
            "game": setup.game,
            "players": setup.players,
            "options": dict(setup.options),
            "lineups": len(lineups(len(setup.bots), setup.players)),
            "games_per_lineup": self.games,
            "games": len(self.outcomes),
            "seed": self.seed,
            "move_timeout": setup.move_timeout,
            "scores_tell_seats_apart": scores_tell_seats_apart(self.outcomes),
            "bots": [bots[b] for b in order],
            "forfeits": forfeits(setup, self.outcomes),
            "timing": {"seconds": round(self.seconds, 3), "games_played": self.played,
                       "decisions": decisions,
                       "games_per_s": round(self.played / self.seconds, 2) if self.seconds else None},
        }
        if self.points:
            data["objective"] = "score"
        return data


def run_tournament(registry: Registry, game_id: str, bot_specs: Sequence[str], players: int | None = None,
                   games: int | None = None, seed: int | None = None, options: Mapping[str, Any] | None = None,
                   move_timeout: float | None = None, jobs: int = 1, backend: str = "local",
                   address: str | None = None, out: Path | None = None, resume: bool = False,
                   on_game: OnGame | None = None, source: RegistrySource | None = None,
                   on_plan: Callable[[int, int], None] | None = None,
                   isolate: bool = False, keep_bots: bool = False) -> TournamentResult:
    """Every lineup of `players` bots plays `games` games (deals × seat rotations).

    `players` defaults to the number of bots, within the game's range; `games` to two deals per
    lineup; `seed` to a fresh secret (or, with `resume`, the one the results file recorded when
    its run stopped). With `out`, the games of each deal are appended to that results file once
    the whole deal is played, and `resume` continues the run it holds. `source` tells worker
    processes how to load the plugins (default: the installed ones). `on_plan(total, done)` is
    told the size of the run first. Ctrl-C raises `RunInterrupted`. With `isolate`, every bot
    plays every game from a fresh process of its own (no memory shared between games), unless
    `keep_bots` keeps the process of a bot that plays many games for the whole run.
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
    if seed is None and resume and out is not None:
        seed = recorded_seed(out)
    seed = fresh_secret() if seed is None else check_seed(seed)
    plan = tournament_plan(len(setup.bots), players, games, seed, explicit_seeds(setup.bots))
    run = {"setup": setup.to_data(), "games_per_lineup": games,
           "plugin_version": registry.game_version(game_id)}
    executor = make_executor(registry, source or RegistrySource.of(registry), jobs, backend, address,
                             force_pool=move_timeout is not None, isolate=isolate, keep_bots=keep_bots)
    started = time.perf_counter()
    finished = 0

    def count(outcome: GameOutcome) -> None:
        nonlocal finished
        finished += 1
        if on_game is not None:
            on_game(outcome)

    if out is None:
        done: dict[int, GameOutcome] = {}
        if on_plan is not None:
            on_plan(len(plan), 0)
        try:
            outcomes = run_games(executor, setup, plan, done, count)
        except KeyboardInterrupt:
            raise RunInterrupted(finished, len(plan), seed) from None
    else:
        results, done = open_results(out, header("tournament", run, seed), plan, resume)
        if on_plan is not None:
            on_plan(len(plan), len(done))

        def record(outcome: GameOutcome) -> None:
            results.append(outcome)
            count(outcome)

        with results:
            try:
                outcomes = run_games(executor, setup, plan, done, record)
            except KeyboardInterrupt:
                raise RunInterrupted(len(done) + finished, len(plan), seed, results.kept, out) from None
            finally:
                results.record_seed(seed)  # the run is over: no bot is left to read it
    seconds = time.perf_counter() - started
    points = spec_cls.points
    return TournamentResult(setup, games, seed, outcomes, tally(setup, outcomes, points),
                            rate(len(setup.bots), outcomes, by_score=points), seconds,
                            len(plan) - len(done), points)
