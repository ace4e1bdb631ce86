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
            if name == "_by_name":
                # The index of fields by name, built on the first read by name (many views,
                # a host's or a rollout's, are never read that way), then kept.
                by_name = dict(self.fields)
                object.__setattr__(self, "_by_name", by_name)
                return by_name
            raise AttributeError(name)
        try:
            return self.field(name)
        except KeyError:
            raise AttributeError(f"this view has no field {name!r}") from None


_new = object.__new__
_set_game, _set_player, _set_moves = View.game.__set__, View.player.__set__, View.moves.__set__  # type: ignore[attr-defined]
_set_pending, _set_fields = View.pending.__set__, View.fields.__set__  # type: ignore[attr-defined]
_set_chosen, _set_choices = View.chosen.__set__, View.choices.__set__  # type: ignore[attr-defined]


def new_view(game: str, player: int | None, moves: int, pending: tuple[Decision, ...],
             fields: tuple[tuple[str, Any], ...], chosen: tuple[int, ...] = (),
             choices: tuple[tuple[int, Action], ...] = ()) -> View:
    """`View(...)` with the same arguments and the same result, at about half the cost: it sets
    the slots directly instead of through the frozen class's generated `__init__`. For
    `State.view`, which builds a view at every decision of every game a host runs."""
    view = _new(View)
    _set_game(view, game)
    _set_player(view, player)
    _set_moves(view, moves)
    _set_pending(view, pending)
    _set_fields(view, fields)
    _set_chosen(view, chosen)
    _set_choices(view, choices)
    return view
