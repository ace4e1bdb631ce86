"""How much a search bot's move is the luck of its samples: the same decisions searched with several
seeds.

Positions come from games between copies of the game's `greedy` (the first seat's decisions with a
real choice, every `--every`-th one). Each setting (`--bot`, repeatable) decides each position once
per seed; reported per setting: how often two seeds choose the same move (1.0: the choice is
settled; near 1/moves: it is noise), how often a seed's move is greedy's, and the CPU seconds per
decision. Issue 28: in Linko with four players, full-game rollouts at a few hundred iterations left
the moves' means within each other's noise, so the bare search's choice changed with its seed.

    .venv/bin/python benchmarks/seed_agreement.py linko --players 4 \\
        --bot ismcts:rollout=greedy,iterations=300 --bot ismcts:rollout=greedy,iterations=300,anchor=2
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

from meeple import Registry
from meeple.options import parse_pairs
from meeple.seeds import derive

from script_args import positive_int, seed, usage_errors


def positions(game, registry, deals: int, every: int, series: int) -> list:
    """Seat 0's views with more than one legal action in greedy games, every `every`-th one."""
    found = []
    for deal in range(deals):
        bots = [registry.make_bot("greedy", game, s, {"seed": derive(series, "bot", deal, s)})
                for s in range(game.players)]
        state = game.new_state(derive(series, "deal", deal))
        count = 0
        while state.pending:
            seat, legal = state.current_player, state.legal_actions()
            if seat == 0 and len(legal) > 1:
                if count % every == 0:
                    found.append((state.view(0), legal))
                count += 1
            state.apply(bots[seat].act(state.view(seat), legal))
    return found


def agreement(registry, game, spec: str, found: list, seeds: int) -> dict:
    """`spec`'s choices at every position with `seeds` seeds: pairwise agreement, agreement with
    greedy, CPU seconds per decision."""
    greedy = registry.make_bot("greedy", game, 0)
    same = pairs = with_greedy = decisions = 0
    cpu = 0.0
    for view, legal in found:
        choices = []
        for s in range(seeds):
            bot = registry.make_bot(f"{spec},seed={s}" if ":" in spec else f"{spec}:seed={s}", game, 0)
            started = time.process_time()
            choices.append(bot.act(view, legal))
            cpu += time.process_time() - started
        greedy_move = greedy.act(view, legal)
        for a, b in itertools.combinations(choices, 2):
            same += a == b
            pairs += 1
        with_greedy += sum(choice == greedy_move for choice in choices)
        decisions += len(choices)
    return {"bot": spec, "positions": len(found), "seeds": seeds,
            "seeds_agree": round(same / pairs, 3), "agrees_with_greedy": round(with_greedy / decisions, 3),
            "cpu_s_per_decision": round(cpu / decisions, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=positive_int)
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--bot", action="append", required=True, help="a setting (repeat for several)")
    parser.add_argument("--deals", type=positive_int, default=2, help="greedy games to take positions from")
    parser.add_argument("--every", type=positive_int, default=4, help="take every N-th decision of seat 0")
    parser.add_argument("--seeds", type=positive_int, default=3, help="seeds per position (at least 2)")
    parser.add_argument("--seed", type=seed, default=28, help="series seed (the deals)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):
        game = registry.create(args.game, args.players, parse_pairs(args.option))
        for spec in args.bot:
            registry.make_bot(spec, game, 0)
        registry.make_bot("greedy", game, 0)
        if args.seeds < 2:
            parser.error("--seeds: at least 2, to compare seeds")
    found = positions(game, registry, args.deals, args.every, args.seed)
    rows = [agreement(registry, game, spec, found, args.seeds) for spec in args.bot]
    if args.json:
        print(json.dumps({"game": args.game, "players": game.players, "rows": rows}))
        return
    for row in rows:
        print(f"{row['bot']}: {row['positions']} positions × {row['seeds']} seeds; seeds agree "
              f"{row['seeds_agree']:.0%}, with greedy {row['agrees_with_greedy']:.0%}; "
              f"{row['cpu_s_per_decision']} CPU s/decision")


if __name__ == "__main__":
    main()
