"""`meeple plugins`: what is installed, at which version, implementing which hooks."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .common import load_registry


def plugins(json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List loaded plugins with their versions and the hooks they implement."""
    registry = load_registry()
    rows = [{"name": p.name, "version": p.version, "hooks": list(p.hooks), "provides": list(p.provides)}
            for p in registry.plugins()]
    if json_output:
        typer.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        typer.echo(f"{row['name']} {row['version']}: {', '.join(row['hooks']) or '(no hooks)'}")
        for provided in row["provides"]:
            typer.echo(f"  {provided}")
