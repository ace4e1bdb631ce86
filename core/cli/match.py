"""`meeple match`: headless games between bots, seats rotating, with a results table."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import (PlayersOption, UserError, check_players, check_seat_count, game_options, load_registry,
                     table_console, user_errors)
from .progress import changed_options, interrupted, option_defaults, progress_bar, score_columns


def match(
    game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")],
    bot: Annotated[list[str], typer.Option("--bot", "-b", help="A seat's bot: NAME or NAME:key=value,... (repeat; one seat per bot, or cycled over the seats of --players).")],
    players: PlayersOption = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play (a multiple of the number of players gives every bot every seat equally).")] = 10,
    seed: Annotated[Optional[int], typer.Option(help="Series seed: deals and bot seeds derive from it (default: a fresh secret one, printed at the end).")] = None,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option (repeat).")] = None,
    move_timeout: Annotated[Optional[float], typer.Option(metavar="SECONDS", help="Seconds a bot may think per move before it forfeits (games then run in worker processes, which stop a hanging bot).")] = None,
    isolate: Annotated[bool, typer.Option("--isolate", help="Run every bot in a fresh process of its own for each game: it sees only its view, as JSON (for bots you do not trust; see docs/security.md). exec: bots always run this way.")] = False,
    keep_bots: Annotated[bool, typer.Option("--keep-bots", help="Keep an exec: or isolated bot's process for the whole match when the bot says it plays many games (a model loads once); it is told each new game with a new hello. Other bots are restarted every game. See docs/bots.md.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes playing games in parallel (results are identical for any number).")] = 1,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    out: Annotated[Optional[Path], typer.Option(help="Write every game record to this JSON-lines file.")] = None,
) -> None:
    """Play GAME between bots, rotating seats, and report wins per bot and per seat (for a game
    scored in points, the mean score per bot with its 95% interval first). Without --players
    there is one seat per --bot; with it, the bots given are cycled over the seats (`--bot
    greedy --bot random --players 4` seats greedy, random, greedy, random)."""
    from ..match import RunInterrupted, run_match
    from ..serialization import dumps

    registry = load_registry()
    with user_errors():
        if games < 1:
            raise UserError("--games must be at least 1")
        if jobs < 1:
            raise UserError("--jobs must be at least 1")
        options = game_options(registry, game, variant, option)
        registry.game(game)
        count = check_players(registry, game, players)
        if count is not None:
            check_seat_count(bot, count, "--bot")
            bot = [bot[seat % len(bot)] for seat in range(count)]
        sink = _open_out(out)
        with sink as handle, progress_bar(games, json_output) as advance:
            waiting: dict[int, dict] = {}  # records that finished before an earlier game
            written = 0

            def on_game(outcome) -> None:
                nonlocal written
                if handle is not None:  # each record in game order, as `meeple replay` reads them
                    waiting[outcome.index] = outcome.record
                    while written in waiting:
                        handle.write(dumps(waiting.pop(written)) + "\n")
                        written += 1
                advance()

            try:
                result = run_match(registry, game, bot, games, seed, options, move_timeout, on_game, jobs,
                                   isolate=isolate, keep_bots=keep_bots)
            except RunInterrupted as stop:
                interrupted(f"interrupted after {stop.played} of {stop.total} games"
                            + (f" (their records are in {out})" if out is not None else "")
                            + f"; series seed {stop.seed}")
    data = result.to_data()
    if json_output:
        typer.echo(json.dumps(data, indent=2))
        return
    _print_tables(data, option_defaults(registry, game))
    typer.echo(f"series seed: {data['seed']} — pass --seed {data['seed']} to reproduce")


def _open_out(out: Optional[Path]):
    if out is None:
        return contextlib.nullcontext(None)
    try:
        return out.open("x", encoding="utf-8")  # never over an existing file
    except FileExistsError:
        raise UserError(f"{out} already exists: choose another --out") from None
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror}") from None


def _print_tables(data: dict, defaults: dict) -> None:
    from rich.table import Table

    console = table_console()
    title = (f"{data['game']} · {data['players']} players · {data['games']} games · "
             f"{changed_options(data['options'], defaults)}")
    table = Table(title=title)
    # A game with elimination: how many games each bot went out of.
    out = ["went out"] if any("eliminated" in row for row in data["bots"]) else []
    if data.get("objective") == "score":  # a points game: ranked by mean score
        for column in ("bot", "games", "mean score", "95% interval", "wins", "win rate", *out):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for row in data["bots"]:
            low, high = row["mean_score_95"]
            table.add_row(row["label"], str(row["games"]), f"{row['mean_score']:+.3f}",
                          f"{low:+.3f} – {high:+.3f}", str(row["wins"]), f"{row['win_rate']:.1%}",
                          *[str(row["eliminated"]) for _ in out])
        console.print(table)
    else:
        scores = score_columns(data)
        for column in ("bot", "games", "wins", "win rate", "95% interval", *scores, *out):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for row in data["bots"]:
            low, high = row["win_rate_95"]
            table.add_row(row["label"], str(row["games"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                          f"{low:.1%}–{high:.1%}", *[f"{row['mean_score']:.2f}" for _ in scores],
                          *[str(row["eliminated"]) for _ in out])
        console.print(table)
    seats = Table(title="wins by seat (wins / games)")
    seats.add_column("bot")
    for seat in range(data["players"]):
        seats.add_column(f"seat {seat}", justify="right")
    for row in data["bots"]:
        seats.add_row(row["label"], *[f"{s['wins']}/{s['games']} ({s['win_rate']:.0%})" if s["games"] else "—"
                                     for s in row["by_seat"]])
    console.print(seats)
    forfeits = sum(row["forfeits"] for row in data["bots"])
    timing = data["timing"]
    console.print(f"{data['games']} games in {timing['seconds']:.2f} s"
                  + (f"; {forfeits} forfeits" if forfeits else ""))
