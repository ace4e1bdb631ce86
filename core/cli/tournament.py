"""`meeple tournament`: every bot against every other in every seat, with ratings."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Callable, Optional

import typer

from .common import PlayersOption, UserError, check_players, game_options, load_registry, table_console, user_errors
from .progress import changed_options, interrupted, option_defaults, progress_bar, score_columns


def tournament(
    game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")],
    bot: Annotated[list[str], typer.Option("--bot", "-b", help="A contestant: NAME or NAME:key=value,... (repeat; at least as many as players).")],
    players: PlayersOption = None,
    games: Annotated[Optional[int], typer.Option("--games", "-n", help="Games per lineup, a multiple of the players: each deal is played once per seat rotation (default: two deals).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Tournament seed: every deal and bot seed derives from it and the game's place in the plan (default: a fresh secret one, printed at the end and recorded in --out when the run stops).")] = None,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option (repeat).")] = None,
    isolate: Annotated[bool, typer.Option("--isolate", help="Run every bot in a fresh process of its own for each game, so it sees only its view, as JSON, and remembers nothing between games (duplicate rotations of a deal included). For bots you do not trust; see docs/security.md. exec: bots always run this way.")] = False,
    keep_bots: Annotated[bool, typer.Option("--keep-bots", help="Keep an exec: or isolated bot's process for the whole run when the bot says it plays many games (a model loads once). Such a bot may remember earlier games, duplicate rotations of a deal included: only for bots you trust. See docs/bots.md.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Games played in parallel (worker processes, or Ray tasks in flight; 0 with Ray: one per CPU of the cluster). Results are identical for any number.")] = 1,
    backend: Annotated[str, typer.Option(help="Where games run: local (worker processes on this machine) or ray (needs `pip install 'meeple[ray]'`).")] = "local",
    address: Annotated[Optional[str], typer.Option(help="Address of an existing Ray cluster (with --backend ray; default: start a local Ray instance).")] = None,
    move_timeout: Annotated[Optional[float], typer.Option(metavar="SECONDS", help="Seconds a bot may think per move; a bot that runs over forfeits that game (worker processes stop it).")] = None,
    out: Annotated[Optional[Path], typer.Option(help="Results file (JSON lines): every game is appended as it finishes.")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the interrupted run held by --out, playing only its missing games.")] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
) -> None:
    """Play GAME between every lineup of bots in every seat rotation (the same deals replayed for
    each rotation), then rank the bots by an OpenSkill rating, with wins and mean score (a game
    scored in points ranks them by mean score, with its 95% interval). Without --players, the
    games have as many players as there are bots, within the game's range."""
    from ..tournament import run_tournament
    from ..tournament.runner import RunInterrupted

    registry = load_registry()
    with user_errors():
        if resume and out is None:
            raise UserError("--resume continues the run held by a results file: give it with --out")
        if jobs < 0 or (jobs == 0 and backend != "ray"):
            raise UserError("--jobs must be at least 1 (0, one per CPU, only with --backend ray)")
        options = game_options(registry, game, variant, option)
        check_players(registry, game, players)
        with contextlib.ExitStack() as stack:
            advance: Callable[[], None] = lambda: None

            def on_plan(total: int, done: int) -> None:  # the bar starts once the plan is known
                nonlocal advance
                advance = stack.enter_context(progress_bar(total, json_output, done))

            try:
                result = run_tournament(registry, game, bot, players, games, seed, options, move_timeout, jobs,
                                        backend, address, out, resume, on_game=lambda outcome: advance(),
                                        on_plan=on_plan, isolate=isolate, keep_bots=keep_bots)
            except RunInterrupted as stop:
                interrupted(f"interrupted: {stop.kept} games kept in {stop.path}; run again with --resume"
                            if stop.path is not None else
                            f"interrupted after {stop.played} of {stop.total} games (nothing kept: "
                            f"give --out to keep games and --resume)")
    data = result.to_data()
    if json_output:
        typer.echo(json.dumps(data, indent=2))
        return
    _print_tables(data, option_defaults(registry, game))
    typer.echo(f"series seed: {data['seed']} — pass --seed {data['seed']} to reproduce")


def _print_tables(data: dict, defaults: dict) -> None:
    from rich.table import Table

    console = table_console()
    title = (f"{data['game']} · {data['players']} players · {data['lineups']} lineups × "
             f"{data['games_per_lineup']} games · {changed_options(data['options'], defaults)}")
    table = Table(title=title)
    if data.get("objective") == "score":  # a points game: ranked by mean score
        for column in ("bot", "games", "mean score", "95% interval", "wins", "win rate",
                       "rating (μ ± 2σ)", "forfeits"):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for row in data["bots"]:
            low, high = row["mean_score_95"]
            rating = row["rating"]
            table.add_row(row["label"], str(row["games"]), f"{row['mean_score']:+.3f}",
                          f"{low:+.3f} – {high:+.3f}", str(row["wins"]), f"{row['win_rate']:.1%}",
                          f"{rating['mu']:.1f} ± {2 * rating['sigma']:.1f}", str(row["forfeits"]))
    else:
        scores = score_columns(data)
        for column in ("bot", "games", "wins", "win rate", "95% interval", *scores, "rating (μ ± 2σ)", "forfeits"):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for row in data["bots"]:
            low, high = row["win_rate_95"]
            rating = row["rating"]
            table.add_row(row["label"], str(row["games"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                          f"{low:.1%}–{high:.1%}", *[f"{row['mean_score']:.2f}" for _ in scores],
                          f"{rating['mu']:.1f} ± {2 * rating['sigma']:.1f}", str(row["forfeits"]))
    console.print(table)
    for forfeit in data["forfeits"][:10]:
        console.print(f"game {forfeit['game']}: seat {forfeit['seat']} forfeited — {forfeit['reason']}")
    if len(data["forfeits"]) > 10:
        console.print(f"… and {len(data['forfeits']) - 10} more forfeits (see --json)")
    timing = data["timing"]
    console.print(f"{timing['games_played']} games played in {timing['seconds']:.2f} s"
                  + (f" ({data['games'] - timing['games_played']} read back from the results file)"
                     if data["games"] != timing["games_played"] else ""))
