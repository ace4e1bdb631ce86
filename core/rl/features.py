"""How each kind of zone becomes numbers: a registry keyed on the zone's class, without NumPy.

`zone_part(zone, name, context)` returns the `Part` that encodes one zone of a game: a fixed
number of features, each a float in [0, 1], each with a name (`Part.names()`), written from the
zone's *view* by `Part.write(view, out)`. It is a `functools.singledispatch` function: the built-in
zones are registered below, and a module defining a new zone type registers its own encoding
the same way, without touching the core and without NumPy (`out` is any float buffer that takes
item assignment, zero-filled):

    from meeple.rl.features import Part, zone_part

    @zone_part.register
    def _(zone: Stack, name: str, context: Context) -> Part:
        return StackPart(name, context)

What each built-in zone gives (d = the deck's distinct cards, a count divided by the copies of
that card in the deck, so every feature lies in [0, 1]):

- **Hand**: its size (/ deck size), whether the viewer sees it; unordered: the cards seen (d
  counts), the cards known to everyone (d), and per seat the cards only some seats know that this
  seat knows (seats x d); ordered: per position up to its capacity, a one-hot card, a
  known-to-everyone bit and a bit per seat that knows it.
- **Pile**: its size, whether the viewer sees it, its cards (d counts) and its top card
  (one-hot); with a declared capacity (`rl_capacities`), its cards by position instead, where
  order matters (a trick in play order). A pile's order is otherwise not encoded.
- **Tableau**: its layer count, all its cards (d) and its top layer (d): what can be taken.
- **Display**: each slot's cards (d counts). **KeyedPiles**: each declared key's cards (d).
- **Grid**: one plane per declared cell value, and one for empty cells.
- **Counters**: each counter's amount / its capacity (its largest amount at setup unless
  declared) and, when that capacity is at most `ONE_HOT_COUNTS`, one-hot over 0..capacity.

A value beyond a capacity, outside a vocabulary or not in the deck raises `EncodingError` naming
the field and the declaration to change: never a silent clip.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..errors import MeepleError
from ..zones import Counters, Display, Grid, Hand, KeyedPiles, Pile, Tableau

ONE_HOT_COUNTS = 32  # counters whose capacity is at most this are also one-hot encoded


class EncodingError(MeepleError):
    """A view does not fit the game's fixed observation (a capacity or vocabulary is too small)."""


class Cards:
    """The deck's distinct cards, indexed, with the copies of each."""

    def __init__(self, deck: Iterable[Any]) -> None:
        counts = Counter(deck)
        self.cards = sorted(counts, key=lambda c: (type(c).__name__, c))
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.copies = [counts[c] for c in self.cards]
        self.total = sum(self.copies)
        self.single = all(n == 1 for n in self.copies)

    def __len__(self) -> int:
        return len(self.cards)

    def of(self, card: Any, where: str) -> int:
        try:
            return self.index[card]
        except (KeyError, TypeError):
            raise EncodingError(f"{where} holds {card!r}, which is not in the game's deck()") from None

    def names(self, prefix: str) -> list[str]:
        return [f"{prefix}[{card!r}]" for card in self.cards]

    def count_into(self, cards: Iterable[Any], out: Any, where: str, start: int = 0) -> None:
        """Each card's count / its copies into out[start + card index]."""
        index, copies = self.index, self.copies
        try:
            for card in cards:
                i = index[card]
                out[start + i] += 1.0 / copies[i]
        except (KeyError, TypeError):
            for card in cards:
                self.of(card, where)  # raises, naming the card


class Context:
    """What a part may read about its game: players, deck, declared capacities and vocabularies,
    the declared maximum length."""

    def __init__(self, game: Any, capacities: Mapping[str, int],
                 vocabularies: Mapping[str, Callable[[Any], Iterable[Any]]]) -> None:
        self.game = game
        self.players: int = game.players
        self.deck = Cards(game.deck())
        self.capacities = capacities
        self.vocabularies = vocabularies
        self.max_length: int = game.max_length()

    def capacity(self, key: str, default: int) -> int:
        return self.capacities.get(key, default)

    def declared(self, key: str) -> bool:
        return key in self.capacities

    def vocabulary(self, key: str) -> list[Any] | None:
        values = self.vocabularies.get(key)
        return None if values is None else list(values(self.game))


class Part:
    """One zone's (or one field's) slice of the observation: `size` features in [0, 1]."""

    name: str
    size: int

    def names(self) -> list[str]:
        """One name per feature, in order (`encoder.layout()` collects them)."""
        raise NotImplementedError

    def write(self, value: Any, out: Any) -> None:
        """Write the features of `value` (the zone's view) into the zero-filled `out[:size]`."""
        raise NotImplementedError


