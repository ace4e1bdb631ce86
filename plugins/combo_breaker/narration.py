"""Combo Breaker in words: what each seat did as another seat saw it, and the short notation.

Narration compares a viewer's views before and after an action, so it only names what that
viewer saw: cards are named once they are on the table (rule 5), a reserve card is public, and a
card drawn for Draw cards (rule 7a) is named to the drawer alone. It also tells what followed:
the end of a trick, tokens given up, a new round, the end of the game (rules 7, 9).

Notation (hand positions as the renderer numbers them, from 0; case and spaces do not matter):

| move | typed | example |
| --- | --- | --- |
| play the cards at positions S..E (rule 5a) | `pS-E`, or `pS` for one card | `p3-5`, `p7` |
| ... declaring each X, in hand order | `pS-E xV` | `p3-4 x10` |
| play the Stop / Draw card at P (5b, 5c) | `stop P`, `draw P` | `stop 4` |
| take reserve card R (0 or 1) into position P (5d) | `rR P` | `r1 0` |
| insert the drawn card at position P (7a) | `ins P` | `ins 3` |
"""

from __future__ import annotations

import re
from typing import Sequence

from meeple import Action, Narrator, View

from .actions import InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from .cards import card_name
from .trick import COMBINATION, DRAW_CARD, STOP_CARD
from .words import play_words

_PLAY = re.compile(r"^p ?(\d+)(?:-(\d+))?((?: ?x\d+)*)$")
_AT = re.compile(r"^(stop|draw|ins) ?(\d+)$")
_RESERVE = re.compile(r"^r(\d) ?(\d+)$")


class ComboBreakerNarrator(Narrator):
    """Narration and notation for Combo Breaker (see the module docstring)."""

    notation_help = (
        "Positions are the hand positions shown under your hand, from 0. `p3-5` plays the cards at "
        "positions 3 to 5, `p7` the single card at 7 (a bare number picks from the list); declare "
        "each X, in hand order, with `xV` (`p3-4 x10`). `stop P` and `draw P` play the Stop or Draw "
        "card at P; `rR P` takes reserve card R (0 or 1) into position P; `ins P` inserts a drawn "
        "card at position P."
    )

    # -- narration -------------------------------------------------------------------------------

    def narrate(self, before: View, action: Action, after: View) -> str:
        return self.narrate_move(before, action, after, None)

    def narrate_move(self, before: View, action: Action, after: View, actor_before: View | None) -> str:
        """Also names, from the acting seat's own view, the cards of a face-up play that ended the
        round (rule 5: everyone sees them, though the new deal reshuffles them at once)."""
        seat = before.current_player
        parts = [f"seat {seat} {self._did(before, action, after, seat, actor_before)}"]
        parts.extend(_consequences(before, action, after, actor_before))
        return "; ".join(parts)

    def describe(self, view: View, action: Action) -> str:
        """The seat's own move naming its cards: "play 12 X=12 (pair of 12s)", "take your
        reserve 7 into position 2, between the 6 and the 8"."""
        seat = view.current_player
        hand = view.hands[seat].cards if seat is not None else None
        if hand is None:
            return action.describe()
        kind = type(action)
        try:
            if kind is PlayCombination:
                return f"play {play_words(hand[action.start:action.start + action.count], action.wilds)}"
            if kind is TakeReserve:
                card = view.reserves[seat].slots[action.slot][0]
                return (f"take your reserve {card_name(card)} into position {action.position}, "
                        f"{_where(hand, action.position)}")
            if kind is InsertDrawn:
                drawn = view.drawn[seat].cards
                what = f"the drawn {card_name(drawn[0])}" if drawn else "the drawn card"
                return f"insert {what} at position {action.position}, {_where(hand, action.position)}"
        except IndexError:
            pass  # not an action of this position: its own words
        return action.describe()

    def _did(self, before: View, action: Action, after: View, seat: int, actor: View | None) -> str:
        kind = type(action)
        if kind is PlayCombination:
            cards = _played_cards(before, action, after, seat, actor)
            if cards is None:
                return f"plays {action.count} card{'s' if action.count > 1 else ''}"
            return f"plays {play_words(cards, action.wilds)}"
        if kind is PlayStop:
            return "plays a Stop"
        if kind is PlayDraw:
            return "plays a Draw card"
        if kind is TakeReserve:
            card = before.reserves[seat].slots[action.slot][0]
            return f"takes their reserve {card_name(card)} into their hand at position {action.position}"
        if kind is InsertDrawn:
            drawn = before.drawn[seat].cards
            what = f"the drawn {card_name(drawn[0])}" if drawn else "a drawn card"
            return f"inserts {what} at position {action.position}"
        return action.describe()

    # -- notation --------------------------------------------------------------------------------

    def notation(self, view: View, action: Action) -> str:
        kind = type(action)
        if kind is PlayCombination:
            end = action.start + action.count - 1
            text = f"p{action.start}" if action.count == 1 else f"p{action.start}-{end}"
            return text + "".join(f" x{value}" for value in action.wilds)
        if kind is PlayStop:
            return f"stop {action.position}"
        if kind is PlayDraw:
            return f"draw {action.position}"
        if kind is TakeReserve:
            return f"r{action.slot} {action.position}"
        if kind is InsertDrawn:
            return f"ins {action.position}"
        return super().notation(view, action)

    def parse(self, view: View, text: str) -> Action | None:
        typed = " ".join(text.lower().replace(" - ", "-").split())
        match = _PLAY.match(typed)
        if match:
            start = int(match[1])
            end = int(match[2]) if match[2] is not None else start
            wilds = tuple(sorted(int(v) for v in re.findall(r"x(\d+)", match[3])))
            return PlayCombination(start, end - start + 1, wilds) if end >= start else None
        match = _AT.match(typed)
        if match:
            kind = {"stop": PlayStop, "draw": PlayDraw, "ins": InsertDrawn}[match[1]]
            return kind(int(match[2]))
        match = _RESERVE.match(typed)
        if match:
            return TakeReserve(int(match[1]), int(match[2]))
        return None


