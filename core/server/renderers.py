"""What the browser client draws a game with, as the game declares it on its `Game` class.

- ``web_renderer``: the game's own renderer, a JavaScript module beside the module that defines
  the class (shipped as package data), served at ``/renderers/<game>.js``;
- ``shown_fields``: the view fields a person is shown by the generic table (None: all);
- ``card_names``: what people call each card, so that no table shows a card as a raw number.

`table_info` gathers them for ``GET /renderers/<game>.json``, which the client reads once per game.
Nothing here depends on a match: it is the same for every viewer, and holds no view.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

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
    """What the client needs to draw `game_cls`: ``{"game", "renderer", "fields", "cards"}``."""
    fields = getattr(game_cls, "shown_fields", None)
    return {"game": game_cls.spec.id, "renderer": renderer_url(game_cls),
            "fields": list(fields) if fields is not None else None, "cards": card_names(game_cls)}
