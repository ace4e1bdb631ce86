"""MCTS search speed: iterations per second of the generic `mcts` bot on one game.

    .venv/bin/python benchmarks/mcts_speed.py linkage --iterations 2000 --positions 5 --json

Each position is reached by random moves from a new game (position k after k*step random
decisions, so the figure covers the opening and the middle game); the bot then searches it once
with the given number of iterations. The bot is built through the registry, exactly as
`meeple match` builds it; timing covers `act` only, in wall-clock and in CPU time (the CPU figure
is the steadier one on a machine shared with other work).
"""

from __future__ import annotations

import argparse
import json
import time

from meeple import Registry, Rng
from meeple.options import parse_pairs
from script_args import non_negative_int, positive_int, usage_errors


def measure(game_id: str, iterations: int, positions: int, step: int, seed: int,
            options: dict[str, str]) -> dict:
    registry = Registry.load()
    game = registry.create(game_id, None, options)
    chooser = Rng(seed)
    searched = seconds = cpu_seconds = 0.0
    per_position = []
    for k in range(positions):
        state = game.new_state(seed + k)
        for _ in range(k * step):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[chooser.below(len(legal))])
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        bot = registry.make_bot(f"mcts:iterations={iterations},seed={seed + k}", game, seat)
        started, cpu_started = time.perf_counter(), time.process_time()
        bot.act(state.view(seat), state.legal_actions())
        elapsed = time.perf_counter() - started
        cpu_seconds += time.process_time() - cpu_started
        per_position.append({"decisions_before": state.moves, "legal": len(state.legal_actions()),
                             "seconds": round(elapsed, 4),
                             "iterations_per_s": round(iterations / elapsed, 1)})
        searched += iterations
        seconds += elapsed
    return {"game": game_id, "options": game.options.as_dict(), "iterations": iterations,
            "positions": per_position, "iterations_per_s": round(searched / seconds, 1),
            "iterations_per_cpu_s": round(searched / cpu_seconds, 1),
            "seconds_per_decision": round(seconds / len(per_position), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="linkage")
    parser.add_argument("--iterations", type=positive_int, default=1000)
    parser.add_argument("--positions", type=positive_int, default=5)
    parser.add_argument("--step", type=non_negative_int, default=4, help="random decisions between positions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with usage_errors(parser):  # an unknown game, a bad option, or a game mcts cannot play: one line
        options = parse_pairs(args.option)
        registry = Registry.load()
        registry.make_bot(f"mcts:iterations={args.iterations}", registry.create(args.game, None, options), 0)
    result = measure(args.game, args.iterations, args.positions, args.step, args.seed, options)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for p in result["positions"]:
        print(f"after {p['decisions_before']:2d} decisions, {p['legal']:3d} legal actions: "
              f"{p['seconds']:.3f} s, {p['iterations_per_s']:.0f} iterations/s")
    print(f"{result['game']} {result['options']}: mcts {result['iterations_per_s']:.0f} iterations/s "
          f"({result['iterations_per_cpu_s']:.0f} per CPU second), "
          f"{result['seconds_per_decision']:.3f} s per decision at {result['iterations']} iterations")


if __name__ == "__main__":
    main()
