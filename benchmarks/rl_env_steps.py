"""Environment steps per second: meeple's PettingZoo AEC env on Linko (4p), Combo Breaker (4p),
Hearts and Linkage beside PettingZoo's own classic leduc hold'em, texas hold'em and connect four,
alternated in one run.

    python benchmarks/rl_env_steps.py [--steps 4000] [--rounds 3] [--only NAME ...] [--json]

Needs `meeple[rl]` plus `pettingzoo[classic]` (rlcard for the poker envs, pygame for connect
four) and the Hearts example; an env that cannot be loaded is reported as such. Every env runs
the standard AEC loop (`agent_iter`, `last`, a random legal action from the mask, `step`) over
whole games until `--steps` decisions are reached; a step is one decision (the dead steps at the
end are not counted). Rounds alternate the envs (each env once per round, in the same order), so
a machine that gets busier weighs on all of them alike; each rate is the median of the rounds,
in decisions per CPU second. With `--json` the rates print as one object (for
`benchmarks/compare_commits.py --metric envs.<name>`).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any, Callable

from meeple import Registry
from script_args import needs_extra, positive_int

try:
    import numpy as np
    import pettingzoo  # noqa: F401 (meeple.rl imports it when it makes an env: missing, say so now)

    from meeple.rl import pettingzoo_env
except ImportError as missing:  # not installed: one line, never a traceback
    needs_extra("rl_env_steps.py", missing, "install meeple[rl] (numpy, pettingzoo, gymnasium)")

MEEPLE = (("linko_4p", "linko", 4), ("combo_breaker_4p", "combo_breaker", 4), ("hearts", "hearts", 4),
          ("linkage", "linkage", 2))
CLASSIC = (("leduc_holdem", "leduc_holdem_v4"), ("texas_holdem", "texas_holdem_v4"),
           ("connect_four", "connect_four_v3"))


def aec_steps_per_second(make_env: Callable[[], Any], steps: int, seed: int = 0) -> float:
    """Decisions per CPU second over whole games until `steps` decisions are reached."""
    done_steps, games = 0, 0
    started = time.process_time()
    while done_steps < steps:
        env = make_env()
        env.reset(seed=seed + games)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"].astype(np.int8))
                done_steps += 1
            env.step(action)
        games += 1
    return done_steps / (time.process_time() - started)


def env_makers() -> tuple[dict[str, Callable[[], Any]], dict[str, str]]:
    """Every env to measure (name -> maker), and why any other could not be loaded."""
    registry = Registry.load()
    makers: dict[str, Callable[[], Any]] = {}
    missing: dict[str, str] = {}
    for name, game_id, players in MEEPLE:
        if game_id not in registry.games:
            missing[name] = f"{game_id} is not installed"
            continue
        game = registry.create(game_id, players)
        makers[name] = lambda game=game: pettingzoo_env(game, registry=registry)
    for name, module in CLASSIC:
        try:
            classic = getattr(__import__("pettingzoo.classic", fromlist=[module]), module)
            classic.env().reset(seed=0)
            makers[name] = classic.env
        except Exception as exc:  # a missing optional dependency: say so
            missing[name] = f"{type(exc).__name__}: {exc}"
    return makers, missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=positive_int, default=4000, help="decisions per env per round")
    parser.add_argument("--rounds", type=positive_int, default=3, help="rounds over every env")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="measure only these envs (linko_4p, ...)")
    parser.add_argument("--json", action="store_true", help="print the rates as one JSON object")
    args = parser.parse_args()
    makers, missing = env_makers()
    if args.only:
        makers = {name: make for name, make in makers.items() if name in args.only}
    runs: dict[str, list[float]] = {name: [] for name in makers}
    for round_ in range(args.rounds):
        for name, make in makers.items():
            runs[name].append(aec_steps_per_second(make, args.steps, seed=1000 * round_))
    rates = {name: statistics.median(values) for name, values in runs.items()}
    if args.json:
        print(json.dumps({"envs": rates, "missing": missing, "steps": args.steps, "rounds": args.rounds}))
        return
    print(f"python {platform.python_version()}, {args.steps} decisions per env per round, "
          f"{args.rounds} rounds alternated, median decisions per CPU second")
    print("| env | decisions/s | × leduc | × connect four |\n|---|---:|---:|---:|")
    for name, rate in rates.items():
        ratios = [f"{rate / rates[ref]:.2f}" if ref in rates else "—" for ref in ("leduc_holdem", "connect_four")]
        print(f"| {name} | {rate:,.0f} | {ratios[0]} | {ratios[1]} |")
    for name, reason in missing.items():
        print(f"| {name} | not run: {reason} | | |")


if __name__ == "__main__":
    main()
