"""Fixed-size observations derived from a game's zone declarations, never written per game.

`ObservationEncoder(game).encode(view)` turns one seat's `View` into a float32 vector. It reads
only the view, so two states a seat cannot tell apart (the same view) give the same observation
by construction; and each part below is one-to-one on what the view shows, so two different
views give different observations (both checked by `tests/rl/test_faithful.py`).

Layout, in field order of the state class (hidden fields are in no view, so in no observation):

- **Hand**: size, whether the viewer sees it; an *ordered* hand has, per position up to its
  capacity, a one-hot card, a known-to-everyone bit and a bit per seat that knows the card; an
  *unordered* hand has count vectors over the deck's distinct cards: the cards (if seen), the
  cards known to everyone, and the cards known to each set of seats.
- **Pile**: size, whether the viewer sees it, and its cards bottom to top as one-hot positions.
- **Tableau**: its cards as one-hot positions, a bit marking where each layer starts.
- **Display**: each slot's cards as one-hot positions; **KeyedPiles**: the same per key.
- **Grid**: one plane per cell value (and one for empty cells).
- **Counters**: each counter's amount divided by the largest amount at setup, and one-hot over
  0..that amount (a last bucket for more) when it is at most `ONE_HOT_COUNTS`.
- **Other fields**: ints and bools as numbers, ``int | None`` as a flag and a number, anything
  else as the bytes of its canonical JSON (each byte / 255) up to a capacity.
- **The pending decision**: the viewer's seat, moves so far / max length, the top frame's kind and
  seat (one-hot), the owing and chosen seats, the whole pending stack as canonical JSON bytes,
  and for a simultaneous game the viewer's own secret choice as a one-hot action index.

Capacities (how many positions a zone may fill) default to the number of cards in the deck —
no zone can hold more. A game narrows them, or declares the values a grid cell may hold, with
ClassVars on its `Game` (`rl_capacities`, `rl_vocabularies`, docs/rl.md) or through
`register_encoding`; a game may replace the whole encoding with a method ``rl_encoder(self)``
returning an object with `size` and `encode(view)`. A value beyond a capacity or outside a
vocabulary raises `EncodingError` naming the field and the hook, never a silent clip.
"""

from __future__ import annotations

import json
import types
import typing
from collections import Counter
from itertools import combinations
from typing import Any, Callable, Iterable, Mapping

import numpy as np

from ..actions import Decision
from ..errors import MeepleError
from ..game import Game
from ..layout import FieldInfo, Kind, game_fields
from ..serialization import converter_for
from ..view import View
from ..zones import Counters, Display, Grid, Hand, KeyedPiles, Pile, Tableau


class EncodingError(MeepleError):
    """A view does not fit the game's fixed observation (a capacity or vocabulary is too small)."""


Capacities = Mapping[str, int]
Vocabularies = Mapping[str, Callable[[Game], Iterable[Any]]]

_CAPACITIES: dict[str, Capacities] = {}
_VOCABULARIES: dict[str, Vocabularies] = {}
JSON_CAPACITY = 64  # bytes for a field encoded as JSON, unless declared
ONE_HOT_COUNTS = 32  # counters whose setup amounts are at most this are also one-hot encoded
PENDING_CAPACITY = 128  # bytes for the pending stack, unless declared (key "pending")


def register_encoding(game_id: str, capacities: Capacities | None = None,
                      vocabularies: Vocabularies | None = None) -> None:
    """Declare capacities (field name, or "field.slot" / "field.pile" for displays and keyed
    piles, or "pending") and grid vocabularies (field name -> function of the game listing the
    values a cell may hold) for a game that cannot carry the ClassVars itself."""
    if capacities:
        _CAPACITIES[game_id] = dict(capacities)
    if vocabularies:
        _VOCABULARIES[game_id] = dict(vocabularies)


