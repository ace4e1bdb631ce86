"""ISMCTS search speed: iterations per second of the `ismcts` bot at chosen points of a game.

    .venv/bin/python benchmarks/ismcts_speed.py linko --players 4 --iterations 1000 --json
    .venv/bin/python benchmarks/ismcts_speed.py linko --players 4 --bot ismcts:rollout=greedy
    .venv/bin/python benchmarks/ismcts_speed.py linko --players 4 --profile

Positions: the first decision of `--deals` new games ("first"), and the decision reached after
`--middle` random decisions from each of them ("middle"), or the nearest earlier one the game
did not end before. The bot is built through the registry, exactly as `meeple match` builds it,
and searches each position once; timing covers `act` only, in wall-clock and in CPU time (the
steadier figure on a machine shared with other work). `--profile` prints the top of a
cProfile of the first-decision searches instead.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time

from meeple import BotSpec, Registry, Rng, State
from meeple.options import parse_pairs
from script_args import non_negative_int, positive_int, usage_errors


def positions(registry: Registry, game_id: str, players: int | None, options: dict, deals: int,
              middle: int, seed: int) -> dict[str, list[State]]:
    game = registry.create(game_id, players, options)
    chooser = Rng(seed)
    found: dict[str, list[State]] = {"first": [], "middle": []}
    for deal in range(deals):
        state = game.new_state(seed + deal)
        found["first"].append(state.clone())
        for _ in range(middle):
            legal = state.legal_actions()
            after = state.clone()
            after.apply(legal[chooser.below(len(legal))])
            if after.is_terminal:
                break
            state = after
        while state.pending and len(state.legal_actions()) < 2:  # a forced move is answered without search
            state.apply(state.legal_actions()[0])
        if state.pending:  # forced moves may end the game (Hearts' last tricks): no middle position then
            found["middle"].append(state)
    return found


def speed(registry: Registry, spec: BotSpec, states: list[State]) -> dict:
    if not states:
        return {"positions": 0}
    iterations = dict(spec.params).get("iterations", "1000")
    searched = seconds = cpu_seconds = 0.0
    for k, state in enumerate(states):
        seat = state.current_player
        bot = registry.make_bot(spec, state.game, seat, {"seed": k})
        started, cpu_started = time.perf_counter(), time.process_time()
        bot.act(state.view(seat), state.legal_actions())
        seconds += time.perf_counter() - started
        cpu_seconds += time.process_time() - cpu_started
        searched += bot.last_iterations if hasattr(bot, "last_iterations") else int(iterations)
    return {"positions": len(states), "iterations_per_s": round(searched / seconds, 1),
            "iterations_per_cpu_s": round(searched / cpu_seconds, 1),
            "seconds_per_decision": round(seconds / len(states), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="linko")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bot", default="ismcts:rollout=random",
                        help="bot spec (default: ismcts:rollout=random, comparable with every earlier commit)")
    parser.add_argument("--iterations", type=positive_int, default=1000)
    parser.add_argument("--deals", type=positive_int, default=5)
    parser.add_argument("--middle", type=non_negative_int, default=60, help="random decisions to the middle position")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game, a bad option, player count or bot spec: one line
        spec = BotSpec.parse(args.bot)
        if "iterations" not in dict(spec.params):
            spec = BotSpec(spec.name, spec.params + (("iterations", str(args.iterations)),))
        options = parse_pairs(args.option)
        registry.make_bot(spec, registry.create(args.game, args.players, options), 0)
    found = positions(registry, args.game, args.players, options, args.deals, args.middle, args.seed)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(speed, registry, spec, found["first"])
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    game = found["first"][0].game
    result = {"game": args.game, "players": game.players, "options": game.options.as_dict(),
              "bot": str(spec), **{where: speed(registry, spec, states) for where, states in found.items()}}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for where in ("first", "middle"):
        r = result[where]
        if not r["positions"]:
            print(f"{where:>6}: no position")
            continue
        print(f"{where:>6}: {r['iterations_per_s']:7.0f} iterations/s ({r['iterations_per_cpu_s']:.0f} per CPU "
              f"second), {r['seconds_per_decision']:.3f} s per decision ({r['positions']} positions)")


if __name__ == "__main__":
    main()
