"""Hand-built Linko positions for scenario tests, with all 109 cards accounted for."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Sequence

from meeple import Display, Hand, KeyedPiles, Tableau
from meeple.testing import position as build
from meeple_linko import Linko
from meeple_linko.cards import JOKER
from meeple_linko.decisions import PlayCards
from meeple_linko.state import LinkoState

J = JOKER


def position(players: int = 3, options: Mapping | None = None, *,
             hands: Sequence[Iterable[int]], known: Sequence[Iterable[int]] = (),
             tableaux: Sequence[Sequence[Iterable[int]]] = (),
             display: Sequence[int | Iterable[int]] | None = None, pile_top: Sequence[int] = (),
             rest: str = "pile", ghost: Mapping[int, int] | None = None,
             removed: Sequence[int] = (), active: int = 0, invariants: bool = True) -> LinkoState:
    """A state where `active` is to play.

    `hands[s]` are seat s's cards, of which `known[s]` are known to all; `tableaux[s]` its
    layers, oldest first; `display` its slots (an int, a tuple for a Duel group, or () empty;
    default: six cards from the rest); `pile_top` the next cards to be drawn, first drawn
    first. The cards left over go under the pile (`rest="pile"`) or onto the discard pile
    (`rest="discard"`, leaving exactly `pile_top` in the pile). `ghost` maps values to pile
    sizes for the Duel's Ghost Zone. `invariants=False` for a position the rules could never reach
    (a display not refilled while the pile lasts...), built on purpose.
    """
    game = Linko(players, options)
    left = Counter(game.deck())

    def use(cards: Iterable[int]) -> list[int]:
        cards = list(cards)
        left.subtract(cards)
        assert all(n >= 0 for n in left.values()), f"more copies than the deck holds: {cards}"
        return cards

    hand_zones = []
    for seat in range(players):
        cards = use(hands[seat]) if seat < len(hands) else []
        hand = Hand((), owner=seat, ordered=False)
        shown = Counter(known[seat]) if seat < len(known) else Counter()
        for card in cards:
            hand.add(card, known=shown[card] > 0)
            shown[card] -= 1
        hand_zones.append(hand)
    tableau_zones = tuple(Tableau([use(layer) for layer in (tableaux[s] if s < len(tableaux) else ())],
                                  owner=s) for s in range(players))
    ghost_zone = KeyedPiles([(value, use([value] * size)) for value, size in (ghost or {}).items()])
    removed_pile = use(removed)
    top = use(pile_top)
    if display is None:
        spare = sorted(left.elements())
        display = spare[:6]
    slots = [use((s,) if isinstance(s, int) else s) for s in display]
    rest_cards = sorted(left.elements())
    pile_cards = (rest_cards if rest == "pile" else []) + list(reversed(top))
    discard = rest_cards if rest == "discard" else []
    # meeple.testing.position checks that all 109 cards are there exactly once.
    return build(game, to_act=PlayCards(active), hands=hand_zones, tableaux=tableau_zones,
                 display=Display(6, slots), draw_pile=pile_cards, discard=discard, ghost=ghost_zone,
                 removed=removed_pile, active=active, invariants=invariants)


def hand_of(state: LinkoState, seat: int) -> list[int]:
    return sorted(state.hands[seat])


def known_of(state: LinkoState, seat: int, viewer: int) -> tuple[int, ...]:
    """The cards of seat `seat` that `viewer` knows (from the viewer's view)."""
    return state.view(viewer).hands[seat].known
