"""`meeple rules GAME`: the rules text a plugin ships, rendered for the terminal."""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer

from .common import load_registry, user_errors

# `[text](target)` or `![alt](target)` whose target has no scheme (`https:`, `mailto:`) and is no
# `#anchor`: a file beside the rules in the plugin's source tree, which a user does not have.
_RELATIVE_LINK = re.compile(r"!?\[([^\]\n]*)\]\((?![A-Za-z][A-Za-z0-9+.-]*:|#)[^)\s]*(?:\s+\"[^\"\n]*\")?\)")


def rules(game: Annotated[str, typer.Argument(help="Game id (see `meeple games`).")]) -> None:
    """Print a game's rules."""
    registry = load_registry()
    with user_errors():
        game_cls = registry.game(game)
    text = game_cls.rules_text.strip() or f"{game_cls.spec.title}: {game_cls.spec.summary}"
    print_markdown(without_relative_links(text))


def without_relative_links(markdown: str) -> str:
    """Links to files relative to the rules (in the plugin's repository, not installed) keep
    only their text; web links stay."""
    return _RELATIVE_LINK.sub(r"\1", markdown)


def print_markdown(markdown: str) -> None:
    """Markdown rendered by rich: styled on a terminal, plain laid-out text on a pipe (headings,
    tables and lists drawn, no `#` or `|` left, 100 columns so option tables keep their names);
    web links printed after their text."""
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console() if sys.stdout.isatty() else Console(width=100)
    console.print(Markdown(markdown, hyperlinks=False))
