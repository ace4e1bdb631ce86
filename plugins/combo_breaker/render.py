"""A text picture of a Combo Breaker view: tokens, reserves, the trick, and the viewer's hand with
its positions (the numbers every play, reserve take and insertion refers to)."""

from __future__ import annotations

from meeple import View

from . import combos
from .cards import card_name
from .trick import COMBINATION, DRAW_CARD
from .words import declared


def render(view: View) -> str:
    lines = [f"Combo Breaker — round {view.round_number}"
             + ("" if view.player is None else f", you are seat {view.player}")]
    if view.paid:
        lines.append(f"Last round: seat {_seats(view.paid)} gave up a token")
    lines.append("")
    lines.extend(_seat_lines(view))
    lines.append(f"Draw pile: {view.pile.size} face down    Discard: {view.discard.size} cards")
    if view.discard.size:
        lines.append(f"Discarded this round, oldest first: {' '.join(map(card_name, view.discard.cards))}")
    lines.append("")
    lines.extend(_trick_lines(view))
    for seat in _hand_owners(view):
        lines.append("")
        who = "Your hand" if seat == view.player else f"Seat {seat}'s hand"
        lines.append(f"{who}:")
        lines.extend(_hand_lines(view.hands[seat].cards))
        drawn = view.drawn[seat].cards
        if drawn:
            lines.append(f"Drawn card to insert: {card_name(drawn[0])}")
    lines.append("")
    if view.is_terminal:
        lost = _seats(view.losers)
        lines.append(f"Game over: seat {lost} had to give up a token and had none, and lost")
    else:
        decision = view.decision
        lines.append(f"Seat {decision.player} is to {decision.describe()}")
    return "\n".join(lines)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(map(str, seats))


def _hand_owners(view: View) -> list[int]:
    """Seats whose hands the viewer sees in full (all of them for the omniscient view)."""
    return [seat for seat, hand in enumerate(view.hands) if hand.cards is not None]


def _seat_lines(view: View) -> list[str]:
    lines = []
    for seat, hand in enumerate(view.hands):
        you = " (you)" if seat == view.player else ""
        reserve = " ".join(f"[{card_name(slot[0])}]" if slot else "[ ]" for slot in view.reserves[seat].slots)
        known = ""
        if hand.known and hand.cards is None:
            known = "  known: " + ", ".join(f"{card_name(c)} at {p}" for p, c in hand.known)
        status = "out" if not hand.size else "1 card" if hand.size == 1 else f"{hand.size} cards"
        lines.append(f"seat {seat}{you}: tokens {view.tokens[seat]}  hand {status}  reserve {reserve}{known}")
    return lines


def _trick_lines(view: View) -> list[str]:
    if not view.trick_plays:
        if view.is_terminal:
            return ["Trick: the trick that ended the game went to the discard pile (its last cards)"]
        return ["Trick: nothing played yet"]
    lines = [f"Trick (led by seat {view.trick_plays[0].seat}):"]
    for play, layer in zip(view.trick_plays, view.trick.layers):
        if play.what == COMBINATION:
            shown = " ".join(declared(layer, play.wilds))
            lines.append(f"  seat {play.seat}: {shown}  ({combos.describe(play.rank)})")
        else:
            lines.append(f"  seat {play.seat}: {'Draw card' if play.what == DRAW_CARD else 'Stop'}")
    return lines


def _hand_lines(cards: tuple[int, ...]) -> list[str]:
    if not cards:
        return ["  (empty)"]
    names = [card_name(c) for c in cards]
    width = max(max(len(n) for n in names), len(str(len(cards))))
    positions = " ".join(str(i).rjust(width) for i in range(len(cards)))
    return [f"  position {positions}", f"  card     {' '.join(n.rjust(width) for n in names)}"]
