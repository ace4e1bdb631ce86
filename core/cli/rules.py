"""`meeple rules GAME`: the rules text a plugin ships."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import load_registry, user_errors


def rules(game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")]) -> None:
    """Print a game's rules."""
    registry = load_registry()
    with user_errors():
        game_cls = registry.game(game)
    text = game_cls.rules_text.strip() or f"{game_cls.spec.title}: {game_cls.spec.summary}"
    typer.echo(text)
