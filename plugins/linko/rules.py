"""Linko's rules as small pure functions over zones: what may be played, what steals what,
and how the game is scored. The decisions that call them live in `decisions.py`.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from meeple import Display, Hand, Pile

from .actions import DRAW_DISPLAY, DRAW_PILE, JOKER_PLAYS, PLAYS_OF, Action, Play
from .cards import JOKER, VALUES


def legal_plays(hand: Iterable[int]) -> list[Play]:
    """Rule 3: one or more number cards of one value plus any jokers, or jokers only.

    Ordered by value, then number of naturals, then number of jokers; jokers-only plays last.
    """
    counts = [0] * (JOKER + 1)
    for card in hand:
        counts[card] += 1
    jokers = counts[JOKER]
    by_value = PLAYS_OF[jokers]
    plays: list[Play] = []
    for value in VALUES:
        held = counts[value]
        if held:
            plays += by_value[value][held]
    plays += JOKER_PLAYS[jokers]
    return plays


def layer_cards(action: Play) -> tuple[int, ...]:
    """The cards a play puts down as its new layer: the naturals, then the jokers."""
    if action.value == JOKER:
        return (JOKER,) * action.jokers
    return (action.value,) * action.naturals + (JOKER,) * action.jokers


def steals(size: int, value: int, top: Sequence[int], expert: bool) -> bool:
    """Rules 6–7: whether a layer just played (size, value) must steal an opponent's `top`.

    Same size and a strictly higher value: a jokers-only layer (JOKER) thus beats any number
    layer (7b) and is never beaten by one (7a). In `expert`, a layer of 1s also steals a
    jokers-only layer of its size (7c).
    """
    if len(top) != size:
        return False
    target = min(top)
    return value > target or (expert and value == 1 and target == JOKER)


def draw_sources(display: Display, pile: Pile) -> list[Action]:
    """Rule 8b / D3: any occupied display slot (a card or a whole group), or the pile's top."""
    sources: list[Action] = [DRAW_DISPLAY[slot] for slot, cards in enumerate(display) if cards]
    if len(pile):
        sources.append(DRAW_PILE)
    return sources


def supply_exhausted(display: Display, pile: Pile) -> bool:
    """End (b) of rule 8b: the draw pile and the display are both empty."""
    return not len(pile) and display.is_empty()


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
