"""The cost of running bots in their own processes: µs per decision, in-process vs isolated.

    .venv/bin/python benchmarks/isolation_cost.py --games 10 --bot random

Side by side, in one run, on the same games: at every decision, the seat's bot in the host and
the same bot (same spec, same seed) in its own process (`isolated_bot`, what ``--isolate`` uses:
the view and legal actions to JSON, a pipe round trip, the driver rebuilding them and answering)
are both asked; they must agree, and the game goes on. Each is timed around `act` alone. The
isolated bots' start-up (a fresh interpreter loading the plugins, and the handshake) happens
once per bot per game and is reported separately, in ms per process. Wall-clock time, on
whatever else the machine is doing: a rough figure (the load average is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import time

from meeple import BotSpec, Registry
from meeple.botprocess import isolated_bot
from meeple.registry import RegistrySource
from meeple.seeds import derive
from script_args import positive_int, seed, usage_errors


def measure(game_id: str, bot: str, games: int, seed: int) -> dict:
    registry = Registry.load()
    game = registry.create(game_id)
    narrator = registry.narrator(game_id)
    spec = BotSpec.parse(bot)
    in_host = isolated = starting = 0.0
    decisions = processes = 0
    for number in range(games):
        deal = derive(seed, "deal", number)
        seeds = [derive(seed, "bot", number, seat) for seat in range(game.players)]
        local = [registry.make_bot(spec, game, seat, {"seed": seeds[seat]}) for seat in range(game.players)]
        remote = [isolated_bot(spec, game, narrator, seat, seeds[seat], RegistrySource())
                  for seat in range(game.players)]
        started = time.perf_counter()
        for process_bot in remote:
            process_bot.start()
            assert process_bot.failure is None, process_bot.failure
        starting += time.perf_counter() - started
        processes += len(remote)
        state = game.new_state(deal)
        try:
            while not state.is_terminal:
                seat = state.current_player
                view, legal = state.view(seat), state.legal_actions()
                started = time.perf_counter()
                action = local[seat].act(view, legal)
                in_host += time.perf_counter() - started
                started = time.perf_counter()
                answer = remote[seat].act(view, legal)
                isolated += time.perf_counter() - started
                assert answer == action, f"the isolated bot chose {answer!r}, the host's {action!r}"
                state.apply(action)
                decisions += 1
        finally:
            for process_bot in remote:
                process_bot.finish()
    return {"game": game_id, "bot": bot, "players": game.players, "games": games, "decisions": decisions,
            "in_process_us_per_decision": round(in_host / decisions * 1e6, 1),
            "isolated_us_per_decision": round(isolated / decisions * 1e6, 1),
            "process_start_ms": round(starting / processes * 1e3, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_ids", nargs="*", default=["nim", "linko", "combo_breaker", "linkage"])
    parser.add_argument("--games", type=positive_int, default=10)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = Registry.load()
    with usage_errors(parser):  # an unknown game or a bot spec that cannot play one: one line
        for game_id in args.game_ids:
            registry.make_bot(args.bot, registry.create(game_id), 0)
    rows = [measure(g, args.bot, args.games, args.seed) for g in args.game_ids]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"bot {args.bot}, {args.games} games per game, load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<14}{'decisions':>10}{'in-process':>13}{'isolated':>11}{'start':>12}")
    print(f"{'':<14}{'':>10}{'µs/decision':>13}{'µs/dec.':>11}{'ms/process':>12}")
    for row in rows:
        print(f"{row['game']:<14}{row['decisions']:>10}{row['in_process_us_per_decision']:>13}"
              f"{row['isolated_us_per_decision']:>11}{row['process_start_ms']:>12}")


if __name__ == "__main__":
    main()
