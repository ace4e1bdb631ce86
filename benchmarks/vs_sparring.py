"""One bot setting against N−1 sparring bots, and beside it against N−1 copies of our greedy.

Issue 28: a search that models its opponents with our `greedy` beats `greedy` more easily than it
beats anyone else. This script plays the setting named by `--bot` (default: the bare `ismcts`,
i.e. the game's tuned setting) in one seat against the same opponent in every other seat, once
per `--against` (default: the sparring bot `spar` of `benchmarks/sparring/`, then `greedy`), on
the same deals (the same `--seed`), seats rotating game by game, through `meeple.match.run_match`.
Printed per opponent: wins, win rate with its 95% Wilson interval, mean score (the opponents'
beside it), wins by seat (in Linkage seat 0 is More, seat 1 Fewer), and the bot's own CPU time
per decision with a choice (forced moves not counted; clocked with `--jobs 1` only: games in
worker processes are not clocked).

    .venv/bin/python benchmarks/vs_sparring.py linko                      # ismcts, 4 players, 200 games
    .venv/bin/python benchmarks/vs_sparring.py linko --players 2 --bot greedy --against spar
    .venv/bin/python benchmarks/vs_sparring.py linkage --bot spar --against random --json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from meeple.match import run_match
from meeple.options import parse_pairs
from meeple.stats import wilson_interval

from script_args import positive_int, seed, usage_errors
from sparring.plugin import NAME, registry as sparring_registry
from sparring.report import check_games, check_sparring, default_players, provenance


def measure(registry, game_id: str, bot: str, against: str, players: int, games: int, series: int,
            options: dict[str, Any], jobs: int) -> dict[str, Any]:
    """`bot` in one seat, `against` in the others, seats rotating: its tally as one row."""
    registry.clocks.clear()
    result = run_match(registry, game_id, [bot] + [against] * (players - 1), games, seed=series,
                       options=options, jobs=jobs)
    rows = result.to_data()["bots"]
    mine, theirs = rows[0], rows[1:]
    per_decision = registry.seconds_per_decision(bot) if jobs == 1 else None
    return {
        "against": against, "games": mine["games"], "wins": mine["wins"], "win_rate": mine["win_rate"],
        "win_rate_95": mine["win_rate_95"], "mean_score": mine["mean_score"],
        "opponents_mean_score": round(sum(r["mean_score"] for r in theirs) / len(theirs), 4),
        "chance": round(1 / players, 4),
        "by_seat": [{"seat": s["seat"], "games": s["games"], "wins": s["wins"],
                     "win_rate_95": [round(x, 4) for x in wilson_interval(s["wins"], s["games"])]}
                    for s in mine["by_seat"]],
        "cpu_s_per_decision": None if per_decision is None else round(per_decision, 5),
        "forfeits": mine["forfeits"],
    }


def line(bot: str, players: int, row: dict[str, Any]) -> str:
    low, high = row["win_rate_95"]
    seats = ", ".join(f"seat {s['seat']} {s['wins']}/{s['games']}" for s in row["by_seat"])
    timing = (f"{1000 * row['cpu_s_per_decision']:.3g} CPU ms/decision" if row["cpu_s_per_decision"] is not None
              else "not clocked (--jobs > 1)")
    return (f"{bot} vs {players - 1} × {row['against']}: {row['wins']}/{row['games']} wins, "
            f"{row['win_rate']:.1%} [{low:.1%}–{high:.1%}] (chance {row['chance']:.0%}), mean score "
            f"{row['mean_score']:+.2f} (opponents {row['opponents_mean_score']:+.2f}); {seats}; {timing}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="linko, combo_breaker or linkage")
    parser.add_argument("--bot", default="ismcts", help="the setting measured (default: the bare ismcts)")
    parser.add_argument("--against", action="append", default=None, metavar="SPEC",
                        help=f"the opponent in every other seat; repeat for several (default: {NAME}, greedy)")
    parser.add_argument("--players", type=positive_int, help="default: 4 where the game allows, else its most")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="game option")
    parser.add_argument("--games", "-n", type=positive_int, default=200, help="games per opponent (default 200)")
    parser.add_argument("--seed", type=seed, default=28, help="series seed, the same deals for every opponent")
    parser.add_argument("--jobs", type=positive_int, default=1, help="worker processes (timing needs 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    against = args.against or [NAME, "greedy"]
    registry = sparring_registry(timed=True)
    with usage_errors(parser):  # everything the user typed is checked before any game is played
        check_sparring(registry, args.game)
        game_cls = registry.game(args.game)
        players = args.players or default_players(game_cls)
        options = parse_pairs(args.option)
        game = registry.create(args.game, players, options)
        for seat, spec in enumerate([args.bot, *against]):
            registry.make_bot(spec, game, seat % players)
        check_games(args.games, players)
    where = provenance()  # the commit measured is the one the run started from
    rows = []
    for opponent in against:
        row = measure(registry, args.game, args.bot, opponent, players, args.games, args.seed,
                      options, args.jobs)
        rows.append(row)
        if not args.json:
            print(line(args.bot, players, row), flush=True)
    data = {"game": args.game, "players": players, "options": game.options.as_dict(), "bot": args.bot,
            "settings": dict(game.bot_settings(args.bot.split(":")[0])) if ":" not in args.bot else None,
            "seed": args.seed, "rows": rows, **where,
            "command": " ".join(["benchmarks/vs_sparring.py", *sys.argv[1:]])}
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{args.game} {players}p, options {data['options']}, seed {args.seed}; {data['date']}, "
              f"commit {data['commit']}, {data['machine']}")


if __name__ == "__main__":
    main()
