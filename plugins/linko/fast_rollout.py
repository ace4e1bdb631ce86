"""A speed path: Linko's random rollout (`LinkoState.play_randomly`) on plain lists.

What a search bot's random rollout does — at each decision `legal[int(draw() * len(legal))]`
of the legal actions, to the end of the game — is what `State.play_randomly` does through the
decision frames of `decisions.py` (the reference: plain, the one a reader should read first).
This module plays the same moves with the same draws to the same final state, faster: it copies
the zones into lists once, keeps each hand's count by card (so rule 3's plays need no count of
the hand), picks a draw by its index instead of building the list of draw actions, and writes
the zones back at the end. Nothing else reads it: `LinkoState.play_randomly` reaches it through
`Linko.play_out`, and the rules keep their one source (`rules.plays_of_counts`, `rules.steals`,
the decisions' tables).

It plays the classic game (not the Duel: its Ghost Zone stays on the plain path) from a state
whose only pending decision is one of `decisions.py`'s and whose hands hold no card known to
some seats only (Linko never makes one; `can_play` checks). `tests/test_fast_rollout.py`
proves it equal to the reference on random states of every player count and variant; it stays
only while it pays (docs/figures.md, "The plain kernel (issue 31)": ISMCTS iterations).
"""

from __future__ import annotations

from typing import Callable

from meeple import Display, Hand, Pile, Tableau

from .actions import DISPLAY_WIDTH
from .decisions import (CLOCKWISE, DRAW_CARDS, NEXT_SEAT, NO_STEAL_DRAW, PLAY_CARDS, TAKE_OR_LEAVE,
                        BACK_OR_DISCARD, BackOrDiscard, DrawCards, NoStealDraw, PlayCards, TakeOrLeave)
from .rules import held_counts, layer_cards, plays_of_counts, steals
from .state import HAND_EMPTY, SUPPLY_EXHAUSTED, TURN_CAP, LinkoState


#: `_Table.sources` of a full display and a pile that lasts.
EVERY_SOURCE = (*range(DISPLAY_WIDTH), -1)


def can_play(state: LinkoState) -> bool:
    """Whether this module plays `state` out: a classic game with one decision of `decisions.py`
    pending and no hand card known to some seats only."""
    return (not state.game.duel and len(state.pending) == 1 and type(state.pending[0]) in _STEPS
            and not any(type(hand.known_to(i)) is frozenset for hand in state.hands for i in range(len(hand))))


def play_randomly(state: LinkoState, draw: Callable[[], float]) -> None:
    """`State.play_randomly(state, draw)` for a state `can_play` accepts: the same moves, draws
    and final state."""
    table = _Table(state)
    while table.frame is not None:
        table.moves += 1
        _STEPS[type(table.frame)](table, draw)
    table.write_back(state)


