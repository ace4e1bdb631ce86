"""What seats know about cards they cannot see: facts the rules record, and who knows each.

Zones say where each card is and who sees it; `Hand.reveal` says who knows a card that stays
hidden. What neither can say is *partial* knowledge: "seat 2 holds no 7" (it said "go fish"),
"seat 1 holds at least one 7" (it asked for one), "seat 1's card is higher than 3" (it won a
comparison), "these two cards are equal". A game records such a fact in one line,

    state.learn(HoldsNone("hands[2]", 7))               # everyone knows it
    state.learn(CardAbove("hands[1]", 0, 3), by={0, 1})  # seats 0 and 1 know it

and the core does the rest: the fact is kept in the state (cloned, saved, fingerprinted), shown
in the views of exactly the seats that know it (`View.facts`), honoured by determinization (a
search samples only deals in which every fact it knows holds), encoded in RL observations and
checked by the conformance kit.

A fact names a zone by the name `State.zones()` gives it (``"hands[2]"``, ``"stock"``) and, for
one card, its *position* in that zone (an index into the zone's cards; see docs/knowledge.md for
what a position means in each zone). Facts about kinds and values compare a card's *kind*:
`Game.card_kind(card)`, the card itself unless the game says otherwise (a rank, say).

A fact must be true when it is learned (`learn` refuses a false one) and stay true while it is
kept: the rules drop a fact when it goes stale. `cards_gained(zone)` (a card went in unseen:
"holds none" no longer known) and `cards_lost(zone)` (cards went out: "holds at least" and facts
about positions no longer known) cover the common cases; `forget` drops any others.
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import Annotated, Any, Callable, ClassVar, Iterable

from attrs import frozen

from .errors import MeepleError

#: The kind of a card a game compares (`Game.card_kind`): the card itself by default.
KindOf = Callable[[Any], Any]


def identity(card: Any) -> Any:
    """The default `Game.card_kind`: a card is its own kind."""
    return card


class Fact:
    """Base of facts: frozen values with a stable `tag` (their JSON type)."""

    tag: ClassVar[str] = ""

    def zones(self) -> tuple[str, ...]:
        """The zones this fact is about."""
        raise NotImplementedError

    def holds(self, cards: Callable[[str], list[Any]], kind: KindOf) -> bool | None:
        """Whether the fact is true, given `cards(zone)` (a zone's cards, None for a card nobody
        placed yet) and the game's `kind`; None when it cannot tell yet (an unplaced card)."""
        raise NotImplementedError

    def describe(self, name: Callable[[Any], str] = str) -> str:
        """The fact in words (`name` says a kind or value as people do)."""
        raise NotImplementedError


@frozen
class HoldsNone(Fact):
    """Zone `zone` holds no card of kind `kind` (a "go fish" answer)."""

    tag: ClassVar[str] = "holds_none"
    zone: str
    kind: Any

    def zones(self) -> tuple[str, ...]:
        return (self.zone,)

    def holds(self, cards: Callable[[str], list[Any]], kind: KindOf) -> bool | None:
        held = cards(self.zone)
        if any(c is not None and kind(c) == self.kind for c in held):
            return False
        return None if None in held else True

    def describe(self, name: Callable[[Any], str] = str) -> str:
        return f"{self.zone} holds no {name(self.kind)}"


@frozen
class HoldsAtLeast(Fact):
    """Zone `zone` holds at least `count` cards of kind `kind` (it asked for one)."""

    tag: ClassVar[str] = "holds_at_least"
    zone: str
    kind: Any
    count: int = 1

    def zones(self) -> tuple[str, ...]:
        return (self.zone,)

    def holds(self, cards: Callable[[str], list[Any]], kind: KindOf) -> bool | None:
        held = cards(self.zone)
        found = sum(1 for c in held if c is not None and kind(c) == self.kind)
        if found >= self.count:
            return True
        return None if found + held.count(None) >= self.count else False

    def describe(self, name: Callable[[Any], str] = str) -> str:
        return f"{self.zone} holds at least {self.count} {name(self.kind)}"


@frozen
class _OneCard(Fact):
    """A fact about the card at `position` of `zone`, its kind compared with `value` by `_test`."""

    word: ClassVar[str] = ""
    zone: str
    position: int
    value: Any

    def zones(self) -> tuple[str, ...]:
        return (self.zone,)

    def holds(self, cards: Callable[[str], list[Any]], kind: KindOf) -> bool | None:
        held = cards(self.zone)
        if not 0 <= self.position < len(held):
            return False
        card = held[self.position]
        return None if card is None else self._test(kind(card))

    def _test(self, kind: Any) -> bool:
        raise NotImplementedError

    def describe(self, name: Callable[[Any], str] = str) -> str:
        return f"the card at {self.zone}[{self.position}] is {self.word} {name(self.value)}"