@functools.singledispatch
def zone_part(zone: Any, name: str, context: Context) -> Part:
    """The part encoding `zone` (named `name` in the state, e.g. ``hands[2]``). Register an
    implementation for a new zone class with ``@zone_part.register``."""
    raise EncodingError(f"{name}: no RL encoding is registered for a {type(zone).__name__} zone "
                        f"(register one with meeple.rl.features.zone_part.register)")


def field_of(name: str) -> str:
    """The state field of a zone name: ``hands[2]`` -> ``hands`` (capacities are per field)."""
    return name.split("[", 1)[0]


def _positions(name: str, cards: Iterable[Any], capacity: int, deck: Cards, out: Any,
               start: int = 0) -> None:
    """One-hot cards by position into out[start:] (capacity x d, flattened)."""
    width = len(deck)
    for position, card in enumerate(cards):
        if position >= capacity:
            raise EncodingError(f"{name} holds more than its capacity of {capacity} cards "
                                f"(declare a larger rl_capacities[{field_of(name)!r}])")
        out[start + position * width + deck.of(card, name)] = 1.0


def _position_names(name: str, capacity: int, deck: Cards) -> list[str]:
    return [f"{name}.at[{p}]{card}" for p in range(capacity) for card in deck.names("")]


class HandPart(Part):
    def __init__(self, name: str, zone: Hand, context: Context) -> None:
        self.name, self.deck, self.players = name, context.deck, context.players
        self.ordered = zone.ordered
        d = len(self.deck)
        if self.ordered:
            self.capacity = context.capacity(field_of(name), self.deck.total)
            self.stride = d + 1 + self.players
            self.size = 2 + self.capacity * self.stride
        else:
            self.size = 2 + d * (2 + self.players)

    def names(self) -> list[str]:
        n, deck = self.name, self.deck
        head = [f"{n}.size", f"{n}.visible"]
        if self.ordered:
            return head + [f"{n}.at[{p}]{x}" for p in range(self.capacity)
                           for x in deck.names("") + ["known"] + [f"known_to[{s}]" for s in range(self.players)]]
        return (head + deck.names(f"{n}.cards") + deck.names(f"{n}.known")
                + [name for s in range(self.players) for name in deck.names(f"{n}.known_to[{s}]")])

    def write(self, view: Any, out: Any) -> None:
        deck = self.deck
        out[0] = view.size / max(1, deck.total)
        out[1] = 1.0 if view.cards is not None else 0.0
        d = len(deck)
        if self.ordered:
            stride = self.stride
            if view.size > self.capacity:
                raise EncodingError(f"{self.name} holds {view.size} cards, beyond its capacity of "
                                    f"{self.capacity} (declare rl_capacities[{field_of(self.name)!r}])")
            if view.cards is not None:
                for p, card in enumerate(view.cards):
                    out[2 + p * stride + deck.of(card, self.name)] = 1.0
            for p, card in view.known:
                out[2 + p * stride + deck.of(card, self.name)] = 1.0
                out[2 + p * stride + d] = 1.0
            for p, card, seats in view.known_to:
                out[2 + p * stride + deck.of(card, self.name)] = 1.0
                for seat in seats:
                    out[2 + p * stride + d + 1 + seat] = 1.0
            return
        if view.cards is not None:
            deck.count_into(view.cards, out, self.name, 2)
        deck.count_into(view.known, out, self.name, 2 + d)
        for card, seats in view.known_to:
            for seat in seats:
                deck.count_into((card,), out, self.name, 2 + (2 + seat) * d)


class PilePart(Part):
    def __init__(self, name: str, context: Context) -> None:
        self.name, self.deck = name, context.deck
        d = len(self.deck)
        self.positional = context.declared(field_of(name))
        if self.positional:
            self.capacity = context.capacity(field_of(name), self.deck.total)
            self.size = 2 + self.capacity * d
        else:
            self.size = 2 + 2 * d

    def names(self) -> list[str]:
        n = self.name
        head = [f"{n}.size", f"{n}.visible"]
        if self.positional:
            return head + _position_names(n, self.capacity, self.deck)
        return head + self.deck.names(f"{n}.cards") + self.deck.names(f"{n}.top")

    def write(self, view: Any, out: Any) -> None:
        deck = self.deck
        out[0] = view.size / max(1, deck.total)
        if view.cards is None:
            return
        out[1] = 1.0
        if self.positional:
            _positions(self.name, view.cards, self.capacity, deck, out, 2)
        elif view.cards:
            deck.count_into(view.cards, out, self.name, 2)
            out[2 + len(deck) + deck.of(view.cards[-1], self.name)] = 1.0


