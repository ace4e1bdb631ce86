"""What the browser client draws a game with, as the game declares it on its `Game` class.

- ``web_renderer``: the game's own renderer, a JavaScript module beside the module that defines
  the class (shipped as package data), served at ``/renderers/<game>.js``;
- ``shown_fields``: the view fields a person is shown by the generic table (None: all);
- ``card_names``: what people call each card, so that no table shows a card as a raw number.

`table_info` gathers them for ``GET /renderers/<game>.json``, which the client reads once per game;
`rules_page` is the game's rules as a page (``GET /rules/<game>``, the table's rules link).
Nothing here depends on a match: it is the same for every viewer, and holds no view.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

from ..rules_text import rules_for_people

if TYPE_CHECKING:
    from ..game import Game


def renderer_url(game_cls: type["Game"]) -> str | None:
    """Where the client loads the game's own renderer from (None: it has none)."""
    return f"/renderers/{game_cls.spec.id}.js" if getattr(game_cls, "web_renderer", None) else None


def card_key(card: Any) -> str:
    """A card as the client's `JSON.stringify` writes it (compact JSON): the key of its name."""
    return json.dumps(card, separators=(",", ":"))


def card_names(game_cls: type["Game"]) -> dict[str, str]:
    """Every card of the game's deck (at its most players, default options) by its name; empty
    when the game names no cards."""
    name = getattr(game_cls, "card_names", None)
    if name is None:
        return {}
    spec = game_cls.spec
    try:
        deck = game_cls(spec.max_players).deck()
    except Exception:  # a game whose default options need fewer players: its smallest table
        deck = game_cls(spec.min_players).deck()
    return {card_key(card): name(card) for card in sorted(set(deck), key=card_key)}


def table_info(game_cls: type["Game"]) -> dict[str, Any]:
    """What the client needs to draw `game_cls`: ``{"game", "title", "renderer", "fields", "cards"}``."""
    fields = getattr(game_cls, "shown_fields", None)
    return {"game": game_cls.spec.id, "title": game_cls.spec.title, "renderer": renderer_url(game_cls),
            "fields": list(fields) if fields is not None else None, "cards": card_names(game_cls)}


def rules_page(game_cls: type["Game"]) -> str:
    """The game's rules (what `meeple rules` prints) as a page of HTML, styled like the table.
    The Markdown's own HTML is shown as text and links with a script scheme are dropped
    (markdown-it's defaults), so a plugin's rules cannot run code on the server's pages."""
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(rules_for_people(game_cls))
    title = html.escape(f"{game_cls.spec.title}: rules")
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head>\n'
            f'<body class="rules"><main>\n{body}</main></body></html>\n')
