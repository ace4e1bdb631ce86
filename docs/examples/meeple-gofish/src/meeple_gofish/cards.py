"""Cards as small ints, ``rank * 4 + suit``: ranks 0..12 are 2..A, suits clubs, diamonds, hearts,
spades (Hearts' numbering). Go Fish cares only about ranks; a game played with `ranks=4` uses
the sixteen cards of ranks 0..3 (2 to 5)."""

from __future__ import annotations

SUITS = 4
RANK_CHARS = "23456789TJQKA"
RANK_WORDS = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")
SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"


def deck(ranks: int) -> tuple[int, ...]:
    """The cards of the first `ranks` ranks, four of each."""
    return tuple(range(ranks * SUITS))


def rank_of(card: int) -> int:
    return card // SUITS


def name(card: int) -> str:
    """Rank then suit, as Hearts writes it: "2C", "TH", "QS"."""
    return RANK_CHARS[card // SUITS] + SUIT_CHARS[card % SUITS]


def names(cards) -> str:
    """Cards by rank, then suit: "2C 2H 7S"."""
    return " ".join(name(c) for c in sorted(cards))


def face(card: int) -> str:
    """What people read on the table and in the log (the game's `card_names`): rank and suit
    symbol, "2♣", "10♥", "Q♠", as `web/gofish.js` draws them. Typed moves keep `name`'s letters."""
    return RANK_CHARS[card // SUITS].replace("T", "10") + SUIT_SYMBOLS[card % SUITS]


def faces(cards) -> str:
    """Cards by rank, then suit, as people read them: "2♣ 2♥ 7♠"."""
    return " ".join(face(c) for c in sorted(cards))


def rank_name(rank: int) -> str:
    """The rank as a question says it: "7s", "queens"."""
    return RANK_WORDS[rank]


def parse_rank(text: str) -> int | None:
    """The rank named `text` ("7", "7s", "10", "T", "q", "queens"), or None."""
    text = text.strip().upper().replace("10", "T")
    if text in (word.upper() for word in RANK_WORDS):
        return [word.upper() for word in RANK_WORDS].index(text)
    text = text[:-1] if len(text) == 2 and text.endswith("S") else text
    return RANK_CHARS.index(text) if len(text) == 1 and text in RANK_CHARS else None