def _json_bytes(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class _Part:
    """One field's (or one zone's) slice of the observation."""

    name: str
    size: int

    def write(self, value: Any, out: np.ndarray) -> None:
        raise NotImplementedError


class _Cards:
    """The deck's distinct cards, indexed."""

    def __init__(self, game: Game) -> None:
        counts = Counter(game.deck())
        self.cards = sorted(counts, key=lambda c: (type(c).__name__, c))
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.copies = np.array([counts[c] for c in self.cards], dtype=np.float32)
        self.total = sum(counts.values())

    def __len__(self) -> int:
        return len(self.cards)

    def of(self, card: Any, where: str) -> int:
        try:
            return self.index[card]
        except (KeyError, TypeError):
            raise EncodingError(f"{where} holds {card!r}, which is not in the game's deck()") from None


def _positions(name: str, cards: Iterable[Any], capacity: int, deck: _Cards, out: np.ndarray,
               start: int = 0) -> None:
    """One-hot cards by position into `out` (shape capacity x len(deck), flattened)."""
    width = len(deck)
    for position, card in enumerate(cards, start):
        if position >= capacity:
            raise EncodingError(f"{name} holds more than its capacity of {capacity} cards "
                                f"(declare a larger rl_capacities[{name.split('[')[0]!r}])")
        out[position * width + deck.of(card, name)] = 1.0


class _HandPart(_Part):
    def __init__(self, name: str, zone: Hand, deck: _Cards, capacity: int, players: int) -> None:
        self.name, self.deck, self.capacity, self.players = name, deck, capacity, players
        self.ordered = zone.ordered
        d = len(deck)
        if self.ordered:
            self.stride = d + 1 + players
            self.size = 2 + capacity * self.stride
        else:
            self.subsets = {frozenset(s): i for i, s in enumerate(
                s for k in range(1, players + 1) for s in combinations(range(players), k))}
            self.size = 2 + d * (2 + len(self.subsets))

    def write(self, view: Any, out: np.ndarray) -> None:
        out[0] = view.size / self.deck.total
        out[1] = view.cards is not None
        body = out[2:]
        deck, d = self.deck, len(self.deck)
        if self.ordered:
            stride = self.stride
            if view.size > self.capacity:
                raise EncodingError(f"{self.name} holds {view.size} cards, beyond its capacity "
                                    f"of {self.capacity} (declare rl_capacities)")
            if view.cards is not None:
                for p, card in enumerate(view.cards):
                    body[p * stride + deck.of(card, self.name)] = 1.0
            for p, card in view.known:
                body[p * stride + deck.of(card, self.name)] = 1.0
                body[p * stride + d] = 1.0
            for p, card, seats in view.known_to:
                body[p * stride + deck.of(card, self.name)] = 1.0
                for seat in seats:
                    body[p * stride + d + 1 + seat] = 1.0
            return
        copies = deck.copies
        if view.cards is not None:
            for card in view.cards:
                body[deck.of(card, self.name)] += 1.0
        for card in view.known:
            body[d + deck.of(card, self.name)] += 1.0
        for card, seats in view.known_to:
            body[(2 + self.subsets[frozenset(seats)]) * d + deck.of(card, self.name)] += 1.0
        blocks = body.reshape(-1, d)
        blocks /= copies


class _PilePart(_Part):
    def __init__(self, name: str, deck: _Cards, capacity: int) -> None:
        self.name, self.deck, self.capacity = name, deck, capacity
        self.size = 2 + capacity * len(deck)

    def write(self, view: Any, out: np.ndarray) -> None:
        out[0] = view.size / self.deck.total
        out[1] = view.cards is not None
        if view.cards is not None:
            _positions(self.name, view.cards, self.capacity, self.deck, out[2:])


class _TableauPart(_Part):
    def __init__(self, name: str, deck: _Cards, capacity: int) -> None:
        self.name, self.deck, self.capacity = name, deck, capacity
        self.size = capacity * (len(deck) + 1)

    def write(self, view: Any, out: np.ndarray) -> None:
        d = len(self.deck)
        cards = out[:self.capacity * d]
        starts = out[self.capacity * d:]
        position = 0
        for layer in view.layers:
            if position < self.capacity:
                starts[position] = 1.0
            _positions(self.name, layer, self.capacity, self.deck, cards, position)
            position += len(layer)


class _GroupsPart(_Part):
    """A display's slots or keyed piles' piles: each group's cards as one-hot positions."""

    def __init__(self, name: str, deck: _Cards, keys: list[Any], capacity: int) -> None:
        self.name, self.deck, self.capacity = name, deck, capacity
        self.keys = {key: i for i, key in enumerate(keys)}
        self.stride = capacity * len(deck)
        self.size = len(keys) * self.stride

    def write(self, view: Any, out: np.ndarray) -> None:
        groups = (enumerate(view.slots) if hasattr(view, "slots") else view.piles)
        for key, cards in groups:
            i = self.keys.get(key)
            if i is None:
                raise EncodingError(f"{self.name} has a pile keyed {key!r} outside its declared keys "
                                    f"(declare rl_vocabularies[{self.name!r}])")
            _positions(f"{self.name}[{key!r}]", cards, self.capacity, self.deck,
                       out[i * self.stride:(i + 1) * self.stride])


class _GridPart(_Part):
    def __init__(self, name: str, zone: Grid, values: list[Any]) -> None:
        self.name = name
        self.cells = zone.rows * zone.cols
        self.rows, self.cols = zone.rows, zone.cols
        self.values = {value: i + 1 for i, value in enumerate(values)}  # plane 0: empty cells
        self.size = self.cells * (len(values) + 1)

    def write(self, view: Any, out: np.ndarray) -> None:
        if (view.rows, view.cols) != (self.rows, self.cols):
            raise EncodingError(f"{self.name} is {view.rows}x{view.cols}, not {self.rows}x{self.cols}")
        planes = out.reshape(-1, self.cells)
        for i, value in enumerate(view.cells):
            plane = 0 if value is None else self.values.get(value)
            if plane is None:
                raise EncodingError(f"{self.name} holds {value!r}, outside its declared cell values "
                                    f"(declare rl_vocabularies[{self.name!r}])")
            planes[plane, i] = 1.0


class _CountersPart(_Part):
    """Each counter as its amount / the largest amount at setup and, when that largest amount is
    small (at most ONE_HOT_COUNTS), also one-hot over 0..largest with a last bucket for more:
    the scaled number keeps the encoding one-to-one, the one-hot makes exact amounts easy to learn."""

    def __init__(self, name: str, zone: Counters) -> None:
        self.name = name
        self.keys = {key: i for i, (key, _) in enumerate(zone.items())}
        largest = max([1, *(n for _, n in zone.items())])
        self.scale = float(largest)
        self.buckets = largest + 2 if largest <= ONE_HOT_COUNTS else 0
        self.size = len(self.keys) * (1 + self.buckets)

    def write(self, view: Any, out: np.ndarray) -> None:
        stride = 1 + self.buckets
        for key, amount in view.counts:
            i = self.keys.get(key)
            if i is None:
                raise EncodingError(f"{self.name} has a counter {key!r} it did not have at setup")
            out[i * stride] = amount / self.scale
            if self.buckets:
                out[i * stride + 1 + min(amount, self.buckets - 1)] = 1.0


class _NumberPart(_Part):
    def __init__(self, name: str, optional: bool) -> None:
        self.name, self.optional = name, optional
        self.size = 2 if optional else 1

    def write(self, value: Any, out: np.ndarray) -> None:
        if self.optional:
            if value is None:
                return
            out[0], out = 1.0, out[1:]
        out[0] = float(value)


class _JsonPart(_Part):
    def __init__(self, name: str, capacity: int, unstructure: Callable[[Any], Any]) -> None:
        self.name, self.capacity, self.unstructure = name, capacity, unstructure
        self.size = capacity

    def write(self, value: Any, out: np.ndarray) -> None:
        raw = _json_bytes(self.unstructure(value))
        if len(raw) > self.capacity:
            raise EncodingError(f"{self.name} takes {len(raw)} bytes of JSON, beyond its capacity of "
                                f"{self.capacity} (declare rl_capacities[{self.name!r}])")
        out[:len(raw)] = np.frombuffer(raw, dtype=np.uint8) / 255.0


def _is_number(annotation: Any) -> tuple[bool, bool]:
    """(is a number field, may be None) from a field's annotation."""
    if annotation in (int, bool, float):
        return True, False
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and rest[0] in (int, bool, float) and len(args) == 2:
            return True, True
    return False, False


class ObservationEncoder:
    """The generic encoding of one game (fixed players and options); see the module docstring."""

    def __init__(self, game: Game) -> None:
        from .spaces import action_space

        self.game = game
        cls = type(game)
        self.players = game.players
        self.deck = _Cards(game)
        capacities = {**_CAPACITIES.get(game.spec.id, {}), **getattr(cls, "rl_capacities", {})}
        vocabularies = {**_VOCABULARIES.get(game.spec.id, {}), **getattr(cls, "rl_vocabularies", {})}
        self.converter = converter_for(cls)
        skeleton = game.skeleton()
        default = max(1, self.deck.total)
        self.parts: list[tuple[str, int | None, _Part]] = []  # (field, index in a zone tuple, part)
        for info in game_fields(type(skeleton)):
            if info.hidden:
                continue
            value = getattr(skeleton, info.name)
            if info.kind is Kind.ZONE:
                self.parts.append((info.name, None, self._zone_part(info.name, info.name, value,
                                                                    capacities, vocabularies, default)))
            elif info.kind is Kind.ZONES:
                for i, zone in enumerate(value):
                    self.parts.append((info.name, i, self._zone_part(
                        f"{info.name}[{i}]", info.name, zone, capacities, vocabularies, default)))
            else:
                self.parts.append((info.name, None, self._value_part(info, capacities)))
        self.decisions = {cls_: i for i, cls_ in enumerate(game.decision_types)}
        self.simultaneous = game.spec.simultaneous
        self.actions = action_space(game) if self.simultaneous else None
        self.pending_capacity = capacities.get("pending", PENDING_CAPACITY)
        p = self.players
        self.head = (p + 1 + 1 + (len(self.decisions) + 1) + (p + 1) + p + p + self.pending_capacity
                     + (len(self.actions) + 1 if self.actions is not None else 0))
        self.size = self.head + sum(part.size for _, _, part in self.parts)

    def _zone_part(self, name: str, field: str, zone: Any, capacities: Mapping[str, int],
                   vocabularies: Vocabularies, default: int) -> _Part:
        capacity = capacities.get(field, default)
        if isinstance(zone, Hand):
            return _HandPart(name, zone, self.deck, capacity, self.players)
        if isinstance(zone, Pile):
            return _PilePart(name, self.deck, capacity)
        if isinstance(zone, Tableau):
            return _TableauPart(name, self.deck, capacity)
        if isinstance(zone, Display):
            width = len(zone.view(None).slots)
            return _GroupsPart(name, self.deck, list(range(width)), capacities.get(f"{field}.slot", default))
        if isinstance(zone, KeyedPiles):
            keys = list(vocabularies[field](self.game)) if field in vocabularies else self.deck.cards
            return _GroupsPart(name, self.deck, keys, capacities.get(f"{field}.pile", default))
        if isinstance(zone, Grid):
            if field in vocabularies:
                values = list(vocabularies[field](self.game))
            else:
                values = sorted({v for v in zone.view(None).cells if v is not None} | set(self.deck.cards),
                                key=lambda v: (type(v).__name__, v))
            return _GridPart(name, zone, values)
        if isinstance(zone, Counters):
            return _CountersPart(name, zone)
        raise EncodingError(f"{name}: no generic encoding for a {type(zone).__name__} zone "
                            f"(give the game an rl_encoder)")

    def _value_part(self, info: FieldInfo, capacities: Mapping[str, int]) -> _Part:
        number, optional = _is_number(info.annotation) if info.kind is Kind.VALUE else (False, False)
        if number:
            return _NumberPart(info.name, optional)
        annotation = info.view_annotation
        converter = self.converter
        return _JsonPart(info.name, capacities.get(info.name, JSON_CAPACITY),
                         lambda value: converter.unstructure(value, annotation))

    def encode(self, view: View) -> np.ndarray:
        """The observation of `view` (a seat's view; the observer's view(None) works too)."""
        out = np.zeros(self.size, dtype=np.float32)
        self._write_head(view, out[:self.head])
        offset = self.head
        for field, index, part in self.parts:
            value = view.field(field)
            if index is not None:
                value = value[index]
            part.write(value, out[offset:offset + part.size])
            offset += part.size
        return out

    def _write_head(self, view: View, out: np.ndarray) -> None:
        p = self.players
        out[p if view.player is None else view.player] = 1.0
        at = p + 1
        out[at] = view.moves / max(1, self.game.max_length())
        at += 1
        frame = view.decision
        kinds = len(self.decisions) + 1
        if frame is not None:
            out[at + self.decisions.get(type(frame), len(self.decisions))] = 1.0
        at += kinds
        if frame is not None:
            out[at + (p if frame.player is None else frame.player)] = 1.0
        at += p + 1
        for seat in view.owing():
            out[at + seat] = 1.0
        at += p
        for seat in view.chosen:
            out[at + seat] = 1.0
        at += p
        raw = _json_bytes([self.converter.unstructure(d, Decision) for d in view.pending])
        if len(raw) > self.pending_capacity:
            raise EncodingError(f"the pending decisions take {len(raw)} bytes of JSON, beyond the "
                                f"capacity of {self.pending_capacity} (declare rl_capacities['pending'])")
        out[at:at + len(raw)] = np.frombuffer(raw, dtype=np.uint8) / 255.0
        at += self.pending_capacity
        if self.actions is not None:
            choice = view.choice
            out[at + (len(self.actions) if choice is None else self.actions.index(choice))] = 1.0


_ENCODERS: dict[Game, Any] = {}


def encoder_for(game: Game) -> Any:
    """The game's observation encoder: its own ``rl_encoder(self)`` if it has one, else the
    generic `ObservationEncoder` (cached per game instance)."""
    encoder = _ENCODERS.get(game)
    if encoder is None:
        hook = getattr(type(game), "rl_encoder", None)
        encoder = _ENCODERS[game] = hook(game) if hook is not None else ObservationEncoder(game)
    return encoder
