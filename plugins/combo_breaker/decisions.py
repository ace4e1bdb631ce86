"""Combo Breaker's decisions, in rulebook order, each owning its rules: what is legal, what
happens, why an action is refused. Between them, the steps the rules carry out on their own
(the deal, the end of a trick, the end of a round) are plain functions in the same order.
Rule numbers refer to rules.md; RULINGS.md records how its open points are read.

A round: deal (2) → a trick led (3, 5) → each other player in the round follows once (5a–d),
unless a Stop ends it (6) → the trick's end: Draw cards drawn one at a time (7a), the trick
discarded, tokens owed or the next leader named (7b–d, 8) → at the round's end tokens are paid,
and either someone cannot pay and the game ends or a new round is dealt (9, 3).
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action, Decision

from . import combos
from .actions import (DRAWS, INSERTS, STOPS, TAKES, InsertDrawn, PlayCombination, PlayDraw,
                      PlayStop, TakeReserve)
from .cards import CARDS_PER_DRAW, DEALER, DRAW, MOST_SEATS, STOP, X, card_name, hand_size
from .combos import NO_COMBINATION
from .legal import combinations
from .state import ComboBreakerState
from .trick import (DRAW_PLAYS, STOP_PLAYS, combination_play, draw_recipient, draws_played,
                    next_leader, rank_to_beat, round_payers)
from .words import declarations, declared, the_x

# -- Rules 2–3: the deal and the round's leader ----------------------------------------------------


def deal(state: ComboBreakerState) -> None:
    """Rule 2: shuffle all 54 cards, deal the hands in the order dealt, two face-up reserve
    cards each, and the rest face down as the draw pile."""
    for zones in (state.hands, state.reserves, state.drawn):
        for zone in zones:
            zone.clear()
    state.pile.clear()
    state.discard.clear()
    while len(state.trick):
        state.trick.pop_layer()
    state.trick_plays = ()
    cards = list(state.game.deck())
    state.rng.shuffle(cards)
    size = hand_size(len(state.hands))
    for hand in state.hands:
        hand.extend(cards[-size:])
        del cards[-size:]
    for reserve in state.reserves:
        for slot in range(reserve.width):
            reserve.put(slot, cards.pop())
    state.pile.extend(cards)


#: players -> leader -> every seat clockwise from the leader, the leader first.
_CLOCKWISE = {players: tuple(tuple((leader + step) % players for step in range(players))
                             for leader in range(players)) for players in range(1, MOST_SEATS + 1)}


def start_trick(state: ComboBreakerState, leader: int) -> None:
    """Rules 3 and 5: `leader` leads a trick played by everyone holding hand cards now, clockwise
    from the leader."""
    hands = state.hands
    state.trick_seats = tuple([seat for seat in _CLOCKWISE[len(hands)][leader] if len(hands[seat])])
    state.pending.append(LEADS[leader])


# -- Rule 5: leading the trick ---------------------------------------------------------------------


@frozen
class Lead(Decision):
    """Lead the trick: any combination, a Stop or a Draw card; no reserve card (rule 5)."""

    tag = "lead"

    def describe(self) -> str:
        return "lead the trick"

    def legal_actions(self, state: ComboBreakerState) -> list[Action]:
        return card_plays(tuple(state.hands[self.player]), NO_COMBINATION, state.game.double_wild)  # rule 5

    def resolve(self, state: ComboBreakerState, action: Action) -> None:
        play_card(state, self.player, action)

    def explain_illegal(self, state: ComboBreakerState, action: Action) -> str | None:
        if type(action) is TakeReserve:
            return "the leader must play a combination, a Stop or a Draw card (rule 5)"
        return explain_card_play(state, self.player, action)


#: The lead frame of each seat, shared: a frame is an immutable value, and sharing one spares an
#: allocation at every trick.
LEADS = tuple(Lead(seat) for seat in range(MOST_SEATS))


# -- Rules 5a–d: following -------------------------------------------------------------------------


@frozen
class Follow(Decision):
    """Act once in the trick: beat the best combination, play a Stop or a Draw card, or take a
    reserve card (rule 5a–d)."""

    tag = "follow"

    def describe(self) -> str:
        return "beat the trick, play a Stop or Draw card, or take a reserve card"

    def legal_actions(self, state: ComboBreakerState) -> list[Action]:
        seat = self.player
        cards = tuple(state.hands[seat])
        actions = card_plays(cards, rank_to_beat(state.trick_plays), state.game.double_wild)  # 5a–c
        positions = len(cards) + 1
        for slot, held in enumerate(state.reserves[seat]):  # 5d: each occupied slot
            if held:
                actions += TAKES[slot][:positions]
        return actions

    def resolve(self, state: ComboBreakerState, action: Action) -> None:
        if type(action) is not TakeReserve:
            play_card(state, self.player, action)
            return
        # 5d: the reserve card stays known to everyone at its position
        (card,) = state.reserves[self.player].take(action.slot)
        state.hands[self.player].insert(action.position, card, known=True)
        next_turn(state, self.player)

    def explain_illegal(self, state: ComboBreakerState, action: Action) -> str | None:
        if type(action) is not TakeReserve:
            return explain_card_play(state, self.player, action)
        seat = self.player
        reserve = state.reserves[seat]
        if not 0 <= action.slot < reserve.width or not reserve[action.slot]:
            return f"seat {seat} has no reserve card in slot {action.slot}"
        return f"reserve cards go into positions 0 to {len(state.hands[seat])}"


FOLLOWS = tuple(Follow(seat) for seat in range(MOST_SEATS))  # shared, as LEADS


def card_plays(cards: tuple[int, ...], to_beat: int, double_wild: bool) -> list[Action]:
    """Rules 5a–c for a hand holding `cards`: combinations stronger than `to_beat` (by position,
    size, rank), then Stop and Draw cards by position (a new list)."""
    actions: list[Action] = combinations(cards, to_beat, double_wild)
    if STOP in cards or DRAW in cards:
        for position, card in enumerate(cards):
            if card == STOP:
                actions.append(STOPS[position])
            elif card == DRAW:
                actions.append(DRAWS[position])
    return actions


def play_card(state: ComboBreakerState, seat: int, action: Action) -> None:
    """Put a combination, a Stop or a Draw card on the trick as a new layer, recording who played
    it and as what (rules 5a–c); a Stop ends the trick at once (rule 6), anything else passes the
    turn."""
    hand = state.hands[seat]
    kind = type(action)
    if kind is PlayCombination:
        cards = hand.take(action.start, action.count)
        rank = combos.known_rank(cards, action.wilds, state.game.double_wild)
        entry = combination_play(seat, rank, action.wilds)
    else:
        cards = hand.take(action.position, 1)
        entry = STOP_PLAYS[seat] if kind is PlayStop else DRAW_PLAYS[seat]
    state.trick.push_layer(cards)
    state.trick_plays = state.trick_plays + (entry,)
    if kind is PlayStop:
        end_trick(state)  # rule 6: the remaining players don't act
    else:
        next_turn(state, seat)


def next_turn(state: ComboBreakerState, seat: int) -> None:
    """Pass the turn clockwise to the next player who was in the round at the trick's start;
    a player with none of rule 5a–d ends the round and gives up a token."""
    seats = state.trick_seats
    index = seats.index(seat) + 1
    if index == len(seats):
        end_trick(state)
    elif state.has_option(seats[index]):
        state.pending.append(FOLLOWS[seats[index]])
    else:
        end_round(state, (seats[index],))


def explain_card_play(state: ComboBreakerState, seat: int, action: Action) -> str | None:
    """Why a combination, Stop or Draw card cannot be played by `seat` now (rules 4, 5a–c)."""
    kind = type(action)
    hand = tuple(state.hands[seat])
    if kind is InsertDrawn:
        return "there is no drawn card to insert"
    if kind in (PlayStop, PlayDraw):
        wanted = STOP if kind is PlayStop else DRAW
        if not 0 <= action.position < len(hand) or hand[action.position] != wanted:
            return f"there is no {card_name(wanted)} card at position {action.position}"
        return None
    if kind is PlayCombination:
        return _explain_combination(state, action, hand)
    return None


def _explain_combination(state: ComboBreakerState, action: PlayCombination,
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
    works = declarations(cards, double_wild)
    if len(action.wilds) != wilds:
        if not wilds:
            return f"{shown} holds no X card, so no value is declared (rule 4)"
        if not works:
            return f"{shown} is not a combination, whatever {the_x(wilds)} (rule 4)"
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
            return f"{as_played} is not a combination, whatever {the_x(wilds)} (rule 4)"
        return f"{as_played} is not a combination (rule 4); {works}"
    to_beat = rank_to_beat(state.trick_plays)
    if rank <= to_beat:
        return (f"{as_played} ({combos.describe(rank)}) does not beat the {combos.describe(to_beat)} "
                f"(rule 5a: a play must be strictly higher)")
    return None


# -- Rules 6–7a: the end of a trick, Draw cards ----------------------------------------------------


def end_trick(state: ComboBreakerState) -> None:
    """Rule 7a: the recipient draws 3 cards per Draw card, one at a time, or what is left."""
    drawer = draw_recipient(state.trick_plays)
    if drawer is not None:
        count = min(CARDS_PER_DRAW * draws_played(state.trick_plays), len(state.pile))
        if count:
            _draw_one(state, drawer, count)
            return
    finish_trick(state)


def _draw_one(state: ComboBreakerState, seat: int, count: int) -> None:
    """Draw the next of `count` cards for `seat` to place (rule 7a)."""
    state.drawn[seat].push(state.pile.pop())
    state.pending.append(_placing(seat, count - 1))


@frozen
class PlaceDrawn(Decision):
    """Insert the card just drawn for Draw cards; `left` more are drawn after it (rule 7a)."""

    tag = "place_drawn"
    left: int

    def describe(self) -> str:
        more = f" ({self.left} more to draw)" if self.left else ""
        return f"insert a drawn card into the hand{more}"

    def legal_actions(self, state: ComboBreakerState) -> list[Action]:
        return list(INSERTS[:len(state.hands[self.player]) + 1])

    def resolve(self, state: ComboBreakerState, action: InsertDrawn) -> None:
        seat = self.player
        card = state.drawn[seat].pop()
        state.hands[seat].insert(action.position, card)
        if self.left and len(state.pile):
            _draw_one(state, seat, self.left)
        else:
            finish_trick(state)

    def explain_illegal(self, state: ComboBreakerState, action: Action) -> str | None:
        if type(action) is not InsertDrawn:
            return f"seat {self.player} must first insert the card drawn for the Draw cards (rule 7a)"
        return f"insert positions run from 0 to {len(state.hands[self.player])}"


_PLACINGS: dict[tuple[int, int], PlaceDrawn] = {}


def _placing(seat: int, left: int) -> PlaceDrawn:
    """The shared PlaceDrawn(seat, left) frame (as LEADS)."""
    frame = _PLACINGS.get((seat, left))
    if frame is None:
        frame = _PLACINGS[seat, left] = PlaceDrawn(seat, left=left)
    return frame


# -- Rules 7b–d and 8: the trick discarded; tokens owed or the next leader -------------------------


def finish_trick(state: ComboBreakerState) -> None:
    """Rules 7b–d and 8: discard the trick, end the round or name the next leader."""
    plays = state.trick_plays
    trick = state.trick
    state.discard.extend(trick.cards())  # the oldest layer first
    for _ in plays:  # one layer per recorded play
        trick.pop_layer()
    state.trick_plays = ()
    has_cards = [len(hand) > 0 for hand in state.hands]
    payers = round_payers(plays, state.trick_seats, has_cards)
    if payers:
        end_round(state, payers)
        return
    start_trick(state, next_leader(plays, has_cards))


# -- Rule 9: tokens, the next round and the end ----------------------------------------------------


def end_round(state: ComboBreakerState, payers: tuple[int, ...]) -> None:
    """Rule 9: every debtor pays if they can; any who cannot lose and the game ends.
    Otherwise rule 3: the lone payer leads the next round, or the dealer if several paid."""
    losers = []
    for seat in payers:
        if state.tokens[seat]:
            state.tokens.take(seat)
        else:
            losers.append(seat)
    state.paid = payers
    state.trick_seats = ()
    if losers:
        state.losers = tuple(losers)
        state.pending.clear()
        return
    state.round_number += 1
    deal(state)
    start_trick(state, payers[0] if len(payers) == 1 else DEALER)


DECISION_TYPES = (Lead, Follow, PlaceDrawn)
