"""Rules in words: why an action is illegal, and what an action does, for people and logs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

from meeple import Action

from . import combos
from .actions import InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from .cards import DRAW, STOP, X, card_name
from .decisions import Lead, PlaceDrawn
from .trick import rank_to_beat

if TYPE_CHECKING:
    from .state import ComboBreakerState


def declared(cards: Sequence[int], wilds: Sequence[int]) -> Iterator[str]:
    """Card names in hand order, each X shown with its declared value ("X=10")."""
    values = iter(wilds)
    for card in cards:
        yield f"X={next(values)}" if card == X else card_name(card)


def explain_illegal(state: "ComboBreakerState", action: Action) -> str | None:
    """Why `action` is not legal now, citing the rule (None when there is nothing specific)."""
    decision = state.pending[-1]
    seat = decision.player
    hand = tuple(state.hands[seat])
    kind = type(action)
    if type(decision) is PlaceDrawn:
        if kind is not InsertDrawn:
            return f"seat {seat} must first insert the card drawn for the Draw cards (rule 7a)"
        return f"insert positions run from 0 to {len(hand)}"
    if kind is InsertDrawn:
        return "there is no drawn card to insert"
    if kind is TakeReserve:
        reserve = state.reserves[seat]
        if type(decision) is Lead:
            return "the leader must play a combination, a Stop or a Draw card (rule 5)"
        if not 0 <= action.slot < reserve.width or not reserve[action.slot]:
            return f"seat {seat} has no reserve card in slot {action.slot}"
        return f"reserve cards go into positions 0 to {len(hand)}"
    if kind in (PlayStop, PlayDraw):
        wanted = STOP if kind is PlayStop else DRAW
        if not 0 <= action.position < len(hand) or hand[action.position] != wanted:
            return f"there is no {card_name(wanted)} card at position {action.position}"
        return None
    if kind is PlayCombination:
        return _explain_combination(state, action, hand)
    return None


def _explain_combination(state: "ComboBreakerState", action: PlayCombination,
                         hand: tuple[int, ...]) -> str | None:
    double_wild = state.game.double_wild
    if not 1 <= action.count <= 3 or action.start < 0 or action.start + action.count > len(hand):
        return f"a combination is 1–3 cards at positions inside 0–{len(hand) - 1} (rule 4)"
    cards = hand[action.start:action.start + action.count]
    if STOP in cards or DRAW in cards:
        return "Stop and Draw cards are never part of a combination (rule 4)"
    if len(action.wilds) != cards.count(X):
        return f"declare one value per X card: {cards.count(X)} here"
    rank = combos.rank_of(cards, action.wilds, double_wild)
    shown = " ".join(map(card_name, cards))
    if rank is None:
        if cards.count(X) == 2 and not double_wild:
            return "both X cards in one combination need the double_wild option (rule 4)"
        return f"{shown} is not a combination (rule 4)"
    to_beat = rank_to_beat(state.trick_plays)
    if rank <= to_beat:
        return (f"{shown} is a {combos.describe(rank)}, which does not beat the "
                f"{combos.describe(to_beat)} (rule 5a: strictly greater)")
    return None


def describe(state: "ComboBreakerState", action: Action) -> str:
    """The action in words, naming the cards it moves: "seat 1 plays 8 9 X=10 (straight of
    three to 10)"."""
    if not state.pending:
        return action.describe()
    seat = state.pending[-1].player
    kind = type(action)
    try:
        if kind is PlayCombination:
            cards = state.hands[seat][action.start:action.start + action.count]
            rank = combos.rank_of(cards, action.wilds, state.game.double_wild)
            return f"seat {seat} plays {' '.join(declared(cards, action.wilds))} ({combos.describe(rank)})"
        if kind is PlayStop:
            return f"seat {seat} plays a Stop"
        if kind is PlayDraw:
            return f"seat {seat} plays a Draw card"
        if kind is TakeReserve:
            card = state.reserves[seat][action.slot][0]
            return f"seat {seat} takes reserve {card_name(card)} into position {action.position}"
        if kind is InsertDrawn:
            return f"seat {seat} inserts a drawn card at position {action.position}"
    except (IndexError, TypeError):
        pass  # an action that does not fit this state: its own words
    return action.describe()
