"""What a game's `sample_condition` costs a sample drawn from a *waiting* seat's view, and how often
a plain deal passes it (the rejection sampler's acceptance rate).

    .venv/bin/python benchmarks/sample_condition_cost.py combo_breaker --players 4 --games 6 --json
    .venv/bin/python benchmarks/sample_condition_cost.py combo_breaker --players 5 -o tokens=3 --games 12

Positions: every decision of `--games` random games (seeds 0.., a uniform random move each). At
each, every seat not owing the decision takes its view. Cost: `--samples` draws per view from
`game.sampler(view)` and from the same game with no condition, alternately, `--rounds` times, CPU
µs per sample (medians; building each view's sampler included). Acceptance: for the views the condition tests, the share of plain deals
that pass, on average and at the worst view (`--samples` deals each). A seat searching the
decision it owes (every ismcts search) is not measured here: nothing is tested there.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from meeple import Registry, Rng
from meeple.options import parse_pairs
from script_args import positive_int, usage_errors


def waiting_views(game, games: int) -> list:
    views = []
    for seed in range(games):
        state, chooser = game.new_state(seed), Rng(seed)
        while state.pending:
            owing = state.owing()
            views.extend(state.view(seat) for seat in range(game.players) if seat not in owing)
            legal = state.legal_actions()
            state.apply(legal[chooser.below(len(legal))])
    return views


def cpu_us_per_sample(game, views: list, samples: int) -> float:
    start = time.process_time()
    for view in views:
        sampler, rng = game.sampler(view), Rng(1)
        for _ in range(samples):
            sampler(rng)
    return (time.process_time() - start) / (len(views) * samples) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--games", type=positive_int, default=6)
    parser.add_argument("--samples", type=positive_int, default=20)
    parser.add_argument("--rounds", type=positive_int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game, a bad option or player count: one line
        options = dict(parse_pairs(args.option))  # as `meeple ... -o KEY=VALUE` reads them
        game = registry.create(args.game, args.players, options)
    condition = type(game).sample_condition
    if condition is None:
        parser.error(f"{args.game} declares no sample_condition")
    plain = type(f"Unconditioned{type(game).__name__}", (type(game),), {"sample_condition": None})(
        game.players, game.options)
    views = waiting_views(game, args.games)
    times: dict[str, list[float]] = {"plain": [], "conditioned": []}
    for _ in range(args.rounds):
        times["plain"].append(cpu_us_per_sample(plain, views, args.samples))
        times["conditioned"].append(cpu_us_per_sample(game, views, args.samples))
    rates = []
    for view in views:
        holds = condition(view)
        if holds is not None:
            sampler, rng = plain.sampler(view), Rng(2)
            rates.append(sum(bool(holds(sampler(rng))) for _ in range(args.samples)) / args.samples)
    result = {
        "game": args.game, "players": game.players, "options": game.options.as_dict(),
        "waiting_views": len(views), "tested_views": len(rates),
        "plain_us_per_sample": round(statistics.median(times["plain"]), 1),
        "conditioned_us_per_sample": round(statistics.median(times["conditioned"]), 1),
        "runs_us": {side: [round(x, 1) for x in runs] for side, runs in times.items()},
        "mean_acceptance": round(statistics.mean(rates), 4) if rates else None,
        "worst_acceptance": min(rates) if rates else None,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
