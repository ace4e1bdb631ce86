"""Go Fish for a person: the pool, each seat's books, and the hands — the viewer's own by rank,
the others as sizes with what everyone knows they hold (cards handed over or shown in full view)."""

from __future__ import annotations

from meeple import View

from .cards import SUITS, names, rank_name, rank_of


def render(view: View) -> str:
    lines = [f"pool: {view.pool.size} cards    questions asked: {view.questions}"]
    for seat, (hand, books) in enumerate(zip(view.hands, view.books)):
        laid = sorted({rank_of(c) for c in books.cards})
        head = f"seat {seat}{' (out)' if seat in view.eliminated else ''}: "
        shelf = f"    books: {', '.join(rank_name(r) for r in laid)}" if laid else ""
        if hand.cards is not None:
            lines.append(head + (names(hand.cards) or "no cards") + shelf)
        else:
            known = f" (holds {names(hand.known)})" if hand.known else ""
            lines.append(head + f"{hand.size} cards{known}" + shelf)
    lines.append("books: " + ", ".join(f"seat {s} {len(p.cards) // SUITS}" for s, p in enumerate(view.books)))
    return "\n".join(lines)
