"""A match: a series of games between bots with the seats rotating, and its summary."""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence

from attrs import define, field

from .bots import BotSpec
from .errors import OptionError
from .game import Game
from .records import GameRecord
from .registry import Registry
from .rng import Rng
from .runner import play_game
from .stats import wilson_interval


def seat_order(game_index: int, bots: int) -> list[int]:
    """Which bot sits in each seat in game `game_index`: rotations, so with a number of games
    that is a multiple of the number of bots, every bot plays every seat equally often."""
    shift = game_index % bots
    return [(seat + shift) % bots for seat in range(bots)]


def game_seeds(seed: int, games: int) -> list[int]:
    """The deal seed of each game in a series, derived from the series seed."""
    rng = Rng(seed)
    return [rng.next64() >> 1 for _ in range(games)]


@define
class BotTally:
    spec: str
    games: int = 0
    wins: int = 0
    score_total: float = 0.0
    forfeits: int = 0
    by_seat: list[list[int]] = field(factory=list)  # per seat: [games, wins]

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


@define
class MatchResult:
    game: Game
    seed: int
    tallies: list[BotTally]
    records: list[GameRecord]
    seconds: float
    decisions: int

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game.spec.id,
            "players": self.game.players,
            "options": self.game.options.as_dict(),
            "games": len(self.records),
            "seed": self.seed,
            "bots": [t.summary() for t in self.tallies],
            "timing": {"seconds": round(self.seconds, 3), "decisions": self.decisions,
                       "games_per_s": round(len(self.records) / self.seconds, 2) if self.seconds else None},
        }


def run_match(registry: Registry, game_id: str, bot_specs: Sequence[str], games: int, seed: int = 0,
              options: Mapping[str, Any] | None = None, move_timeout: float | None = None,
              on_game: Callable[[GameRecord], None] | None = None) -> MatchResult:
    """Play `games` games of `game_id`, one seat per bot spec, seats rotating each game."""
    if games < 1:
        raise OptionError("a match needs at least one game")
    specs = [BotSpec.parse(s) for s in bot_specs]
    game = registry.create(game_id, len(specs), options)
    for spec in specs:  # fail fast on unknown bots or bad parameters, before any game
        registry.bot(spec.name, game_id).parse_params(dict(spec.params))
    version = registry.game_version(game_id)
    tallies = [BotTally(str(s), by_seat=[[0, 0] for _ in specs]) for s in specs]
    records: list[GameRecord] = []
    decisions = 0
    started = time.perf_counter()
    for index, deal_seed in enumerate(game_seeds(seed, games)):
        order = seat_order(index, len(specs))
        bot_rng = Rng(deal_seed ^ 0x5DEECE66D)
        bots = [registry.make_bot(specs[b], game, seat, {"seed": bot_rng.next64() >> 1})
                for seat, b in enumerate(order)]
        record, _ = play_game(game, bots, deal_seed, [str(specs[b]) for b in order], version,
                              move_timeout=move_timeout)
        decisions += len(record.actions)
        for seat, b in enumerate(order):
            tally = tallies[b]
            won = seat in record.winners
            tally.games += 1
            tally.wins += won
            tally.score_total += record.scores[seat]
            tally.by_seat[seat][0] += 1
            tally.by_seat[seat][1] += won
            if record.forfeit is not None and record.forfeit.seat == seat:
                tally.forfeits += 1
        records.append(record)
        if on_game is not None:
            on_game(record)
    return MatchResult(game, seed, tallies, records, time.perf_counter() - started, decisions)
