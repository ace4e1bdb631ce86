"""Go Fish for a person: the pool, each seat's books, and the hands — the viewer's own by rank,
the others as sizes with what the table knows of them: cards taken face up ("holds"), ranks it
asked for ("has 7s": a fact), ranks it denied ("no 3s": a fact)."""

from __future__ import annotations

from meeple import HoldsAtLeast, HoldsNone, View

from .cards import SUITS, names, rank_name, rank_of
from .decisions import hand_zone


def render(view: View) -> str:
    lines = [f"pool: {view.pool.size} cards    questions asked: {view.questions}"]
    for seat, (hand, books) in enumerate(zip(view.hands, view.books)):
        laid = sorted({rank_of(c) for c in books.cards})
        head = f"seat {seat}{' (out)' if seat in view.eliminated else ''}: "
        shelf = f"    books: {', '.join(rank_name(r) for r in laid)}" if laid else ""
        if hand.cards is not None:
            lines.append(head + (names(hand.cards) or "no cards") + shelf)
        else:
            known = f", holds {names(hand.known)}" if hand.known else ""
            said = heard(view, seat)
            lines.append(head + f"{hand.size} cards{known}{f' {said}' if said else ''}" + shelf)
    lines.append("books: " + ", ".join(f"seat {s} {len(p.cards) // SUITS}" for s, p in enumerate(view.books)))
    return "\n".join(lines)


def heard(view: View, seat: int) -> str:
    """What the table heard about `seat`'s hidden cards: "(has 7s ×2; no 3s, queens)"."""
    zone = hand_zone(seat)
    has = [f"{rank_name(k.fact.kind)}{f' ×{k.fact.count}' if k.fact.count > 1 else ''}"
           for k in view.facts if type(k.fact) is HoldsAtLeast and k.fact.zone == zone]
    none = [rank_name(k.fact.kind) for k in view.facts if type(k.fact) is HoldsNone and k.fact.zone == zone]
    said = "; ".join(filter(None, [f"has {', '.join(has)}" if has else "", f"no {', '.join(none)}" if none else ""]))
    return f"({said})" if said else ""
