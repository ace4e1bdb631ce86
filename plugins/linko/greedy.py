"""A greedy Linko bot: one-ply heuristics over what its view shows, no search.

It plays the set that steals the most cards (ghost piles included) and sheds the most cards,
keeps jokers for when they matter, takes stolen cards unless the game is about to end, and
draws jokers or cards that complete the sets it holds.
"""

from __future__ import annotations

from typing import Sequence

from meeple import Action, BotInfo, Game, Option, Options, Rng, View

from .actions import (DECLINE, DISCARD, LEAVE_STOLEN, TAKE_BACK, TAKE_STOLEN, Decline,
                      DrawDisplay, Play)
from .cards import JOKER, KING, layer_value
from .decisions import BackOrDiscard, ChooseGhostPile, NoStealDraw, PlayCards, TakeOrLeave
from .ghost import eligible_piles
from .rules import steals

#: Under this many cards left in the pile and display, or with a hand this small, the end is
#: near: cards taken into hand would likely stay there and cost a point each.
NEAR_END_SUPPLY = 10
NEAR_END_HAND = 3
#: The worth of an unseen card from the pile, against `_card_worth` of a display card.
PILE_WORTH = 1.0


class GreedyBot:
    """Greedy play for any Linko table: base, advanced, expert, classic or Duel."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.players = game.players
        self.expert = game.options["variant"] == "expert"
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kind = type(view.decision)
        if kind is PlayCards:
            return self._best(legal, lambda a: self._play_worth(view, a))
        if kind is ChooseGhostPile:
            hand = view.hands[self.seat].cards
            return self._best(legal, lambda a: hand.count(a.value) * 20 + a.value)
        if kind is TakeOrLeave:
            return LEAVE_STOLEN if self._near_end(view) else TAKE_STOLEN
        if kind is BackOrDiscard:
            return self._back_or_discard(view)
        worth = {a: self._source_worth(view, a) for a in legal if type(a) is not Decline}
        choice = self._best(list(worth), worth.__getitem__)
        if kind is NoStealDraw and (self._near_end(view) or worth[choice] < PILE_WORTH):
            return DECLINE
        return choice

    def _best(self, actions: Sequence[Action], worth) -> Action:
        """The action of highest worth, ties broken by the bot's own generator."""
        scored = [(worth(a), a) for a in actions]
        top = max(w for w, _ in scored)
        best = [a for w, a in scored if w == top]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def _play_worth(self, view: View, play: Play) -> float:
        me, hand = self.seat, view.hands[self.seat]
        if play.size == hand.size:  # rule 5: this play ends the game at once
            mine = view.tableaux[me].size + play.size
            others = [t.size - h.size for s, (t, h) in enumerate(zip(view.tableaux, view.hands)) if s != me]
            return 1000.0 if mine >= max(others) else -1000.0
        size, value = play.size, play.value
        stolen = 0
        for offset in range(1, self.players):
            top = view.tableaux[(me + offset) % self.players].top
            if top is not None and steals(size, value, top, self.expert):
                stolen += len(top)
        ghost = size if view.ghost.piles and eligible_piles(view.ghost.piles, size, value) else 0
        safety = value / JOKER  # a higher top is harder to steal back
        return 2.0 * stolen + 1.5 * ghost + size - 0.8 * play.jokers + safety

    def _back_or_discard(self, view: View) -> Action:
        """Keep the layer when it fits the hand (same value, or jokers); otherwise draw anew."""
        layer = view.stolen.cards
        hand = view.hands[self.seat].cards
        value = layer_value(layer)
        if JOKER in layer or hand.count(value) or self._near_end(view):
            return TAKE_BACK
        return DISCARD

    def _source_worth(self, view: View, action: Action) -> float:
        if type(action) is not DrawDisplay:
            return PILE_WORTH
        hand = view.hands[self.seat].cards
        return sum(_card_worth(card, hand) for card in view.display.slots[action.slot])

    def _near_end(self, view: View) -> bool:
        supply = view.draw_pile.size + view.display.size
        return supply < NEAR_END_SUPPLY or min(h.size for h in view.hands) <= NEAR_END_HAND


def _card_worth(card: int, hand: Sequence[int]) -> float:
    """Jokers are best; a card joining a set in hand is worth more the bigger the set."""
    if card == JOKER:
        return 3.0
    held = hand.count(card)
    return 1.0 + held if held else (1.2 if card >= KING else 0.5)


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Linko heuristics: steal and shed the most, keep jokers, take stolen cards unless near the end",
    params=(Option("seed", "int", 0, "seed for breaking ties between equally good actions"),),
)
