"""Go Fish in words, and how questions are typed.

Narration says what everyone heard and saw: the question, the cards handed over (named: they
changed hands face up, and the state keeps them as a public record, `handed`), "go fish" and the
draw — the drawn card named only when
it was the rank asked for (shown) or to the seat that drew it — and books laid down (hosts add
the seats that went out: `meeple.hosting.tell`).

Notation: a question is the seat then the rank, `2 7` ("seat 2, any 7s?"), `1 q`, `3 10`.
"""

from __future__ import annotations

from meeple import Action, Narrator, View

from .actions import Ask
from .cards import RANK_CHARS, SUITS, face, faces, parse_rank, rank_name, rank_of


def _public(view: View, seat: int, rank: int) -> set[int]:
    """The cards of `rank` everyone has seen `seat` take: known in its hand, or in its books."""
    return {c for c in (*view.hands[seat].known, *view.books[seat].cards) if rank_of(c) == rank}


class GoFishNarrator(Narrator):
    """Narration and notation for Go Fish (see the module docstring)."""

    notation_help = ("Type the seat to ask, then the rank: `2 7` asks seat 2 for 7s; ranks are "
                     "2-10, j, q, k, a.")

    def narrate(self, before: View, action: Action, after: View) -> str:
        asker, asked, rank = before.decision.player, action.seat, action.rank  # type: ignore[attr-defined]
        text = f"seat {asker} asks seat {asked} for {rank_name(rank)}: "
        if after.handed:  # the public record of the cards handed over, face up
            text += f"seat {asked} hands over {faces(after.handed)}"
        elif not before.pool.size:
            text += "go fish — the pool is empty"
        elif len(_public(after, asker, rank)) > len(_public(before, asker, rank)):
            text += f"go fish — seat {asker} draws one of them and shows it"
        else:
            text += "go fish — " + (f"you draw {face(drawn)}" if (drawn := _drawn(before, after)) is not None
                                    else f"seat {asker} draws a card")
        for seat, (old, new) in enumerate(zip(before.books, after.books)):
            laid = [c for c in new.cards if c not in old.cards]
            for book in sorted({rank_of(c) for c in laid}):
                text += f"; seat {seat} lays down the {rank_name(book)}"
        if not after.pending:
            text += "; game over: books " + ", ".join(str(len(p.cards) // SUITS) for p in after.books)
        return text

    def describe(self, view: View, action: Action) -> str:
        return action.describe()

    def notation(self, view: View, action: Action) -> str:
        return f"{action.seat} {RANK_CHARS[action.rank].replace('T', '10').lower()}"  # type: ignore[attr-defined]

    def parse(self, view: View, text: str) -> Action | None:
        words = text.split()
        if len(words) != 2 or not words[0].isdigit():
            return None
        rank = parse_rank(words[1])
        return None if rank is None else Ask(int(words[0]), rank)


def _drawn(before: View, after: View) -> int | None:
    """The card the viewer drew (it sees its own hand), if the viewer is the asker."""
    seat = before.decision.player
    if before.player != seat or after.hands[seat].cards is None:
        return None
    new = [c for c in after.hands[seat].cards + after.books[seat].cards
           if c not in before.hands[seat].cards and c not in before.books[seat].cards]
    return new[0] if len(new) == 1 else None
