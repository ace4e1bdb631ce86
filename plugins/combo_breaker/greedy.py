"""A greedy Combo Breaker bot: simple habits of a careful player, no look-ahead.

- Lead with the longest combination, sparing X cards, then the one that leaves the hand best
  arranged (`fit`), then the lowest (long low combos shed the most cards while leaving the
  others room to beat them with cards they would rather keep).
- Follow by going out if it can, otherwise beat sparing X cards, with the combination that
  leaves the hand best arranged, then the lowest sufficient one; if it cannot beat, take the
  reserve card that best fits the hand, where it fits best. (Keeping the hand's pairs and runs
  together, measured against the bot that ignored them: docs/figures.md, "Greedy bots".)
- Keep Stop and Draw cards for emergencies: play them only when nothing else is allowed, or when
  they are all that stands between the bot and an empty hand. A Draw card is preferred when
  another player holds the best combination (they will draw), a Stop otherwise.
- Insert every card where it makes the most adjacent pairs and runs.

`act` reads its view; `act_on_state` (for search rollouts) reads the same few facts straight off
the state (its own hand, its reserve, the card it is placing, the trick's public record), through
a small reader, and runs the same choice: the same action and the same draws from its generator.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from meeple import Action, BotInfo, Game, Option, Options, Rng, State, View

from . import combos
from .actions import InsertDrawn, PlayCombination, PlayDraw, PlayStop, TakeReserve
from .cards import STOP, X, is_special
from .trick import COMBINATION


def _pair_fit(left: int, right: int) -> int:
    if is_special(left) or is_special(right):
        return 0
    if left == X or right == X:
        return 1
    if left == right:
        return 2
    return 1 if abs(left - right) == 1 else 0


#: PAIR_FIT[left][right]: what two neighbouring cards add to `fit`: 2 for equal values, 1 for
#: consecutive values or with an X, nothing with a Stop or Draw card (cards are ints up to STOP).
PAIR_FIT = tuple(tuple(_pair_fit(left, right) for right in range(STOP + 1)) for left in range(STOP + 1))


def fit(cards: Sequence[int]) -> int:
    """How well a hand is arranged: 2 per adjacent pair of equal values, 1 per adjacent pair of
    consecutive values or with an X (the makings of pairs, straights and triples)."""
    return sum([PAIR_FIT[left][right] for left, right in zip(cards, cards[1:])])


def fits_without(cards: Sequence[int]) -> Callable[[PlayCombination], int]:
    """For a hand, the function giving the `fit` of what is left once a play's cards are gone
    (the rest close the gap): the hand's fit less the links the play breaks, plus the new one."""
    links = [PAIR_FIT[left][right] for left, right in zip(cards, cards[1:])]
    total = sum(links)
    size = len(cards)

    def without(play: PlayCombination) -> int:
        start, end = play.start, play.start + play.count
        left = total - sum(links[max(start - 1, 0):end])
        if start and end < size:
            left += PAIR_FIT[cards[start - 1]][cards[end]]
        return left

    return without


def best_insertion(cards: Sequence[int], card: int, rng: Rng) -> tuple[int, int]:
    """(fit after inserting, position) for the best place of `card`; ties broken at random.

    The fit at each position is the hand's, less the link the card splits, plus its two new ones.
    """
    links = [PAIR_FIT[left][right] for left, right in zip(cards, cards[1:])]
    total = sum(links)
    size = len(cards)
    joining = PAIR_FIT[card]
    scored = []
    for position in range(size + 1):
        score = total
        if position:
            score += PAIR_FIT[cards[position - 1]][card]
            if position < size:
                score -= links[position - 1]
        if position < size:
            score += joining[cards[position]]
        scored.append((score, position))
    best = max(score for score, _ in scored)
    places = [p for score, p in scored if score == best]
    return best, places[rng.below(len(places))]


