"""Linko's rules as small pure functions over zones: what may be played, what steals what,
and how the game is scored. The decisions that call them live in `decisions.py`.
"""

from __future__ import annotations

from itertools import product
from typing import Sequence

from meeple import Display, Hand, Pile

from .actions import DRAW_DISPLAY, DRAW_PILE, Action, Play
from .cards import COPIES, JOKER, JOKERS


def layer_cards(action: Play) -> tuple[int, ...]:
    """The cards a play puts down as its new layer: the naturals, then the jokers."""
    return LAYER_CARDS[action.value][action.naturals][action.jokers]


#: LAYER_CARDS[value][naturals][jokers]: `layer_cards` of that play, built once (a play reads it).
LAYER_CARDS = tuple(tuple(tuple((value,) * naturals + (JOKER,) * jokers for jokers in range(JOKERS + 1))
                          for naturals in range(COPIES + 1))
                    for value in range(JOKER + 1))


def beats(value: int, target: int, expert: bool) -> bool:
    """Rules 7a–c: whether a layer of `value` steals a layer of `target` of the same size.

    A strictly higher value: a jokers-only layer (JOKER) thus beats any number layer (7b) and is
    never beaten by one (7a). In `expert`, a layer of 1s also steals a jokers-only layer (7c).
    """
    return value > target or (expert and value == 1 and target == JOKER)


#: BEATS[expert][value][target]: `beats(value, target, expert)` for every layer value (1–14),
#: read once per play by the steal checks (`decisions.check_opponents`).
BEATS = tuple(tuple(tuple(beats(value, target, expert) for target in range(JOKER + 1))
                    for value in range(JOKER + 1))
              for expert in (False, True))


def steals(size: int, value: int, top: Sequence[int], expert: bool) -> bool:
    """Rules 6–7: whether a layer just played (size, value) must steal an opponent's `top`:
    same size, and a value that `beats` the top's."""
    return len(top) == size and BEATS[expert][value][min(top)]


#: Every draw from a full display and a pile that lasts (the common case of `draw_sources`).
EVERY_DRAW: tuple[Action, ...] = (*DRAW_DISPLAY, DRAW_PILE)


def draw_sources(display: Display, pile: Pile) -> tuple[Action, ...]:
    """Rule 8b / D3: any occupied display slot (a card or a whole group), or the pile's top.

    Read from `DRAW_SOURCES` by which slots are occupied, once the common case (a full display
    and a pile that lasts) is ruled out."""
    has_pile = not pile.is_empty()
    if has_pile and display.is_full():
        return EVERY_DRAW
    return DRAW_SOURCES[has_pile][tuple(map(bool, display))]


def _sources(occupied: tuple[bool, ...], has_pile: bool) -> tuple[Action, ...]:
    sources = tuple(DRAW_DISPLAY[slot] for slot, full in enumerate(occupied) if full)
    return (*sources, DRAW_PILE) if has_pile else sources


#: DRAW_SOURCES[has_pile][occupied]: `draw_sources` for every occupancy of the display's slots
#: (`occupied`, one bool per slot, left to right), without and with a pile: built once.
DRAW_SOURCES = tuple({occupied: _sources(occupied, has_pile)
                      for occupied in product((False, True), repeat=len(DRAW_DISPLAY))}
                     for has_pile in (False, True))


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
