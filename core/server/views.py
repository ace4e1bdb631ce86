"""What each connection of `meeple server` is shown: a seat its own view, a spectator the public one.

The omniscient view (`state.view(None)`) never leaves the server. The **public view** is the
view of an observer who holds no seat: `state.view(players)`, a viewer number that is no seat, so
every zone shows exactly what it shows to a seat that does not own it, and hand cards known only
to some seats stay hidden. It is what every seat sees, and no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..serialization import action_to_data, view_to_data

if TYPE_CHECKING:
    from ..narration import Narrator
    from ..state import State
    from ..view import View


def public_viewer(state: "State") -> int:
    """The viewer number of an observer who holds no seat (one past the last seat)."""
    return state.game.players


def view_for(state: "State", seat: int | None) -> "View":
    """Seat `seat`'s view, or the public view for a spectator (None): never the omniscient one."""
    return state.view(public_viewer(state) if seat is None else seat)


def legal_moves(state: "State", narrator: "Narrator", view: "View", seat: int | None) -> list[dict[str, Any]]:
    """The moves `seat` may make now, as JSON with the text a button shows; empty unless it owes."""
    if seat is None or seat not in state.owing():
        return []
    game_cls = type(state.game)
    return [{"action": action_to_data(game_cls, action), "text": narrator.describe(view, action)}
            for action in state.legal_actions(seat)]


def view_data(state: "State", view: "View") -> dict[str, Any]:
    return view_to_data(type(state.game), view)