class ViewTable:
    """The facts the bot reads, off its view."""

    __slots__ = ("view", "seat")

    def __init__(self, view: View, seat: int) -> None:
        self.view, self.seat = view, seat

    def hand(self) -> Sequence[int]:
        return self.view.hands[self.seat].cards

    def drawn_card(self) -> int:
        return self.view.drawn[self.seat].cards[0]

    def leading(self) -> bool:
        return self.view.decision.tag == "lead"

    def reserve(self) -> Sequence[tuple[int, ...]]:
        return self.view.reserves[self.seat].slots

    def trick_plays(self) -> Sequence[Any]:
        return self.view.trick_plays


class StateTable:
    """The same facts, straight off a state (only what the bot's seat may see)."""

    __slots__ = ("state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat

    def hand(self) -> Sequence[int]:
        return tuple(self.state.hands[self.seat])

    def drawn_card(self) -> int:
        return self.state.drawn[self.seat][0]

    def leading(self) -> bool:
        return self.state.pending[-1].tag == "lead"

    def reserve(self) -> Sequence[tuple[int, ...]]:
        return self.state.reserves[self.seat]

    def trick_plays(self) -> Sequence[Any]:
        return self.state.trick_plays


class GreedyBot:
    """Sees only its view (or, in rollouts, what the view would show) and the legal actions."""

    def __init__(self, game: Game, seat: int, params: Options) -> None:
        self.seat = seat
        self.rng = Rng(params["seed"])

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return self.choose(ViewTable(view, self.seat), legal)

    def act_on_state(self, state: State, legal: Sequence[Action]) -> Action:
        """The choice `act(state.view(self.seat), legal)` makes, read straight off `state`."""
        return self.choose(StateTable(state, self.seat), legal)

    def choose(self, table: ViewTable | StateTable, legal: Sequence[Action]) -> Action:
        cards = table.hand()
        if isinstance(legal[0], InsertDrawn):
            _, position = best_insertion(cards, table.drawn_card(), self.rng)
            return InsertDrawn(position)
        plays = [a for a in legal if isinstance(a, PlayCombination)]
        specials = [a for a in legal if isinstance(a, (PlayStop, PlayDraw))]
        takes = [a for a in legal if isinstance(a, TakeReserve)]
        if table.leading():
            if plays:
                fit_left = fits_without(cards)
                return min(plays, key=lambda a: (-a.count, len(a.wilds), -fit_left(a), self._rank(cards, a)))
            return self._special(table, specials)
        going_out = [a for a in plays if a.count == len(cards)]
        if going_out:
            return going_out[0]
        if specials and all(is_special(c) for c in cards):
            return self._special(table, specials)  # shedding them beats taking a reserve card
        if plays:
            fit_left = fits_without(cards)
            return min(plays, key=lambda a: (len(a.wilds), -fit_left(a), self._rank(cards, a), -a.count))
        if takes:
            return self._take(table, cards, takes)
        return self._special(table, specials)

    @staticmethod
    def _rank(cards: Sequence[int], action: PlayCombination) -> int:
        window = cards[action.start:action.start + action.count]
        return combos.rank_of(window, action.wilds, double_wild=True) or 0

    def _take(self, table: ViewTable | StateTable, cards: Sequence[int],
              takes: list[TakeReserve]) -> TakeReserve:
        reserve = table.reserve()
        options = []
        for slot in sorted({a.slot for a in takes}):
            score, position = best_insertion(cards, reserve[slot][0], self.rng)
            options.append((score, -slot, position, slot))
        _, _, position, slot = max(options)
        return TakeReserve(slot, position)

    def _special(self, table: ViewTable | StateTable, specials: list[Action]) -> Action:
        best = [p.seat for p in table.trick_plays() if p.what == COMBINATION][-1:]
        prefer = PlayDraw if best and best[0] != self.seat else PlayStop
        for action in specials:
            if isinstance(action, prefer):
                return action
        return specials[0]


GREEDY = BotInfo(
    name="greedy",
    factory=GreedyBot,
    summary="Combo Breaker habits: long low leads, lowest sufficient beat, Stop/Draw kept for emergencies",
    params=(Option("seed", "int", 0, "seed for breaking ties between equally good positions"),),
)
