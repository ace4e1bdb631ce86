"""Hearts for a person: the pass, the trick on the table, points so far, and the viewer's hand by
suit (other hands only as sizes, plus the cards everyone knows are there and any card the viewer
passed into them). Cards read as on the web table and in the log: `Q♠` (`cards.face`)."""

from __future__ import annotations

from meeple import View

from .cards import SUIT_SYMBOLS, face, names, rank_of, suit_of
from .decisions import DIRECTIONS


def render(view: View) -> str:
    lines = [f"pass: {DIRECTIONS[view.pass_direction]}    hearts {'broken' if view.hearts_broken else 'not broken'}"]
    lines.append("taken: " + "   ".join(f"seat {s} {len(pile.cards) // 4} tricks, {view.points[s]} points"
                                        for s, pile in enumerate(view.taken)))
    if view.trick.cards:
        plays = [f"{face(c)} by seat {(view.leader + i) % 4}" for i, c in enumerate(view.trick.cards)]
        lines.append("trick: " + ", ".join(plays))
    for seat, hand in enumerate(view.hands):
        if hand.cards is not None:
            by_suit = [" ".join(face(c) for c in sorted(hand.cards, key=rank_of) if suit_of(c) == s) or "-"
                       for s in range(4)]
            lines.append(f"seat {seat}: " + "  ".join(f"{SUIT_SYMBOLS[s]}: {cards}" for s, cards in enumerate(by_suit)))
        else:
            known = [f"holds {names(hand.known, face)}"] if hand.known else []  # the 2C, once the leader is named
            if hand.known_to:
                known.append(f"you passed {names((card for card, _ in hand.known_to), face)}")
            extra = f" ({'; '.join(known)})" if known else ""
            lines.append(f"seat {seat}: {hand.size} cards{extra}")
    return "\n".join(lines)

