"""The zone contract (`meeple.zones.Zone`): every core zone keeps it (`meeple.testing.check_zone`),
and a zone type the core has never heard of, from a plugin (`flip_plugin.Row`), is rendered,
viewed, serialized, encoded for RL and determinized by the core unchanged."""

import flip_plugin
import pytest
from flip_plugin import Flip, Row

from meeple import Registry, Rng
from meeple.render import generic_renderer
from meeple.serialization import state_from_data, state_to_data, view_from_data, view_to_data
from meeple.testing import check_game, check_zone
from meeple.zones import (Counters, Display, Grid, Hand, KeyedPiles, Pile, Tableau, Visibility,
                          ZONE_CLASSES)

CORE_ZONES = [
    Hand([3, 1, 2, 2], owner=0, known=[False, True, frozenset({2}), False]),
    Hand([3, 1, 2, 2], owner=1, ordered=False, known=[False, True, frozenset({0, 2}), False]),
    Hand([5, 4], owner=2, visibility=Visibility.PUBLIC),
    Pile([1, 2, 3], Visibility.SECRET),
    Pile([4, 5]),
    Tableau([[1, 2], [3]], owner=1),
    Display(3, [[1], [], [2, 3]]),
    KeyedPiles([(1, [1, 1]), (2, [2])]),
    Grid(2, 2, [1, None, 2, None]),
    Counters({"a": 1, "b": 0}),
]


@pytest.mark.parametrize("zone", CORE_ZONES, ids=lambda zone: type(zone).kind)
def test_every_core_zone_keeps_the_contract(zone):
    check_zone(zone, players=3)


def test_a_zone_breaking_the_contract_is_caught():
    class Leaky(Row):
        kind = "leaky_row"

        def hidden_slots(self, player):  # claims to hide nothing while its view hides cards
            return []

    with pytest.raises(AssertionError, match="unknown"):
        check_zone(Leaky([1, 2, 3], up=[True, False, False]), players=2)


def test_a_plugins_own_zone_keeps_the_contract_and_registers_its_kind():
    assert ZONE_CLASSES["flip_row"] is Row
    check_zone(Row([2, 1, 1, 2], up=[True, False, False, True]), players=2)


def test_a_plugins_own_zone_plays_through_the_conformance_kit():
    registry = Registry.load(plugins=[flip_plugin])
    for players in (2, 3):
        check_game(registry.create("flip", players, {"pairs": 3}), games=6, seed=1)


def test_a_plugins_own_zone_renders_serializes_encodes_for_rl_and_determinizes():
    """One zone the core has never heard of (`flip_plugin.Row`) through every part of the core
    that handles zones: the text renderer, JSON, the RL observation (its own part,
    `flip_plugin.RowPart`, registered with `zone_part`: the face-up card for seat 1, every card
    for its owner) and determinization (a sample from seat 1's view shows and encodes alike)."""
    from meeple.rl import encoder_for

    game = Flip(2, {"pairs": 2})
    state = game.new_state(4)
    state.apply(state.legal_actions()[0])  # seat 0 turns the card at position 0 face up
    view = state.view(1)
    assert "#" in generic_renderer(view) and "row: " in generic_renderer(view)
    assert view_from_data(Flip, view_to_data(Flip, view)) == view
    assert state_from_data(Flip, state_to_data(state)).fingerprint() == state.fingerprint()

    encoder = encoder_for(game)
    block = next(b for b in encoder.layout() if b.name == "row")

    def features(seat, of_state):
        encoded = encoder.encode(of_state.view(seat))[block.start:block.stop]
        return {block.names[i] for i, x in enumerate(encoded) if x}

    up = state.row.view(None).cards[0]
    assert features(1, state) == {"row.up[0]", f"row.at[0][{up!r}]"}
    assert features(0, state) == {"row.up[0]"} | {f"row.at[{p}][{card!r}]"
                                                 for p, card in enumerate(state.row.cards())}

    sample = game.determinize(view, Rng(7))
    assert sample.view(1) == view
    assert sorted(sample.row.cards()) == sorted(state.row.cards())
    assert features(1, sample) == features(1, state)
