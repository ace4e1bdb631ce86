"""`meeple games`: the installed games."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .common import load_registry, show_value, table_console


def games(json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the installed games with their players, kind and options."""
    registry = load_registry()
    rows = []
    for game_id in sorted(registry.games):
        spec = registry.games[game_id].spec
        rows.append({
            "id": spec.id, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players, "information": spec.information.value,
            "chance": spec.chance, "plugin": registry.game_plugins[game_id],
            "version": registry.game_version(game_id), "summary": spec.summary,
            "options": [{"name": o.name, "type": o.type, "default": o.default,
                         "allowed": o.allowed(), "help": o.help} for o in spec.options],
        })
    if json_output:
        typer.echo(json.dumps(rows, indent=2))
        return
    from rich.table import Table

    table = Table(title="Installed games")
    for column in ("id", "title", "players", "information", "options"):
        table.add_column(column)
    for row in rows:
        players = (f"{row['min_players']}" if row["min_players"] == row["max_players"]
                   else f"{row['min_players']}–{row['max_players']}")
        options = "\n".join(f"{o['name']}={show_value(o['default'])} ({o['allowed']})" for o in row["options"])
        kind = row["information"] + (" + chance" if row["chance"] else "")
        table.add_row(row["id"], row["title"], players, kind, options or "—")
    table_console().print(table)