def _played_cards(before: View, action: PlayCombination, after: View, seat: int,
                  actor: View | None) -> tuple[int, ...] | None:
    """The cards of a combination, which rule 5 puts face up: from the player's hand when the
    viewer sees it, else the trick (or the discard pile, if the play ended the trick), else the
    acting seat's own view (`actor`) when the play ended the round, which reshuffles the cards
    before any other view shows them. None if none of these shows them.
    """
    for hand in (before.hands[seat].cards, actor.hands[seat].cards if actor is not None else None):
        if hand is not None:
            return tuple(hand[action.start:action.start + action.count])
    if len(after.trick.layers) > len(before.trick.layers):
        return tuple(after.trick.layers[-1])
    if after.round_number == before.round_number and after.discard.size >= action.count:
        return tuple(after.discard.cards[-action.count:])
    return None


def _where(hand: tuple[int, ...], position: int) -> str:
    """Where an insertion at `position` lands, by its neighbours: "between the 6 and the 8"."""
    if not hand:
        return "into the empty hand"
    if position == 0:
        return f"at the far left, before the {card_name(hand[0])}"
    if position >= len(hand):
        return f"at the far right, after the {card_name(hand[-1])}"
    return f"between the {card_name(hand[position - 1])} and the {card_name(hand[position])}"


def _final_trick(before: View, action: Action, after: View, actor: View | None) -> str | None:
    """The whole trick that ended the game, when it went to the discard pile with the action: the
    plays before `action` from `before`, and `action`'s own cards from the discard pile's top.
    None when the trick is still on the table (the final view shows it)."""
    if after.trick_plays:
        return None
    seat = before.current_player
    plays = [(play.seat, play.what, layer, play.wilds)
             for play, layer in zip(before.trick_plays, before.trick.layers)]
    kind = type(action)
    if kind is PlayCombination:
        cards = _played_cards(before, action, after, seat, actor)
        if cards is None:
            return None
        plays.append((seat, COMBINATION, cards, action.wilds))
    elif kind in (PlayStop, PlayDraw):
        plays.append((seat, STOP_CARD if kind is PlayStop else DRAW_CARD, (), ()))
    if not plays:
        return None
    return "the final trick was " + ", ".join(_trick_play_words(*play) for play in plays)


def _trick_play_words(seat: int, what: str, cards: Sequence[int], wilds: Sequence[int]) -> str:
    if what == COMBINATION:
        return f"seat {seat} {play_words(cards, wilds)}"
    return f"seat {seat} {'a Draw card' if what == DRAW_CARD else 'a Stop'}"


def _consequences(before: View, action: Action, after: View, actor: View | None) -> list[str]:
    """What followed the action automatically, and why: a draw for Draw cards, the end of the
    trick, who gives up a token and the reason, a new round, the end of the game (rules 5, 7, 9)."""
    events = []
    drawing = after.decision is not None and after.decision.tag == "place_drawn"
    if drawing and (before.decision.tag != "place_drawn" or before.decision.left == 0):
        drawn = after.decision.left + 1
        events.append(f"the trick is over: seat {after.decision.player} draws {drawn} "
                      f"card{'s' if drawn != 1 else ''} for the Draw card{'s' if drawn > 3 else ''} (rule 7a)")
    new_round = after.round_number != before.round_number
    round_over = new_round or after.is_terminal
    if round_over:
        events.extend(_why_the_round_ended(before, action, after))
        paid = [seat for seat in after.paid if seat not in after.losers]
        if paid:
            events.append(f"seat {_seats(paid)} {'gives' if len(paid) == 1 else 'give'} up a token")
    elif not drawing and before.trick_plays and not after.trick_plays and after.decision is not None:
        events.append(f"the trick is over and seat {after.decision.player} leads")
    if new_round and after.decision is not None:
        events.append(f"round {after.round_number} is dealt and seat {after.decision.player} leads")
    if after.is_terminal:
        final = _final_trick(before, action, after, actor)
        if final:
            events.append(final)
        events.append(f"game over: seat {_seats(after.losers)} had no token to give and lost")
    return events


def _why_the_round_ended(before: View, action: Action, after: View) -> list[str]:
    """Rule 5's stuck player, or rule 7c's end of a trick: one player left with cards, or none."""
    seat = before.current_player
    seats = before.trick_seats
    ended_trick = (type(action) is PlayStop or before.decision.tag == "place_drawn"
                   or seat not in seats or seats.index(seat) == len(seats) - 1)
    if not ended_trick:
        stuck = seats[seats.index(seat) + 1]
        return [f"seat {stuck} cannot beat the trick and has no Stop, Draw or reserve card (rule 5), "
                f"so the round ends"]
    debtors = after.paid
    if len(debtors) == 1 and _hand_size_after(before, action, debtors[0]):
        return [f"the trick is over and seat {debtors[0]} is the only player left holding cards (rule 7c)"]
    return ["the trick is over and everyone went out: all but the best combination's player owe a "
            "token (rule 7c)"]


def _hand_size_after(before: View, action: Action, seat: int) -> int:
    """How many hand cards `seat` holds once `action` is done (a hand changes only on its owner's
    own action)."""
    size = before.hands[seat].size
    if seat != before.current_player:
        return size
    kind = type(action)
    if kind is PlayCombination:
        return size - action.count
    if kind in (PlayStop, PlayDraw):
        return size - 1
    return size + 1  # a reserve card or a drawn card went in


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(map(str, seats))
