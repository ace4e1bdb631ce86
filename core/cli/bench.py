"""`meeple bench`: random-playout throughput, the figure we compare with other frameworks."""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from .common import PlayersOption, UserError, check_players, game_options, load_registry, user_errors


def bench(
    game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")],
    players: PlayersOption = None,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Game option (repeat).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Random games to play.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first deal and of the random choices.")] = 0,
    views: Annotated[bool, typer.Option("--views/--no-views", help="Build the deciding seat's view at every decision, as a host does; --no-views measures the bare rules engine.")] = True,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Measure random playouts through the bots' API: a view per decision, legal actions, apply
    (--players default: the game's fewest)."""
    from ..bench import random_playouts
    from ..seeds import check_seed

    registry = load_registry()
    with user_errors():
        if games < 1:
            raise UserError("--games must be at least 1")
        check_seed(seed)
        instance = registry.create(game, check_players(registry, game, players),
                                   game_options(registry, game, variant, option))
        result = random_playouts(instance, games, seed, views)
    data = result.to_data()
    if json_output:
        typer.echo(json.dumps({k: v for k, v in data.items() if k != "options"}
                              | {"options": data["options"]}))
        return
    _print_table(data)


def _print_table(data: dict) -> None:
    """The measurement as a two-column table: what was played, then the rates and costs."""
    from rich.table import Table

    from .common import show_options, table_console

    loop = "a view per decision" if data["views"] else "bare engine, no views"
    table = Table(show_header=False)
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [("decisions", f"{data['decisions']:,}"),
            ("wall time", f"{data['seconds']:.3g} s"),
            ("games per second", _rate(data["games_per_s"])),
            ("decisions per second", _rate(data["decisions_per_s"])),
            ("decisions per CPU second", _rate(data["decisions_per_cpu_s"]))]
    rows += [(f"{name} (mean over mid-game states)", f"{us:.1f} µs") for name, us in data["operation_us"].items()]
    for row in rows:
        table.add_row(*row)
    console = table_console()
    console.print(f"{data['game']}, {data['players']} players ({show_options(data['options'])}): "
                  f"{data['games']} random games, {loop}", markup=False, highlight=False)
    console.print(table)


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:,.0f}" if value >= 100 else f"{value:.1f}"
