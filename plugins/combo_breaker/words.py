"""Rules in words: why an action is illegal, and what an action does, for people and logs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

from meeple import Action

from . import combos
from .actions import InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from .cards import DRAW, STOP, VALUES, X, card_name
from .decisions import Lead, PlaceDrawn
from .trick import rank_to_beat

if TYPE_CHECKING:
    from .state import ComboBreakerState


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


def _declarations(cards: Sequence[int], double_wild: bool) -> str:
    """What the X cards of `cards` may be declared as to make a combination, in words: "the X can
    be 11 or 12", "the X cards can be 8 and 9 or 10 and 10"; empty when nothing works."""
    declarations = sorted({wilds for _, wilds in combos.plays_of(cards, double_wild)})
    if not declarations:
        return ""
    if len(declarations) == len(VALUES):
        return "the X can be any value from 1 to 12"
    options = [" and ".join(map(str, wilds)) for wilds in declarations]
    listed = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]
    return f"{'the X' if cards.count(X) == 1 else 'the X cards'} can be {listed}"


def _the_x(wilds: int) -> str:
    return "the X is" if wilds == 1 else "the X cards are"


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
    shown = " ".join(map(card_name, cards))
    wilds = cards.count(X)
    if cards.count(X) == 2 and not double_wild:
        return "both X cards in one combination need the double_wild option (rule 4)"
    works = _declarations(cards, double_wild)
    if len(action.wilds) != wilds:
        if not wilds:
            return f"{shown} holds no X card, so no value is declared (rule 4)"
        if not works:
            return f"{shown} is not a combination, whatever {_the_x(wilds)} (rule 4)"
        if len(action.wilds) > wilds:
            return (f"{shown} holds {wilds} X card{'s' if wilds > 1 else ''} but {len(action.wilds)} "
                    f"values were declared (rule 4): {works}")
        what = "the X's value" if wilds == 1 else "both X values"
        return f"{shown} needs {what} declared (rule 4): {works}"
    rank = combos.rank_of(cards, action.wilds, double_wild)
    as_played = " ".join(declared(cards, action.wilds))
    if rank is None:
        if not wilds:
            return f"{shown} is not a combination (rule 4)"
        if not works:
            return f"{as_played} is not a combination, whatever {_the_x(wilds)} (rule 4)"
        return f"{as_played} is not a combination (rule 4); {works}"
    to_beat = rank_to_beat(state.trick_plays)
    if rank <= to_beat:
        return (f"{as_played} ({combos.describe(rank)}) does not beat the {combos.describe(to_beat)} "
                f"(rule 5a: a play must be strictly higher)")
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
            return f"seat {seat} plays {play_words(cards, action.wilds)}"
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
