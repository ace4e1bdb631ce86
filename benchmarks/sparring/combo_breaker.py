"""A sparring player for Combo Breaker (3–5 players), written from the rules alone.

How it thinks, in the rules' terms (`shared/rules/combo_breaker.md`):

- **A hand is a plan.** The hand's order never changes (rule 2) and a combination is 1–3
  neighbouring cards (rule 4), so the player cuts its hand, left to right, into the pieces it will
  play (`plan_cost`, a small dynamic programme over the cut points). Each piece costs one turn, and
  more when it is weak: a follower may only play what beats the trick (rule 5a), so a low single
  is a card that only a lead can shed. Stop and Draw cards cost little: they can always be played.
- **Every action is judged by the plan it leaves**: the play that removes the most cost, a drawn
  card inserted where it joins a piece (rule 7a), a reserve card taken only where it helps or when
  nothing else is left (rule 5d).
- **Lifelines.** A follower with no beating play, no Stop, no Draw and no reserve pays a token at
  once (rule 5). Stop, Draw and reserve cards are kept while the hand still needs them; the fewer
  tokens the player holds (rule 9), the dearer they are.
- **Draw cards are aimed** (rule 7a): played when the trick's best combination belongs to an
  opponent close to going out, who then draws three cards a Draw.
- **Leads shed what following cannot**: the lead may play anything, so it plays the weak pieces of
  the plan, and a strong finish (going out) whenever the hand allows it.

It is a different heuristic from every bot in this repository (it was written without reading
them) and is kept in `benchmarks/` for measuring: no shipped bot uses it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from meeple import Action, Rng, View

from meeple_combo_breaker.actions import InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from meeple_combo_breaker.cards import DRAW, STOP
from meeple_combo_breaker.combos import TRIPLE, key_of, kind_of, plays_of

from .choice import best

#: A piece of the plan costs one turn plus up to this much for weakness (a low single).
WEAKNESS = 0.8
#: What a Stop or Draw card costs in the plan: it can always be played, lead or follow.
FREE_CARD = 0.6
#: A lifeline (reserve, Stop or Draw card) given up: its worth, raised when tokens run short.
LIFELINE = 0.9
#: Going out (no hand cards) is safe for the rest of the round (rule 8).
OUT = 10.0
#: Making an opponent close to going out draw three cards a Draw (rule 7a).
DRAW_HIT = 1.5
#: Winning the trick means leading the next one (rule 7d).
CONTROL = 0.4
#: A lead that spends a single stronger than this (about a 3) gives up a card a follower could
#: have played; it costs this much.
GOOD_SINGLE, WASTED_SINGLE = 0.12, 0.1


def strength(rank: int) -> float:
    """How likely a piece of this rank beats a trick as a follower, from 0 (single 1) to about
    1 (triple 12): higher kinds beat lower kinds, then the key decides (rule 4)."""
    return (kind_of(rank) + key_of(rank) / 12) / (TRIPLE + 1)


@lru_cache(maxsize=16)
def _piece_costs(double_wild: bool):
    """cost(window): the cheapest way to play this window of 1–3 cards as one piece, or None."""

    @lru_cache(maxsize=None)
    def cost(window: tuple[int, ...]) -> float | None:
        if len(window) == 1 and window[0] in (STOP, DRAW):
            return FREE_CARD
        plays = plays_of(window, double_wild)
        if not plays:
            return None
        best = max(rank for rank, _ in plays)  # X cards are declared as strongly as they allow
        return 1.0 + WEAKNESS * (1.0 - strength(best))

    return cost


@lru_cache(maxsize=65536)
def plan_cost(cards: tuple[int, ...], double_wild: bool) -> float:
    """The cheapest way to cut the hand, left to right, into pieces of 1–3 neighbouring cards that
    each form a combination (or are a lone Stop or Draw card): the sum of the pieces' costs."""
    cost = _piece_costs(double_wild)
    n = len(cards)
    best = [0.0] * (n + 1)
    for i in range(n - 1, -1, -1):
        options = []
        for count in (1, 2, 3):
            if i + count <= n:
                piece = cost(cards[i:i + count])
                if piece is not None:
                    options.append(piece + best[i + count])
        best[i] = min(options)  # every number card and X is a single, Stop and Draw are pieces
    return best[0]


class ComboBreakerSpar:
    """Combo Breaker's sparring bot: the lead, the follow and the placing of drawn cards."""

    def __init__(self, game, seat: int, params) -> None:
        self.seat = seat
        self.double_wild = game.options["double_wild"]
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        hand = tuple(view.hands[self.seat].cards)
        if isinstance(legal[0], InsertDrawn):
            card = view.drawn[self.seat].cards[0]
            return best(self.rng, legal, lambda a: -plan_cost(hand[:a.position] + (card,) + hand[a.position:],
                                                        self.double_wild))
        return best(self.rng, legal, lambda a: self.value(view, hand, a))

    def lifeline(self, view: View) -> float:
        """A lifeline's worth: dearer with fewer tokens left (rule 9: no token to pay loses)."""
        tokens = dict(view.tokens.counts)[self.seat]
        return LIFELINE * (1.6 if tokens == 0 else 1.0)

    def value(self, view: View, hand: tuple[int, ...], action: Action) -> float:
        """How good the hand and the table are after `action` (higher is better)."""
        kind = type(action)
        plays = view.trick_plays
        if kind is TakeReserve:
            card = view.reserves[self.seat].slots[action.slot][0]
            after = hand[:action.position] + (card,) + hand[action.position:]
            return -plan_cost(after, self.double_wild) - self.lifeline(view)
        if kind is PlayCombination:
            after = hand[:action.start] + hand[action.start + action.count:]
        else:
            after = hand[:action.position] + hand[action.position + 1:]
        if not after:
            return OUT
        worth = -plan_cost(after, self.double_wild)
        if kind is PlayCombination:
            if plays:  # following: our combination is now the one to beat; we may lead next
                worth += CONTROL * strength(self._rank(hand, action))
            elif action.count == 1 and strength(self._rank(hand, action)) > GOOD_SINGLE:
                worth -= WASTED_SINGLE
        elif kind is PlayStop:
            worth -= self.lifeline(view) if len(after) > 1 else 0.0
        elif kind is PlayDraw:
            worth -= self.lifeline(view) if len(after) > 1 else 0.0
            target = self._draw_target(plays)
            if target is None:
                worth -= DRAW_HIT  # a Draw lead: the leader draws unless a follower plays a combination
            elif target != self.seat:
                size = view.hands[target].size
                worth += DRAW_HIT * (2.0 if size <= 2 else 1.0 if size <= 4 else 0.4)
        return worth

    def _rank(self, hand: tuple[int, ...], action: PlayCombination) -> int:
        window = hand[action.start:action.start + action.count]
        return next(rank for rank, wilds in plays_of(window, self.double_wild) if wilds == action.wilds)

    @staticmethod
    def _draw_target(plays) -> int | None:
        """Who would draw for a Draw card played now (rule 7a): the best combination's player,
        else a leader who led with a Draw card; None before anyone has played."""
        best = None
        for play in plays:
            if play.what == "combination":
                best = play.seat
        if best is not None:
            return best
        if plays and plays[0].what == "draw":
            return plays[0].seat
        return None

