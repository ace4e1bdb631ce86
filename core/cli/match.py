"""`meeple match`: headless games between bots, seats rotating, with a results table."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Iterator, Optional

import typer

from .common import UserError, game_options, load_registry, stderr_is_terminal, user_errors


def match(
    game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")],
    bot: Annotated[list[str], typer.Option("--bot", "-b", help="A seat's bot: NAME or NAME:key=value,... (repeat; players = number of bots).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play (a multiple of the number of bots gives every bot every seat equally).")] = 10,
    seed: Annotated[int, typer.Option(help="Series seed: deals and bot seeds derive from it.")] = 0,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Game option KEY=VALUE (repeat).")] = None,
    move_timeout: Annotated[Optional[float], typer.Option(help="Seconds a bot may think per move before it forfeits.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    out: Annotated[Optional[Path], typer.Option(help="Write every game record to this JSON-lines file.")] = None,
) -> None:
    """Play GAME between bots, rotating seats, and report wins per bot and per seat."""
    from ..match import run_match
    from ..records import record_to_json

    registry = load_registry()
    with user_errors():
        if games < 1:
            raise UserError("--games must be at least 1")
        options = game_options(registry, game, variant, option)
        game_cls = registry.game(game)
        sink = _open_out(out)
        with sink as handle, _progress(games, json_output) as advance:
            def on_game(record) -> None:
                if handle is not None:
                    handle.write(record_to_json(game_cls, record) + "\n")
                advance()

            result = run_match(registry, game, bot, games, seed, options, move_timeout, on_game)
    data = result.to_data()
    if json_output:
        typer.echo(json.dumps(data, indent=2))
        return
    _print_tables(data)


def _open_out(out: Optional[Path]):
    if out is None:
        return contextlib.nullcontext(None)
    try:
        return out.open("w", encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror}") from None


@contextlib.contextmanager
def _progress(total: int, quiet: bool) -> Iterator:
    if quiet or not stderr_is_terminal():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=total)
        yield lambda: progress.advance(task)


def _print_tables(data: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    from ..options import format_value

    options = ", ".join(f"{k}={format_value(v)}" for k, v in data["options"].items()) or "defaults"
    title = f"{data['game']} · {data['players']} players · {data['games']} games · seed {data['seed']} · {options}"
    table = Table(title=title)
    for column in ("bot", "games", "wins", "win rate", "95% interval", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in data["bots"]:
        low, high = row["win_rate_95"]
        table.add_row(row["spec"], str(row["games"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                      f"{low:.1%}–{high:.1%}", f"{row['mean_score']:.2f}")
    console.print(table)
    seats = Table(title="wins by seat (wins / games)")
    seats.add_column("bot")
    for seat in range(data["players"]):
        seats.add_column(f"seat {seat}", justify="right")
    for row in data["bots"]:
        seats.add_row(row["spec"], *[f"{s['wins']}/{s['games']} ({s['win_rate']:.0%})" if s["games"] else "—"
                                     for s in row["by_seat"]])
    console.print(seats)
    forfeits = sum(row["forfeits"] for row in data["bots"])
    timing = data["timing"]
    console.print(f"{data['games']} games in {timing['seconds']:.2f} s"
                  + (f"; {forfeits} forfeits" if forfeits else ""))
