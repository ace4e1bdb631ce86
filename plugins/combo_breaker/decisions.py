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
from .actions import INSERTS, TAKES, InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from .cards import CARDS_PER_DRAW, DEALER, DECK, DRAW, MOST_SEATS, STOP, X, card_name, hand_size
from .combos import NO_COMBINATION
from .legal import can_follow, card_plays
from .state import ComboBreakerState
from .trick import (COMBINATION_ENTRIES, DRAW_PLAYS, STOP_PLAYS, combination_entries,
                    draw_recipient, draws_played, next_leader, rank_to_beat, round_payers)
from .words import declarations, declared, the_x

# -- Rules 2–3: the deal and the round's leader ----------------------------------------------------


def deal(state: ComboBreakerState) -> None:
    """Rule 2: shuffle all 54 cards, deal the hands in the order dealt, two face-up reserve
    cards each, and the rest face down as the draw pile.

    The `drawn` zones are already empty: a drawn card is placed before its trick ends (rule 7a),
    and rounds end only during a trick or at its end."""
    for hand in state.hands:
        hand.clear()
    for reserve in state.reserves:
        reserve.clear()
    state.pile.clear()
    state.discard.clear()
    state.trick.clear()  # every card is dealt anew
    state.trick_plays = ()
    cards = list(DECK)  # the game's deck (ComboBreaker.deck), in its fixed order
    state.rng.shuffle(cards)
    size = hand_size(len(state.hands))
    for hand in state.hands:
        hand.extend(cards[-size:])
        del cards[-size:]
    state.pile.extend(cards)
    for reserve in state.reserves:  # each slot (RESERVE_CARDS) from the top: one call per seat
        reserve.refill(state.pile)


#: players -> leader -> every seat clockwise from the leader, the leader first.
_CLOCKWISE = {players: tuple(tuple((leader + step) % players for step in range(players))
                             for leader in range(players)) for players in range(1, MOST_SEATS + 1)}


def start_trick(state: ComboBreakerState, leader: int, sizes: list[int] | None = None) -> None:
    """Rules 3 and 5: `leader` leads a trick played by everyone holding hand cards now, clockwise
    from the leader. `sizes`: each seat's hand size, when the caller has just counted them."""
    hands = state.hands
    if sizes is None:
        sizes = [len(hand) for hand in hands]
    seats = _CLOCKWISE[len(hands)][leader]
    if 0 in sizes:
        seats = tuple([seat for seat in seats if sizes[seat]])
    state.trick_seats = seats
    state.pending.append(LEADS[leader])


# -- Rules 5a–d and 6: a turn in the trick, resolved -----------------------------------------------


def resolve_turn(frame: Lead | Follow, state: ComboBreakerState, action: Action) -> None:
    """The `resolve` of Lead and Follow: carry out a leader's or a follower's action.

    A combination, a Stop or a Draw card goes on the trick as a new layer, recorded with who
    played it and as what (rules 5a–c); a Stop ends the trick at once (rule 6). A reserve card
    (rule 5d, a follower's only) goes into the hand, known to everyone at its position. Otherwise
    the turn passes clockwise to the next player who was in the round at the trick's start, and a
    player with none of rule 5a–d ends the round and gives up a token (ruling 7). All in one
    function: this runs at nearly every decision."""
    seat = frame.player
    kind = type(action)
    if kind is PlayCombination:
        cards = state.hands[seat].take(action.start, action.count)
        wilds = action.wilds
        entries = COMBINATION_ENTRIES.get((cards, wilds))
        if entries is None:
            entries = combination_entries(cards, wilds, state.game.double_wild)
        state.trick.push_layer(cards)
        state.trick_plays += (entries[seat],)
    elif kind is TakeReserve:  # 5d
        (card,) = state.reserves[seat].take(action.slot)
        state.hands[seat].insert(action.position, card, True)  # known; positional: a keyword costs more
    else:
        state.trick.push_layer(state.hands[seat].take(action.position, 1))
        if kind is PlayStop:
            state.trick_plays += (STOP_PLAYS[seat],)
            end_trick(state)  # rule 6: the remaining players don't act
            return
        state.trick_plays += (DRAW_PLAYS[seat],)
    seats = state.trick_seats
    index = seats.index(seat) + 1
    if index == len(seats):
        end_trick(state)
        return
    follower = seats[index]
    if not state.reserves[follower].is_empty():  # 5d
        state.pending.append(FOLLOWS[follower])
        return
    to_beat = state.trick_plays[-1].rank  # as in Follow.legal_actions: the last play is the best...
    if to_beat is None:  # ...unless it is a Draw card
        to_beat = rank_to_beat(state.trick_plays)
    if can_follow(tuple(state.hands[follower].cards()), to_beat, state.game.double_wild):  # 5a–c
        state.pending.append(FOLLOWS[follower])
    else:
        end_round(state, (follower,))