class TableauPart(Part):
    def __init__(self, name: str, context: Context) -> None:
        self.name, self.deck = name, context.deck
        self.size = 1 + 2 * len(self.deck)

    def names(self) -> list[str]:
        n = self.name
        return [f"{n}.layers"] + self.deck.names(f"{n}.cards") + self.deck.names(f"{n}.top")

    def write(self, view: Any, out: Any) -> None:
        deck, layers = self.deck, view.layers
        out[0] = len(layers) / max(1, deck.total)
        for layer in layers:
            deck.count_into(layer, out, self.name, 1)
        if layers:
            deck.count_into(layers[-1], out, self.name, 1 + len(deck))


class GroupsPart(Part):
    """A display's slots or keyed piles' piles: each group's cards as counts."""

    def __init__(self, name: str, keys: Sequence[Any], context: Context) -> None:
        self.name, self.deck = name, context.deck
        self.keys = {key: i for i, key in enumerate(keys)}
        self.size = len(keys) * len(self.deck)

    def names(self) -> list[str]:
        return [n for key in self.keys for n in self.deck.names(f"{self.name}[{key!r}]")]

    def write(self, view: Any, out: Any) -> None:
        groups = enumerate(view.slots) if hasattr(view, "slots") else view.piles
        d = len(self.deck)
        for key, cards in groups:
            i = self.keys.get(key)
            if i is None:
                raise EncodingError(f"{self.name} has a pile keyed {key!r} outside its declared keys "
                                    f"(declare rl_vocabularies[{field_of(self.name)!r}])")
            self.deck.count_into(cards, out, f"{self.name}[{key!r}]", i * d)


class GridPart(Part):
    def __init__(self, name: str, zone: Grid, values: Sequence[Any]) -> None:
        self.name = name
        self.rows, self.cols = zone.rows, zone.cols
        self.cells = zone.rows * zone.cols
        self.values = {value: i + 1 for i, value in enumerate(values)}  # plane 0: empty cells
        self.size = self.cells * (len(values) + 1)

    def names(self) -> list[str]:
        planes = ["empty", *(repr(v) for v in self.values)]
        return [f"{self.name}.{plane}[{r},{c}]" for plane in planes
                for r in range(self.rows) for c in range(self.cols)]

    def write(self, view: Any, out: Any) -> None:
        if (view.rows, view.cols) != (self.rows, self.cols):
            raise EncodingError(f"{self.name} is {view.rows}x{view.cols}, not {self.rows}x{self.cols}")
        cells = self.cells
        for i, value in enumerate(view.cells):
            plane = 0 if value is None else self.values.get(value)
            if plane is None:
                raise EncodingError(f"{self.name} holds {value!r}, outside its declared cell values "
                                    f"(declare rl_vocabularies[{field_of(self.name)!r}])")
            out[plane * cells + i] = 1.0


class CountersPart(Part):
    """Each counter as amount / capacity and, for a small capacity, one-hot over 0..capacity: the
    scaled number keeps it one-to-one, the one-hot makes exact amounts easy to learn."""

    def __init__(self, name: str, zone: Counters, context: Context) -> None:
        self.name = name
        self.keys = {key: i for i, (key, _) in enumerate(zone.items())}
        largest = max([1, *(n for _, n in zone.items())])
        self.capacity = context.capacity(field_of(name), largest)
        self.buckets = self.capacity + 1 if self.capacity <= ONE_HOT_COUNTS else 0
        self.size = len(self.keys) * (1 + self.buckets)

    def names(self) -> list[str]:
        return [n for key in self.keys for n in
                [f"{self.name}[{key!r}]"] + [f"{self.name}[{key!r}]=={b}" for b in range(self.buckets)]]

    def write(self, view: Any, out: Any) -> None:
        stride = 1 + self.buckets
        for key, amount in view.counts:
            i = self.keys.get(key)
            if i is None:
                raise EncodingError(f"{self.name} has a counter {key!r} it did not have at setup")
            if not 0 <= amount <= self.capacity:
                raise EncodingError(f"{self.name}[{key!r}] is {amount}, outside 0..{self.capacity} "
                                    f"(declare rl_capacities[{field_of(self.name)!r}])")
            out[i * stride] = amount / self.capacity
            if self.buckets:
                out[i * stride + 1 + amount] = 1.0


@zone_part.register
def _hand(zone: Hand, name: str, context: Context) -> Part:
    return HandPart(name, zone, context)


@zone_part.register
def _pile(zone: Pile, name: str, context: Context) -> Part:
    return PilePart(name, context)


@zone_part.register
def _tableau(zone: Tableau, name: str, context: Context) -> Part:
    return TableauPart(name, context)


@zone_part.register
def _display(zone: Display, name: str, context: Context) -> Part:
    return GroupsPart(name, range(zone.width), context)


@zone_part.register
def _keyed(zone: KeyedPiles, name: str, context: Context) -> Part:
    keys = context.vocabulary(field_of(name))
    return GroupsPart(name, context.deck.cards if keys is None else keys, context)


