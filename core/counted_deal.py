"""Dealing unseen cards so that facts about how many cards of a kind a hand holds stay true.

`meeple.knowledge` records what a seat learned ("seat 2 holds no 7", "seat 1 holds at least one
Queen"); a search bot's samples must keep it. `determinize.Sampler` deals the unseen pool with
`CountedDeal` whenever the view holds such count facts: every deal that makes them all true is
equally likely (the exact posterior), with no rejection. Facts about cards by position (above,
below, equal) are kept by the sampler's rejection instead.
"""

from __future__ import annotations

import random
from math import factorial
from typing import TYPE_CHECKING, Any, Iterator

from .errors import MeepleError
from .knowledge import COUNT_FACTS, HoldsAtLeast, HoldsNone, kind_function, zone_cards
from .zones import Zone

if TYPE_CHECKING:
    from .state import State


class CountedDeal:
    """Deals the unseen cards so that every fact about how many cards of a kind a zone holds
    ("holds no 7", "holds at least one 7") is true, every such deal equally likely: the exact
    posterior, with no rejection.

    A deal is counted by kinds: how many cards of each kind go to each constrained zone (a zone
    a count fact names), the rest to the *free* slots (every other hidden slot, one pool). For a
    table of such counts `x`, the number of deals of the (distinct) cards is the product over
    kinds of the multinomial `n_k! / prod(x_zk!)` (times arrangements within zones, the same for
    every table). `_ways(i, room)` counts the deals of kinds `i..` into the room left, once per
    (kind, room); a draw walks the kinds, picking each kind's split with probability
    proportional to its ways, then shuffles each kind's cards into its split and each zone's
    cards into its slots. Kinds no fact names travel together as one kind (the same count).
    """

    def __init__(self, groups: list[list[int]], kinds: list[list[Any]],
                 bounds: list[list[tuple[int, int]]], size: int) -> None:
        self.groups = groups  # per constrained zone, then the free slots: indices into the deal
        self.kinds = kinds  # per kind (the unnamed kinds last, as one): its unseen cards
        self.bounds = bounds  # bounds[kind][zone]: (least, most) of its cards dealt to that zone
        self.size = size
        self._options: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}

    @classmethod
    def build(cls, template: "State", unknown: list[tuple[Zone, int]], pool: list[Any],
              facts: list[Any], who: str) -> "CountedDeal | None":
        """The deal for these facts (None when no count fact is about a hidden slot); MeepleError
        when no deal makes them all true."""
        counted = [fact for fact in facts if isinstance(fact, COUNT_FACTS)]
        if not counted:
            return None
        kind = kind_function(template.game)
        zones = dict(template.zones())
        names = list(dict.fromkeys(fact.zone for fact in counted))
        named_kinds = list(dict.fromkeys(fact.kind for fact in counted))
        slots_of: dict[int, list[int]] = {id(zones[name]): [] for name in names if name in zones}
        free: list[int] = []
        for k, (zone, _) in enumerate(unknown):
            slots_of.get(id(zone), free).append(k)
        groups = [slots_of.get(id(zones.get(name)), []) for name in names] + [free]
        if not any(groups[:-1]):
            return None  # every fact is about cards the viewer sees: the view already keeps them
        by_kind: dict[Any, list[Any]] = {k: [] for k in named_kinds}
        other: list[Any] = []
        for card in pool:
            by_kind.get(kind(card), other).append(card)
        kinds = [by_kind[k] for k in named_kinds] + [other]
        bounds = [[(0, len(group)) for group in groups] for _ in kinds]
        seen = zone_cards(template)
        for fact in counted:
            z, i = names.index(fact.zone), named_kinds.index(fact.kind)
            held = sum(1 for c in seen(fact.zone) if c is not None and kind(c) == fact.kind)
            least, most = bounds[i][z]
            if isinstance(fact, HoldsNone):
                most = 0 if not held else -1  # a seen card of that kind: no deal makes it true
            elif isinstance(fact, HoldsAtLeast):
                least = max(least, fact.count - held)
            bounds[i][z] = (least, most)
        deal = cls(groups, kinds, bounds, len(pool))
        if not deal._ways(0, tuple(len(group) for group in groups)):
            described = "; ".join(fact.describe() for fact in counted)
            raise MeepleError(f"{who} knows contradictory facts: no deal of its {len(pool)} unseen "
                              f"cards makes them all true ({described})")
        return deal

    def _splits(self, i: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each way to split kind `i`'s cards among the zones (free slots last) within `room`
        and its bounds, with the number of deals it leads to (memoized per kind and room)."""
        key = (i, room)
        found = self._options.get(key)
        if found is not None:
            return found
        n, bounds = len(self.kinds[i]), self.bounds[i]
        options = []
        if i == len(self.kinds) - 1:  # the last kind fills exactly the room left: one split or none
            split = room
            if sum(split) == n and all(lo <= x <= hi for (lo, hi), x in zip(bounds[:-1], split[:-1])):
                options.append((split, _multinomial(n, split)))
            self._options[key] = options
            return options
        for split in _compositions(n, [(lo, min(hi, r)) for (lo, hi), r in zip(bounds[:-1], room[:-1])]):
            rest = n - sum(split)
            if rest > room[-1]:
                continue
            after = tuple(r - x for r, x in zip(room, split + (rest,)))
            ways = _multinomial(n, split + (rest,)) * self._ways(i + 1, after)
            if ways:
                options.append((split + (rest,), ways))
        self._options[key] = options
        return options

    def _ways(self, i: int, room: tuple[int, ...]) -> int:
        """The number of deals of kinds `i..` filling exactly `room` (every bound kept)."""
        return sum(ways for _, ways in self._splits(i, room))

    def arrange(self, rng: random.Random) -> list[Any]:
        """One deal, every deal that keeps the facts equally likely: the card for each unknown
        slot, in the sampler's slot order."""
        room = tuple(len(group) for group in self.groups)
        dealt: list[list[Any]] = [[] for _ in self.groups]
        for i, cards in enumerate(self.kinds):
            options = self._splits(i, room)
            ticket = rng.randrange(sum(ways for _, ways in options))
            for split, ways in options:
                ticket -= ways
                if ticket < 0:
                    break
            cards = cards[:]
            rng.shuffle(cards)
            at = 0
            for group, count in zip(dealt, split):
                group.extend(cards[at:at + count])
                at += count
            room = tuple(r - x for r, x in zip(room, split))
        arranged: list[Any] = [None] * self.size
        for slots, cards in zip(self.groups, dealt):
            rng.shuffle(cards)
            for k, card in zip(slots, cards):
                arranged[k] = card
        return arranged


def _compositions(n: int, ranges: list[tuple[int, int]]) -> Iterator[tuple[int, ...]]:
    """Every tuple `x` with `lo <= x[j] <= hi` for `ranges[j]` and `sum(x) <= n`."""
    if not ranges:
        yield ()
        return
    (lo, hi), rest = ranges[0], ranges[1:]
    for x in range(lo, min(hi, n) + 1):
        for tail in _compositions(n - x, rest):
            yield (x,) + tail


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    result = factorial(n)
    for part in parts:
        result //= factorial(part)
    return result
