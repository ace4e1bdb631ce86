"""`meeple bots`: the installed bots, optionally those that can play one game."""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from .common import load_registry, show_value, table_console, user_errors


def bots(
    game: Annotated[Optional[str], typer.Option("--game", help="Only bots that can play this game.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List bots: generic ones and each game's own (a game's `greedy`)."""
    registry = load_registry()
    with user_errors():
        infos = registry.bots_for(game) if game is not None else registry.all_bots()
    rows = [{"name": b.name, "games": list(b.games) if b.games is not None else "any",
             "summary": b.summary,
             "params": [{"name": p.name, "type": p.type, "default": p.default, "help": p.help} for p in b.params]}
            for b in infos]
    if json_output:
        typer.echo(json.dumps(rows, indent=2))
        return
    from rich.table import Table

    table = Table(title=f"Bots for {game}" if game is not None else "Installed bots")
    for column in ("name", "plays", "parameters", "summary"):
        table.add_column(column)
    for row in rows:
        plays = "any game" if row["games"] == "any" else ", ".join(row["games"])
        params = ", ".join(f"{p['name']}={show_value(p['default'])}" for p in row["params"]) or "—"
        table.add_row(row["name"], plays, params, row["summary"])
    table_console().print(table)