@frozen
class CardAbove(_OneCard):
    """The card at `position` of `zone` is of a kind above `value` (it won a comparison)."""

    tag: ClassVar[str] = "card_above"
    word: ClassVar[str] = "above"

    def _test(self, kind: Any) -> bool:
        return kind > self.value


@frozen
class CardBelow(_OneCard):
    """The card at `position` of `zone` is of a kind below `value`."""

    tag: ClassVar[str] = "card_below"
    word: ClassVar[str] = "below"

    def _test(self, kind: Any) -> bool:
        return kind < self.value


@frozen
class CardIs(_OneCard):
    """The card at `position` of `zone` is of kind `value` (a guess that hit, a rank told)."""

    tag: ClassVar[str] = "card_is"
    word: ClassVar[str] = "a"

    def _test(self, kind: Any) -> bool:
        return kind == self.value


@frozen
class CardsEqual(Fact):
    """The card at `position` of `zone` and the one at `other_position` of `other_zone` are of
    the same kind (two seats compared their cards: a tie)."""

    tag: ClassVar[str] = "cards_equal"
    zone: str
    position: int
    other_zone: str
    other_position: int

    def zones(self) -> tuple[str, ...]:
        return (self.zone, self.other_zone)

    def holds(self, cards: Callable[[str], list[Any]], kind: KindOf) -> bool | None:
        first, second = cards(self.zone), cards(self.other_zone)
        if not (0 <= self.position < len(first) and 0 <= self.other_position < len(second)):
            return False
        a, b = first[self.position], second[self.other_position]
        return None if a is None or b is None else kind(a) == kind(b)

    def describe(self, name: Callable[[Any], str] = str) -> str:
        return (f"the cards at {self.zone}[{self.position}] and "
                f"{self.other_zone}[{self.other_position}] are equal")


#: Every kind of fact, by its JSON tag.
FACT_TYPES: tuple[type[Fact], ...] = (HoldsNone, HoldsAtLeast, CardAbove, CardBelow, CardIs, CardsEqual)
#: Facts about how many cards of a kind a zone holds (the sampler deals these constructively).
COUNT_FACTS = (HoldsNone, HoldsAtLeast)
#: Facts about single cards by position (the sampler tests these by rejection).
POSITION_FACTS = (CardAbove, CardBelow, CardIs, CardsEqual)


@frozen
class Known:
    """A fact and who knows it: `seats` ascending, or None for everyone."""

    fact: Fact
    seats: tuple[int, ...] | None = None

    def known_to(self, player: int | None) -> bool:
        """Whether `player` knows it (the observer, None, knows every fact)."""
        return player is None or self.seats is None or player in self.seats


def known_to(facts: tuple[Known, ...], player: int | None) -> tuple[Known, ...]:
    """The facts `player` knows, in the order they were learned (what its view shows)."""
    if player is None or not facts:
        return facts
    return tuple(known for known in facts if known.known_to(player))


def _seats(by: Iterable[int] | int | None, players: int) -> tuple[int, ...] | None:
    if by is None:
        return None
    if isinstance(by, int):
        by = (by,)
    seats = tuple(sorted(set(by)))
    if not seats or any(type(s) is not int or not 0 <= s < players for s in seats):
        raise MeepleError(f"a fact is known by seats 0..{players - 1} (or everyone: by=None), "
                          f"not {sorted(set(by), key=repr)}")
    return seats


def zone_cards(state: Any) -> Callable[[str], list[Any]]:
    """`cards(name)`: the cards of the zone `name` of `state` (MeepleError naming the zones for
    a name it has not)."""
    zones = dict(state.zones())

    def cards(name: str) -> list[Any]:
        zone = zones.get(name)
        if zone is None:
            raise MeepleError(f"a fact names the zone {name!r}, which {state.game.spec.id} has not "
                              f"(its zones: {', '.join(zones)})")
        return list(zone.cards())

    return cards


def kind_function(game: Any) -> KindOf:
    """The game's `card_kind` (the identity when it declares none)."""
    kind = type(game).card_kind
    return identity if kind is None else kind


def learn(facts: tuple[Known, ...], state: Any, fact: Fact,
          by: Iterable[int] | int | None) -> tuple[Known, ...]:
    """`facts` plus `fact`, known by the seats `by` (a seat, seats, or None: everyone). A fact already kept is
    known to the seats that knew it and to `by`. Refuses (MeepleError) a fact that is false in
    `state`: a fact is what the rules showed to be true."""
    if not isinstance(fact, FACT_TYPES):
        raise MeepleError(f"{fact!r} is not a fact (use one of {', '.join(t.__name__ for t in FACT_TYPES)})")
    if isinstance(fact, HoldsAtLeast) and (type(fact.count) is not int or fact.count < 1):
        raise MeepleError(f"HoldsAtLeast needs a count of at least 1, got {fact.count!r}")
    _check_positions(state, fact)
    if fact.holds(zone_cards(state), kind_function(state.game)) is not True:
        raise MeepleError(f"{state.game.spec.id}: cannot learn that {fact.describe()}: it is false")
    seats = _seats(by, state.players)
    for i, known in enumerate(facts):
        if known.fact == fact:
            union = None if seats is None or known.seats is None else tuple(sorted({*seats, *known.seats}))
            return facts[:i] + (Known(fact, union),) + facts[i + 1:]
    return facts + (Known(fact, seats),)


