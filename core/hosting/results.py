"""A game's result as every host reports it: scores and winners, or a forfeit, or nothing yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from ..records import Forfeit
    from ..state import State


def result_of(state: "State", forfeit: "Forfeit | Mapping[str, Any] | None" = None) -> dict[str, Any] | None:
    """The result as JSON: ``{"forfeit": {"seat", "reason"}, "winners"}`` when a seat forfeited
    (every other seat wins), ``{"scores", "winners"}`` once the game is over, None before; with
    ``"eliminated"``, the seats out in the order they went out, in a game where any went out."""
    if forfeit is not None:
        seat, reason = (forfeit["seat"], forfeit["reason"]) if isinstance(forfeit, Mapping) else (forfeit.seat,
                                                                                                  forfeit.reason)
        return {"forfeit": {"seat": seat, "reason": reason},
                "winners": [s for s in range(state.game.players) if s != seat]}
    if state.is_terminal:
        result = {"scores": list(state.scores()), "winners": list(state.winners())}
        if state.eliminated():
            result["eliminated"] = list(state.eliminated())
        return result
    return None
