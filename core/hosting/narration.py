"""What each viewer is told of a move: the one way every host narrates.

A sequential move is told by the game's narrator from the viewer's own views (before and after,
and the actor's view before, so a narrator can name what the actor knew). A choice in a
simultaneous decision is a secret: its chooser hears what it chose, everyone else only that the
seat has chosen. When the last choice resolves the decision, every choice is told to everyone,
one by one in seat order from the position before anyone chose — the order the record replays
them in — each as that viewer saw it. A seat that a move puts out of the game is told to every
viewer after the move ("seat 2 is out of the game", `State.eliminated`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Iterable, TypeVar

if TYPE_CHECKING:
    from ..actions import Action
    from ..narration import Narrator
    from ..state import State
    from ..view import View

V = TypeVar("V", bound=Hashable)


def seat_view(state: "State", viewer: int) -> "View":
    return state.view(viewer)


def tell(narrator: "Narrator", before: "State", after: "State", seat: int, action: "Action", viewers: Iterable[V],
         view: Callable[["State", V], "View"] = seat_view) -> dict[V, list[str]]:
    """The lines each of `viewers` is told of `seat`'s `action`, which took `before` to `after`
    (`before` is left as it is): one per move told (every choice of a simultaneous decision that
    resolved), then one per seat the move put out of the game. `view(state, viewer)` is what a
    viewer sees (a host with spectators passes its own: a viewer may be a seat or anything else
    it understands)."""
    viewers = list(viewers)
    lines = _moves(narrator, before, after, seat, action, viewers, view)
    out = [f"seat {gone} is out of the game" for gone in after.eliminated()[len(before.eliminated()):]]
    return {v: lines[v] + out for v in viewers} if out else lines


def _moves(narrator: "Narrator", before: "State", after: "State", seat: int, action: "Action", viewers: list[V],
           view: Callable[["State", V], "View"]) -> dict[V, list[str]]:
    """What each viewer is told of the move itself (see `tell`)."""
    decision = before.decision
    if decision is None or not decision.simultaneous:
        actor = view(before, seat)
        return {v: [narrator.narrate_move(view(before, v), action, view(after, v), actor)] for v in viewers}
    if after.chosen:  # others still owe their choice: this one stays a secret
        mine = f"you chose: {narrator.describe(view(before, seat), action)}"
        return {v: [mine if v == seat else f"seat {seat} has chosen"] for v in viewers}
    choices = {s: before.pending_choice(s) for s in before.chosen}
    choices[seat] = action
    replay = before.clone()
    replay.withdraw_choices()  # the position before anyone chose
    lines: dict[V, list[str]] = {v: [] for v in viewers}
    for chooser in decision.seats():
        seen = {v: view(replay, v) for v in viewers}
        actor = view(replay, chooser)
        replay.apply(choices[chooser], chooser)
        for v in viewers:
            lines[v].append(narrator.narrate_move(seen[v], choices[chooser], view(replay, v), actor))
    return lines


__all__ = ["seat_view", "tell"]
