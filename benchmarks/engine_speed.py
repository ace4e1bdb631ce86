"""Decisions per CPU second of the bare rules engine, each side's own `meeple bench` loop, timed in
the same prepared process: the throughput `meeple bench --no-views` reports, without the costs a
short run of the command pays once.

    .venv/bin/python benchmarks/engine_speed.py linko --players 4 --games 300 --json
    .venv/bin/python benchmarks/compare_commits.py --base e4ad589 --metric decisions_per_cpu_s \\
        -- benchmarks/engine_speed.py linko --players 4 --games 300 --json

`meeple bench` times its loop in a fresh process that has just imported the CLI and every plugin:
the first garbage collection of the whole heap (tens of thousands of objects from the imports,
~10-20 ms here) and the interpreter's warm-up fall inside its timer, the same few tens of
milliseconds whatever the engine, so they weigh twice as much on a run that takes half the
time. This script loads the game the same way, plays one untimed game (the warm-up: the
interpreter's specializations, tables some games build when first used), collects garbage, then
times `meeple.bench.random_playouts(game, games, views=False)` — the very loop `bench` times,
this tree's or the other commit's under `compare_commits.py` — so that both sides are timed from
the same starting point. CPU time, as `bench` reports it.
"""

from __future__ import annotations

import argparse
import gc
import json

from meeple import bench
from meeple.cli.common import game_options, load_registry
from script_args import positive_int, seed, usage_errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=positive_int)
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="game option")
    parser.add_argument("--games", "-n", type=positive_int, default=300)
    parser.add_argument("--seed", type=seed, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = load_registry()
    with usage_errors(parser):
        game = registry.create(args.game, args.players, game_options(registry, args.game, None, args.option))
    bench.random_playouts(game, 1, seed=args.seed + args.games, views=False)  # warm-up, untimed
    gc.collect()
    result = bench.random_playouts(game, args.games, seed=args.seed, views=False)
    data = {"game": args.game, "players": game.players, "options": result.options, "games": result.games,
            "decisions": result.decisions, "cpu_seconds": round(result.cpu_seconds, 4),
            "decisions_per_cpu_s": round(result.decisions / result.cpu_seconds, 1)}
    print(json.dumps(data) if args.json else
          f"{args.game} {game.players}p: {data['decisions']:,} decisions in {data['cpu_seconds']} CPU s, "
          f"{data['decisions_per_cpu_s']:,.0f} decisions per CPU second (bare engine)")


if __name__ == "__main__":
    main()
