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


class Sampler:
    """Draws states consistent with one view, again and again (a search samples thousands).

    The view is read once: the state it shows, where its unknown cards go and which cards those
    are (the unseen pool). Each draw clones that state, gives it a fresh RNG from the caller's
    generator, shuffles a copy of the pool with it and deals it into the unknown slots: the same
    draws from `rng`, in the same order, as `sample_state`, so a search gets the same samples.
    """

    def __init__(self, game: "Game", view: View) -> None:
        scratch = Rng(0)  # rebuild() spawns the sample's RNG from it; each draw gives a new one
        template, unknown = rebuild(game, view, scratch)
        pool = unseen_cards(game, template)
        if len(pool) != len(unknown):
            raise MeepleError(f"the view hides {len(unknown)} cards but {len(pool)} are unaccounted for")
        position = {id(zone): index for index, (_, zone) in enumerate(template.zones())}
        self._template = template
        self._runs = _runs([(position[id(zone)], slot) for zone, slot in unknown])
        self._pool = pool

    def __call__(self, rng: Rng) -> "State":
        """A random full state whose view for the sampled view's player equals that view."""
        state = self._template.clone()
        state.rng = rng.spawn()
        pool = self._pool[:]
        rng.shuffle(pool)
        if pool:
            zones = [zone for _, zone in state.zones()]
            for index, start, begin, end in self._runs:  # the k-th card of the pool to the k-th slot
                zones[index].set_slots(start, pool[begin:end])  # type: ignore[attr-defined]
        return state


def _runs(slots: list[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """The unknown slots `(zone index, slot)`, in order, as runs of consecutive slots of one zone:
    `(zone index, first slot, begin, end)`, the run taking the pool's cards `begin:end`."""
    runs: list[tuple[int, int, int, int]] = []
    for k, (index, slot) in enumerate(slots):
        if runs and runs[-1][0] == index and runs[-1][1] + (k - runs[-1][2]) == slot:
            runs[-1] = runs[-1][:3] + (k + 1,)
        else:
            runs.append((index, slot, k, k + 1))
    return runs


def sample_state(game: "Game", view: View, rng: Rng) -> "State":
    """A random full state whose view for `view.player` equals `view`."""
    return Sampler(game, view)(rng)
