"""What `meeple server`'s lobby shows: the installed games, and the matches not over yet.

Public by construction: game descriptions, and each open match's summary (game, options, seat
kinds, move count) — never a token, a seed or a view. Its size is bounded by the limits on
matches (`Limits.matches_total`): expired and finished matches leave it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from ..registry import Registry
    from .matches import Match


def lobby(registry: "Registry", matches: Iterable["Match"]) -> dict[str, Any]:
    games = []
    for game_id in sorted(registry.games):
        spec = registry.game(game_id).spec
        games.append({
            "game": game_id, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players,
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "choices": list(o.choices) if getattr(o, "choices", None) else None}
                        for o in spec.options],
            "bots": sorted(info.name for info in registry.bots_for(game_id)),
            "renderer": renderer_url(registry, game_id),
        })
    return {"games": games, "matches": [m.summary() for m in matches if not m.finished]}


def renderer_url(registry: "Registry", game_id: str) -> str | None:
    """Where the browser loads the game's own renderer, if it has one (`Game.web_renderer`)."""
    return f"/renderers/{game_id}.js" if getattr(registry.game(game_id), "web_renderer", None) else None


__all__ = ["lobby", "renderer_url"]
