"""Hearts' two kinds of action: the pass (three cards at once) and playing a card to a trick."""

from __future__ import annotations

from attrs import frozen

from meeple import Action

from .cards import name, names


@frozen
class PassCards(Action):
    """Pass these three cards, face down, in the deal's direction (ascending card numbers)."""

    cards: tuple[int, ...]

    def describe(self) -> str:
        return f"pass {names(self.cards)}"


@frozen
class PlayCard(Action):
    """Play `card` to the trick."""

    card: int

    def describe(self) -> str:
        return f"play {name(self.card)}"
