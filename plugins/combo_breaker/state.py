"""The state of a Combo Breaker game: its zones and public records, and the facts derived from
them (who may still act in a trick, scores, winners). The rules that change it live with the
decisions (`decisions.py`).

Zones: an ordered hand per seat (never reordered; reserve cards enter it face up and stay known
to everyone at their position), two face-up reserve slots per seat, a one-card zone per seat for
the card being placed after a Draw (seen by its owner only), the face-down draw pile, the
discard pile and the current trick (one layer per card play, in play order, with the public
`trick_plays` record saying who played what).
"""

from __future__ import annotations

from meeple import Counters, Display, Hand, Pile, State, Tableau

from .trick import TrickPlay

#: The decision, by tag, of a drawer placing a card drawn for Draw cards (rule 7a): the one
#: decision a seat may owe outside the trick's seats. By tag because the decision classes
#: (`decisions.py`) build on this module, not the other way round; tags are fixed by the records.
PLACING_A_DRAWN_CARD = "place_drawn"


class ComboBreakerState(State):
    tokens: Counters  # seat -> tokens held (rule 1)
    hands: tuple[Hand, ...]  # ordered, owner only; reserve cards known at their position
    reserves: tuple[Display, ...]  # two face-up slots per seat (rule 2)
    drawn: tuple[Pile, ...]  # the card a drawer is placing (rule 7a), seen by its owner only
    pile: Pile  # face-down draw pile
    discard: Pile
    trick: Tableau  # the cards played in the current trick, one layer per play
    trick_plays: tuple[TrickPlay, ...] = ()  # who played each layer of `trick`, and as what
    trick_seats: tuple[int, ...] = ()  # players in the round when the trick began, from its leader
    round_number: int = 1
    paid: tuple[int, ...] = ()  # who gave up a token at the end of the previous round
    losers: tuple[int, ...] = ()  # who had to give up a token and had none (rule 9)

    # -- results --------------------------------------------------------------------------------

    def _scores(self) -> list[int]:
        return [-1 if seat in self.losers else self.tokens[seat] for seat in range(len(self.hands))]

    def _winners(self) -> list[int]:
        return [seat for seat in range(len(self.hands)) if seat not in self.losers]

    def invariants(self) -> list[str]:
        problems = super().invariants()
        for seat in range(len(self.hands)):
            if self.tokens[seat] < 0:
                problems.append(f"seat {seat} holds {self.tokens[seat]} tokens")
            if len(self.drawn[seat]) > 1:
                problems.append(f"seat {seat} is placing {len(self.drawn[seat])} drawn cards at once")
        if len(self.trick) != len(self.trick_plays):
            problems.append(f"{len(self.trick)} trick layers but {len(self.trick_plays)} recorded plays")
        if self.pending and self.trick_seats and self.pending[-1].player not in self.trick_seats \
                and self.pending[-1].tag != PLACING_A_DRAWN_CARD:
            problems.append(f"seat {self.pending[-1].player} acts but was not in the trick")
        return problems
