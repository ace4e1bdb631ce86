"""The decisions a Linko turn is made of, in rulebook order, each owning its rules: what is
legal, what happens, and why an action is refused. Rule numbers refer to `rules.md`.

A turn is a short stack of these: the active player's play (rules 3–5); in the Duel, the ghost
steal (D4) at once; then per robbed opponent, clockwise (rule 6), the attacker's take/leave (8a),
maybe the victim's take-back/discard (8a) and the drawing player's card-by-card draw (8b); finally
the optional no-steal draw of `base` (9), and the paw passes (10, 12). Between two decisions the
turn is carried on by the plain functions of each section (`check_opponents`, `end_turn`),
which push the next decision. Frames are public and hold only public context (who is
involved, how many cards remain); the turn's progress lives in the state's public fields.
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action, Decision

from .actions import (DECLINE, DISCARD, DISPLAY_WIDTH, LEAVE_STOLEN, TAKE_BACK,
                      TAKE_GHOST, TAKE_STOLEN, Decline, DrawDisplay, DrawPile, Play, TakeBack, TakeGhost,
                      TakeStolen)
from .cards import COPIES, JOKER, JOKERS, layer_value, value_name
from .ghost import fill_ghost_zone
from .rules import EVERY_DRAW, draw_sources, layer_cards, plays, steals
from .state import HAND_EMPTY, SUPPLY_EXHAUSTED, TURN_CAP, LinkoState

# -- Rules 3–5: the play -------------------------------------------------------------------------


@frozen
class PlayCards(Decision):
    """Rule 3: the active player must play one or more cards."""

    tag = "play_cards"

    def describe(self) -> str:
        return "play cards"

    def legal_actions(self, state: LinkoState) -> list[Play]:
        """Rule 3 (`rules.plays`)."""
        return plays(state.hands[self.player])

    def resolve(self, state: LinkoState, action: Play) -> None:
        """Rules 3–5: the new layer goes on top; an emptied hand ends the game at once."""
        cards = layer_cards(action)
        left = state.hands[self.player].remove_many(cards)  # a known copy first: playing it lowers what others know
        state.tableaux[self.player].push_layer(cards)
        if not left:
            end_game(state, HAND_EMPTY)  # rule 5: no ghost steal, no steals, no draw
            return
        state.checked, state.stole, state.ghost_stole = 0, False, False
        if state.game.duel and state.eligible_ghost_piles():  # D4: the Ghost Zone comes first
            state.pending.append(CHOOSE_GHOST_PILE[self.player])
            return
        check_opponents(state)

    def explain_illegal(self, state: LinkoState, action: Action) -> str | None:
        if not isinstance(action, Play):
            return None
        player = self.player
        hand = state.hands[player]
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


# -- Rules 6–7: the steal checks ------------------------------------------------------------------


def check_opponents(state: LinkoState) -> None:
    """Rule 6: check the remaining opponents clockwise; stop at the next one to rob (rule 8:
    the stolen layer always leaves the victim's tableau, and the attacker decides its fate).
    With none left, rule 9 (`base`; D7 in the Duel): a turn without a steal may end with one
    free card; otherwise the turn ends."""
    game = state.game
    active, tableaux = state.active, state.tableaux
    layer = tableaux[active].top
    size, value = len(layer), layer_value(layer)
    for checked, victim in CLOCKWISE[game.players][active][state.checked]:
        top = tableaux[victim].top
        if top is not None and steals(size, value, top, game.expert):
            state.checked, state.stole = checked, True
            state.stolen.extend(tableaux[victim].pop_layer())  # 8: it always leaves
            state.pending.append(TAKE_OR_LEAVE[active][victim])
            return
    state.checked = game.players - 1
    if game.no_steal_draw and not (state.stole or (state.ghost_stole and game.ghost_steal_blocks_draw)):
        state.pending.append(NO_STEAL_DRAW[active])  # rule 9
    else:
        end_turn(state)


#: NEXT_SEAT[players][seat]: the seat on `seat`'s left, who holds the paw next (rule 10).
NEXT_SEAT = tuple(tuple((seat + 1) % players for seat in range(players)) for players in range(6))

#: CLOCKWISE[players][active][checked]: the opponents still to check after `checked` of them,
#: as (opponents checked once this one is, seat) pairs, clockwise from the active player's left.
CLOCKWISE = tuple(tuple(tuple(tuple((n, (active + n) % players) for n in range(checked + 1, players))
                              for checked in range(players))
                        for active in range(players))
                  for players in range(6))


# -- Rule 8a: the stolen layer's fate -------------------------------------------------------------


@frozen
class TakeOrLeave(Decision):
    """Rule 8a: the attacker decides whether to take the layer just stolen from `victim`."""

    tag = "take_or_leave"
    victim: int

    def describe(self) -> str:
        return f"take or leave the cards stolen from seat {self.victim}"

    def legal_actions(self, state: LinkoState) -> tuple[Action, ...]:
        return (TAKE_STOLEN, LEAVE_STOLEN)

    def resolve(self, state: LinkoState, action: Action) -> None:
        """Taken, the victim draws as many; declined, the victim decides."""
        if type(action) is TakeStolen:
            taken = state.stolen.clear()
            state.hands[self.player].extend(taken, known=True)  # known: taken in full view
            state.pending.append(DRAW_CARDS[self.victim][len(taken)])
        else:
            state.pending.append(BACK_OR_DISCARD[self.victim])


@frozen
class BackOrDiscard(Decision):
    """Rule 8a: the victim of a declined steal takes the layer back or discards it."""

    tag = "back_or_discard"

    def describe(self) -> str:
        return "take the stolen cards back or discard them"

    def legal_actions(self, state: LinkoState) -> tuple[Action, ...]:
        return (TAKE_BACK, DISCARD)

    def resolve(self, state: LinkoState, action: Action) -> None:
        """Back into hand (no draw), or face up on the discard pile and draw as many."""
        cards = state.stolen.clear()
        if type(action) is TakeBack:
            state.hands[self.player].extend(cards, known=True)  # known: taken back in full view
            check_opponents(state)  # 8d
        else:
            state.discard.extend(cards)
            state.pending.append(DRAW_CARDS[self.player][len(cards)])


# -- Rules 8b–d: drawing n cards --------------------------------------------------------------------


@frozen
class DrawCards(Decision):
    """Rule 8b: `player` draws `left` more cards, choosing the source of each one."""

    tag = "draw_cards"
    left: int

    def describe(self) -> str:
        return f"draw {self.left} more card{'s' if self.left != 1 else ''}"

    def legal_actions(self, state: LinkoState) -> tuple[Action, ...]:
        return draw_sources(state.display, state.draw_pile)

    def resolve(self, state: LinkoState, action: Action) -> None:
        """One card at a time; the display is refilled only after the last one (8c)."""
        if take_card(state, self.player, action):
            end_game(state, SUPPLY_EXHAUSTED)  # end (b), even mid-draw; unresolved steals dropped
        elif self.left > 1:
            state.pending.append(DRAW_CARDS[self.player][self.left - 1])
        else:
            state.display.refill(state.draw_pile)  # 8c
            check_opponents(state)  # 8d

    def explain_illegal(self, state: LinkoState, action: Action) -> str | None:
        if isinstance(action, Decline):
            return f"seat {self.player} must draw {_card_count(self.left)} more (rule 8b)"
        return explain_draw(action)


def take_card(state: LinkoState, player: int, action: Action) -> bool:
    """Rule 8b / D3: the pile's top (unseen by others), or a display slot taken in full view (a
    Duel group whole, as one card). Returns whether that exhausted the supply: end (b) of 8b,
    the draw pile and the display both empty."""
    pile, display = state.draw_pile, state.display
    if type(action) is DrawPile:
        state.hands[player].add(pile.pop())
    else:
        state.hands[player].extend(display.take(action.slot), known=True)  # known: taken in full view
    return pile.is_empty() and display.is_empty()


def explain_draw(action: Action) -> str | None:
    """Why a draw from the display or the pile is refused (rule 8b): the only draws not listed
    are from empty sources."""
    if isinstance(action, DrawDisplay):
        if not 0 <= action.slot < DISPLAY_WIDTH:
            return f"the display has slots 1 to {DISPLAY_WIDTH} only"
        return f"display slot {action.slot + 1} is empty"
    if isinstance(action, DrawPile):
        return "the draw pile is empty (it is never rebuilt)"
    return None


# -- Rule 9: the no-steal draw (pushed by `check_opponents`) ------------------------------------------


@frozen
class NoStealDraw(Decision):
    """Rule 9 (`base`): after a turn without a steal, the active player may take one card."""

    tag = "no_steal_draw"

    def describe(self) -> str:
        return "take one card or decline"

    def legal_actions(self, state: LinkoState) -> tuple[Action, ...]:
        sources = draw_sources(state.display, state.draw_pile)
        return DECLINE_OR_EVERY_DRAW if sources is EVERY_DRAW else (DECLINE, *sources)

    def resolve(self, state: LinkoState, action: Action) -> None:
        """Take exactly one card or decline; the end check of 8b, then refill."""
        if type(action) is not Decline:
            if take_card(state, self.player, action):
                end_game(state, SUPPLY_EXHAUSTED)
                return
            state.display.refill(state.draw_pile)
        end_turn(state)

    def explain_illegal(self, state: LinkoState, action: Action) -> str | None:
        return explain_draw(action)


# -- Rules 10 and 12: the end of a turn; rules 5, 8b and 12: the end of the game ----------------------


def end_turn(state: LinkoState) -> None:
    """Rules 10 and 12: the paw passes left, unless the turn cap has been reached."""
    state.turn = turn = state.turn + 1
    game = state.game
    if turn >= game.max_turns:
        end_game(state, TURN_CAP)
        return
    state.active = active = NEXT_SEAT[game.players][state.active]
    state.pending.append(PLAY_CARDS[active])


def end_game(state: LinkoState, reason: str) -> None:
    """The game ends at once (rule 5, end (b) of 8b, rule 12): nothing more is owed."""
    state.pending.clear()
    state.ended = reason


# -- The Duel, D4–D6: the ghost steal, right after the play ----------------------------------------


@frozen
class ChooseGhostPile(Decision):
    """D4: the active player must take one eligible Ghost Zone pile."""

    tag = "choose_ghost_pile"

    def describe(self) -> str:
        return "take a ghost pile"

    def legal_actions(self, state: LinkoState) -> list[TakeGhost]:
        return [TAKE_GHOST[value] for value in state.eligible_ghost_piles()]

    def resolve(self, state: LinkoState, action: TakeGhost) -> None:
        """D4: the chosen pile goes whole into hand, then the Ghost Zone is refilled (D2)."""
        taken = state.ghost.take(action.value)
        state.hands[self.player].extend(taken, known=True)  # known: taken in full view
        state.ghost_stole = True
        fill_ghost_zone(state.ghost, state.draw_pile, state.display, state.removed, len(taken))
        check_opponents(state)  # D5; D6: no second ghost check this turn

    def explain_illegal(self, state: LinkoState, action: Action) -> str | None:
        if not isinstance(action, TakeGhost):
            return None
        if not state.ghost.size_of(action.value):
            return f"the Ghost Zone has no pile of {value_name(action.value, plural=True)} (D2)"
        layer = state.tableaux[state.active].top
        return (f"the ghost pile of {value_name(action.value, plural=True)} is not eligible: D4 "
                f"needs exactly {_card_count(len(layer))} of a value below {value_name(layer_value(layer))}")


def _card_count(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


DECISION_TYPES = (PlayCards, ChooseGhostPile, TakeOrLeave, BackOrDiscard, DrawCards, NoStealDraw)

# Interned frames: frames are frozen and compared by value, so the rules push these instead of
# building a new one at every step of a turn. Indexed by seat (Linko seats 2 to 5 players).
_SEATS = range(5)
PLAY_CARDS = tuple(PlayCards(seat) for seat in _SEATS)
CHOOSE_GHOST_PILE = tuple(ChooseGhostPile(seat) for seat in _SEATS)
BACK_OR_DISCARD = tuple(BackOrDiscard(seat) for seat in _SEATS)
NO_STEAL_DRAW = tuple(NoStealDraw(seat) for seat in _SEATS)
#: TAKE_OR_LEAVE[attacker][victim]
TAKE_OR_LEAVE = tuple(tuple(TakeOrLeave(seat, victim) for victim in _SEATS) for seat in _SEATS)
#: DRAW_CARDS[player][left]: a stolen layer, hence a draw, holds at most every copy of a value
#: and every joker (index 0 unused).
DRAW_CARDS = tuple(tuple(DrawCards(seat, left) for left in range(COPIES + JOKERS + 1)) for seat in _SEATS)
#: The no-steal draw's choices when every source is there (`rules.EVERY_DRAW`).
DECLINE_OR_EVERY_DRAW = (DECLINE, *EVERY_DRAW)
