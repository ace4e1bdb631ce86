"""`check_zone`: the zone contract (`meeple.zones.Zone`) checked on one zone, for any zone class.

A new kind of zone runs it in its tests on a few zones holding cards (one hidden from some seat,
if it can hide anything):

    from meeple.testing import check_zone
    def test_my_zone_keeps_the_contract():
        check_zone(Bag([1, 2, 2, 3], owner=0), players=3)
"""

from __future__ import annotations

import json
from collections import Counter

from ..render import _zone_text
from ..serialization import make_base_converter
from ..zones import ZONE_CLASSES, Zone, ZoneView


def check_zone(zone: Zone, players: int) -> None:
    """Assert that `zone` keeps the zone contract for seats 0 .. players-1 and the observer (None)."""
    kind = type(zone).kind
    assert ZONE_CLASSES.get(kind) is type(zone), f"{type(zone).__name__} is not registered as {kind!r}"
    assert issubclass(type(zone).view_type, ZoneView), f"{type(zone).__name__}.view_type is not a ZoneView"
    cards = list(zone.cards())
    viewers = [None, *range(players)]

    # copy: equal, independent.
    twin = zone.copy()
    assert twin == zone and twin is not zone, "a copy must be an equal, new zone"
    assert all(twin.view(p) == zone.view(p) for p in viewers), "a copy must show the same views"

    # views: frozen values of `view_type`, cached until a change, drawn as text.
    for player in viewers:
        view = zone.view(player)
        assert isinstance(view, type(zone).view_type), f"view({player}) is not a {type(zone).view_type.__name__}"
        assert view == zone.make_view(zone.visible_to(player)) or not zone.visible_to(player), \
            f"the cached view of seat {player} differs from one built afresh"
        hash(view)
        assert isinstance(_zone_text(view), str)
        if zone.visible_to(player):
            assert zone.hidden_slots(player) == [], f"seat {player} sees the zone but has hidden slots"

    # JSON: to_data is JSON-native and from_data gives an equal zone.
    data = json.loads(json.dumps(zone.to_data()))
    assert type(zone).from_data(data) == zone, "from_data(to_data()) must give an equal zone"
    converter = make_base_converter()
    assert converter.structure(converter.unstructure(zone, Zone), Zone) == zone, \
        "the core's converter must round-trip the zone through its kind"
    for player in viewers:
        view = zone.view(player)
        assert converter.structure(json.loads(json.dumps(converter.unstructure(view))), type(view)) == view, \
            f"seat {player}'s view must round-trip through JSON"

    # determinization: restoring a view leaves exactly the hidden slots unknown; filling them
    # with the hidden cards gives back the cards, and the same view for that seat.
    for player in viewers:
        hidden = zone.hidden_slots(player)
        assert all(0 <= slot < len(cards) for slot in hidden), f"seat {player}'s hidden slots are not positions"
        rebuilt = zone.copy()
        unknown = rebuilt.restore(zone.view(player))
        assert len(unknown) == len(hidden), \
            f"restore(view({player})) left {unknown} unknown, hidden_slots({player}) says {hidden}"
        assert rebuilt.view(player) == zone.view(player), f"restore(view({player})) shows another view"
        for slot, card in zip(unknown, [cards[slot] for slot in hidden]):  # (an unordered hand
            rebuilt.set_slots(slot, [card])  # puts its unknown cards anywhere)
        assert Counter(rebuilt.cards()) == Counter(cards), f"seat {player}'s refilled zone holds other cards"
        assert rebuilt.view(player) == zone.view(player), \
            f"the zone restored from seat {player}'s view and refilled shows seat {player} another view"
    assert zone.copy() == zone and list(zone.cards()) == cards, "checking the zone changed it"
