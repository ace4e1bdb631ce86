"""Hearts in words, and how moves are typed.

Narration names what the viewer saw: a played card (face up), the end of a trick and who took it,
a pass — naming the cards only to the seat that passed them (and to a replay's observer).

Cards are told as the table shows them (`cards.face`: `2♣`, `10♥`, `Q♠`, the game's
`card_names`). Notation: a card is typed as its OpenSpiel name, rank then suit (`2C`, `TH` or
`10h`, `QS`); a pass as its three cards, `QS KS AH`.
"""

from __future__ import annotations

from meeple import Action, Narrator, View

from .actions import PassCards, PlayCard
from .cards import face, name, names, parse
from .decisions import DIRECTIONS


class HeartsNarrator(Narrator):
    """Narration and notation for Hearts (see the module docstring)."""

    notation_help = ("Type a card as rank and suit: `2C`, `TH` (or `10H`), `QS`. To pass, type "
                     "three cards: `QS KS AH`.")

    def narrate(self, before: View, action: Action, after: View) -> str:
        return self.narrate_move(before, action, after, None)

    def narrate_move(self, before: View, action: Action, after: View, actor_before: View | None) -> str:
        if isinstance(action, PassCards):
            seat = actor_before.player if actor_before is not None else before.current_player
            direction = DIRECTIONS[before.pass_direction]
            shown = names(action.cards, face) if before.player in (None, seat) else "three cards"
            text = f"seat {seat} passes {shown} {direction}"
            if not after.pending or not after.decision.simultaneous:
                text += "; the cards change hands"
            return text
        seat = before.decision.player
        text = f"seat {seat} plays {face(action.card)}"  # type: ignore[attr-defined]
        if len(before.trick.cards) == 3:
            winner = _last_winner(after)
            text += f"; seat {winner} takes the trick ({_points(after.points[winner] - before.points[winner])})"
        if not after.pending:
            text += "; the deal is over: points " + ", ".join(str(p) for p in after.points)
        return text

    def describe(self, view: View, action: Action) -> str:
        if isinstance(action, PassCards):
            return f"pass {names(action.cards, face)}"
        return f"play {face(action.card)}"  # type: ignore[attr-defined]

    def notation(self, view: View, action: Action) -> str:
        if isinstance(action, PassCards):
            return " ".join(name(c) for c in action.cards)
        return name(action.card)  # type: ignore[attr-defined]

    def parse(self, view: View, text: str) -> Action | None:
        cards = [parse(word) for word in text.replace(",", " ").split()]
        if not cards or None in cards:
            return None
        if len(cards) == 1:
            return PlayCard(cards[0])  # type: ignore[arg-type]
        return PassCards(tuple(sorted(cards)))  # type: ignore[type-var]


def _points(n: int) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


def _last_winner(view: View) -> int:
    return view.trick_winners[-1]
