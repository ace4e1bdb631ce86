"""Text rendering of views: the renderer type, and a generic fallback for games without one."""

from __future__ import annotations

from typing import Any, Callable

from .view import View
from .zones import ZoneView

Renderer = Callable[[View], str]


def _zone_text(value: Any) -> str:
    """A zone view as its zone draws it (`ZoneView.text`); any other value as `str` does."""
    return value.text() if isinstance(value, ZoneView) else str(value)


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
