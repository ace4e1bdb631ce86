"""A Linko game in progress, and the turn sequence of rules 3–12 and D4–D7.

Each handler below resolves one decision and then carries the turn on until the next decision
is owed: play (3–5) → ghost steal (D4) → each opponent's check, clockwise (6–8) → the no-steal
draw (9) → the next turn (10, 12). The progress of the turn is kept in plain public fields
(`active`, `checked`, `stole`, `ghost_stole`), so every intermediate state clones, serializes
and replays like any other.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from attrs import define

from meeple import Action, Display, Hand, KeyedPiles, Pile, State, Tableau

from .actions import (DECLINE, DISCARD, DISPLAY_WIDTH, LEAVE_STOLEN, TAKE_BACK, TAKE_GHOST,
                      TAKE_STOLEN, Decline, DrawDisplay, DrawPile, Play, TakeBack, TakeGhost,
                      TakeStolen)
from .cards import JOKER, layer_value, value_name
from .decisions import (BackOrDiscard, ChooseGhostPile, DrawCards, NoStealDraw, PlayCards,
                        TakeOrLeave)
from .ghost import GHOST_SIZE, eligible_piles, fill_ghost_zone
from .rules import draw_sources, layer_cards, legal_plays, scores, steals, supply_exhausted, winners

#: Why a game ended (the `ended` field).
HAND_EMPTY, SUPPLY_EXHAUSTED, TURN_CAP = "hand_empty", "supply_exhausted", "turn_cap"


@define(slots=True, eq=False, kw_only=True)
class LinkoState(State):
    """Zones hold every one of the 109 cards at every moment (the removed pile included)."""

    hands: tuple[Hand, ...]  # unordered, each visible to its owner; cards taken in view are known
    tableaux: tuple[Tableau, ...]  # each player's layers, oldest first
    display: Display  # the 6 face-up slots; in the Duel a slot may hold a 2-card group (D3)
    draw_pile: Pile  # face down, never rebuilt
    discard: Pile  # face up, never reused
    stolen: Pile  # a stolen layer while the attacker (then maybe the victim) decides (rule 8a)
    ghost: KeyedPiles  # the Duel's Ghost Zone (D2); always empty outside the Duel
    removed: Pile  # 13s and jokers the Ghost Zone could not divert onto the display (D2)
    turn: int = 0  # turns completed (rule 12)
    active: int = 0  # the seat holding the paw (rule 2)
    checked: int = 0  # opponents checked so far this turn, clockwise from the left (rule 6)
    stole: bool = False  # the active player stole an opponent's layer this turn (rule 9)
    ghost_stole: bool = False  # the active player took a ghost pile this turn (D6, D7)
    ended: str = ""  # why the game ended: hand_empty, supply_exhausted or turn_cap

    # -- legal actions --------------------------------------------------------------------------

    def _legal_actions(self) -> Iterable[Action]:
        frame = self.pending[-1]
        kind = type(frame)
        if kind is PlayCards:
            return legal_plays(self.hands[frame.player])
        if kind is DrawCards:
            return draw_sources(self.display, self.draw_pile)
        if kind is TakeOrLeave:
            return (TAKE_STOLEN, LEAVE_STOLEN)
        if kind is BackOrDiscard:
            return (TAKE_BACK, DISCARD)
        if kind is NoStealDraw:
            return [DECLINE, *draw_sources(self.display, self.draw_pile)]
        if kind is ChooseGhostPile:
            return [TAKE_GHOST[value] for value in self._eligible_ghost_piles()]
        raise AssertionError(f"unknown decision {frame!r}")

    def _eligible_ghost_piles(self) -> list[int]:
        layer = self.tableaux[self.active].top
        return eligible_piles(self.ghost.items(), len(layer), layer_value(layer))

    # -- carrying out an action -----------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        frame = self.pending.pop()
        kind = type(frame)
        if kind is PlayCards:
            self._play(frame.player, action)
        elif kind is DrawCards:
            self._draw(frame, action)
        elif kind is TakeOrLeave:
            self._take_or_leave(frame, action)
        elif kind is BackOrDiscard:
            self._back_or_discard(frame.player, action)
        elif kind is NoStealDraw:
            self._no_steal_draw(frame.player, action)
        else:
            self._take_ghost_pile(frame.player, action)

    def _play(self, player: int, action: Play) -> None:
        """Rules 3–5: the new layer goes on top; an emptied hand ends the game at once."""
        cards = layer_cards(action)
        hand = self.hands[player]
        for card in cards:
            hand.remove(card)  # a known copy first: playing it lowers what others know
        self.tableaux[player].push_layer(cards)
        if not len(hand):
            self._end(HAND_EMPTY)  # rule 5: no ghost steal, no steals, no draw
            return
        self.checked, self.stole, self.ghost_stole = 0, False, False
        if self.game.duel and self._eligible_ghost_piles():
            self.pending.append(ChooseGhostPile(player))  # D4: the Ghost Zone comes first
            return
        self._check_opponents()

    def _take_ghost_pile(self, player: int, action: TakeGhost) -> None:
        """D4: the chosen pile goes whole into hand, then the Ghost Zone is refilled (D2)."""
        self.hands[player].extend(self.ghost.take(action.value), known=True)
        self.ghost_stole = True
        fill_ghost_zone(self.ghost, self.draw_pile, self.display, self.removed)
        self._check_opponents()  # D5; D6: no second ghost check this turn

    def _check_opponents(self) -> None:
        """Rule 6: check the remaining opponents clockwise; stop at the next one to rob."""
        players = self.game.players
        layer = self.tableaux[self.active].top
        size, value = len(layer), layer_value(layer)
        expert = self.game.expert
        while self.checked < players - 1:
            self.checked += 1
            victim = (self.active + self.checked) % players
            top = self.tableaux[victim].top
            if top is not None and steals(size, value, top, expert):
                self.stole = True
                self.stolen.extend(self.tableaux[victim].pop_layer())  # 8: it always leaves
                self.pending.append(TakeOrLeave(self.active, victim))
                return
        self._after_steals()

    def _take_or_leave(self, frame: TakeOrLeave, action: Action) -> None:
        """Rule 8a: taken, the victim draws as many; declined, the victim decides."""
        if type(action) is TakeStolen:
            taken = self.stolen.clear()
            self.hands[frame.player].extend(taken, known=True)
            self.pending.append(DrawCards(frame.victim, len(taken)))
        else:
            self.pending.append(BackOrDiscard(frame.victim))

    def _back_or_discard(self, victim: int, action: Action) -> None:
        """Rule 8a: back into hand (no draw), or face up on the discard pile and draw as many."""
        cards = self.stolen.clear()
        if type(action) is TakeBack:
            self.hands[victim].extend(cards, known=True)
            self._check_opponents()  # 8d
        else:
            self.discard.extend(cards)
            self.pending.append(DrawCards(victim, len(cards)))

    def _draw(self, frame: DrawCards, action: Action) -> None:
        """Rule 8b–d: one card at a time; the display is refilled only after the last one."""
        self._take_card(frame.player, action)
        if supply_exhausted(self.display, self.draw_pile):
            self._end(SUPPLY_EXHAUSTED)  # end (b), even mid-draw; unresolved steals dropped
        elif frame.left > 1:
            self.pending.append(DrawCards(frame.player, frame.left - 1))
        else:
            self.display.refill(self.draw_pile)  # 8c
            self._check_opponents()  # 8d

    def _after_steals(self) -> None:
        """Rule 9 (`base`; D7 in the Duel): a turn without a steal may end with one free card."""
        blocked = self.stole or (self.ghost_stole and self.game.ghost_steal_blocks_draw)
        if self.game.no_steal_draw and not blocked:
            self.pending.append(NoStealDraw(self.active))
        else:
            self._end_turn()

    def _no_steal_draw(self, player: int, action: Action) -> None:
        """Rule 9: take exactly one card or decline; end check of 8b, then refill."""
        if type(action) is not Decline:
            self._take_card(player, action)
            if supply_exhausted(self.display, self.draw_pile):
                self._end(SUPPLY_EXHAUSTED)
                return
            self.display.refill(self.draw_pile)
        self._end_turn()

    def _take_card(self, player: int, action: Action) -> None:
        """Rule 8b / D3: the pile's top (unseen by others), or a display slot taken in full
        view (a Duel group whole, as one card)."""
        if type(action) is DrawPile:
            self.hands[player].add(self.draw_pile.pop())
        else:
            self.hands[player].extend(self.display.take(action.slot), known=True)

    def _end_turn(self) -> None:
        """Rules 10 and 12: the paw passes left, unless the turn cap has been reached."""
        self.turn += 1
        if self.turn >= self.game.max_turns:
            self._end(TURN_CAP)
            return
        self.active = (self.active + 1) % self.game.players
        self.pending.append(PlayCards(self.active))

    def _end(self, reason: str) -> None:
        self.pending.clear()
        self.ended = reason

    # -- scoring --------------------------------------------------------------------------------

    def _scores(self) -> Sequence[int]:
        return scores([t.card_count() for t in self.tableaux], self.hands)

    def _winners(self) -> Sequence[int]:
        return winners(self._scores(), [len(h) for h in self.hands], self.game.options["ties"])

    # -- explanations and checks ----------------------------------------------------------------

    def explain_illegal(self, action: Action) -> str | None:
        """Why `action` is illegal, in the rulebook's words (None: the generic message)."""
        frame = self.pending[-1]
        kind = type(frame)
        if kind is PlayCards and isinstance(action, Play):
            return self._explain_play(frame.player, action)
        if kind is ChooseGhostPile and isinstance(action, TakeGhost):
            if not self.ghost.size_of(action.value):
                return f"the Ghost Zone has no pile of {value_name(action.value, plural=True)} (D2)"
            layer = self.tableaux[self.active].top
            return (f"the ghost pile of {value_name(action.value, plural=True)} is not eligible: D4 "
                    f"needs exactly {_cards(len(layer))} of a value below {value_name(layer_value(layer))}")
        if kind in (DrawCards, NoStealDraw):
            if isinstance(action, DrawDisplay):
                if not 0 <= action.slot < DISPLAY_WIDTH:
                    return f"the display has slots 1 to {DISPLAY_WIDTH} only"
                return f"display slot {action.slot + 1} is empty"
            if isinstance(action, DrawPile):
                return "the draw pile is empty (it is never rebuilt)"
            if isinstance(action, Decline) and kind is DrawCards:
                return f"seat {frame.player} must draw {_cards(frame.left)} more (rule 8b)"
        return None

    def _explain_play(self, player: int, action: Play) -> str:
        hand = self.hands[player]
        if action.size < 1:
            return "a play puts at least one card down (rule 3)"
        if (action.value == JOKER) != (action.naturals == 0):
            return "a play is number cards of one value plus any jokers, or jokers only (rule 3)"
        for card, wanted in ((action.value, action.naturals), (JOKER, action.jokers)):
            held = hand.count(card)
            if wanted and held < wanted:
                if not held:
                    return f"seat {player} holds no {value_name(card, plural=True)} (rule 3)"
                return f"seat {player} holds only {held} {value_name(card, plural=held != 1)}, not {wanted} (rule 3)"
        return f"{action.describe()} is not a legal play (rule 3)"

    def invariants(self) -> list[str]:
        """The 109 cards are all in zones, plus the structural facts the rules rely on."""
        problems = super().invariants()
        frame = self.pending[-1] if self.pending else None
        awaiting = type(frame) in (TakeOrLeave, BackOrDiscard)
        if bool(len(self.stolen)) != awaiting:
            problems.append("the stolen pile must hold a layer exactly while its fate is decided")
        for seat, tableau in enumerate(self.tableaux):
            for layer in tableau:
                if len(set(c for c in layer if c != JOKER)) > 1:
                    problems.append(f"tableau {seat} has a mixed layer {layer}")
        drawing = type(frame) is DrawCards
        if not drawing and len(self.draw_pile) and not all(self.display):
            problems.append("outside a draw, the display is full while the pile lasts (8c)")
        if not self.game.duel and (len(self.ghost) or len(self.removed)):
            problems.append("only the Duel has a Ghost Zone and removed cards")
        if self.game.duel:
            if len(self.ghost) > GHOST_SIZE or (len(self.ghost) < GHOST_SIZE and len(self.draw_pile)):
                problems.append("the Ghost Zone holds 13 cards while the pile lasts (D2)")
            if any(len(s) > 2 for s in self.display):
                problems.append("a display group has more than 2 cards (D2)")
        elif any(len(s) > 1 for s in self.display):
            problems.append("only the Duel groups display cards (D3)")
        if self.pending and self.turn >= self.game.max_turns:
            problems.append("the game went past max_turns (rule 12)")
        return problems


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"