def _check_positions(state: Any, fact: Fact) -> None:
    """A fact about a card by position needs a zone whose positions views keep (not an
    unordered hand: its views sort the cards, so a position there means nothing to a sampler)."""
    if isinstance(fact, (HoldsNone, HoldsAtLeast)):
        return
    zones = dict(state.zones())
    for name in fact.zones():
        zone = zones.get(name)
        if zone is not None and getattr(zone, "ordered", True) is False:
            raise MeepleError(f"{fact.describe()}: a fact about a card by position needs an ordered "
                              f"zone, and {name} is an unordered hand (record a HoldsAtLeast or "
                              f"HoldsNone fact about it instead)")


def forget(facts: tuple[Known, ...], test: Callable[[Fact], bool]) -> tuple[Known, ...]:
    """`facts` without those `test` accepts."""
    return tuple(known for known in facts if not test(known.fact))


def about(zone: str | None = None, kinds: Iterable[Any] | None = None,
          types: tuple[type[Fact], ...] = FACT_TYPES) -> Callable[[Fact], bool]:
    """A test for `forget`: facts of `types` naming `zone` (None: any zone) and, for facts with
    a kind, one of `kinds` (None: any kind)."""
    wanted = None if kinds is None else set(kinds)

    def test(fact: Fact) -> bool:
        if not isinstance(fact, types) or (zone is not None and zone not in fact.zones()):
            return False
        return wanted is None or not hasattr(fact, "kind") or fact.kind in wanted

    return test


def gained(zone: str, kinds: Iterable[Any] | None = None) -> Callable[[Fact], bool]:
    """The facts cards of `kinds` (None: unseen cards) going into `zone` make stale: that it
    holds none of them."""
    return about(zone, kinds, (HoldsNone,))


def lost(zone: str, kinds: Iterable[Any] | None = None) -> Callable[[Fact], bool]:
    """The facts cards of `kinds` (None: any) leaving `zone` make stale: that it holds at least
    some of them, and every fact about one of its cards by position (positions shift)."""
    counts, positions = about(zone, kinds, (HoldsAtLeast,)), about(zone, None, POSITION_FACTS)
    return lambda fact: counts(fact) or positions(fact)


def false_facts(state: Any, known_to: Iterable[int] | None = None) -> list[str]:
    """The facts `state` keeps that are not true of it (a fact the rules forgot to drop, a
    sample that ignored a fact), described; with `known_to`, only facts one of those seats knows."""
    facts = state.facts
    if known_to is not None:
        seats = tuple(known_to)
        facts = tuple(known for known in facts if any(known.known_to(seat) for seat in seats))
    if not facts:
        return []
    cards, kind = zone_cards(state), kind_function(state.game)
    return [known.fact.describe() for known in facts if known.fact.holds(cards, kind) is not True]


# -- public records ---------------------------------------------------------------------------

class _PublicRecordMark:
    """The mark `PublicRecord[T]` puts on a field's annotation."""

    def __repr__(self) -> str:
        return "PUBLIC_RECORD"


PUBLIC_RECORD = _PublicRecordMark()


class PublicRecord:
    """Marks a field (or a view extra) holding cards every seat saw, which may since have gone
    back to hidden zones: a showdown's hands, a card shown then shuffled in.

        class PokerState(State):
            showdown: PublicRecord[tuple[int, ...]] = ()

    `PublicRecord[T]` is `T` to everything but the conformance kit (views, JSON and RL read a
    plain `T`); the kit's strict check of plain fields accepts such a field, and checks instead
    that it is the same in every seat's view. Only for what everyone saw: a card only some seats
    saw is knowledge (`Hand.reveal(to=...)`, a fact), not a record."""

    def __class_getitem__(cls, item: Any) -> Any:
        return Annotated[item, PUBLIC_RECORD]


def is_public_record(annotation: Any) -> bool:
    """Whether `annotation` is a `PublicRecord[...]`."""
    return typing.get_origin(annotation) is Annotated and PUBLIC_RECORD in annotation.__metadata__


@lru_cache(maxsize=None)
def public_records(state_class: type) -> frozenset[str]:
    """The view fields of a state class declared `PublicRecord` (its fields and view extras)."""
    hints = typing.get_type_hints(state_class, include_extras=True)
    names = {name for name, annotation in hints.items() if is_public_record(annotation)}
    extras = getattr(state_class, "view_extra_types", {})
    return frozenset(names | {name for name, annotation in extras.items() if is_public_record(annotation)})
