"""The game log of a match, as each viewer saw it, rebuilt from the stored moves.

Every move is told once for every viewer — each seat, and None: the spectators — by the host
layer's `meeple.hosting.tell`, from that viewer's own views: the very text the viewer is pushed
live as the update's `narration` (`told`). So a seat never learns from its log what its view
hides: Hearts names a pass's cards to the seat that passed them alone, Linko a card drawn from
the pile to its drawer alone, and a simultaneous choice stays "seat N has chosen" until the
decision resolves.

A match keeps the log of every viewer (`Match.told`, one entry per move) while it is in memory,
one move longer after each move (`note`). A match read back from the database — after a restart,
or by a process that did not see every move — replays its moves from the seed and tells each one
again (`retell`): the same texts, byte for byte, because the rules and the narrator are pure.
Hence the log is the same after a reload, in another tab or device, and after a restart.

A connection asks for the log after its hello (`{"type": "log"}`: the latest `PAGE` moves) and
for each page before (`{"type": "log", "before": ply}`); both answers are `page`'s message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..hosting import tell
from .views import view_for

if TYPE_CHECKING:
    from ..actions import Action
    from ..narration import Narrator
    from ..state import State
    from .matches import Match

#: Moves per page of the log: a connection asks for the latest page after its hello, then earlier ones.
PAGE = 100


def told(narrator: "Narrator", before: "State", after: "State", seat: int, action: "Action") -> dict[int | None, str]:
    """`seat`'s `action`, which took `before` to `after`, as each viewer (every seat, and None:
    the spectators) is told it: the lines of `tell`, joined by "; ". Equal texts share one string,
    so a public move costs one string, not one per viewer."""
    viewers: list[int | None] = [*range(before.game.players), None]
    lines = tell(narrator, before, after, seat, action, viewers, view=view_for)
    texts: dict[str, str] = {}
    return {viewer: texts.setdefault(text, text) for viewer, text in
            ((viewer, "; ".join(said)) for viewer, said in lines.items())}


def note(match: "Match") -> None:
    """A move was just added to `match.moves`, told as `match.narration`: add it to the log. A
    log that was not complete (not built since the match was read back) is left to `retell`."""
    if len(match.told) == len(match.moves) - 1:
        match.told.append(match.narration)


def retell(match: "Match") -> list[dict[int | None, str]]:
    """Every move of `match` told again for every viewer, replayed from its seed."""
    state, lines = match.game.new_state(match.seed), []
    for seat, action in match.moves:
        after = state.clone()
        after.apply(action, seat)
        lines.append(told(match.narrator, state, after, seat, action))
        state = after
    return lines


def complete(match: "Match") -> None:
    """Make `match`'s log whole: a match read back from the database tells its moves again,
    and learns its last move's narration (the update's) from them."""
    if len(match.told) != len(match.moves):
        match.told = retell(match)
        if match.told and not match.narration:
            match.narration = match.told[-1]


def page(match: "Match", viewer: int | None, before: int | None = None) -> dict[str, Any]:
    """The log message for `viewer` (a seat; None: a spectator): the `PAGE` moves before move
    number `before` (the latest ones when None), oldest first, each ``{"ply", "seat", "text"}``
    (ply: the move's number, from 1, as in the update after it; a move told as nothing is left
    out); ``first`` and ``last``, the numbers of the page's first and last moves, and ``more``,
    whether earlier moves remain (ask with ``before: first``)."""
    complete(match)
    end = len(match.moves) if before is None else max(0, min(before - 1, len(match.moves)))
    start = max(0, end - PAGE)
    entries = [{"ply": ply + 1, "seat": match.moves[ply][0], "text": match.told[ply].get(viewer, "")}
               for ply in range(start, end)]
    return {"type": "log", "match": match.id, "entries": [e for e in entries if e["text"]],
            "first": start + 1, "last": end, "more": start > 0}


__all__ = ["PAGE", "complete", "note", "page", "retell", "told"]
