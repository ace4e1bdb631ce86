"""The ladder: OpenSkill ratings of every shipped bot setting and every sparring bot, per game.

One command regenerates the tables of docs/figures.md ("Strangers: sparring bots"): for each table
(Linko with 4 players, the Duel, Combo Breaker with 4 players, Linkage), every bot that plays the
game (`meeple bots --game G`: each bare name plays the setting the game tunes it to) and the
sparring bot `spar` of `benchmarks/sparring/` meet in a tournament (`meeple.tournament`: every
lineup in every seat rotation on the same deals), rated with OpenSkill's Plackett–Luce model. The
markdown printed (or written to `--out`) names the date, the commit and the machine; each bot's
CPU time per decision with a choice (forced moves not counted) is clocked with `--jobs 1` (games
in worker processes are not clocked).

    .venv/bin/python benchmarks/ladder.py --out ladder.md         # every table, 20 games a lineup
    .venv/bin/python benchmarks/ladder.py duel linkage --games 8 --skip ismcts
    .venv/bin/python benchmarks/ladder.py linkage --setting mcts:iterations=400   # one more setting

Besides today's settings, each table rates the settings the previous release shipped where they
differ from today's (`PREVIOUS`, written out in full), so a default is seen to beat the one it
replaced, against strangers as well as against its model.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from meeple import OptionError
from meeple.tournament import run_tournament

from script_args import positive_int, seed, usage_errors
from sparring.plugin import NAME, registry as sparring_registry
from sparring.report import check_games, provenance

#: The ladder's tables: name -> (game, players, title).
TABLES = {
    "linko": ("linko", 4, "Linko, 4 players"),
    "duel": ("linko", 2, "Linko, the Duel"),
    "combo_breaker": ("combo_breaker", 4, "Combo Breaker, 4 players"),
    "linkage": ("linkage", 2, "Linkage"),
}

#: The previous release's (0.1.0) default settings, per table, where today's differ: Linko's
#: `ismcts` away from the Duel before the anchor, Linkage's `mcts` before ordered expansion
#: (docs/figures.md, issue 28).
PREVIOUS = {
    "linko": ("ismcts:rollout=greedy,iterations=300",),
    "linkage": ("mcts:iterations=200,prior=true,widening=0.5",),
}


def contestants(registry, table: str, skip: list[str], settings: list[str] = ()) -> list[str]:
    """Every bot that plays the table's game (the sparring bot among them) by name, the previous
    release's settings and any `settings` asked for, less `skip`."""
    game_id = TABLES[table][0]
    names = [info.name for info in registry.bots_for(game_id)]
    extra = [spec for spec in [*PREVIOUS.get(table, ()), *settings] if spec.partition(":")[0] in names]
    return [spec for spec in [*names, *extra] if spec not in skip]


def setting_played(game, spec: str) -> dict[str, Any]:
    """What a spec plays: a bare name the game's tuned setting, a written-out spec its own."""
    name, _, params = spec.partition(":")
    if not params:
        return dict(game.bot_settings(name))
    return dict(pair.split("=", 1) for pair in params.split(","))


def rate_table(registry, table: str, games: int, series: int, jobs: int, skip: list[str],
               settings: list[str]) -> dict[str, Any]:
    """One table's tournament, as the rows of its ladder, best rated first."""
    game_id, players, title = TABLES[table]
    registry.clocks.clear()
    bots = contestants(registry, table, skip, settings)
    result = run_tournament(registry, game_id, bots, players=players, games=games, seed=series, jobs=jobs)
    game = registry.create(game_id, players)
    rows = []
    for row in result.to_data()["bots"]:
        played = setting_played(game, row["spec"])
        per_decision = registry.seconds_per_decision(row["spec"]) if jobs == 1 else None
        rows.append({"bot": row["spec"], "settings": played, "rating": row["rating"], "games": row["games"],
                     "wins": row["wins"], "win_rate": row["win_rate"], "win_rate_95": row["win_rate_95"],
                     "mean_score": row["mean_score"],
                     "cpu_s_per_decision": None if per_decision is None else round(per_decision, 5)})
    data = result.to_data()
    return {"table": table, "title": title, "game": game_id, "players": players, "bots": bots,
            "lineups": data["lineups"], "games_per_lineup": games, "games": data["games"],
            "seed": series, "scores_tell_seats_apart": data["scores_tell_seats_apart"], "rows": rows}


