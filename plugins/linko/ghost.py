"""The Duel's Ghost Zone (rules D2 and D4): a row of face-up piles keyed by value 1–12.

Refilling reveals cards from the draw pile; 13s and jokers never enter the zone but are
diverted onto the display, forming 2-card groups (D3), or leave the game when no slot can
take them.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from meeple import Display, KeyedPiles, Pile

from .cards import KING

#: D2: the Ghost Zone is filled up to this many cards.
GHOST_SIZE = 13


def fill_ghost_zone(ghost: KeyedPiles, pile: Pile, display: Display, removed: Pile,
                    missing: int | None = None) -> None:
    """D2: reveal cards from the pile until the zone holds 13 or the pile runs out.

    A 1–12 joins the pile of its value; a 13 or a joker is diverted (and does not count).
    `missing`, how many cards the zone lacks, is counted unless the caller knows it: after a
    ghost steal it is the pile just taken (the zone held 13 while the pile lasted, and once the
    pile is empty nothing is revealed anyway), which spares counting the zone pile by pile.
    """
    if missing is None:
        missing = GHOST_SIZE - len(ghost)
    while missing > 0 and not pile.is_empty():
        card = pile.pop()
        if card >= KING:
            divert(card, display, removed)
        else:
            ghost.add(card, card)
            missing -= 1


def divert(card: int, display: Display, removed: Pile) -> None:
    """D2: put a revealed 13 or joker on the lowest single-card display slot (leftmost on
    ties; a lone joker counts 14), making it a group; with no such slot, remove it from play.
    """
    target, lowest = -1, None
    for slot, cards in enumerate(display):
        if len(cards) == 1 and (lowest is None or cards[0] < lowest):
            target, lowest = slot, cards[0]
    if target < 0:
        removed.push(card)
    else:
        display.put(target, card)


def eligible_piles(piles: Iterable[tuple[int, Sequence[int]]], size: int, value: int) -> list[int]:
    """D4: the values of the ghost piles with exactly `size` cards and a value below `value`.

    `piles` are `(value, cards)` pairs in ascending values: a zone's `items()` or a view's
    `ghost.piles`. The scan stops at the first pile not below `value` (a Duel play reads this
    at every turn).
    """
    eligible = []
    for key, cards in piles:
        if key >= value:
            break
        if len(cards) == size:
            eligible.append(key)
    return eligible
