"""Environment steps per second: meeple's PettingZoo env vs `meeple bench` on the same game, and
vs PettingZoo's own classic tictactoe and leduc hold'em, in one run.

    python benchmarks/rl_env_steps.py [--steps 20000]

Needs `meeple[rl]` plus `pettingzoo[classic]` (rlcard for leduc); an env that cannot be loaded is
reported as such. Every env runs the standard AEC loop (`agent_iter`, `last`, a random legal
action from the mask, `step`); a step is one decision (the dead steps at the end are not counted).
`meeple bench` is `meeple.bench.random_playouts` (view of the deciding seat, legal actions, apply):
the same random game without the encoding, masks and PettingZoo bookkeeping.
"""

from __future__ import annotations

import argparse
import platform
import time

from meeple import Registry
from meeple.bench import random_playouts
from script_args import needs_extra, positive_int

try:
    import numpy as np
    import pettingzoo  # noqa: F401 (meeple.rl imports it when it makes an env: missing, say so now)

    from meeple.rl import pettingzoo_env
except ImportError as missing:  # not installed: one line, never a traceback
    needs_extra("rl_env_steps.py", missing, "install meeple[rl] (numpy, pettingzoo, gymnasium)")


def aec_steps_per_second(make_env, steps: int, seed: int = 0) -> tuple[float, int]:
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
                mask = observation["action_mask"]
                action = env.action_space(agent).sample(mask.astype(np.int8))
                done_steps += 1
            env.step(action)
        games += 1
    return done_steps / (time.process_time() - started), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=positive_int, default=20000)
    args = parser.parse_args()
    registry = Registry.load()
    rows = []
    for game_id, players in (("nim", 2), ("linkage", 2), ("linko", 2), ("combo_breaker", 3)):
        game = registry.create(game_id, players)
        rate, games = aec_steps_per_second(lambda: pettingzoo_env(game), args.steps)
        bench = random_playouts(game, max(1, games), views=True).to_data()
        env = pettingzoo_env(game)
        rows.append((f"meeple {game_id} ({players}p) PettingZoo AEC", rate,
                     f"obs {env.encoder.size} floats, {len(env.actions)} actions"))
        rows.append((f"meeple {game_id} ({players}p) `meeple bench`", bench["decisions_per_cpu_s"],
                     "views on, no encoding"))
    for name, module in (("tictactoe_v3", "pettingzoo.classic"), ("leduc_holdem_v4", "pettingzoo.classic")):
        try:
            classic = getattr(__import__(module, fromlist=[name]), name)
            rate, _ = aec_steps_per_second(lambda: classic.env(), args.steps)
            rows.append((f"PettingZoo classic {name}", rate, ""))
        except Exception as exc:  # a missing optional dependency: say so
            rows.append((f"PettingZoo classic {name}", None, f"not run: {type(exc).__name__}: {exc}"))
    print(f"python {platform.python_version()}, {args.steps} decisions per env, CPU seconds")
    print("| env | decisions/s | note |\n|---|---:|---|")
    for name, rate, note in rows:
        print(f"| {name} | {'—' if rate is None else f'{rate:,.0f}'} | {note} |")


if __name__ == "__main__":
    main()
