"""`meeple rules GAME`: the rules text a plugin ships, rendered for the terminal."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ..rules_text import rules_for_people, without_relative_links
from .common import load_registry, user_errors


def rules(game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")]) -> None:
    """Print a game's rules."""
    registry = load_registry()
    with user_errors():
        game_cls = registry.game(game)
    print_markdown(rules_for_people(game_cls))


def print_markdown(markdown: str) -> None:
    """Markdown rendered by rich: styled on a terminal, plain laid-out text on a pipe (headings,
    tables and lists drawn, no `#` or `|` left, 100 columns so option tables keep their names);
    web links printed after their text."""
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console() if sys.stdout.isatty() else Console(width=100)
    console.print(Markdown(markdown, hyperlinks=False))


__all__ = ["print_markdown", "rules", "without_relative_links"]
