"""Fixed-size observations derived from a game's declarations, never written per game.

`encoder_for(game).encode(view)` turns one seat's `View` into a float32 vector whose every
feature lies in [0, 1] (the observation space is ``Box(0, 1)``), and `encoder.layout()` names
every feature. It reads only the view, so two states a seat cannot tell apart (the same view)
give the same observation by construction (`tests/rl/test_faithful.py` checks it, and that two
views differing in more than a pile's order never share an observation).

Layout, in order:

1. **The head**: the viewer's seat (one-hot, the last for the observer), moves so far / the
   declared maximum length, which seats owe a decision and which have made their secret choice.
2. **The pending decisions**, top first, up to `rl_capacities["pending"]` frames (default
   `PENDING_CAPACITY`): each frame's kind (one-hot) and fields, read as values are (below).
3. **The viewer's own secret choice** in a simultaneous decision, as an action is read: its kind,
   its cards, its index in the action space / the number of actions (`ActionFeatures`).
4. **The state's visible fields**, in field order: zones as `meeple.rl.features` encodes them
   (a registry keyed on the zone class), other fields as values.
5. **The facts the viewer knows** (`View.facts`), for a game that declares `records_facts`:
   counts per zone and kind, then facts about single cards (`meeple.rl.features.FactsPart`).

Values, from the field's annotation: a bool as 0/1; an int or float as value / its capacity
(`rl_capacities[path]`, default the largest of the seats, the declared maximum length and the
deck size; negative or larger raises); ``X | None`` as a presence bit then X; an enum, or a str
with a declared vocabulary, one-hot; any other str as its UTF-8 bytes / 255 up to
`rl_capacities[path]` bytes (default `TEXT_CAPACITY`); a fixed tuple and an attrs class as their
parts in order; a variable tuple or list as its length / capacity then up to
`rl_capacities[path]` items (default the declared maximum length). By name: a field called
``card`` or ``cards`` holds deck cards (counts per distinct card), one called ``player``,
``players``, ``seat`` or ``seats`` holds seats (one-hot over the seats). A `path` is the field's
name, dotted into attrs classes (``trick_plays.wilds``).

Capacities of card zones default to the deck size (no zone can hold more) and of sequences to
the declared maximum length; a game narrows them, or declares vocabularies, with ClassVars on
its `Game` (`rl_capacities`, `rl_vocabularies`, docs/rl.md) or `register_encoding`, and
`check_capacities` plays random games to the declared maximum length to test the declarations
(tests/rl runs it for every game). A game may replace the whole encoding with a method
``rl_encoder(self)`` returning an object with `size`, `layout()` and `encode(view)`.

**Information state** (`InformationState`): the observation followed by the seat's history, one
slot per decision up to the declared maximum length: who acted (one-hot), whether the seat saw
the action (every sequential action is public; a secret choice is seen by its chooser only), and
the action's features when it did. With the views' own knowledge flags, that is perfect recall
of everything an action or the current view shows (docs/rl.md says what it leaves out).
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import attrs
import numpy as np

from ..actions import Action
from ..game import Game
from ..layout import Kind, game_fields
from ..view import View
from .features import Cards, Context, EncodingError, FactsPart, Part, zone_part

__all__ = ["EncodingError", "ObservationEncoder", "InformationState", "encoder_for",
           "register_encoding", "check_capacities", "random_play"]

Capacities = Mapping[str, int]
Vocabularies = Mapping[str, Callable[[Game], Iterable[Any]]]

_CAPACITIES: dict[str, Capacities] = {}
_VOCABULARIES: dict[str, Vocabularies] = {}
PENDING_CAPACITY = 4  # decision frames encoded, unless declared (key "pending")
TEXT_CAPACITY = 24  # bytes for a str without a vocabulary, unless declared
CARD_NAMES = ("card", "cards")
SEAT_NAMES = ("player", "players", "seat", "seats")


def register_encoding(game_id: str, capacities: Capacities | None = None,
                      vocabularies: Vocabularies | None = None) -> None:
    """Declare capacities and vocabularies (see the module docstring) for a game whose class
    cannot carry the `rl_capacities` / `rl_vocabularies` ClassVars itself."""
    if capacities:
        _CAPACITIES[game_id] = dict(capacities)
    if vocabularies:
        _VOCABULARIES[game_id] = dict(vocabularies)


# -- values -------------------------------------------------------------------------------------

class _Number(Part):
    def __init__(self, name: str, high: float) -> None:
        self.name, self.high, self.size = name, float(max(1, high)), 1

    def names(self) -> list[str]:
        return [self.name]

    def write(self, value: Any, out: Any) -> None:
        if not 0 <= value <= self.high:
            raise EncodingError(f"{self.name} is {value!r}, outside 0..{self.high:g} "
                                f"(declare rl_capacities[{self.name!r}])")
        out[0] = value / self.high


class _Bool(Part):
    def __init__(self, name: str) -> None:
        self.name, self.size = name, 1

    def names(self) -> list[str]:
        return [self.name]

    def write(self, value: Any, out: Any) -> None:
        out[0] = 1.0 if value else 0.0


class _OneHot(Part):
    """One of a fixed list of values (an enum's members, a declared vocabulary, the seats)."""

    def __init__(self, name: str, values: Sequence[Any]) -> None:
        self.name = name
        self.index = {value: i for i, value in enumerate(values)}
        self.size = len(values)

    def names(self) -> list[str]:
        return [f"{self.name}=={value!r}" for value in self.index]

    def write(self, value: Any, out: Any) -> None:
        values = value if isinstance(value, (tuple, list, frozenset)) else (value,)
        for v in values:
            i = self.index.get(v)
            if i is None:
                raise EncodingError(f"{self.name} is {v!r}, outside its declared values "
                                    f"(declare rl_vocabularies[{self.name!r}])")
            out[i] = 1.0


class _Text(Part):
    def __init__(self, name: str, capacity: int) -> None:
        self.name, self.size = name, 1 + capacity

    def names(self) -> list[str]:
        return [f"{self.name}.length"] + [f"{self.name}.byte[{i}]" for i in range(self.size - 1)]

    def write(self, value: Any, out: Any) -> None:
        raw = str(value).encode()
        if len(raw) > self.size - 1:
            raise EncodingError(f"{self.name} is {len(raw)} bytes, beyond its capacity of "
                                f"{self.size - 1} (declare rl_capacities[{self.name!r}] or a vocabulary)")
        out[0] = len(raw) / (self.size - 1)
        for i, byte in enumerate(raw):
            out[1 + i] = byte / 255.0


class _CardCounts(Part):
    def __init__(self, name: str, deck: Cards) -> None:
        self.name, self.deck, self.size = name, deck, len(deck)

    def names(self) -> list[str]:
        return self.deck.names(self.name)

    def write(self, value: Any, out: Any) -> None:
        self.deck.count_into(value if isinstance(value, (tuple, list)) else (value,), out, self.name)


class _Optional(Part):
    def __init__(self, inner: Part) -> None:
        self.name, self.inner, self.size = inner.name, inner, 1 + inner.size

    def names(self) -> list[str]:
        return [f"{self.name}.present"] + self.inner.names()

    def write(self, value: Any, out: Any) -> None:
        if value is not None:
            out[0] = 1.0
            self.inner.write(value, out[1:])


class _Group(Part):
    """Parts side by side: a fixed tuple's items, an attrs instance's fields."""

    def __init__(self, name: str, parts: Sequence[Part], read: Callable[[Any], Sequence[Any]]) -> None:
        self.name, self.parts, self.read = name, list(parts), read
        self.size = sum(p.size for p in self.parts)

    def names(self) -> list[str]:
        return [n for part in self.parts for n in part.names()]

    def write(self, value: Any, out: Any) -> None:
        at = 0
        for part, item in zip(self.parts, self.read(value)):
            part.write(item, out[at:at + part.size])
            at += part.size


class _Sequence(Part):
    def __init__(self, name: str, item: Part, capacity: int) -> None:
        self.name, self.item, self.capacity = name, item, capacity
        self.size = 1 + capacity * item.size

    def names(self) -> list[str]:
        inner = self.item.names()
        return [f"{self.name}.length"] + [f"{self.name}[{i}]{n[len(self.item.name):]}"
                                          for i in range(self.capacity) for n in inner]

    def write(self, value: Any, out: Any) -> None:
        if len(value) > self.capacity:
            raise EncodingError(f"{self.name} holds {len(value)} items, beyond its capacity of "
                                f"{self.capacity} (declare rl_capacities[{self.name!r}])")
        out[0] = len(value) / max(1, self.capacity)
        size = self.item.size
        for i, item in enumerate(value):
            self.item.write(item, out[1 + i * size:1 + (i + 1) * size])


def _optional_of(annotation: Any) -> Any:
    """X for ``X | None`` / ``Optional[X]``, else None."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = typing.get_args(annotation)
        rest = [a for a in args if a is not type(None)]
        if len(args) == 2 and len(rest) == 1:
            return rest[0]
    return None


class _Values:
    """Builds the part of a value from its annotation (the rules in the module docstring)."""

    def __init__(self, context: Context) -> None:
        self.context = context
        c = context
        self.number_high = max(c.players, c.max_length, c.deck.total)

    def part(self, path: str, annotation: Any, leaf: str | None = None) -> Part:
        context = self.context
        leaf = leaf or path.rsplit(".", 1)[-1]
        inner = _optional_of(annotation)
        if inner is not None:
            return _Optional(self.part(path, inner, leaf))
        origin, args = typing.get_origin(annotation), typing.get_args(annotation)
        sequence = origin in (list, tuple) and (origin is list or (len(args) == 2 and args[1] is Ellipsis))
        if leaf in CARD_NAMES and len(context.deck):
            return _CardCounts(path, context.deck)
        if leaf in SEAT_NAMES:
            return _OneHot(path, range(context.players))
        if annotation is bool:
            return _Bool(path)
        if annotation in (int, float):
            return _Number(path, context.capacity(path, self.number_high))
        if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            return _OneHot(path, list(annotation))
        if annotation is str:
            vocabulary = context.vocabulary(path)
            if vocabulary is not None:
                return _OneHot(path, vocabulary)
            return _Text(path, context.capacity(path, TEXT_CAPACITY))
        if sequence or annotation in (list, tuple):
            item = args[0] if args else int
            return _Sequence(path, self.part(f"{path}[]", item, leaf), context.capacity(path, context.max_length))
        if origin is tuple and args:
            parts = [self.part(f"{path}[{i}]", a, leaf) for i, a in enumerate(args)]
            return _Group(path, parts, lambda value: value)
        if attrs.has(annotation):
            hints = typing.get_type_hints(annotation)
            fields = [f.name for f in attrs.fields(annotation) if f.init]
            parts = [self.part(f"{path}.{name}", hints.get(name, Any)) for name in fields]
            return _Group(path, parts, lambda value, names=tuple(fields): [getattr(value, n) for n in names])
        raise EncodingError(f"{path}: no generic encoding for a value of type {annotation!r} "
                            f"(give the game an rl_encoder, or the field a simpler type)")


class ActionFeatures(Part):
    """An action as a learner reads it: its kind (one-hot), its cards (counts, when any action
    has a ``card`` or ``cards`` field) and its index in the action space / the number of actions
    (which makes the encoding one-to-one)."""

    def __init__(self, name: str, game: Game, context: Context) -> None:
        from .spaces import action_space

        self.name = name
        self.space = action_space(game)
        self.kinds = {cls: i for i, cls in enumerate(game.action_types)}
        self.deck = context.deck
        self.card_fields = {cls: [f.name for f in attrs.fields(cls) if f.name in CARD_NAMES]
                            for cls in game.action_types}
        self.cards = len(self.deck) if any(self.card_fields.values()) else 0
        self.size = len(self.kinds) + self.cards + 1

    def names(self) -> list[str]:
        return ([f"{self.name}.kind=={cls.tag or cls.__name__}" for cls in self.kinds]
                + (self.deck.names(f"{self.name}.cards") if self.cards else []) + [f"{self.name}.index"])

    def write(self, action: Action, out: Any) -> None:
        kinds = len(self.kinds)
        out[self.kinds[type(action)]] = 1.0
        if self.cards:
            for field in self.card_fields[type(action)]:
                value = getattr(action, field)
                self.deck.count_into(value if isinstance(value, (tuple, list)) else (value,), out,
                                     self.name, kinds)
        out[kinds + self.cards] = (self.space.index(action) + 1) / len(self.space)


class _Frames(Part):
    """The pending decisions, top first: per frame its kind (one-hot) and its fields (each kind
    its own block; only the frame's kind's block is written)."""

    def __init__(self, game: Game, values: _Values, capacity: int) -> None:
        self.name, self.capacity = "pending", capacity
        self.kinds: dict[type, tuple[int, int, Part]] = {}
        at = len(game.decision_types)
        for i, cls in enumerate(game.decision_types):
            hints = typing.get_type_hints(cls)
            fields = [f.name for f in attrs.fields(cls) if f.init]
            part = _Group(f"pending.{cls.__name__}", [values.part(f"{cls.__name__}.{n}", hints.get(n, Any))
                                                     for n in fields],
                          lambda value, names=tuple(fields): [getattr(value, n) for n in names])
            self.kinds[cls] = (i, at, part)
            at += part.size
        self.stride = at
        self.size = capacity * self.stride

    def names(self) -> list[str]:
        one = [f"kind=={cls.__name__}" for cls in self.kinds]
        for _, _, part in self.kinds.values():
            one += part.names()
        return [f"pending[{i}].{n}" for i in range(self.capacity) for n in one]

    def write(self, pending: Sequence[Any], out: Any) -> None:
        if len(pending) > self.capacity:
            raise EncodingError(f"{len(pending)} decisions are pending, beyond the capacity of "
                                f"{self.capacity} (declare rl_capacities['pending'])")
        for depth, frame in enumerate(reversed(pending)):
            base = depth * self.stride
            entry = self.kinds.get(type(frame))
            if entry is None:
                raise EncodingError(f"a pending {type(frame).__name__} is not in the game's decision_types")
            kind, at, part = entry
            out[base + kind] = 1.0
            part.write(frame, out[base + at:base + at + part.size])


# -- the encoder ----------------------------------------------------------------------------------

class _Memo(Part):
    """A zone's part, remembering what it wrote for the last few zone views it was given. Zone
    views are frozen and a zone hands out the same view object until it changes (or the same
    hidden view to every seat that cannot see it), so the same object always encodes alike:
    an env encoding a seat after every move re-encodes only the zones the move changed."""

    KEEP = 8  # views remembered (about one per seat, and the observer's)

    def __init__(self, part: Part) -> None:
        self.part, self.name, self.size = part, part.name, part.size
        self.seen: dict[int, tuple[Any, np.ndarray]] = {}

    def names(self) -> list[str]:
        return self.part.names()

    def write(self, value: Any, out: Any) -> None:
        hit = self.seen.get(id(value))
        if hit is not None and hit[0] is value:  # (the entry keeps `value` alive: its id is its own)
            out[:] = hit[1]
            return
        self.part.write(value, out)
        if len(self.seen) >= self.KEEP:
            self.seen.clear()
        self.seen[id(value)] = (value, np.array(out, copy=True))


@attrs.frozen
class Block:
    """One named slice of the observation: `names[i]` is feature `start + i`."""

    name: str
    start: int
    names: tuple[str, ...]

    @property
    def stop(self) -> int:
        return self.start + len(self.names)


class ObservationEncoder:
    """The generic encoding of one game (fixed players and options); see the module docstring."""

    def __init__(self, game: Game) -> None:
        self.game = game
        cls = type(game)
        self.players = game.players
        capacities = {**_CAPACITIES.get(game.spec.id, {}), **getattr(cls, "rl_capacities", {})}
        vocabularies = {**_VOCABULARIES.get(game.spec.id, {}), **getattr(cls, "rl_vocabularies", {})}
        context = self.context = Context(game, capacities, vocabularies)
        values = _Values(context)
        p = self.players
        head = _HeadPart(p, game.max_length())
        frames = _Frames(game, values, context.capacity("pending", PENDING_CAPACITY))
        self.choice: ActionFeatures | None = None
        #: (how to read its value from a view, the part), in observation order
        self.parts: list[tuple[Callable[[View], Any], Part]] = [
            (lambda view: view, head), (lambda view: view.pending, frames)]
        if game.spec.simultaneous:
            self.choice = ActionFeatures("choice", game, context)
            self.parts.append((lambda view: view.choice, _Optional(self.choice)))
        skeleton = game.skeleton()
        for info in game_fields(type(skeleton)):
            if info.hidden:
                continue
            value, name = getattr(skeleton, info.name), info.name
            if info.kind is Kind.ZONE:
                self.parts.append((lambda view, n=name: view.field(n), _Memo(zone_part(value, name, context))))
            elif info.kind is Kind.ZONES:
                for i, zone in enumerate(value):
                    self.parts.append((lambda view, n=name, i=i: view.field(n)[i],
                                       _Memo(zone_part(zone, f"{name}[{i}]", context))))
            else:
                self.parts.append((lambda view, n=name: view.field(n),
                                   values.part(name, info.view_annotation)))
        self.facts = None  # a game that records facts encodes them last (`FactsPart`)
        if cls.records_facts:
            self.facts = FactsPart([name for name, _ in skeleton.zones()], context)
            self.parts.append((lambda view: view.facts, self.facts))
        self.size = sum(part.size for _, part in self.parts)

    def layout(self) -> list[Block]:
        """Every slice of the observation, in order, with a name per feature."""
        blocks, at = [], 0
        for _, part in self.parts:
            names = part.names()
            assert len(names) == part.size, part.name
            blocks.append(Block(part.name, at, tuple(names)))
            at += part.size
        return blocks

    def feature_names(self) -> list[str]:
        """The name of every feature, index by index."""
        return [n for block in self.layout() for n in block.names]

    def encode(self, view: View, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of `view` (a seat's view; the observer's view(None) works too),
        written into `out` (zeroed first) when given."""
        if view.facts and self.facts is None:
            raise EncodingError(f"a {self.game.spec.id} view holds facts about hidden cards, but the game "
                                f"does not declare records_facts = True: its observations have no facts block")
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        at = 0
        for read, part in self.parts:
            part.write(read(view), out[at:at + part.size])
            at += part.size
        return out


class _HeadPart(Part):
    def __init__(self, players: int, max_length: int) -> None:
        self.name, self.players, self.max_length = "head", players, max(1, max_length)
        self.size = (players + 1) + 1 + players + players

    def names(self) -> list[str]:
        p = range(self.players)
        return ([f"viewer=={s}" for s in p] + ["viewer==observer", "moves"]
                + [f"owing[{s}]" for s in p] + [f"chosen[{s}]" for s in p])

    def write(self, view: View, out: Any) -> None:
        p = self.players
        out[p if view.player is None else view.player] = 1.0
        out[p + 1] = view.moves / self.max_length
        for seat in view.owing():
            out[p + 2 + seat] = 1.0
        for seat in view.chosen:
            out[p + 2 + p + seat] = 1.0


_ENCODERS: dict[Game, Any] = {}


def encoder_for(game: Game) -> Any:
    """The game's observation encoder: its own ``rl_encoder(self)`` if it has one, else the
    generic `ObservationEncoder` (cached per game instance)."""
    encoder = _ENCODERS.get(game)
    if encoder is None:
        hook = getattr(type(game), "rl_encoder", None)
        encoder = _ENCODERS[game] = hook(game) if hook is not None else ObservationEncoder(game)
    return encoder


# -- the information state ------------------------------------------------------------------------

class InformationState:
    """A seat's perfect-recall information state as a tensor: its observation, then one slot per
    decision so far (up to the declared maximum length): who acted (one-hot), whether this seat
    saw the action, and the action's features (`ActionFeatures`) when it did.

    `history` is the game's decisions so far as ``(seat, action, secret)``: `secret` when the
    action was a choice in a simultaneous decision (seen by its chooser only)."""

    def __init__(self, game: Game) -> None:
        self.encoder = encoder_for(game)
        self.players = game.players
        self.action = ActionFeatures("action", game, self.encoder.context)
        self.slots = max(1, game.max_length())
        self.stride = self.players + 1 + self.action.size
        self.size = self.encoder.size + self.slots * self.stride

    def layout(self) -> list[Block]:
        one = ([f"actor=={s}" for s in range(self.players)] + ["seen"]
               + [n[len("action."):] for n in self.action.names()])
        return self.encoder.layout() + [Block("history", self.encoder.size, tuple(
            f"history[{i}].{n}" for i in range(self.slots) for n in one))]

    def encode(self, view: View, history: Sequence[tuple[int, Action, bool]],
               out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        self.encoder.encode(view, out[:self.encoder.size])
        out[self.encoder.size:] = 0.0
        if len(history) > self.slots:
            raise EncodingError(f"{len(history)} decisions were made, beyond the declared maximum "
                                f"length of {self.slots} (GameSpec.max_length)")
        at, p, seat = self.encoder.size, self.players, view.player
        for actor, action, secret in history:
            out[at + actor] = 1.0
            if not secret or actor == seat:
                out[at + p] = 1.0
                self.action.write(action, out[at + p + 1:at + self.stride])
            at += self.stride
        return out


def random_play(game: Game, seed: int, rng: Any) -> Iterator[tuple[Any, list[tuple[int, Action, bool]]]]:
    """A random game from `seed`, its moves drawn with `rng` (a `meeple.Rng`), up to its end or
    the declared maximum length: yields the state and its history ``(seat, action, secret)`` —
    the same two objects, moving on — before each move and once at the end."""
    state, history = game.new_state(seed), []
    while True:
        yield state, history
        if state.is_terminal or state.moves >= game.max_length():
            return
        seat = state.current_player
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        secret = state.decision.simultaneous
        state.apply(action, seat)
        history.append((seat, action, secret))


def check_capacities(game: Game, games: int = 3, seed: int = 0) -> int:
    """Play `games` random games to their end (at most the declared maximum length each),
    encoding every seat's view and information state at every decision: raises the first
    `EncodingError` with the game's seed and move; returns the number of decisions checked."""
    from ..rng import Rng

    encoder, info = encoder_for(game), InformationState(game)
    rng, checked = Rng(seed), 0
    for g in range(games):
        for state, history in random_play(game, seed + g, rng):
            try:
                encoder.encode(state.view(None))
                for seat in range(game.players):
                    info.encode(state.view(seat), history)
            except EncodingError as error:
                raise EncodingError(f"{error} (seed {seed + g}, move {state.moves})") from None
            checked += 1
        checked -= 1  # the end is no decision
    return checked
