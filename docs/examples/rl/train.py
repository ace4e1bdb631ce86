"""Train a NumPy policy on a meeple game against one opponent, then a stronger one.

    python docs/examples/rl/train.py linkage --seat 1 --opponents random greedy \
        --episodes 20000 10000 --out linkage_policy.npz --plot docs/images/rl_linkage_curve.png
    python docs/examples/rl/train.py nim --opponents random mcts:iterations=30 \
        --episodes 30000 5000 --out nim_policy.npz --plot docs/images/rl_nim_curve.png

The learner plays one seat (--seat) or every seat in turn through `meeple.rl.gymnasium_env`,
learning with `meeple.rl.policy.train` (REINFORCE, NumPy only, CPU). In Linkage it learns from
the final group count (`SHAPING`), not only from win or loss: Fewer wins 8% of random games, too
rarely for a win/loss signal to teach much in minutes. It saves the policy (an .npz that
`python -m meeple.rl.policy_bot` serves as an exec: bot) and, with --plot, a learning curve
(needs matplotlib). Then measure it with meeple's own host:

    meeple match nim -n 400 --seed 1 --bot 'exec:python -m meeple.rl.policy_bot nim_policy.npz' --bot random
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable, Sequence

import numpy as np

from meeple import Registry
from meeple.rl import gymnasium_env
from meeple.rl.policy import MaskedPolicy, train


def linkage_group_margin(env: Any, reward: float) -> float:
    """Linkage's shaped return for the learner's seat: how far the final group count lies on its
    side of the 11/12 line (rule 6), a group worth a quarter, clipped to [-1, 1]."""
    groups = env.state.scores()[0]  # both seats' score is the group count
    margin = (11.5 - groups) / 4 if env.seat == FEWER_SEAT else (groups - 11.5) / 4
    return float(np.clip(margin, -1.0, 1.0))


FEWER_SEAT = 1  # Linkage's standard variant: seat 0 is More, seat 1 is Fewer
SHAPING: dict[str, Callable[[Any, float], float]] = {"linkage": linkage_group_margin}


def learn(game_id: str, opponents: Sequence[str], episodes: Sequence[int], players: int = 2,
          seed: int = 0, hidden: int = 64, rate: float = 0.003, batch: int = 16,
          seat: int | None = None, registry: Registry | None = None,
          log: Callable[[str], None] = print) -> tuple[MaskedPolicy, dict[str, list[float]]]:
    """Train against each opponent in turn for its number of episodes, as `seat` (or every seat
    in turn); returns the policy and each phase's episode rewards (+1 win, -1 loss, 0 draw)."""
    registry = registry or Registry.load()
    probe = gymnasium_env(game_id, players, registry=registry)
    policy = MaskedPolicy(probe.observation_space.shape[0], int(probe.action_space.n), hidden, seed)
    seats = list(range(players)) if seat is None else [seat]
    curves: dict[str, list[float]] = {}
    for phase, (opponent, count) in enumerate(zip(opponents, episodes)):
        envs = [gymnasium_env(game_id, players, seat=s, opponents=opponent, registry=registry)
                for s in seats]
        started = time.perf_counter()
        curves[opponent] = train(policy, lambda episode: envs[episode % len(envs)], count,
                                 batch=batch, rate=rate, seed=seed + phase,
                                 shaping=SHAPING.get(game_id))
        tail = np.asarray(curves[opponent][-500:]) > 0
        log(f"vs {opponent}: {count} games in {time.perf_counter() - started:.0f}s, "
            f"win rate over the last {len(tail)}: {tail.mean() if len(tail) else float('nan'):.2f}")
    return policy, curves


def plot(curves: dict[str, list[float]], path: str, title: str, window: int = 500) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    start = 0
    for opponent, rewards in curves.items():
        wins = (np.asarray(rewards) > 0).astype(float)
        width = min(window, len(wins))
        if width:
            rolling = np.convolve(wins, np.ones(width) / width, mode="valid")
            ax.plot(np.arange(start + width, start + len(wins) + 1), rolling, label=f"vs {opponent}")
        start += len(wins)
    ax.set_xlabel("training games")
    ax.set_ylabel(f"win rate, last {window} games")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", help="an installed game id (nim, linkage, ...)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", nargs="+", default=["random"], help="bot specs, one per phase")
    parser.add_argument("--episodes", nargs="+", type=int, default=[6000], help="games per phase")
    parser.add_argument("--seat", type=int, help="the learner's seat (default: every seat in turn)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="policy.npz", help="where to save the policy")
    parser.add_argument("--plot", help="PNG file for the learning curve (needs matplotlib)")
    args = parser.parse_args()
    if len(args.opponents) != len(args.episodes):
        parser.error("give one --episodes count per --opponents bot")
    policy, curves = learn(args.game, args.opponents, args.episodes, args.players, args.seed,
                           seat=args.seat)
    policy.save(args.out)
    if args.plot:
        side = "" if args.seat is None else f", seat {args.seat}"
        plot(curves, args.plot, f"{args.game}{side}: NumPy REINFORCE policy")


if __name__ == "__main__":
    main()
