"""A player's view of a state: frozen, JSON-serializable, holding only what that player may see.

`build_view` makes one from a state, at once: each zone's own `view` (cached by the zone until
it changes), the state's public plain values, the game's view extras and the pending choices
the viewer may see. A view is a plain value: it never changes and never reads its state again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping

import attrs
from attrs import frozen

from .actions import Action, Decision, PendingDecisions
from .knowledge import Known, known_to
from .layout import Kind, game_fields


@frozen
class View(PendingDecisions):
    """What `player` sees (None: the omniscient observer).

    `fields` mirrors the state's fields by name: zones become zone views (hidden cards replaced by
    counts and publicly known cards), other public fields are copied, hidden fields are left out.
    Read them as attributes: `view.hands[2].size`.

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
    _by_name: dict[str, Any] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_name", dict(self.fields))

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
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"this view has no field {name!r}") from None

    def field_names(self) -> list[str]:
        """The names of the view's fields, in the state's declaration order (view extras last)."""
        return [key for key, _ in self.fields]

    def __getattr__(self, name: str) -> Any:
        # Only reached for a name the view does not hold itself: a field of the state.
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._by_name[name]
        except KeyError:
            raise AttributeError(f"this view has no field {name!r}") from None


def build_view(state: Any, player: int | None) -> View:
    """What `player` sees of `state` (None: everything but the RNG), built now."""
    fields = [(name, shown(getattr(state, name), player)) for name, shown in _public_fields(type(state))]
    fields.extend(state.view_extras(player).items())
    choices = state._choices or {}
    return View(state.game.spec.id, player, state.moves, tuple(state.pending), tuple(fields),
                tuple(choices), visible_choices(choices, player), state.eliminated(),
                known_to(state._facts, player))


#: What a view shows of a state field of each kind (`player` sees a zone as its view says).
_SHOWN: dict[Kind, Callable[[Any, int | None], Any]] = {
    Kind.ZONE: lambda zone, player: zone.view(player),
    Kind.ZONES: lambda zones, player: tuple([zone.view(player) for zone in zones]),
    Kind.LIST: lambda values, player: tuple(values),
    Kind.DICT: lambda values, player: tuple(values.items()),
    Kind.VALUE: lambda value, player: value,
}


@lru_cache(maxsize=None)
def _public_fields(state_class: type) -> tuple[tuple[str, Callable[[Any, int | None], Any]], ...]:
    """The fields of a state class that views show (hidden fields left out), each with how."""
    return tuple((info.name, _SHOWN[info.kind]) for info in game_fields(state_class) if not info.hidden)


def visible_choices(choices: Mapping[int, Action], player: int | None) -> tuple[tuple[int, Action], ...]:
    """The pending choices `player` may see: its own (all of them for the observer)."""
    if player is None:
        return tuple(choices.items())
    return ((player, choices[player]),) if player in choices else ()