@zone_part.register
def _grid(zone: Grid, name: str, context: Context) -> Part:
    values = context.vocabulary(field_of(name))
    if values is None:
        seen = {v for v in zone.view(None).cells if v is not None} | set(context.deck.cards)
        values = sorted(seen, key=lambda v: (type(v).__name__, v))
    return GridPart(name, zone, values)


@zone_part.register
def _counters(zone: Counters, name: str, context: Context) -> Part:
    return CountersPart(name, zone, context)



# -- facts about hidden cards (meeple.knowledge) ------------------------------------------------

FACTS_CAPACITY = 8  # facts about single cards encoded, unless declared (rl_capacities["facts"])


class FactsPart(Part):
    """The facts a view holds (`View.facts`), for a game that records them (`Game.records_facts`).

    Facts about counts fill a grid, per zone and per kind (`Game.card_kind` of the deck's cards):
    a bit for "holds none" and "holds at least" count / the copies of that kind. Facts about
    single cards (`CardAbove`, `CardBelow`, `CardIs`, `CardsEqual`) fill up to
    `rl_capacities["facts"]` entries (default `FACTS_CAPACITY`), in the order they were learned:
    the fact's type (one-hot), its zone (one-hot), its position / the deck size, its value
    (one-hot over the kinds), the other card's zone and position (for `CardsEqual`), and which
    seats know it (a bit per seat; all for everyone)."""

    TYPES = ("card_above", "card_below", "card_is", "cards_equal")

    def __init__(self, zones: Sequence[str], context: Context) -> None:
        from ..knowledge import kind_function

        self.name = "facts"
        kind = kind_function(context.game)
        copies = Counter(kind(card) for card in context.game.deck())
        self.kinds = sorted(copies, key=lambda k: (type(k).__name__, k))
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.copies = [copies[k] for k in self.kinds]
        self.zones = {name: i for i, name in enumerate(zones)}
        self.players, self.total = context.players, max(1, context.deck.total)
        self.capacity = context.capacity("facts", FACTS_CAPACITY)
        z, k = len(self.zones), len(self.kinds)
        self.grid = z * k * 2
        self.stride = len(self.TYPES) + z + 1 + k + z + 1 + self.players
        self.size = self.grid + self.capacity * self.stride

    def names(self) -> list[str]:
        grid = [f"facts.{zone}.{what}[{kind!r}]" for zone in self.zones for kind in self.kinds
                for what in ("none", "at_least")]
        one = ([f"type=={t}" for t in self.TYPES] + [f"zone=={z}" for z in self.zones] + ["position"]
               + [f"value=={k!r}" for k in self.kinds] + [f"other_zone=={z}" for z in self.zones]
               + ["other_position"] + [f"known_to[{s}]" for s in range(self.players)])
        return grid + [f"facts.card[{i}].{n}" for i in range(self.capacity) for n in one]

    def _zone(self, name: str) -> int:
        try:
            return self.zones[name]
        except KeyError:
            raise EncodingError(f"a fact names the zone {name!r}, which the game's setup has not") from None

    def _kind(self, kind: Any) -> int:
        try:
            return self.kind_index[kind]
        except (KeyError, TypeError):
            raise EncodingError(f"a fact names the kind {kind!r}, which no card of the deck has "
                                f"(Game.card_kind)") from None

    def write(self, facts: Any, out: Any) -> None:
        k = len(self.kinds)
        entry = 0
        for known in facts:
            fact = known.fact
            if fact.tag in ("holds_none", "holds_at_least"):
                i = self._kind(fact.kind)
                at = (self._zone(fact.zone) * k + i) * 2
                if fact.tag == "holds_none":
                    out[at] = 1.0
                else:
                    out[at + 1] = max(out[at + 1], min(1.0, fact.count / self.copies[i]))
                continue
            if entry >= self.capacity:
                raise EncodingError(f"a view holds more than {self.capacity} facts about single cards "
                                    f"(declare a larger rl_capacities['facts'])")
            base = self.grid + entry * self.stride
            z = len(self.zones)
            out[base + self.TYPES.index(fact.tag)] = 1.0
            at = base + len(self.TYPES)
            out[at + self._zone(fact.zone)] = 1.0
            out[at + z] = min(1.0, fact.position / self.total)
            at += z + 1
            if fact.tag == "cards_equal":
                out[at + k + self._zone(fact.other_zone)] = 1.0
                out[at + k + z] = min(1.0, fact.other_position / self.total)
            else:
                out[at + self._kind(fact.value)] = 1.0
            at += k + z + 1
            for seat in range(self.players) if known.seats is None else known.seats:
                out[at + seat] = 1.0
            entry += 1
