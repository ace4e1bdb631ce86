"""Zone views are built without their attrs `__init__` (`meeple.zones.base.view_maker`) and hands
take shortcuts when every card is known: the views must be the very objects `__init__` builds —
equal, hashed alike, frozen — and a hand's view must show exactly what the plain rule shows."""

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import Counters, Display, Grid, Hand, KeyedPiles, Pile, Tableau, Visibility
from meeple.zones import HandView
from meeple.zones.base import view_maker

SEATS = 4
cards = st.lists(st.integers(0, 9), max_size=8)
flags = st.one_of(st.just(True), st.just(False), st.frozensets(st.integers(0, SEATS - 1), min_size=1))


def plain_hand_view(hand_cards, known_flags, ordered, visible, player):
    """What a seer (`visible`) or `player` sees of a hand, by the rule written out plainly."""
    known = [(i, c) for i, (c, k) in enumerate(zip(hand_cards, known_flags)) if k is True]
    partial = [(i, c, tuple(sorted(k))) for i, (c, k) in enumerate(zip(hand_cards, known_flags))
               if isinstance(k, frozenset) and (visible or player in k)]
    if ordered:
        return HandView(len(hand_cards), True, tuple(hand_cards) if visible else None, tuple(known),
                        tuple(partial))
    return HandView(len(hand_cards), False, tuple(sorted(hand_cards)) if visible else None,
                    tuple(sorted(c for _, c in known)), tuple(sorted((c, s) for _, c, s in partial)))


def assert_same_view(built, expected):
    assert type(built) is type(expected)
    assert built == expected and hash(built) == hash(expected)
    assert attrs.astuple(built, recurse=False) == attrs.astuple(expected, recurse=False)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.size = 0  # still frozen


@given(st.lists(st.tuples(st.integers(0, 9), flags), max_size=8), st.booleans(), st.booleans(),
       st.integers(0, SEATS - 1))
def test_a_hand_shows_each_viewer_the_cards_it_knows_whoever_knows_them(entries, ordered, visible, player):
    hand_cards, known_flags = [c for c, _ in entries], [k for _, k in entries]
    hand = Hand(hand_cards, owner=player if visible else (player + 1) % SEATS, ordered=ordered,
                known=known_flags)
    assert_same_view(hand.view(player), plain_hand_view(hand_cards, known_flags, ordered, visible, player))


@given(cards, st.booleans())
def test_a_hand_known_in_full_shows_its_cards_as_known(hand_cards, ordered):
    hand = Hand(hand_cards, owner=0, ordered=ordered, known=[True] * len(hand_cards))
    for player in range(SEATS):
        assert_same_view(hand.view(player), plain_hand_view(hand_cards, [True] * len(hand_cards),
                                                              ordered, player == 0, player))


@given(cards, st.lists(st.lists(st.integers(0, 9), max_size=3), min_size=1, max_size=4))
def test_every_zone_kind_builds_the_view_its_class_builds(pile_cards, rows):
    zones = [Pile(pile_cards), Pile(pile_cards, Visibility.SECRET),
             Grid(1, len(pile_cards) or 1, pile_cards or [None]),
             Counters({"a": len(pile_cards), "b": len(rows)}), Display(len(rows), rows),
             Tableau(rows), KeyedPiles([(f"k{key}", row) for key, row in enumerate(rows)])]
    for zone in zones:
        for visible in (True, False):
            built = zone._make_view(visible)
            assert_same_view_of_any_kind(built, type(built)(*attrs.astuple(built, recurse=False)))


def assert_same_view_of_any_kind(built, expected):
    assert type(built) is type(expected)
    assert built == expected and hash(built) == hash(expected)
    name = attrs.fields(type(built))[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(built, name, None)


def test_a_view_class_that_checks_its_values_keeps_its_init():
    @attrs.frozen
    class Checked:
        size: int = attrs.field(validator=attrs.validators.instance_of(int))

    with pytest.raises(TypeError, match="needs its __init__"):
        view_maker(Checked)
