"""`position`: a mid-game state for a scenario test, built from a description of it.

A scenario test checks one rule from one position: these cards in these hands, that card on the
pile, this seat to act. Editing a dealt state's zones by hand loses or duplicates cards without
a word; `position` starts from a real deal (so every zone has its owner and visibility), empties
every zone, puts the named cards where the test says, sends every other card of the deck to the
zone named `rest`, sets the plain fields and the decision owed, and checks the result — the
deck's cards exactly once each, the game's invariants — or says in one line what is wrong:

    state = position(Hearts(4), hands={0: cards("QS 2C"), 1: cards("AH")}, trick=cards("3S"),
                     rest="taken[3]", to_act=Play(2), hearts_broken=True)

Keywords other than the builder's own (`to_act`, `rest`, `seed`, `invariants`) are the state's
fields:

- a zone: its cards as a list, in the zone's own order (a `Pile`'s last card is its top, the
  next one drawn; a `Hand`'s first card is its far left), or a zone object, used as it is (for
  a `Tableau`'s layers, a `Display`'s slots, cards of a hand known to other seats...), which must
  have the owner and visibility of the zone it replaces;
- a tuple of zones (one per seat): a dict `{index: cards or zone}` (the others are left empty),
  or a list with an entry for every index;
- any other field: its value.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

import attrs

from ..actions import Decision
from ..layout import Kind, game_fields
from ..rng import Rng
from ..zones import Zone

if TYPE_CHECKING:
    from ..game import Game
    from ..state import State


class PositionError(ValueError):
    """A position that cannot be built: the message says why, in one line."""


def position(game: "Game", /, *, to_act: int | Decision | Sequence[Decision] | None = None,
             rest: str | None = None, seed: int = 0, invariants: bool = True, **fields: Any) -> "State":
    """A state of `game` holding exactly what the keywords say (see the module docstring).

    `to_act`: the decision owed — a `Decision`, a stack of them (bottom first), or a seat, given
    the opening decision of a fresh deal (`attrs.evolve(frame, player=seat)`); None keeps the
    opening decision. `rest`: the readable name of the zone (`"stock"`, `"taken[3]"`, as
    `State.zones` names them) that takes every card of the deck placed nowhere else, in deck
    order, under any cards named for it; without it every card must be placed. `seed`: the seed
    of the deal the position starts from; the state's `Rng` is then `Rng(seed)`, afresh (the
    chance after the position). `invariants=False` skips the game's own invariants (every card of
    the deck exactly once is still checked): for a position the rules could never reach, built
    on purpose (a renderer's test), and saying so.
    """
    state = game.new_state(seed)
    infos = {info.name: info for info in game_fields(type(state))}
    placed: dict[str, Any] = {}  # readable zone name -> a list of cards or a whole zone
    for name, value in fields.items():
        info = infos.get(name)
        if info is None:
            raise PositionError(f"a {game.spec.id} state has no field {name!r} (its fields: "
                                f"{', '.join(infos)}; the builder's own: to_act, rest, seed, invariants)")
        if info.kind is Kind.ZONE:
            placed[name] = value
        elif info.kind is Kind.ZONES:
            placed.update(_per_index(name, value, len(getattr(state, name))))
        elif info.kind is Kind.LIST:
            setattr(state, name, list(value))
        elif info.kind is Kind.DICT:
            setattr(state, name, dict(value))
        else:
            setattr(state, name, value)
    zones = dict(state.zones())
    if rest is not None and rest not in zones:
        raise PositionError(f"rest={rest!r} names no zone of a {game.spec.id} state "
                            f"(its zones: {', '.join(zones)})")
    leftover = _leftover(game, placed, rest)
    for name, zone in zones.items():
        contents = placed.get(name, [])
        if isinstance(contents, Zone):
            _replace(state, name, zone, contents, rest)
        else:
            _fill(name, zone, (leftover if name == rest else []) + list(contents))
    _set_pending(state, to_act)
    state.rng = Rng(seed)
    state._legal = None
    problems = state.invariants() if invariants else game.check_cards(state)
    if problems:
        raise PositionError(f"the position breaks the {game.spec.id} invariants: {'; '.join(problems)}")
    return state


def _per_index(name: str, value: Any, count: int) -> dict[str, Any]:
    """A tuple-of-zones field's entries by readable name (`hands[2]`)."""
    if isinstance(value, Mapping):
        items = list(value.items())
    else:
        items = list(enumerate(value))
        if len(items) != count:
            raise PositionError(f"{name} has {count} zones: give a list of {count} entries, or a dict "
                                f"{{index: cards}} for some of them (got {len(items)} entries)")
    for index, _ in items:
        if type(index) is not int or not 0 <= index < count:
            raise PositionError(f"{name} has zones 0..{count - 1}, not {index!r}")
    return {f"{name}[{index}]": contents for index, contents in items}


def _leftover(game: "Game", placed: Mapping[str, Any], rest: str | None) -> list[Any]:
    """The deck's cards placed nowhere, in deck order; PositionError for cards beyond the deck
    or, without `rest`, for cards left over."""
    used: Counter = Counter()
    for contents in placed.values():
        used.update(contents.cards() if isinstance(contents, Zone) else contents)
    deck = game.deck_counts()
    extra = used - deck
    if extra:
        raise PositionError(f"cards beyond the {game.spec.id} deck (more copies than it holds, or no "
                            f"such card): {_cards(extra)}")
    left = deck - used
    if left and rest is None:
        raise PositionError(f"{sum(left.values())} cards of the deck are placed nowhere "
                            f"({_cards(left)}): name the zone that takes them with rest=...")
    leftover = []
    for card in game.deck():
        if left[card] > 0:
            left[card] -= 1
            leftover.append(card)
    return leftover


def _fill(name: str, zone: Zone, cards: list[Any]) -> None:
    """Make `zone` hold exactly `cards`: emptied (its `clear`), then extended (its `extend`)."""
    if not cards and next(iter(zone.cards()), None) is None:
        return
    needs = ("clear", "extend") if cards else ("clear",)
    if not all(callable(getattr(zone, method, None)) for method in needs):
        raise PositionError(f"{name} is a {type(zone).__name__}: pass the zone itself "
                            f"({name.split('[')[0]}=...), not a list of cards")
    zone.clear()  # type: ignore[attr-defined]
    if cards:
        zone.extend(cards)  # type: ignore[attr-defined]


def _replace(state: "State", name: str, dealt: Zone, given: Zone, rest: str | None) -> None:
    """Put the zone object `given` where the deal put `dealt` (same kind, owner, visibility)."""
    if not dealt._same_head(given):
        raise PositionError(f"{name} must be a {type(dealt).__name__} with visibility "
                            f"{dealt.visibility.value} and owner {dealt.owner}, like the one it "
                            f"replaces (got a {type(given).__name__}, {given.visibility.value}, "
                            f"owner {given.owner})")
    if name == rest:
        raise PositionError(f"rest={rest!r} must be a zone given as a list of cards, not a zone object")
    field, _, index = name.partition("[")
    if not index:
        setattr(state, field, given.copy())
        return
    zones = getattr(state, field)
    changed = list(zones)
    changed[int(index[:-1])] = given.copy()
    setattr(state, field, type(zones)(changed))


def _set_pending(state: "State", to_act: int | Decision | Sequence[Decision] | None) -> None:
    if to_act is None:
        return
    if isinstance(to_act, Decision):
        state.pending = [to_act]
    elif isinstance(to_act, int) and not isinstance(to_act, bool):
        frame = state.decision
        if frame is None or frame.simultaneous:
            raise PositionError("to_act=SEAT gives the opening decision to that seat; this game opens "
                                "with none owed by one seat: pass the Decision itself")
        if not 0 <= to_act < state.players:
            raise PositionError(f"to_act={to_act} is not a seat of a {state.players}-player game")
        state.pending = [attrs.evolve(frame, player=to_act)]
    elif isinstance(to_act, Iterable) and all(isinstance(frame, Decision) for frame in to_act):
        state.pending = list(to_act)
    else:
        raise PositionError(f"to_act is a seat, a Decision or a list of them, not {to_act!r}")


def _cards(counts: Counter) -> str:
    shown = sorted(counts.items(), key=repr)
    return ", ".join(f"{card!r}" if n == 1 else f"{card!r} x{n}" for card, n in shown)
