"""Linko's rules as small pure functions over zones: what may be played, what steals what,
and how the game is scored. The decisions that call them live in `decisions.py`.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from meeple import Display, Hand, Pile

from .actions import DRAW_DISPLAY, DRAW_PILE, JOKER_PLAYS, PLAYS_OF, Action, Play
from .cards import JOKER, VALUES


def layer_cards(action: Play) -> tuple[int, ...]:
    """The cards a play puts down as its new layer: the naturals, then the jokers."""
    return (action.value,) * action.naturals + (JOKER,) * action.jokers


def plays(hand: Hand) -> list[Play]:
    """Rule 3: one or more number cards of one value plus any jokers, or jokers only; ordered by
    value, then number of naturals, then number of jokers; jokers-only plays last."""
    return plays_of_counts(held_counts(hand))


def held_counts(cards: Iterable[int]) -> list[int]:
    """`held[card]`: how many copies of each card (1–13, JOKER) `cards` hold (index 0 unused)."""
    held = [0] * (JOKER + 1)
    for card in cards:
        held[card] += 1
    return held


def plays_of_counts(held: Sequence[int]) -> list[Play]:
    """`plays` of a hand holding `held[card]` copies of each card (as `held_counts` gives)."""
    jokers = held[JOKER]
    plays_of = PLAYS_OF[jokers]
    legal: list[Play] = []
    for value in VALUES:
        if held[value]:
            legal += plays_of[value][held[value]]
    legal += JOKER_PLAYS[jokers]
    return legal


def beats(value: int, target: int, expert: bool) -> bool:
    """Rules 7a–c: whether a layer of `value` steals a layer of `target` of the same size.

    A strictly higher value: a jokers-only layer (JOKER) thus beats any number layer (7b) and is
    never beaten by one (7a). In `expert`, a layer of 1s also steals a jokers-only layer (7c).
    """
    return value > target or (expert and value == 1 and target == JOKER)


def steals(size: int, value: int, top: Sequence[int], expert: bool) -> bool:
    """Rules 6–7: whether a layer just played (its size and value) must steal an opponent's
    `top`: same size, and a value that `beats` the top's (rule 4: a layer's value is its lowest
    card)."""
    return len(top) == size and beats(value, min(top), expert)


#: Every draw from a full display and a pile that lasts (the common case of `draw_sources`).
EVERY_DRAW: tuple[Action, ...] = (*DRAW_DISPLAY, DRAW_PILE)


def draw_sources(display: Display, pile: Pile) -> tuple[Action, ...]:
    """Rule 8b / D3: any occupied display slot (a card or a whole group), or the pile's top
    (`EVERY_DRAW` itself when every source is there)."""
    if display.is_full() and not pile.is_empty():
        return EVERY_DRAW
    sources = tuple(DRAW_DISPLAY[slot] for slot in display.occupied())
    return (*sources, DRAW_PILE) if not pile.is_empty() else sources


def scores(tableau_sizes: Sequence[int], hands: Sequence[Hand]) -> list[int]:
    """Rule 11: cards in one's tableau minus cards in hand; values don't matter."""
    return [played - len(hand) for played, hand in zip(tableau_sizes, hands)]


def winners(points: Sequence[int], hand_sizes: Sequence[int], ties: str) -> list[int]:
    """Rule 11: the highest score wins. `fewest_hand` breaks ties by fewer hand cards (a tie
    remaining is shared); `shared` lets every tied player win.
    """
    best = max(points)
    top = [seat for seat, p in enumerate(points) if p == best]
    if ties == "fewest_hand" and len(top) > 1:
        fewest = min(hand_sizes[seat] for seat in top)
        top = [seat for seat in top if hand_sizes[seat] == fewest]
    return top
