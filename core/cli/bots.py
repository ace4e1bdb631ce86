"""`meeple bots`: the installed bots, optionally those that can play one game (and how it tunes them)."""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from ..bots import BotSpec
from ..registry import tuned_settings
from .common import (PlayersOption, UserError, check_players, game_options, load_registry, show_value,
                     table_console, user_errors)


def bots(
    game: Annotated[Optional[str], typer.Option("--game", help="Only bots that can play this game, with the settings it tunes them to.")] = None,
    players: PlayersOption = None,
    variant: Annotated[Optional[str], typer.Option(help="With --game: shorthand for --option variant=V.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="With --game: a game option the tuned settings are for (repeat).")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List bots: generic ones and each game's own (a game's `greedy`). With --game, each bot's
    `tuned` settings are what a bare name (`--bot ismcts`) plays in that game, at --players
    (with --game only; default: the game's fewest)."""
    registry = load_registry()
    with user_errors():
        if game is None:
            if players is not None or variant is not None or option:
                raise UserError("--players, --variant and --option need --game")
            infos, instance = registry.all_bots(), None
        else:
            infos = registry.bots_for(game)
            instance = registry.create(game, check_players(registry, game, players),
                                       game_options(registry, game, variant, option))
    rows = [{"name": b.name, "games": list(b.games) if b.games is not None else "any",
             "summary": b.summary,
             "params": [{"name": p.name, "type": p.type, "default": p.default, "help": p.help} for p in b.params]}
            for b in infos]
    if instance is not None:
        for row in rows:
            row["tuned"] = dict(tuned_settings(instance, BotSpec(row["name"])))
    if json_output:
        typer.echo(json.dumps(rows, indent=2))
        return
    from rich.table import Table

    title = "Installed bots" if instance is None else f"Bots for {game}, {instance.players} players"
    table = Table(title=title)
    columns = ("name", "plays", "parameters", *(() if instance is None else ("tuned here",)), "summary")
    for column in columns:
        table.add_column(column)
    for row in rows:
        plays = "any game" if row["games"] == "any" else ", ".join(row["games"])
        params = ", ".join(f"{p['name']}={show_value(p['default'])}" for p in row["params"]) or "—"
        tuned = () if instance is None else (
            ", ".join(f"{name}={show_value(value)}" for name, value in row["tuned"].items()) or "—",)
        table.add_row(row["name"], plays, params, *tuned, row["summary"])
    table_console().print(table)