def milliseconds(seconds: float) -> str:
    """A time per decision in ms, three significant digits, never in exponent form."""
    ms = 1000 * seconds
    return f"{ms:.0f}" if ms >= 100 else f"{ms:.3g}"


def markdown(tables: list[dict[str, Any]], where: dict[str, str], command: str) -> str:
    """The ladder as markdown, one table per game, with where and how it was measured."""
    lines = [f"Regenerated with `{command}` on {where['date']}, commit `{where['commit']}`, "
             f"{where['machine']}. OpenSkill Plackett–Luce (μ, σ; rows by μ); each bare name plays "
             f"the setting the game tunes it to; `{NAME}` is the sparring bot (`benchmarks/sparring/`); "
             f"CPU ms per decision with a choice (forced moves not counted).", ""]
    for table in tables:
        lines += [f"**{table['title']}**: {len(table['bots'])} bots, {table['lineups']} lineup"
                  f"{'s' if table['lineups'] != 1 else ''} × {table['games_per_lineup']} games "
                  f"({table['games']} games, seed {table['seed']}).", "",
                  "| rank | bot | setting played | μ | σ | μ − 3σ | games | wins [95%] "
                  + ("| mean score " if table["scores_tell_seats_apart"] else "") + "| CPU ms/decision |",
                  "|---:|---|---|---:|---:|---:|---:|---|" + ("---:|" if table["scores_tell_seats_apart"] else "")
                  + "---:|"]
        for rank, row in enumerate(table["rows"], 1):
            settings = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                                for k, v in row["settings"].items()) or "its defaults"
            low, high = row["win_rate_95"]
            rating = row["rating"]
            timing = "—" if row["cpu_s_per_decision"] is None else milliseconds(row["cpu_s_per_decision"])
            lines.append(f"| {rank} | `{row['bot']}` | {settings} | {rating['mu']:.2f} | {rating['sigma']:.2f} | "
                         f"{rating['conservative']:.2f} | {row['games']} | {row['win_rate']:.0%} "
                         f"[{low:.0%}–{high:.0%}] "
                         + (f"| {row['mean_score']:+.2f} " if table["scores_tell_seats_apart"] else "")
                         + f"| {timing} |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tables", nargs="*", metavar="TABLE",
                        help=f"which tables (default: all): {', '.join(TABLES)}")
    parser.add_argument("--games", "-n", type=positive_int, default=20,
                        help="games per lineup, a multiple of the table's players (default 20)")
    parser.add_argument("--skip", action="append", default=[], metavar="BOT",
                        help="leave a bot or a previous setting out (repeat)")
    parser.add_argument("--setting", action="append", default=[], metavar="SPEC",
                        help="rate this bot setting too, in every table it plays (repeat)")
    parser.add_argument("--seed", type=seed, default=28, help="series seed")
    parser.add_argument("--jobs", type=positive_int, default=1, help="worker processes (timing needs 1)")
    parser.add_argument("--out", type=Path, help="write the markdown to this file")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of markdown")
    args = parser.parse_args()
    registry = sparring_registry(timed=True)
    with usage_errors(parser):  # everything the user typed is checked before any game is played
        tables = args.tables or list(TABLES)
        known = {info.name for info in registry.all_bots()} | {s for p in PREVIOUS.values() for s in p}
        for name in args.skip:
            if name not in known:  # a typo, not a bot to leave out
                raise OptionError(f"--skip {name}: no such bot; bots: {', '.join(sorted(known))}")
        for table in tables:
            if table not in TABLES:
                raise OptionError(f"unknown table {table!r}; tables: {', '.join(TABLES)}")
            game_id, players, _ = TABLES[table]
            check_games(args.games, players)
            game = registry.create(game_id, players)
            if len(contestants(registry, table, args.skip, args.setting)) < players:
                raise OptionError(f"--skip leaves fewer than {players} bots for {table}")
            for seat, name in enumerate(contestants(registry, table, args.skip, args.setting)):
                registry.make_bot(name, game, seat % players)
    command = " ".join(["benchmarks/ladder.py", *sys.argv[1:]])
    where = provenance()  # the commit measured is the one the run started from
    results = [rate_table(registry, table, args.games, args.seed, args.jobs, args.skip, args.setting)
               for table in tables]
    if args.json:
        print(json.dumps({"tables": results, **where, "command": command}))
        return
    text = markdown(results, where, command)
    if args.out is not None:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
