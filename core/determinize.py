"""Sampling a full state consistent with a player's view (for search bots).

Generic over zones: visible zones are copied from the view, cards the viewer knows (known to
everyone, or to a set of seats that includes the viewer) stay where they are, and every remaining
card of the deck is shuffled into the hidden slots (draw piles, other hands), sizes kept. The
sample gets a fresh RNG from the caller's generator, so it cannot predict the real game's
shuffles. During a simultaneous decision the sample keeps the viewer's own pending choice (the
view holds it) and no other seat's: those seats owe their choice again, so a search bot simulates
them choosing and never reads a choice it could not see.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .errors import MeepleError
from .layout import Kind, game_fields
from .rng import Rng
from .view import View
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game
    from .state import State


def rebuild(game: "Game", view: View, rng: Rng) -> tuple["State", list[tuple[Zone, int]]]:
    """A state holding exactly what `view` shows; unknown card slots are None and are returned."""
    if view.game != game.spec.id:
        raise MeepleError(f"a {view.game} view cannot be sampled as {game.spec.id}")
    state = game.skeleton().clone()
    state.rng = rng.spawn()
    state.pending = list(view.pending)
    state.moves = view.moves
    state._legal = state._legal_set = None
    state._choices = dict(view.choices) or None  # the viewer's own choice (all: the observer's)
    unknown: list[tuple[Zone, int]] = []
    for info in game_fields(type(state)):
        if info.hidden:
            raise MeepleError(f"{game.spec.id} keeps the hidden field {info.name!r}: "
                              f"it must override Game.determinize")
        value = view.field(info.name)
        if info.kind is Kind.ZONE:
            zone = getattr(state, info.name)
            unknown.extend((zone, slot) for slot in zone.restore(value))
        elif info.kind is Kind.ZONES:
            zones = getattr(state, info.name)
            if len(zones) != len(value):
                raise MeepleError(f"view field {info.name!r} has {len(value)} zones, expected {len(zones)}")
            for zone, zone_view in zip(zones, value):
                unknown.extend((zone, slot) for slot in zone.restore(zone_view))
        elif info.kind is Kind.LIST:
            setattr(state, info.name, list(value))
        elif info.kind is Kind.DICT:
            setattr(state, info.name, dict(value))
        else:
            setattr(state, info.name, value)
    return state, unknown


def unseen_cards(game: "Game", state: "State") -> list[Any]:
    """The deck minus every card already placed in `state` (None marks an unknown slot)."""
    remaining = Counter(game.deck_counts())
    for _, zone in state.zones():
        for card in zone.cards():
            if card is not None:
                remaining[card] -= 1
    if any(n < 0 for n in remaining.values()):
        extra = sorted((c for c, n in remaining.items() if n < 0), key=repr)
        raise MeepleError(f"the view shows more copies than the deck holds of {extra}")
    return list(remaining.elements())  # deterministic: the deck's order, not a hash order


def sample_state(game: "Game", view: View, rng: Rng) -> "State":
    """A random full state whose view for `view.player` equals `view`."""
    state, unknown = rebuild(game, view, rng)
    pool = unseen_cards(game, state)
    if len(pool) != len(unknown):
        raise MeepleError(f"the view hides {len(unknown)} cards but {len(pool)} are unaccounted for")
    rng.shuffle(pool)
    for (zone, slot), card in zip(unknown, pool):
        zone.set_slot(slot, card)  # type: ignore[attr-defined]
    return state
