"""The decisions a Linko turn is made of, each owed by one seat (the pending-decision frames).

A turn is a short stack of these: the active player's play, the Duel's ghost steal, then per
robbed opponent the attacker's take/leave, maybe the victim's take-back/discard and the
drawing player's card-by-card draw, and finally the optional no-steal draw of `base`.
Frames are public and hold only public context (who is involved, how many cards remain).
"""

from __future__ import annotations

from attrs import frozen

from meeple import Decision


@frozen
class PlayCards(Decision):
    """Rule 3: the active player must play one or more cards."""

    tag = "play_cards"

    def describe(self) -> str:
        return "play cards"


@frozen
class ChooseGhostPile(Decision):
    """D4: the active player must take one eligible Ghost Zone pile."""

    tag = "choose_ghost_pile"

    def describe(self) -> str:
        return "take a ghost pile"


@frozen
class TakeOrLeave(Decision):
    """Rule 8a: the attacker decides whether to take the layer just stolen from `victim`."""

    tag = "take_or_leave"
    victim: int

    def describe(self) -> str:
        return f"take or leave the cards stolen from seat {self.victim}"


@frozen
class BackOrDiscard(Decision):
    """Rule 8a: the victim of a declined steal takes the layer back or discards it."""

    tag = "back_or_discard"

    def describe(self) -> str:
        return "take the stolen cards back or discard them"


@frozen
class DrawCards(Decision):
    """Rule 8b: `player` draws `left` more cards, choosing the source of each one."""

    tag = "draw_cards"
    left: int

    def describe(self) -> str:
        return f"draw {self.left} more card{'s' if self.left != 1 else ''}"


@frozen
class NoStealDraw(Decision):
    """Rule 9 (`base`): after a turn without a steal, the active player may take one card."""

    tag = "no_steal_draw"

    def describe(self) -> str:
        return "take one card or decline"


DECISION_TYPES = (PlayCards, ChooseGhostPile, TakeOrLeave, BackOrDiscard, DrawCards, NoStealDraw)
