"""A player's view of a state: frozen, JSON-serializable, holding only what that player may see."""

from __future__ import annotations

from typing import Any, Iterable

import attrs
from attrs import frozen

from .actions import Action, Decision, PendingDecisions


@frozen
class View(PendingDecisions):
    """What `player` sees (None: the omniscient observer).

    `fields` mirrors the state's fields by name: zones become zone views (hidden cards replaced by
    counts and publicly known cards), other public fields are copied, hidden fields are left out.
    Read them as attributes: `view.hands[2].size`.

    While a simultaneous decision is pending, `chosen` lists the seats that have made their
    secret choice (everyone sees that much) and `choices` the `(seat, action)` choices this viewer
    may see: its own, or all of them for the observer. Both are empty otherwise.
    """

    game: str
    player: int | None
    moves: int
    pending: tuple[Decision, ...]
    fields: tuple[tuple[str, Any], ...]
    chosen: tuple[int, ...] = ()
    choices: tuple[tuple[int, Action], ...] = ()
    _by_name: dict[str, Any] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Bots read fields by name on every move: index them once.
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
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self.field(name)
        except KeyError:
            raise AttributeError(f"this view has no field {name!r}") from None
