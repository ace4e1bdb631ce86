"""What a view costs per decision of random play, depending on what its taker does with it.

    .venv/bin/python benchmarks/view_cost.py linko --players 4 --games 100
    .venv/bin/python benchmarks/view_cost.py hearts --games 100 --json

Four loops play the same random games (same seeds, same choices) in one process, alternating,
`--rounds` times each; each reports CPU microseconds per decision (the median of its rounds):

- `none`: no view (the bare engine: `meeple bench --no-views`);
- `drop`: the deciding seat's view is taken and dropped unread (`meeple bench --views`, a random
  bot's view);
- `hold`: it is kept unread while the action is applied (a host holding its bot's view in a
  variable);
- `read`: it is read in full before the action (a bot that reads its view).

Views are built when taken (`meeple.view.build_view`), so `drop`, `hold` and `read` cost the same
but for noise (until issue 31 views were lazy and the three differed). The ratios printed are
`none` over each: the share of throughput a view leaves.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from meeple import Registry, Rng
from script_args import positive_int, usage_errors

MODES = ("none", "drop", "hold", "read")


def per_decision(game, games: int, mode: str) -> float:
    """CPU microseconds per decision of `games` random games played with views used as `mode` says."""
    chooser, decisions = Rng(7), 0
    started = time.process_time()
    for deal in range(games):
        state, view = game.new_state(deal), None
        while state.pending:
            seat = state.current_player
            if mode == "drop":
                state.view(seat)
            elif mode == "hold":
                view = state.view(seat)
            elif mode == "read":
                view = state.view(seat)
                view.fields
            legal = state.legal_actions(seat)
            state.apply(legal[chooser.below(len(legal))], seat)
            decisions += 1
    del view
    return (time.process_time() - started) / decisions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=positive_int, default=100)
    parser.add_argument("--rounds", type=positive_int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with usage_errors(parser):  # an unknown game or a bad player count: one line
        game = Registry.load().create(args.game, args.players)
    runs: dict[str, list[float]] = {mode: [] for mode in MODES}
    for _ in range(args.rounds):
        for mode in MODES:
            runs[mode].append(per_decision(game, args.games, mode))
    us = {mode: round(statistics.median(values), 2) for mode, values in runs.items()}
    ratios = {mode: round(us["none"] / us[mode], 3) for mode in MODES[1:]}
    if args.json:
        print(json.dumps({"game": args.game, "players": game.players, "games": args.games,
                          "us_per_decision": us, "ratio_to_none": ratios}))
        return
    print(f"{args.game} ({game.players} players, {args.games} games, median of {args.rounds} rounds)")
    for mode in MODES:
        ratio = f"  {ratios[mode]:.2f}x of none" if mode in ratios else ""
        print(f"  {mode:5s} {us[mode]:7.2f} us per decision{ratio}")


if __name__ == "__main__":
    main()
