"""Mechanical leak tests: a view must not change when cards its player does not know are moved
(other hands, face-down piles, cards known only to other seats) or when another seat's secret
choice for a simultaneous decision changes, and a state sampled from a view must show that view."""

from __future__ import annotations

import attrs

from ..game import Game
from ..rng import Rng
from ..serialization import view_to_data
from ..state import State


def permute_hidden(state: State, player: int, rng: Rng) -> State:
    """A clone in which every card `player` does not know has been shuffled among the hidden
    slots of all zones (other hands, face-down piles), sizes and cards `player` knows unchanged
    (known to everyone, or to a set of seats including `player`)."""
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


def check_choices_hidden(state: State, player: int, rng: Rng) -> int:
    """Assert that `player`'s view does not depend on the secret choices other seats made for the
    pending simultaneous decision: each is replaced by another legal choice of that seat, and the
    view (and its JSON) must stay byte-identical. Returns how many choices were replaced."""
    frame = state.decision
    if frame is None or not frame.simultaneous or not state._choices:
        return 0
    game_cls = type(state.game)
    before = state.view(player)
    before_data = view_to_data(game_cls, before)
    changed = dict(state._choices)
    replaced = 0
    for seat, choice in state._choices.items():
        if seat == player:
            continue
        others = [a for a in frame.legal_actions(state, seat) if a != choice]  # type: ignore[call-arg]
        if others:
            changed[seat] = others[rng.below(len(others))]
            replaced += 1
    if not replaced:
        return 0
    clone = state.clone()
    clone._choices = changed
    after = clone.view(player)
    assert after == before, f"seat {player}'s view depends on another seat's secret choice"
    assert view_to_data(game_cls, after) == before_data, \
        f"seat {player}'s view JSON depends on another seat's secret choice"
    return replaced


def check_determinization(game: Game, state: State, player: int, rng: Rng) -> State:
    """Assert that a state sampled from `player`'s view has the same view, keeps every invariant,
    and offers `player` the same legal actions when it owes a decision.

    During a simultaneous decision the sample keeps `player`'s own pending choice and none of
    the others' (those seats choose again in the sample), so its view differs from the original
    in `chosen` alone."""
    view = state.view(player)
    sample = game.determinize(view, rng)
    expected = view
    if view.chosen:
        expected = attrs.evolve(view, chosen=tuple(seat for seat, _ in view.choices))
    assert sample.view(player) == expected, f"a state sampled from seat {player}'s view shows a different view"
    problems = sample.invariants()
    assert not problems, f"a state sampled from seat {player}'s view breaks invariants: {problems}"
    if player in state.owing():
        assert sample.legal_actions(player) == state.legal_actions(player), \
            f"seat {player}'s legal actions depend on cards it cannot see"
    return sample
