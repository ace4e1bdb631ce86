"""Cards as OpenSpiel numbers them: ``rank * 4 + suit``, ranks 0..12 for 2..A, suits clubs,
diamonds, hearts, spades. Small ints keep the state cheap to clone and let the differential test
pass cards to OpenSpiel unchanged."""

from __future__ import annotations

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUITS = 4
RANKS = 13
DECK = tuple(range(SUITS * RANKS))
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def card(suit: int, rank: int) -> int:
    """The card of `suit` and `rank` (0 is the 2, 12 the ace)."""
    return rank * SUITS + suit


def suit_of(card: int) -> int:
    return card % SUITS


def rank_of(card: int) -> int:
    return card // SUITS


TWO_OF_CLUBS = card(CLUBS, 0)
QUEEN_OF_SPADES = card(SPADES, 10)
JACK_OF_DIAMONDS = card(DIAMONDS, 9)
HEART_POINTS, QUEEN_POINTS, JACK_POINTS = 1, 13, -10
TOTAL_POINTS = 26  # every heart and the queen of spades
AVOID_ALL_TRICKS_POINTS = -5


def points(card: int, jd_bonus: bool) -> int:
    """What taking `card` in a trick costs: 1 per heart, 13 for the queen of spades, −10 for the
    jack of diamonds with `jd_bonus`."""
    if card % SUITS == HEARTS:
        return HEART_POINTS
    if card == QUEEN_OF_SPADES:
        return QUEEN_POINTS
    if card == JACK_OF_DIAMONDS and jd_bonus:
        return JACK_POINTS
    return 0


def name(card: int) -> str:
    """OpenSpiel's two-character name: rank then suit, "2C", "TH", "QS"."""
    return RANK_CHARS[card // SUITS] + SUIT_CHARS[card % SUITS]


def parse(text: str) -> int | None:
    """The card named `text` ("qs", "10h" and "th" both work), or None."""
    text = text.strip().upper().replace("10", "T")
    if len(text) != 2 or text[0] not in RANK_CHARS or text[1] not in SUIT_CHARS:
        return None
    return card(SUIT_CHARS.index(text[1]), RANK_CHARS.index(text[0]))


def names(cards, named=name) -> str:
    """Cards by suit then rank, as a hand is read: "2C 9C QD AH" (each as `named` calls it)."""
    return " ".join(named(c) for c in sorted(cards, key=lambda c: (c % SUITS, c // SUITS)))


SUIT_SYMBOLS = "♣♦♥♠"


def face(card: int) -> str:
    """What people read on the table and in the log (the game's `card_names`): rank and suit
    symbol, "2♣", "10♥", "Q♠". Typed moves keep `name`'s letters."""
    return RANK_CHARS[card // SUITS].replace("T", "10") + SUIT_SYMBOLS[card % SUITS]
