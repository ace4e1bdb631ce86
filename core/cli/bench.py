"""`meeple bench`: random-playout throughput, the figure we compare with other frameworks."""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from .common import UserError, game_options, load_registry, user_errors


def bench(
    game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")],
    players: Annotated[Optional[int], typer.Option(help="Number of players (default: the game's minimum).")] = None,
    variant: Annotated[Optional[str], typer.Option(help="Shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="Game option KEY=VALUE (repeat).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Random games to play.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first deal and of the random choices.")] = 0,
    views: Annotated[bool, typer.Option("--views/--no-views", help="Build the deciding seat's view at every decision, as a host does; --no-views measures the bare rules engine.")] = True,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Measure random playouts through the bots' API: a view per decision, legal actions, apply."""
    from ..bench import random_playouts

    registry = load_registry()
    with user_errors():
        if games < 1:
            raise UserError("--games must be at least 1")
        instance = registry.create(game, players, game_options(registry, game, variant, option))
        result = random_playouts(instance, games, seed, views)
    data = result.to_data()
    if json_output:
        typer.echo(json.dumps({k: v for k, v in data.items() if k != "options"}
                              | {"options": data["options"]}))
        return
    loop = "with a view per decision" if views else "bare engine, no views"
    typer.echo(f"{data['game']} ({data['players']} players, {data['options']}): {data['games']} random games, "
               f"{data['decisions']} decisions in {data['seconds']:.2f} s ({loop}) — "
               f"{data['games_per_s']:.1f} games/s, {data['decisions_per_s']:.0f} decisions/s "
               f"({data['decisions_per_cpu_s']:.0f} per CPU second)")
    if data["operation_us"]:
        typer.echo("mean cost over mid-game states: " + ", ".join(
            f"{name} {us:.1f} µs" for name, us in data["operation_us"].items()))
