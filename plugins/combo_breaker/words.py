"""Cards and combinations in words, for people: plays as declared, and what X cards may be.

Used by the decisions' explanations of illegal plays, the narrator and the renderer; knows
nothing of the state.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from . import combos
from .cards import VALUES, X, card_name


def declared(cards: Sequence[int], wilds: Sequence[int]) -> Iterator[str]:
    """Card names in hand order, each X shown with its declared value ("X=10")."""
    values = iter(wilds)
    for card in cards:
        yield f"X={next(values)}" if card == X else card_name(card)


def play_words(cards: Sequence[int], wilds: Sequence[int]) -> str:
    """A combination as played, its X cards with their declared values: "8 9 X=10 (straight of
    three to 10)"."""
    rank = combos.rank_of(cards, wilds, True)  # a legal play's rank, whatever the option
    shown = " ".join(declared(cards, wilds))
    return shown if rank is None else f"{shown} ({combos.describe(rank)})"


def declarations(cards: Sequence[int], double_wild: bool) -> str:
    """What the X cards of `cards` may be declared as to make a combination, in words: "the X can
    be 11 or 12", "the X cards can be 8 and 9 or 10 and 10"; empty when nothing works."""
    found = sorted({wilds for _, wilds in combos.plays_of(cards, double_wild)})
    if not found:
        return ""
    if len(found) == len(VALUES):
        return "the X can be any value from 1 to 12"
    options = [" and ".join(map(str, wilds)) for wilds in found]
    listed = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]
    return f"{'the X' if cards.count(X) == 1 else 'the X cards'} can be {listed}"


def the_x(wilds: int) -> str:
    """"the X is" or "the X cards are", for `wilds` X cards."""
    return "the X is" if wilds == 1 else "the X cards are"
