"""A player's view of a state: frozen, JSON-serializable, holding only what that player may see.

`build_view` makes one from a state, at once: each zone's own `view` (cached by the zone until
it changes), the state's public plain values, the game's view extras and the pending choices
the viewer may see. A view is a plain value: it never changes and never reads its state again.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any, Iterable, Mapping

import attrs
from attrs import frozen

from .actions import Action, Decision, PendingDecisions
from .knowledge import Known, known_to
from .layout import Kind, game_fields


@frozen(slots=False)
class View(PendingDecisions):
    """What `player` sees (None: the omniscient observer).

    `fields` mirrors the state's fields by name: zones become zone views (hidden cards replaced by
    counts and publicly known cards), other public fields are copied, hidden fields are left out.
    Read them as attributes: `view.hands[2].size` (a field named like one of the view's own
    attributes, `game` or `owing` say, only as `view.field("game")`).

    While a simultaneous decision is pending, `chosen` lists the seats that have made their
    secret choice (everyone sees that much) and `choices` the `(seat, action)` choices this viewer
    may see: its own, or all of them for the observer. Both are empty otherwise.

    `eliminated` lists the seats out of the game, in the order they went out (public: every
    viewer sees it; `State.eliminated`).
    `facts` are the facts about hidden cards this viewer knows (`meeple.knowledge.Known`: a fact
    and who knows it), in the order the rules learned them; all of them for the observer.
    """

    game: str
    player: int | None
    moves: int
    pending: tuple[Decision, ...]
    fields: tuple[tuple[str, Any], ...]
    chosen: tuple[int, ...] = ()
    choices: tuple[tuple[int, Action], ...] = ()
    eliminated: tuple[int, ...] = ()
    facts: tuple[Known, ...] = ()

    def __attrs_post_init__(self) -> None:
        # Each field is also an attribute, held in the instance's own dict, so `view.hands`
        # costs what any attribute read costs (a lookup that misses into `__getattr__` costs
        # CPython 3.11 an exception, ~25 times as much): the reason View has a dict, not slots.
        fields = self.fields
        if _OWN.isdisjoint(map(_name, fields)):
            vars(self).update(fields)
        else:  # a field named like one of the view's own attributes is read with `field` only
            vars(self).update([(name, value) for name, value in fields if name not in _OWN])

    def _chosen_seats(self) -> Iterable[int]:
        return self.chosen

    @property
    def choice(self) -> Action | None:
        """The viewer's own pending choice for the simultaneous decision (None if not made)."""
        for seat, action in self.choices:
            if seat == self.player:
                return action
        return None

    def field(self, name: str) -> Any:
        """The field `name` (KeyError naming it when the view has none); `view.<name>` reads the same."""
        if name not in _OWN:
            value = vars(self).get(name, _NONE)
            if value is not _NONE:
                return value
        else:
            for key, value in self.fields:
                if key == name:
                    return value
        raise KeyError(f"this view has no field {name!r}")

    def field_names(self) -> list[str]:
        """The names of the view's fields, in the state's declaration order (view extras last)."""
        return [key for key, _ in self.fields]

    def __getattr__(self, name: str) -> Any:
        # Only reached for a name that is neither the view's own attribute nor a field.
        raise AttributeError(f"this view has no field {name!r}")


#: The view's own attributes, which no field shadows (`View.__attrs_post_init__`).
_OWN = frozenset(dir(View)) | {field.name for field in attrs.fields(View)}
_name = itemgetter(0)
_NONE = object()  # (no field: None is a value a field may hold)


def build_view(state: Any, player: int | None) -> View:
    """What `player` sees of `state` (None: everything but the RNG), built now."""
    fields = []
    for name, kind in _public_fields(type(state)):
        value = getattr(state, name)
        if kind is _ZONE:
            value = value.view(player)
        elif kind is _ZONES:
            value = tuple([zone.view(player) for zone in value])
        elif kind is _LIST:
            value = tuple(value)
        elif kind is _DICT:
            value = tuple(value.items())
        fields.append((name, value))  # (a plain value as it is: immutable)
    extras = state.view_extras(player)
    if extras:
        fields.extend(extras.items())
    choices = state._choices or {}
    return View(state.game.spec.id, player, state.moves, tuple(state.pending), tuple(fields),
                tuple(choices), visible_choices(choices, player), state.eliminated(),
                known_to(state._facts, player))


_ZONE, _ZONES, _LIST, _DICT = Kind.ZONE, Kind.ZONES, Kind.LIST, Kind.DICT


@lru_cache(maxsize=None)
def _public_fields(state_class: type) -> tuple[tuple[str, Kind], ...]:
    """The fields of a state class that views show (hidden fields left out), with their kinds."""
    return tuple((info.name, info.kind) for info in game_fields(state_class) if not info.hidden)


def visible_choices(choices: Mapping[int, Action], player: int | None) -> tuple[tuple[int, Action], ...]:
    """The pending choices `player` may see: its own (all of them for the observer)."""
    if player is None:
        return tuple(choices.items())
    return ((player, choices[player]),) if player in choices else ()
