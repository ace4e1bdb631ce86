"""Linko's cards as small ints: number cards are their value 1–13, the joker is 14.

Encoding the joker as 14 makes the rulebook's comparisons plain integer comparisons: a
jokers-only layer is worth JOKER, "above 13" (rule 4), and a layer's value is simply its
lowest card, because jokers played with numbers take the numbers' value.
"""

from __future__ import annotations

from typing import Iterable

#: The number-card values, 1 to 13 (components: 8 copies of each).
VALUES = range(1, 14)
#: The joker, and the value of a jokers-only layer (rule 4: above 13).
JOKER = 14
#: The highest number card; in the Duel, 13s and jokers never enter the Ghost Zone (D2).
KING = 13
COPIES = 8
JOKERS = 5
DECK_SIZE = COPIES * len(VALUES) + JOKERS  # 109


#: All 109 cards in value order, jokers last (components); `full_deck` copies it (every deal).
_DECK = tuple(v for v in VALUES for _ in range(COPIES)) + (JOKER,) * JOKERS


def full_deck() -> list[int]:
    """All 109 cards: 8 of each value 1–13 and 5 jokers (components), jokers last."""
    return list(_DECK)


def layer_value(layer: Iterable[int]) -> int:
    """A layer's value (rule 4): its number cards' value, or JOKER for jokers only."""
    return min(layer)


def name(card: int) -> str:
    """How a card is written in text: its number, or `J` for a joker."""
    return "J" if card == JOKER else str(card)


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen")


def number_word(n: int) -> str:
    """How many, in words up to thirteen (`no`, `three`), in digits beyond (`14`)."""
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def value_name(value: int, plural: bool = False) -> str:
    """A layer value in words: `7`, `7s`, `joker`, `jokers`."""
    if value == JOKER:
        return "jokers" if plural else "joker"
    return f"{value}s" if plural else str(value)
