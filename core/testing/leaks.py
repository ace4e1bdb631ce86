"""Mechanical leak tests: a view must not change when cards its player cannot see are moved,
and a state sampled from a view must show that same view."""

from __future__ import annotations

from ..game import Game
from ..rng import Rng
from ..serialization import view_to_data
from ..state import State


def permute_hidden(state: State, player: int, rng: Rng) -> State:
    """A clone in which every card `player` cannot see has been shuffled among the hidden slots
    of all zones (other hands, face-down piles), sizes and publicly known cards unchanged."""
    clone = state.clone()
    slots = []
    for _, zone in clone.zones():
        hidden = getattr(zone, "hidden_slots", None)
        if hidden is not None:
            slots.extend((zone, i) for i in hidden(player))
    cards = [zone[i] for zone, i in slots]  # type: ignore[index]
    rng.shuffle(cards)
    for (zone, i), card in zip(slots, cards):
        zone.set_slot(i, card)  # type: ignore[attr-defined]
    clone._legal = clone._legal_set = None
    return clone


def check_view_hides(state: State, player: int, rng: Rng) -> None:
    """Assert that permuting hidden cards leaves `player`'s view (and its JSON) unchanged."""
    game_cls = type(state.game)
    before = state.view(player)
    permuted = permute_hidden(state, player, rng)
    after = permuted.view(player)
    assert after == before, f"seat {player}'s view changed when cards hidden from it were permuted"
    assert view_to_data(game_cls, after) == view_to_data(game_cls, before), \
        f"seat {player}'s view JSON changed when cards hidden from it were permuted"


def check_determinization(game: Game, state: State, player: int, rng: Rng) -> State:
    """Assert that a state sampled from `player`'s view has the same view, keeps every invariant,
    and offers the same legal actions when that player is the one deciding."""
    view = state.view(player)
    sample = game.determinize(view, rng)
    assert sample.view(player) == view, f"a state sampled from seat {player}'s view shows a different view"
    problems = sample.invariants()
    assert not problems, f"a state sampled from seat {player}'s view breaks invariants: {problems}"
    if state.current_player == player:
        assert sample.legal_actions() == state.legal_actions(), \
            f"seat {player}'s legal actions depend on cards it cannot see"
    return sample
