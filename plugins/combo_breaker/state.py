"""The state of a Combo Breaker game and its rules: tricks (rules 5–7), going out (rule 8),
tokens and rounds (rules 3 and 9).

Zones: an ordered hand per seat (never reordered; reserve cards enter it face up and stay known
to everyone at their position), two face-up reserve slots per seat, a one-card zone per seat for
the card being placed after a Draw (seen by its owner only), the face-down draw pile, the
discard pile and the current trick (one layer per card play, in play order, with the public
`trick_plays` record saying who played what).
"""

from __future__ import annotations

from attrs import define

from meeple import Action, Counters, Display, Hand, Pile, State, Tableau

from . import combos, words
from .actions import DRAWS, INSERTS, STOPS, TAKES, InsertDrawn, PlayCombination, PlayDraw, PlayStop
from .cards import CARDS_PER_DRAW, DEALER, DRAW, STOP, hand_size
from .combos import NO_COMBINATION
from .decisions import Follow, Lead, PlaceDrawn
from .legal import combinations
from .trick import (COMBINATION, DRAW_CARD, STOP_CARD, TrickPlay, draw_recipient, draws_played,
                    next_leader, rank_to_beat, round_payers)


@define(slots=True, eq=False, kw_only=True)
class ComboBreakerState(State):
    tokens: Counters  # seat -> tokens held (rule 1)
    hands: tuple[Hand, ...]  # ordered, owner only; reserve cards known at their position
    reserves: tuple[Display, ...]  # two face-up slots per seat (rule 2)
    drawn: tuple[Pile, ...]  # the card a drawer is placing (rule 7a), seen by its owner only
    pile: Pile  # face-down draw pile
    discard: Pile
    trick: Tableau  # the cards played in the current trick, one layer per play
    trick_plays: tuple[TrickPlay, ...] = ()  # who played each layer of `trick`, and as what
    trick_seats: tuple[int, ...] = ()  # players in the round when the trick began, from its leader
    round_number: int = 1
    paid: tuple[int, ...] = ()  # who gave up a token at the end of the previous round
    losers: tuple[int, ...] = ()  # who had to give up a token and had none (rule 9)

    # -- legal actions ----------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        """Combinations (by position, size, rank), then Stop and Draw cards by position, then
        reserve takes by slot and position; a drawer places a drawn card at any position."""
        decision = self.pending[-1]
        seat = decision.player
        hand = self.hands[seat]
        size = len(hand)
        if type(decision) is PlaceDrawn:
            return list(INSERTS[:size + 1])
        cards = tuple(hand)
        following = type(decision) is Follow
        to_beat = rank_to_beat(self.trick_plays) if following else NO_COMBINATION  # rule 5: lead anything
        actions: list[Action] = combinations(cards, to_beat, self.game.double_wild)
        if STOP in cards or DRAW in cards:
            for position, card in enumerate(cards):
                if card == STOP:
                    actions.append(STOPS[position])
                elif card == DRAW:
                    actions.append(DRAWS[position])
        if following:
            for slot in self.reserves[seat].occupied():
                actions.extend(TAKES[slot][:size + 1])
        return actions

    def _has_option(self, seat: int) -> bool:
        """Whether a player about to follow has any of rule 5a–d."""
        hand = self.hands[seat]
        if STOP in hand or DRAW in hand or not self.reserves[seat].is_empty():
            return True
        return bool(combinations(tuple(hand), rank_to_beat(self.trick_plays), self.game.double_wild))

    # -- carrying out actions ---------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        decision = self.pending.pop()
        seat = decision.player
        kind = type(action)
        if kind is InsertDrawn:
            self._place_drawn(seat, action.position, decision.left)
            return
        hand = self.hands[seat]
        if kind is PlayCombination:
            cards = hand.take(action.start, action.count)
            rank = combos.rank_of(cards, action.wilds, self.game.double_wild)
            self._record(cards, TrickPlay(seat, COMBINATION, rank, action.wilds))
        elif kind is PlayStop:
            self._record(hand.take(action.position, 1), TrickPlay(seat, STOP_CARD))
            self._end_trick()  # rule 6: the remaining players don't act
            return
        elif kind is PlayDraw:
            self._record(hand.take(action.position, 1), TrickPlay(seat, DRAW_CARD))
        else:  # TakeReserve, rule 5d: the card stays known to everyone at its position
            (card,) = self.reserves[seat].take(action.slot)
            hand.insert(action.position, card, known=True)
        self._next_turn(seat)

    def _record(self, cards: tuple[int, ...], entry: TrickPlay) -> None:
        self.trick.push_layer(cards)
        self.trick_plays = self.trick_plays + (entry,)

    def _next_turn(self, seat: int) -> None:
        """Pass the turn clockwise to the next player who was in the round at the trick's start;
        a player with none of rule 5a–d ends the round and gives up a token."""
        seats = self.trick_seats
        index = seats.index(seat) + 1
        if index == len(seats):
            self._end_trick()
        elif self._has_option(seats[index]):
            self.pending.append(Follow(seats[index]))
        else:
            self._end_round((seats[index],))

    def _end_trick(self) -> None:
        """Rule 7a: the recipient draws 3 cards per Draw card, one at a time, or what is left."""
        drawer = draw_recipient(self.trick_plays)
        if drawer is not None:
            count = min(CARDS_PER_DRAW * draws_played(self.trick_plays), len(self.pile))
            if count:
                self._draw_one(drawer, count)
                return
        self._finish_trick()

    def _draw_one(self, seat: int, count: int) -> None:
        """Draw the next of `count` cards for `seat` to place (rule 7a)."""
        self.drawn[seat].push(self.pile.pop())
        self.pending.append(PlaceDrawn(seat, left=count - 1))

    def _place_drawn(self, seat: int, position: int, left: int) -> None:
        card = self.drawn[seat].pop()
        self.hands[seat].insert(position, card)
        if left and len(self.pile):
            self._draw_one(seat, left)
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """Rules 7b–d and 8: discard the trick, end the round or name the next leader."""
        plays = self.trick_plays
        layers = []
        while len(self.trick):
            layers.append(self.trick.pop_layer())
        for layer in reversed(layers):
            self.discard.extend(layer)
        self.trick_plays = ()
        has_cards = [len(hand) > 0 for hand in self.hands]
        payers = round_payers(plays, self.trick_seats, has_cards)
        if payers:
            self._end_round(payers)
            return
        leader = next_leader(plays, has_cards)
        self._start_trick(leader)

    def _start_trick(self, leader: int) -> None:
        players = len(self.hands)
        self.trick_seats = tuple(seat for seat in ((leader + step) % players for step in range(players))
                                 if len(self.hands[seat]))
        self.pending.append(Lead(leader))

    # -- rounds and tokens --------------------------------------------------------------------

    def _end_round(self, payers: tuple[int, ...]) -> None:
        """Rule 9: every debtor pays if they can; any who cannot lose and the game ends.
        Otherwise rule 3: the lone payer leads the next round, or the dealer if several paid."""
        losers = []
        for seat in payers:
            if self.tokens[seat]:
                self.tokens.take(seat)
            else:
                losers.append(seat)
        self.paid = payers
        self.trick_seats = ()
        if losers:
            self.losers = tuple(losers)
            self.pending.clear()
            return
        self.round_number += 1
        self.deal()
        self._start_trick(payers[0] if len(payers) == 1 else DEALER)

    def deal(self) -> None:
        """Rule 2: shuffle all 54 cards, deal the hands in the order dealt, two face-up reserve
        cards each, and the rest face down as the draw pile."""
        for zones in (self.hands, self.reserves, self.drawn):
            for zone in zones:
                zone.clear()
        self.pile.clear()
        self.discard.clear()
        while len(self.trick):
            self.trick.pop_layer()
        self.trick_plays = ()
        cards = list(self.game.deck())
        self.rng.shuffle(cards)
        size = hand_size(len(self.hands))
        for hand in self.hands:
            hand.extend(cards[-size:])
            del cards[-size:]
        for reserve in self.reserves:
            for slot in range(reserve.width):
                reserve.put(slot, cards.pop())
        self.pile.extend(cards)

    def begin(self, leader: int) -> None:
        """Deal the first round and hand the lead to `leader` (rule 3: the dealer's left)."""
        self.deal()
        self._start_trick(leader)

    # -- results --------------------------------------------------------------------------------

    def _scores(self) -> list[int]:
        return [-1 if seat in self.losers else self.tokens[seat] for seat in range(len(self.hands))]

    def _winners(self) -> list[int]:
        return [seat for seat in range(len(self.hands)) if seat not in self.losers]

    def invariants(self) -> list[str]:
        problems = super().invariants()
        for seat in range(len(self.hands)):
            if self.tokens[seat] < 0:
                problems.append(f"seat {seat} holds {self.tokens[seat]} tokens")
            if len(self.drawn[seat]) > 1:
                problems.append(f"seat {seat} is placing {len(self.drawn[seat])} drawn cards at once")
        if len(self.trick) != len(self.trick_plays):
            problems.append(f"{len(self.trick)} trick layers but {len(self.trick_plays)} recorded plays")
        if self.pending and self.trick_seats and self.pending[-1].player not in self.trick_seats \
                and type(self.pending[-1]) is not PlaceDrawn:
            problems.append(f"seat {self.pending[-1].player} acts but was not in the trick")
        return problems

    # -- words ------------------------------------------------------------------------------------

    def explain_illegal(self, action: Action) -> str | None:
        return words.explain_illegal(self, action)

    def describe(self, action: Action) -> str:
        return words.describe(self, action)