# -- Rule 5: leading the trick ---------------------------------------------------------------------


@frozen
class Lead(Decision):
    """Lead the trick: any combination, a Stop or a Draw card; no reserve card (rule 5)."""

    tag = "lead"

    def describe(self) -> str:
        return "lead the trick"

    def legal_actions(self, state: ComboBreakerState) -> list[Action]:
        cards = tuple(state.hands[self.player].cards())  # (`tuple(hand)` would ask its len too)
        return card_plays(cards, NO_COMBINATION, state.game.double_wild)  # rule 5

    resolve = resolve_turn

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
        cards = tuple(state.hands[seat].cards())
        to_beat = state.trick_plays[-1].rank  # the leader has played: the last play is the best...
        if to_beat is None:  # ...unless it is a Draw card (a Stop ends the trick)
            to_beat = rank_to_beat(state.trick_plays)
        actions = card_plays(cards, to_beat, state.game.double_wild)  # 5a–c
        positions = len(cards) + 1
        left, right = state.reserves[seat]  # 5d: each occupied slot of the two (RESERVE_CARDS)
        if left:
            actions += TAKES[0][:positions]
        if right:
            actions += TAKES[1][:positions]
        return actions

    resolve = resolve_turn

    def explain_illegal(self, state: ComboBreakerState, action: Action) -> str | None:
        if type(action) is not TakeReserve:
            return explain_card_play(state, self.player, action)
        seat = self.player
        reserve = state.reserves[seat]
        if not 0 <= action.slot < reserve.width or not reserve[action.slot]:
            return f"seat {seat} has no reserve card in slot {action.slot}"
        return f"reserve cards go into positions 0 to {len(state.hands[seat])}"


FOLLOWS = tuple(Follow(seat) for seat in range(MOST_SEATS))  # shared, as LEADS


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
    plays = state.trick_plays
    draws = draws_played(plays)
    if not draws:  # every play but a closing Stop is a combination: the last play's player leads
        finish_trick(state, plays[-1].seat)
        return
    drawer = draw_recipient(plays)
    count = min(CARDS_PER_DRAW * draws, len(state.pile))
    if count:
        _draw_one(state, drawer, count)
    else:
        finish_trick(state, drawer)


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

    def legal_actions(self, state: ComboBreakerState) -> tuple[Action, ...]:
        return INSERTS[:len(state.hands[self.player]) + 1]

    def resolve(self, state: ComboBreakerState, action: InsertDrawn) -> None:
        seat = self.player
        card = state.drawn[seat].pop()
        state.hands[seat].insert(action.position, card)
        if self.left and len(state.pile):
            _draw_one(state, seat, self.left)
        else:
            finish_trick(state, seat)

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


def finish_trick(state: ComboBreakerState, chosen: int) -> None:
    """Rules 7b–d and 8: discard the trick, end the round or name the next leader. `chosen` is
    7d's first choice (`trick.first_choice`): the drawer, else the Stop player, else the best
    combination's player."""
    plays = state.trick_plays
    state.discard.extend(state.trick.clear())  # the oldest layer first
    state.trick_plays = ()
    sizes = [len(hand) for hand in state.hands]
    if len(sizes) - sizes.count(0) < 2:  # 7c: one player or nobody holds cards
        end_round(state, round_payers(plays, state.trick_seats, sizes))
        return
    start_trick(state, chosen if sizes[chosen] else next_leader(plays, sizes), sizes)  # 7d


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
