"""Every action a Linko player can take, one small frozen class per kind of choice.

The same draw actions answer every decision that draws a card (a victim's draw of rule 8b, the
no-steal draw of rule 9), so a "take that display card" reads the same wherever it happens.
Instances are interned in tables (`PLAYS_OF`, `DRAW_DISPLAY`, ...) so legal-action lists cost no
allocation in the hot loop.
"""

from __future__ import annotations

from attrs import frozen

from meeple import Action

from .cards import COPIES, JOKER, JOKERS, VALUES, number_word, value_name


def _count(n: int, word: str, plural: str) -> str:
    return f"{number_word(n)} {word if n == 1 else plural}"


@frozen
class Play(Action):
    """Rule 3: put `naturals` number cards of `value` plus `jokers` jokers onto the tableau.

    A jokers-only play has `value == JOKER` and `naturals == 0`.
    """

    tag = "play"
    value: int
    naturals: int
    jokers: int

    @property
    def size(self) -> int:
        """The new layer's size (rule 4)."""
        return self.naturals + self.jokers

    def describe(self) -> str:
        if self.value == JOKER:
            return f"play {_count(self.jokers, 'joker', 'jokers')}"
        text = f"play {_count(self.naturals, str(self.value), value_name(self.value, plural=True))}"
        if self.jokers:
            text += f" and {_count(self.jokers, 'joker', 'jokers')}"
        return text


@frozen
class TakeGhost(Action):
    """D4: take the eligible Ghost Zone pile of `value`, whole, into hand."""

    tag = "take_ghost"
    value: int

    def describe(self) -> str:
        return f"take the ghost pile of {self.value}s"


@frozen
class TakeStolen(Action):
    """Rule 8a: the attacker takes the stolen layer into their hand."""

    tag = "take_stolen"

    def describe(self) -> str:
        return "take the stolen cards"


@frozen
class LeaveStolen(Action):
    """Rule 8a: the attacker declines the stolen layer; its victim decides its fate."""

    tag = "leave_stolen"

    def describe(self) -> str:
        return "leave the stolen cards"


@frozen
class TakeBack(Action):
    """Rule 8a: the victim takes a declined layer back into hand (and draws nothing)."""

    tag = "take_back"

    def describe(self) -> str:
        return "take the stolen cards back"


@frozen
class Discard(Action):
    """Rule 8a: the victim discards a declined layer face up and draws as many cards."""

    tag = "discard"

    def describe(self) -> str:
        return "discard the stolen cards and draw as many"


@frozen
class DrawDisplay(Action):
    """Rule 8b: take the card (or, in the Duel, the whole group, D3) in display slot `slot`."""

    tag = "draw_display"
    slot: int

    def describe(self) -> str:
        return f"take display slot {self.slot + 1}"


@frozen
class DrawPile(Action):
    """Rule 8b: take the top card of the draw pile."""

    tag = "draw_pile"

    def describe(self) -> str:
        return "draw from the pile"


@frozen
class Decline(Action):
    """Rule 9: take no card after a turn without a steal."""

    tag = "decline"

    def describe(self) -> str:
        return "take no card"


ACTION_TYPES = (Play, TakeGhost, TakeStolen, LeaveStolen, TakeBack, Discard, DrawDisplay,
                DrawPile, Decline)

#: Interned instances, so legal-action lists allocate nothing.
TAKE_STOLEN, LEAVE_STOLEN = TakeStolen(), LeaveStolen()
TAKE_BACK, DISCARD = TakeBack(), Discard()
DRAW_PILE, DECLINE = DrawPile(), Decline()
DISPLAY_WIDTH = 6
DRAW_DISPLAY = tuple(DrawDisplay(slot) for slot in range(DISPLAY_WIDTH))
TAKE_GHOST = {value: TakeGhost(value) for value in VALUES}

# Every play a hand can make, interned: a hand holds at most 8 copies of a value and 5 jokers.
_PLAYS = {(v, n, j): Play(v, n, j) for v in VALUES for n in range(1, COPIES + 1)
          for j in range(JOKERS + 1)}
_PLAYS.update({(JOKER, 0, j): Play(JOKER, 0, j) for j in range(1, JOKERS + 1)})

#: PLAYS_OF[jokers][value][copies]: the plays of `value` from a hand holding `copies` of it and
#: `jokers` jokers, by number of naturals, then of jokers (rule 3).
PLAYS_OF = tuple(
    tuple(tuple(tuple(_PLAYS[v, n, j] for n in range(1, held + 1) for j in range(jokers + 1))
                for held in range(COPIES + 1)) if v in VALUES else ()
          for v in range(JOKER))
    for jokers in range(JOKERS + 1))
#: JOKER_PLAYS[jokers]: the jokers-only plays from a hand holding `jokers` jokers.
JOKER_PLAYS = tuple(tuple(_PLAYS[JOKER, 0, j] for j in range(1, jokers + 1))
                    for jokers in range(JOKERS + 1))

