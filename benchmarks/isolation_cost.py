"""The cost of running bots in their own processes: µs per decision, in-process vs isolated.

    .venv/bin/python benchmarks/isolation_cost.py --games 20 --bot random

For each game, one match of `--games` games is played twice with the same seed, so both runs
play exactly the same games (the same decisions): once with every bot in the host process, once
with ``isolate=True`` (every bot in a fresh Python process per game, the protocol's JSON between
them, as ``--isolate`` does). The isolated total is split into the start-up of the bot processes
(measured separately: start, handshake and stop of as many driver processes) and the rest, the
per-decision exchange (the view and legal actions to JSON, a pipe round trip, the driver
rebuilding them). Wall-clock time, on whatever else the machine is doing: a rough figure.
"""

from __future__ import annotations

import argparse
import json
import time

from meeple import BotSpec, Registry
from meeple.botprocess import isolated_bot
from meeple.match import run_match
from meeple.registry import RegistrySource


def startup_seconds(registry: Registry, game_id: str, bot: str, count: int) -> float:
    """Mean seconds to start a driver process, shake hands and stop it."""
    game = registry.create(game_id)
    narrator = registry.narrator(game_id)
    started = time.perf_counter()
    for k in range(count):
        process_bot = isolated_bot(BotSpec.parse(bot), game, narrator, 0, k, RegistrySource())
        process_bot.start()
        assert process_bot.failure is None, process_bot.failure
        process_bot.finish()
    return (time.perf_counter() - started) / count


def measure(game_id: str, bot: str, games: int, seed: int) -> dict:
    registry = Registry.load()
    players = registry.create(game_id).players
    bots = [bot] * players
    runs = {}
    for isolate in (False, True):
        started = time.perf_counter()
        result = run_match(registry, game_id, bots, games, seed, isolate=isolate)
        runs[isolate] = (time.perf_counter() - started, result)
    (plain_s, plain), (isolated_s, isolated) = runs[False], runs[True]
    assert [o.record for o in plain.outcomes] == [o.record for o in isolated.outcomes], "not the same games"
    decisions = plain.decisions
    start = startup_seconds(registry, game_id, bot, 4)
    processes = games * players
    exchange_s = max(0.0, isolated_s - processes * start)
    return {"game": game_id, "bot": bot, "players": players, "games": games, "decisions": decisions,
            "in_process_us_per_decision": round(plain_s / decisions * 1e6, 1),
            "isolated_us_per_decision": round(isolated_s / decisions * 1e6, 1),
            "process_start_ms": round(start * 1e3, 1),
            "isolated_exchange_us_per_decision": round(exchange_s / decisions * 1e6, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", default=["nim", "linko", "combo_breaker", "linkage"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(g, args.bot, args.games, args.seed) for g in args.games_ids]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<14}{'decisions':>10}{'in-process':>13}{'isolated':>11}{'exchange':>11}{'start/process':>15}")
    print(f"{'':<14}{'':>10}{'µs/dec':>13}{'µs/dec':>11}{'µs/dec':>11}{'ms':>15}")
    for row in rows:
        print(f"{row['game']:<14}{row['decisions']:>10}{row['in_process_us_per_decision']:>13}"
              f"{row['isolated_us_per_decision']:>11}{row['isolated_exchange_us_per_decision']:>11}"
              f"{row['process_start_ms']:>15}")


if __name__ == "__main__":
    main()
