"""Root parallelism: iterations per wall-clock second of `ismcts` at a fixed time per decision,
with one search process (``workers=1``) against several (``workers=2``), and their ratio.

    .venv/bin/python benchmarks/root_parallel.py                   # Linko 4p, time=0.5, 8 deals
    .venv/bin/python benchmarks/root_parallel.py --deals 12 --workers 3 --json

Positions: the first decision of `--deals` new 4-player Linko games (seat 0 opens every one), each
searched by both bots, alternately (so a machine getting busier weighs on both alike). Each bot is
built once, through the registry as `meeple match` builds it, and keeps its worker processes for
every decision, as in a game; its first decision only starts them (untimed), so the figures are the
steady state of a game, not the start-up. The iteration budget is too large to reach: the time
budget decides. Wall-clock is the measure (the point is using more cores); the load average is
printed with it, since other work on the machine takes cores from the workers. The iterations per
CPU second of all the processes (the bot's, plus the CPU time its workers report) show what the
machinery costs whatever the load: on N idle cores the wall ratio is about N times their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from meeple import Registry
from script_args import positive_float, positive_int, usage_errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="linko")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--time", type=positive_float, default=0.5, help="seconds per decision")
    parser.add_argument("--workers", type=positive_int, default=2, help="worker processes to compare with 1")
    parser.add_argument("--deals", type=positive_int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game, a bad player count or ismcts setting: one line
        game = registry.create(args.game, args.players)
        states = [game.new_state(args.seed + deal) for deal in range(args.deals)]
        seat = states[0].current_player
        states = [state for state in states if state.current_player == seat and len(state.legal_actions()) > 1]
        settings = (1, args.workers)
        bots = {w: registry.make_bot(f"ismcts:iterations=100000000,time={args.time},workers={w}", game, seat,
                                     {"seed": args.seed}) for w in settings}
    for bot in bots.values():  # start the workers: a game pays this once, at its first decision
        bot.act(states[0].view(seat), states[0].legal_actions())
    load_before = os.getloadavg()
    rates: dict[int, list[float]] = {w: [] for w in settings}
    seconds: dict[int, list[float]] = {w: [] for w in settings}
    cpu_rates: dict[int, list[float]] = {w: [] for w in settings}
    for state in states:
        for w in settings:
            started, cpu_started = time.perf_counter(), time.process_time()
            bots[w].act(state.view(seat), state.legal_actions())
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - cpu_started  # this process; and the workers' own CPU time:
            cpu += bots[w].parallel.last_cpu_seconds if bots[w].parallel is not None else 0.0
            cpu_rates[w].append(bots[w].last_iterations / cpu)
            seconds[w].append(elapsed)
            rates[w].append(bots[w].last_iterations / elapsed)
    load_after = os.getloadavg()
    for bot in bots.values():
        if bot.parallel is not None:
            bot.parallel.close()
    medians = {w: statistics.median(rates[w]) for w in settings}
    result = {"game": args.game, "players": args.players, "time": args.time, "positions": len(states),
              "iterations_per_s": {str(w): round(medians[w], 1) for w in settings},
              "seconds_per_decision": {str(w): round(statistics.median(seconds[w]), 4) for w in settings},
              "ratio": round(medians[args.workers] / medians[1], 3),
              "iterations_per_cpu_s": {str(w): round(statistics.median(cpu_rates[w]), 1) for w in settings},
              "cpu_ratio": round(statistics.median(cpu_rates[args.workers]) / statistics.median(cpu_rates[1]), 3),
              "load_average": {"before": [round(x, 2) for x in load_before],
                               "after": [round(x, 2) for x in load_after]},
              "cpus": os.cpu_count()}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for w in settings:
        print(f"workers={w}: {medians[w]:7.0f} iterations per wall second, "
              f"{statistics.median(seconds[w]):.3f} s per decision (medians of {len(states)} at time={args.time})")
    print(f"iterations per CPU second (all processes): {result['iterations_per_cpu_s']}, "
          f"workers={args.workers} / workers=1: {result['cpu_ratio']:.2f}")
    print(f"ratio workers={args.workers} / workers=1: {result['ratio']:.2f}x   load average "
          f"{load_before[0]:.2f} before, {load_after[0]:.2f} after ({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
