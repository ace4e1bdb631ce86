"""Combo Breaker random-playout speed of the bare engine: legal actions and apply only.

    .venv/bin/python benchmarks/combo_breaker_speed.py --players 4 --games 300 --json

`meeple bench combo_breaker` also builds the deciding seat's view at every decision (what a bot
receives); this script leaves the view out, which is the figure comparable with the bare,
framework-free engines quoted in DESIGN-NOTES ("Speed"). It also times `clone()`. On a shared
machine, `decisions_per_cpu_s` (process CPU time) is steadier than the wall-clock figure.
"""

from __future__ import annotations

import argparse
import json
import time

from meeple import Rng
from meeple_combo_breaker.game import ComboBreaker


def measure(players: int, games: int, seed: int, options: dict[str, str]) -> dict:
    game = ComboBreaker(players, options)
    chooser = Rng(seed ^ 0xB0B)
    decisions = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for deal in range(games):
        state = game.new_state(seed + deal)
        while state.pending:
            legal = state.legal_actions()
            state.apply(legal[chooser.below(len(legal))])
            decisions += 1
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    state = game.new_state(seed)
    clones = 2000
    clone_started = time.perf_counter()
    for _ in range(clones):
        state.clone()
    clone_us = (time.perf_counter() - clone_started) / clones * 1e6
    return {"players": players, "options": game.options.as_dict(), "games": games,
            "decisions": decisions, "seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3),
            "games_per_s": round(games / seconds, 1), "decisions_per_s": round(decisions / seconds),
            "decisions_per_cpu_s": round(decisions / cpu_seconds),
            "clone_us": round(clone_us, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    result = measure(args.players, args.games, args.seed, options)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['players']} players: {result['games_per_s']} games/s, "
              f"{result['decisions_per_s']} decisions/s ({result['decisions_per_cpu_s']} per CPU second), "
              f"clone {result['clone_us']} µs")


if __name__ == "__main__":
    main()
