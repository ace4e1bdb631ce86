"""The Combo Breaker deck (Components) encoded as small ints, and the deal sizes of rule 2.

Number cards are their value, 1–12 (four copies each). The three special kinds get ints above
every value so that a sorted window of cards keeps its number cards first and its X cards last.
"""

from __future__ import annotations

X = 13  # the wild card: any value 1–12, declared when played (rule 4)
DRAW = 14  # "Robo": the trick's best combination draws 3 cards per Draw played (rule 7a)
STOP = 15  # ends the trick at once (rule 6)

VALUES = range(1, 13)
COPIES_PER_VALUE = 4
COPIES_PER_SPECIAL = 2
RESERVE_CARDS = 2  # face-up reserve cards dealt in front of each player (rule 2)
CARDS_PER_DRAW = 3  # cards drawn per Draw card played in the trick (rule 7a)
DEALER = 0  # seat 0 is the permanent dealer, "the oldest" (rule 1)
MOST_SEATS = 5  # players in the largest game

_NAMES = {X: "X", DRAW: "Draw", STOP: "Stop"}


#: All 54 cards in their fixed order (Components): 4 × (1–12), 2 X, 2 Draw, 2 Stop.
DECK = (*(value for value in VALUES for _ in range(COPIES_PER_VALUE)),
        *(special for special in (X, DRAW, STOP) for _ in range(COPIES_PER_SPECIAL)))


def deck() -> list[int]:
    """All 54 cards: 4 × (1–12), 2 X, 2 Draw, 2 Stop (Components), as a new list."""
    return list(DECK)


def hand_size(players: int) -> int:
    """Cards dealt to each hand: 10 with 3 or 4 players, 7 with 5 (rule 2)."""
    return 7 if players == 5 else 10


def is_special(card: int) -> bool:
    """Stop and Draw cards, which are never part of a combination (rule 4)."""
    return card == DRAW or card == STOP


def card_name(card: int) -> str:
    return _NAMES.get(card, str(card))
