"""Text rendering of views: the renderer type, and a generic fallback for games without one."""

from __future__ import annotations

from typing import Any, Callable

from .view import View
from .zones import (CountersView, DisplayView, GridView, HandView, KeyedPilesView, PileView,
                    TableauView)

Renderer = Callable[[View], str]


def _zone_text(value: Any) -> str:
    if isinstance(value, HandView):
        shown = " ".join(map(str, value.cards)) if value.cards is not None else f"{value.size} hidden"
        known = f"  (known: {' '.join(map(str, value.known))})" if value.known and value.cards is None else ""
        return f"[{shown}]{known}"
    if isinstance(value, PileView):
        return " ".join(map(str, value.cards)) if value.cards is not None else f"{value.size} face down"
    if isinstance(value, TableauView):
        return " | ".join(" ".join(map(str, layer)) for layer in value.layers) or "(empty)"
    if isinstance(value, DisplayView):
        return " ".join("+".join(map(str, slot)) or "_" for slot in value.slots)
    if isinstance(value, KeyedPilesView):
        return " ".join(f"{k}:{len(cards)}" for k, cards in value.piles) or "(empty)"
    if isinstance(value, CountersView):
        return ", ".join(f"{k}={n}" for k, n in value.counts)
    if isinstance(value, GridView):
        rows = []
        for r in range(value.rows):
            rows.append(" ".join("." if v is None else str(v)[0] for v in value.cells[r * value.cols:(r + 1) * value.cols]))
        return "\n" + "\n".join("    " + row for row in rows)
    return str(value)


def generic_renderer(view: View) -> str:
    """A plain dump of every field in a view, used when a game registers no renderer."""
    lines = []
    for name, value in view.fields:
        if isinstance(value, tuple) and value and not isinstance(value[0], (int, str, tuple)):
            for i, item in enumerate(value):
                lines.append(f"{name}[{i}]: {_zone_text(item)}")
        else:
            lines.append(f"{name}: {_zone_text(value)}")
    decision = view.decision
    if decision is not None and decision.simultaneous:
        chosen = f" (chosen: {', '.join(f'seat {s}' for s in view.chosen)})" if view.chosen else ""
        lines.append(f"seats {', '.join(map(str, decision.seats()))} are to {decision.describe()}{chosen}")
        if view.choice is not None:
            lines.append(f"your choice: {view.choice.describe()}")
        lines.extend(f"seat {seat} chose: {action.describe()}" for seat, action in view.choices
                     if seat != view.player)  # the observer's view only: a seat sees its own
    elif decision is not None:
        lines.append(f"seat {decision.player} is to {decision.describe()}")
    return "\n".join(lines)
