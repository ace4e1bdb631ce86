"""What each connection of `meeple server` is shown: a seat its own view, a spectator the public one.

The omniscient view (`state.view(None)`) never leaves the server. The **public view** is the
view of an observer who holds no seat: `state.view(players)`, a viewer number that is no seat, so
every zone shows exactly what it shows to a seat that does not own it, and hand cards known only
to some seats stay hidden. It is what every seat sees, and no more.

Once a game is over, its rules may lay hidden cards face up (Linko's hands, counted for the
score): `shown_view` adds the fields the game declares in `Game.revealed_at_end`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

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


def shown_view(state: "State", seat: int | None) -> "View":
    """What an update shows `seat` (None: a spectator): its view, and once the game is over the
    fields the game's rules reveal at the end (`Game.revealed_at_end`), as the omniscient
    observer sees them. Narration never reads this: a move is told from the views of play."""
    view = view_for(state, seat)
    revealed = type(state.game).revealed_at_end
    if not revealed or not state.is_terminal:
        return view
    everything = state.view(None)
    return attrs.evolve(view, fields=tuple((name, everything.field(name) if name in revealed else value)
                                           for name, value in view.fields))


def legal_moves(state: "State", narrator: "Narrator", view: "View", seat: int | None) -> list[dict[str, Any]]:
    """The moves `seat` may make now, as JSON with the text a button shows; empty unless it owes."""
    if seat is None or seat not in state.owing():
        return []
    game_cls = type(state.game)
    return [{"action": action_to_data(game_cls, action), "text": narrator.describe(view, action)}
            for action in state.legal_actions(seat)]


def view_data(state: "State", view: "View") -> dict[str, Any]:
    return view_to_data(type(state.game), view)
