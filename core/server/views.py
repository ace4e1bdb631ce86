"""What each connection of `meeple server` is shown: a seat its own view, a spectator the public one.

The omniscient view (`state.view(None)`) never leaves the server. The **public view** is the
view of an observer who holds no seat: `state.view(players)`, a viewer number that is no seat, so
every zone shows exactly what it shows to a seat that does not own it, and hand cards known only
to some seats stay hidden. It is what every seat sees, and no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..serialization import action_to_data, view_to_data

if TYPE_CHECKING:
    from ..actions import Action
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


def narrate(narrator: "Narrator", simultaneous: bool, before: "View", actor_before: "View", seat: int,
            action: "Action", gained: Sequence["Action"], after: "View", viewer: int | None) -> str:
    """The move just made, in words, as `viewer` saw it.

    A sequential move is told by the game's narrator from the viewer's own views. A choice in a
    simultaneous decision is a secret: its chooser reads what it chose, everyone else only that
    the seat has chosen; when the last choice resolves the decision, the narration names no
    choice (what became public shows in the views).
    """
    if not simultaneous:
        return narrator.narrate_move(before, action, after, actor_before)
    lines = [f"you chose: {narrator.describe(actor_before, action)}" if viewer == seat
             else f"seat {seat} has chosen"]
    if gained:
        lines.append("everyone has chosen")
    return "; ".join(lines)


def view_data(state: "State", view: "View") -> dict[str, Any]:
    return view_to_data(type(state.game), view)