class _Table:
    """The state's zones as lists (a hand as its cards, who knows each, and its count by card),
    the turn's progress, and the decision owed now (`frame`; None once the game has ended)."""

    def __init__(self, state: LinkoState) -> None:
        game = state.game
        self.players, self.expert = game.players, game.expert
        self.no_steal_draw, self.ghost_blocks = game.no_steal_draw, game.ghost_steal_blocks_draw
        self.max_turns = game.max_turns
        self.hands = [list(hand) for hand in state.hands]
        self.known = [[hand.is_known(i) for i in range(len(hand))] for hand in state.hands]
        self.held = [held_counts(hand) for hand in self.hands]
        self.tableaux = [list(tableau) for tableau in state.tableaux]
        self.slots = list(state.display)
        self.pile, self.discard, self.stolen = list(state.draw_pile), list(state.discard), list(state.stolen)
        self.turn, self.active, self.checked = state.turn, state.active, state.checked
        self.stole, self.ghost_stole, self.ended = state.stole, state.ghost_stole, state.ended
        self.moves = state.moves
        self.frame = state.pending[0]

    # -- what the zones' methods do -------------------------------------------------------------

    def add(self, seat: int, cards: tuple[int, ...] | list[int], known: bool) -> None:
        """`Hand.extend(cards, known=known)`."""
        self.hands[seat] += cards
        self.known[seat] += [known] * len(cards)
        held = self.held[seat]
        for card in cards:
            held[card] += 1

    def remove(self, seat: int, cards: tuple[int, ...]) -> int:
        """`Hand.remove_many(cards)`: each card's first copy known to everyone, else its first
        copy; returns the cards left."""
        hand, known, held = self.hands[seat], self.known[seat], self.held[seat]
        for card in cards:
            best = position = hand.index(card)
            while not known[best] and held[card] > 1:  # another copy may be known to everyone
                try:
                    position = hand.index(card, position + 1)
                except ValueError:
                    break
                if known[position]:
                    best = position
            del hand[best]
            del known[best]
            held[card] -= 1
        return len(hand)

    def sources(self) -> list[int] | tuple[int, ...]:
        """`rules.draw_sources` as indices: the occupied display slots, then the pile as -1."""
        if self.pile and all(self.slots):
            return EVERY_SOURCE  # the common case, as `rules.EVERY_DRAW`
        sources = [slot for slot, cards in enumerate(self.slots) if cards]
        if self.pile:
            sources.append(-1)
        return sources

    def take_card(self, seat: int, source: int) -> bool:
        """`decisions.take_card`: returns whether the supply is exhausted."""
        if source < 0:
            self.add(seat, (self.pile.pop(),), False)
        else:
            self.add(seat, self.slots[source], True)
            self.slots[source] = ()
        return not self.pile and not any(self.slots)

    def refill(self) -> None:
        """`Display.refill(draw_pile)`."""
        slots, pile = self.slots, self.pile
        for slot, cards in enumerate(slots):
            if not pile:
                return
            if not cards:
                slots[slot] = (pile.pop(),)

    # -- the decisions (`decisions.py`), one method each ------------------------------------------

    def play_cards(self, draw: Callable[[], float]) -> None:
        player = self.frame.player
        legal = plays_of_counts(self.held[player])
        cards = layer_cards(legal[int(draw() * len(legal))])
        left = self.remove(player, cards)
        self.tableaux[player].append(cards)
        if not left:
            self.end_game(HAND_EMPTY)
            return
        self.checked, self.stole, self.ghost_stole = 0, False, False
        self.check_opponents()

    def take_or_leave(self, draw: Callable[[], float]) -> None:
        frame = self.frame
        if int(draw() * 2) == 0:  # (TAKE_STOLEN, LEAVE_STOLEN)
            taken, self.stolen = self.stolen, []
            self.add(frame.player, taken, True)
            self.frame = DRAW_CARDS[frame.victim][len(taken)]
        else:
            self.frame = BACK_OR_DISCARD[frame.victim]

    def back_or_discard(self, draw: Callable[[], float]) -> None:
        player = self.frame.player
        cards, self.stolen = self.stolen, []
        if int(draw() * 2) == 0:  # (TAKE_BACK, DISCARD)
            self.add(player, cards, True)
            self.check_opponents()
        else:
            self.discard += cards
            self.frame = DRAW_CARDS[player][len(cards)]

    def draw_cards(self, draw: Callable[[], float]) -> None:
        player, left = self.frame.player, self.frame.left
        sources = self.sources()
        if self.take_card(player, sources[int(draw() * len(sources))]):
            self.end_game(SUPPLY_EXHAUSTED)
        elif left > 1:
            self.frame = DRAW_CARDS[player][left - 1]
        else:
            self.refill()
            self.check_opponents()

    def no_steal_draw_step(self, draw: Callable[[], float]) -> None:
        player = self.frame.player
        sources = self.sources()
        choice = int(draw() * (len(sources) + 1))  # (DECLINE, *sources)
        if choice:
            if self.take_card(player, sources[choice - 1]):
                self.end_game(SUPPLY_EXHAUSTED)
                return
            self.refill()
        self.end_turn()

    # -- what the decisions share (`decisions.check_opponents`, `end_turn`, `end_game`) ----------

    def check_opponents(self) -> None:
        active, tableaux = self.active, self.tableaux
        layer = tableaux[active][-1]
        size, value = len(layer), min(layer)
        for checked, victim in CLOCKWISE[self.players][active][self.checked]:
            layers = tableaux[victim]
            if layers and steals(size, value, layers[-1], self.expert):
                self.checked, self.stole = checked, True
                self.stolen += layers.pop()
                self.frame = TAKE_OR_LEAVE[active][victim]
                return
        self.checked = self.players - 1
        if self.no_steal_draw and not (self.stole or (self.ghost_stole and self.ghost_blocks)):
            self.frame = NO_STEAL_DRAW[active]
        else:
            self.end_turn()

    def end_turn(self) -> None:
        self.turn += 1
        if self.turn >= self.max_turns:
            self.end_game(TURN_CAP)
            return
        self.active = NEXT_SEAT[self.players][self.active]
        self.frame = PLAY_CARDS[self.active]

    def end_game(self, reason: str) -> None:
        self.frame, self.ended = None, reason

    def write_back(self, state: LinkoState) -> None:
        """Put the lists back into `state` as zones like the ones they came from."""
        state.hands = tuple(Hand(cards, hand.owner, hand.visibility, hand.ordered, known)
                            for cards, known, hand in zip(self.hands, self.known, state.hands))
        state.tableaux = tuple(Tableau(layers, tableau.owner, tableau.visibility)
                               for layers, tableau in zip(self.tableaux, state.tableaux))
        display = state.display
        state.display = Display(len(self.slots), self.slots, display.owner, display.visibility)
        state.draw_pile, state.discard, state.stolen = (
            Pile(cards, pile.visibility, pile.owner)
            for cards, pile in ((self.pile, state.draw_pile), (self.discard, state.discard),
                                (self.stolen, state.stolen)))
        state.turn, state.active, state.checked = self.turn, self.active, self.checked
        state.stole, state.ghost_stole, state.ended = self.stole, self.ghost_stole, self.ended
        state.moves = self.moves
        state.pending.clear()


#: The step of each decision a classic game can owe.
_STEPS: dict[type, Callable[[_Table, Callable[[], float]], None]] = {
    PlayCards: _Table.play_cards, TakeOrLeave: _Table.take_or_leave, BackOrDiscard: _Table.back_or_discard,
    DrawCards: _Table.draw_cards, NoStealDraw: _Table.no_steal_draw_step,
}
