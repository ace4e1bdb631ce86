"""A text picture of a Linko view: display (with Duel groups), piles, Ghost Zone, and per seat
the hand (or its size and known cards) and the tableau with every layer, top last.
"""

from __future__ import annotations

from meeple import View

from .cards import layer_value, name, value_name

_ENDINGS = {
    "supply_exhausted": "the draw pile and the display ran out (rule 8b)",
    "turn_cap": "the turn cap was reached (rule 12)",
}


def ending(view: View) -> str:
    """Why the game ended, in words: "seat 2 emptied their hand (rule 5)"."""
    if view.ended == "hand_empty":
        emptied = [seat for seat, hand in enumerate(view.hands) if not hand.size]
        who = f"seat {emptied[0]}" if len(emptied) == 1 else "a player"
        return f"{who} emptied their hand (rule 5)"
    return _ENDINGS.get(view.ended, view.ended)


def _cards(cards) -> str:
    return " ".join(name(c) for c in cards)


def _layer(layer) -> str:
    return f"{_cards(layer)} ({len(layer)}×{value_name(layer_value(layer))})"


def render(view: View) -> str:
    """Draw exactly what `view` shows (a seat's view, or the omniscient one)."""
    lines = [f"Linko — turn {view.turn + 1}, seat {view.active} holds the paw"]
    slots = " ".join(f"[{'+'.join(name(c) for c in slot)}]" if slot else "[ ]"
                     for slot in view.display.slots)
    lines.append(f"display: {slots}")
    pile = view.draw_pile
    discard = view.discard
    lines.append(f"draw pile: {pile.size} face down   discard: {discard.size}"
                 + (f" (top {name(discard.top)})" if discard.size else ""))
    if view.ghost.piles or view.removed.size:
        ghost = "  ".join(f"{len(cards)}×{value}" for value, cards in view.ghost.piles)
        lines.append(f"ghost zone, {view.ghost.size} cards (piles as count×value): {ghost or '(empty)'}")
        lines.append(f"removed from the game: {_cards(view.removed.cards) or '(none)'}")
    if view.stolen.size:
        lines.append(f"stolen, awaiting its fate: {_cards(view.stolen.cards)}")
    for seat, (hand, tableau) in enumerate(zip(view.hands, view.tableaux)):
        who = f"seat {seat}" + (" (you)" if seat == view.player else "")
        if hand.cards is not None:
            held = f"hand [{_cards(hand.cards)}]"
            if hand.known:
                held += f" (known to all: {_cards(hand.known)})"
        else:
            held = f"hand {hand.size} cards" + (f" (known: {_cards(hand.known)})" if hand.known else "")
        layers = " | ".join(_layer(layer) for layer in tableau.layers) or "(empty)"
        score = tableau.size - hand.size
        lines.append(f"{who}: {held}; score {score:+d}")
        lines.append(f"    tableau (top last): {layers}")
    if view.decision is not None:
        lines.append(f"seat {view.decision.player} is to {view.decision.describe()}")
    else:
        lines.append(f"game over: {ending(view)}")
    return "\n".join(lines)
