"""Zones: their operations, what each viewer sees of them, and their JSON data."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Counters, Display, Grid, Hand, KeyedPiles, Pile, Rng, Tableau, Visibility
from meeple.zones import HandView, PileView


def roundtrip(zone):
    return type(zone).from_data(zone.to_data())


def test_secret_pile_shows_only_its_size():
    pile = Pile([1, 2, 3], visibility=Visibility.SECRET)
    assert pile.view(0) == PileView(3, None)
    assert pile.view(None).cards == (1, 2, 3)
    assert pile.hidden_slots(0) == [0, 1, 2]


def test_pile_draw_takes_from_the_top_first():
    pile = Pile([1, 2, 3, 4])
    assert pile.draw(2) == [4, 3] and list(pile) == [1, 2]
    assert pile.draw(5) == [2, 1] and len(pile) == 0


def test_hand_is_seen_by_its_owner_only():
    hand = Hand([5, 3, 9], owner=1, ordered=False)
    assert hand.view(1).cards == (3, 5, 9)  # unordered: sorted, arrival order hidden
    assert hand.view(0) == HandView(3, False, None, ())


def test_known_cards_are_shown_to_everyone_and_lowered_when_played():
    hand = Hand([7, 7], owner=0, ordered=False)
    hand.add(7, known=True)
    assert hand.view(1).known == (7,)
    hand.remove(7)  # playing a 7 lowers what others know first
    assert hand.view(1).known == () and hand.count(7) == 2


def test_ordered_hand_keeps_known_positions_through_inserts_and_takes():
    hand = Hand([1, 2, 3], owner=0)
    hand.insert(1, 9, known=True)
    assert hand.view(1).known == ((1, 9),)
    assert hand.take(2, 2) == (2, 3)
    hand.insert(0, 4)
    assert list(hand) == [4, 1, 9] and hand.view(1).known == ((2, 9),)
    assert hand.hidden_slots(1) == [0, 1]


def test_hand_rejects_bad_positions_and_missing_cards():
    hand = Hand([1], owner=0)
    with pytest.raises(IndexError):
        hand.insert(3, 2)
    with pytest.raises(IndexError):
        hand.take(0, 2)
    with pytest.raises(ValueError):
        hand.remove(5)


def test_hand_restore_from_hidden_view_keeps_known_cards_and_leaves_slots():
    hand = Hand([1, 2, 3], owner=0)
    hand.insert(2, 8, known=True)
    sample = Hand(owner=0)
    unknown = sample.restore(hand.view(1))
    assert unknown == [0, 1, 3] and sample[2] == 8 and sample.is_known(2)


def test_tableau_layers_and_top():
    tableau = Tableau(owner=0)
    assert tableau.top is None
    tableau.push_layer([7, 7, 14])
    tableau.push_layer([3])
    assert tableau.top == (3,) and tableau.card_count() == 4
    assert tableau.pop_layer() == (3,) and tableau.top == (7, 7, 14)
    with pytest.raises(ValueError):
        tableau.push_layer([])


def test_tableau_is_public_only():
    with pytest.raises(ValueError):
        Tableau(owner=0, visibility=Visibility.OWNER)


def test_display_slots_groups_and_refill():
    display = Display(3)
    pile = Pile([1, 2, 3, 4])
    assert display.refill(pile) == [0, 1, 2] and display[0] == (4,)
    display.put(1, 13)  # a group of two taken as one
    assert display[1] == (3, 13) and len(display) == 4
    assert display.take(1) == (3, 13) and display.empty_slots() == [1]
    display.refill(pile)
    assert display[1] == (1,) and len(pile) == 0
    with pytest.raises(ValueError):
        Display(2).take(0)


def test_keyed_piles_by_value():
    ghost = KeyedPiles()
    for card in (5, 2, 5):
        ghost.add(card, card)
    assert ghost.keys() == [2, 5] and ghost.size_of(5) == 2
    assert ghost.take(5) == [5, 5] and ghost.keys() == [2]
    assert ghost.view(0).pile(2) == (2,)


def test_grid_neighbours_and_connected_groups():
    grid = Grid(3, 3)
    assert sorted(grid.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert len(grid.neighbours((1, 1))) == 4
    grid[(0, 0)] = grid[(0, 1)] = "R"
    grid[(1, 1)] = "R"  # touches (0, 1) orthogonally: same group
    grid[(2, 2)] = "R"  # diagonal only: its own group
    grid[(1, 0)] = "B"
    assert grid.count_groups() == 3
    assert grid.groups()[0] == [(0, 0), (0, 1), (1, 1)]
    with pytest.raises(IndexError):
        grid[(3, 0)]


def test_counters_never_go_negative():
    tokens = Counters({0: 1, 1: 0})
    tokens.take(0)
    with pytest.raises(ValueError):
        tokens.take(0)
    assert tokens[0] == 0 and tokens.total == 0


@pytest.mark.parametrize("zone", [
    Pile([1, 2], visibility=Visibility.SECRET),
    Hand([3, 1], owner=2, ordered=False, known=[True, False]),
    Tableau([(1, 1), (14,)], owner=0),
    Display(3, [(1,), (), (13, 2)]),
    KeyedPiles([(3, [3, 3]), (1, [1])]),
    Grid(2, 2, ["W", None, None, "B"]),
    Counters({"white": 6, "blue": 0}),
])
def test_every_zone_roundtrips_and_copies_independently(zone):
    assert roundtrip(zone) == zone
    twin = zone.copy()
    assert twin == zone and twin is not zone
    if isinstance(zone, (Pile, Hand)):
        zone.set_slot(0, 99)
        assert twin != zone


def test_restore_from_a_full_view_gives_an_equal_zone():
    rng = Rng(1)
    pile = Pile(range(10))
    pile.shuffle(rng)
    other = Pile()
    assert other.restore(pile.view(None)) == [] and list(other) == list(pile)


def _reference_refill(slots: list, pile: list) -> list[int]:
    """Display.refill written the obvious way: each empty slot, left to right, takes the pile's top."""
    filled = []
    for i, slot in enumerate(slots):
        if not slot and pile:
            slots[i] = (pile.pop(),)
            filled.append(i)
    return filled


@given(st.lists(st.sampled_from([(), (1,), (2, 3)]), min_size=1, max_size=8), st.lists(st.integers(0, 9), max_size=8))
def test_a_display_refills_its_empty_slots_left_to_right_while_the_pile_lasts(slots, cards):
    display, pile = Display(len(slots), slots), Pile(cards)
    expected_slots, expected_pile = list(slots), list(cards)
    assert display.refill(pile) == _reference_refill(expected_slots, expected_pile)
    assert list(display) == expected_slots and list(pile) == expected_pile


@given(st.lists(st.integers(0, 9), max_size=4), st.sampled_from(["pile", "hand"]))
def test_a_pile_or_hand_is_empty_exactly_when_it_holds_no_card(cards, kind):
    zone = Pile(cards) if kind == "pile" else Hand(cards, owner=0)
    assert zone.is_empty() is (len(zone) == 0)
    while not zone.is_empty():
        zone.pop() if kind == "pile" else zone.pop(0)
    assert len(zone) == 0


@given(st.lists(st.sampled_from([(), (1,), (2, 3)]), min_size=1, max_size=8))
def test_a_display_is_full_when_every_slot_holds_a_card_or_a_group(slots):
    display = Display(len(slots), slots)
    assert display.is_full() is all(len(slot) > 0 for slot in slots)
    assert display.is_empty() is all(len(slot) == 0 for slot in slots)


# Every mutating method forgets the zone's cached views before changing anything (`Zone._changed`,
# inlined in the methods playouts call at most steps): a view asked for afterwards is the new one.
_MUTATIONS = [
    (lambda: Pile([1, 2, 3]), lambda z: z.push(4)),
    (lambda: Pile([1, 2, 3]), lambda z: z.extend([4, 5])),
    (lambda: Pile([1, 2, 3]), lambda z: z.pop()),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.add(4)),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.add(4, known_to=[1])),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.extend([4, 5], known=True)),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.extend([4], known_to=[2])),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.pop(1)),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.take(0, 2)),
    (lambda: Hand([1, 2, 2], owner=0, known=[False, False, True]), lambda z: z.remove(2)),
    (lambda: Tableau([(1,)], owner=0), lambda z: z.push_layer((2, 2))),
    (lambda: Tableau([(1,), (2,)], owner=0), lambda z: z.pop_layer()),
    (lambda: Display(3, [(1,), (), (2,)]), lambda z: z.take(0)),
    (lambda: Display(3, [(1,), (), ()]), lambda z: z.refill(Pile([7, 8]))),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.insert(1, 4)),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.insert(0, 4, known=True)),
    (lambda: Display(3, [(1,), (), (2,)]), lambda z: z.put(1, 5)),
    (lambda: Display(3, [(1,), (), (2,)]), lambda z: z.put(0, 5)),
    (lambda: Tableau([(1,), (2, 2)], owner=0), lambda z: z.clear()),
    (lambda: Hand([1, 2, 2, 3], owner=0), lambda z: z.remove_many([2, 3])),
    (lambda: Hand([1, 2, 3], owner=0), lambda z: z.extend([4, 5, 6, 7, 8])),
    (lambda: Pile([1, 2, 3]), lambda z: z.clear()),
    (lambda: Hand([1, 2, 3], owner=0, known=[True, False, False]), lambda z: z.clear()),
    (lambda: Display(3, [(1,), (), (2, 3)]), lambda z: z.clear()),
    (lambda: Pile([7, 8]), lambda z: Display(3, [(1,), (), ()]).refill(z)),  # the source pile
    (lambda: KeyedPiles([(3, [3, 3]), (1, [1])]), lambda z: z.add(2, 2)),
    (lambda: KeyedPiles([(3, [3, 3]), (1, [1])]), lambda z: z.add(3, 3)),
    (lambda: KeyedPiles([(3, [3, 3]), (1, [1])]), lambda z: z.take(3)),
]


@pytest.mark.parametrize(("make", "mutate"), _MUTATIONS)
def test_every_hot_mutation_forgets_the_cached_views_of_every_viewer(make, mutate):
    zone = make()
    viewers = (None, 0, 1, 2)
    before = [zone.view(p) for p in viewers]  # cached now
    mutate(zone)
    fresh = zone.copy()
    fresh._changed()  # (forget the cached views the copy shares)
    assert [zone.view(p) for p in viewers] == [fresh.view(p) for p in viewers] != before


_TABLEAU_STEPS = st.lists(st.one_of(
    st.tuples(st.just("push"), st.lists(st.integers(1, 14), min_size=1, max_size=4)),
    st.tuples(st.just("pop"), st.none()), st.tuples(st.just("clear"), st.none()),
    st.tuples(st.sampled_from(["copy", "json", "pickle", "restore"]), st.none())), max_size=30)


@given(st.lists(st.lists(st.integers(1, 14), min_size=1, max_size=4), max_size=4), _TABLEAU_STEPS)
def test_a_tableau_top_is_always_its_newest_layer_whatever_happens(layers, steps):
    """`top` is kept beside the layers (an attribute read at most steps): after every change, copy,
    JSON round trip, pickle and restore it is the newest layer, or None; and it shows in nothing
    else (equality, JSON and views read the layers)."""
    import pickle

    tableau = Tableau(layers, owner=1)
    plain = [tuple(layer) for layer in layers]
    for step, arg in steps:
        if step == "push":
            tableau.push_layer(arg)
            plain.append(tuple(arg))
        elif step == "pop" and plain:
            assert tableau.pop_layer() == plain.pop()
        elif step == "clear":
            assert tableau.clear() == [card for layer in plain for card in layer]
            plain = []
        elif step == "copy":
            tableau = tableau.copy()
        elif step == "json":
            tableau = roundtrip(tableau)
        elif step == "pickle":
            tableau = pickle.loads(pickle.dumps(tableau))
        elif step == "restore":
            restored = Tableau(owner=1)
            restored.restore(tableau.view(0))
            tableau = restored
        assert tableau.top == (plain[-1] if plain else None)
        assert list(tableau) == plain and tableau == Tableau(plain, owner=1)
        assert tableau.view(None).layers == tuple(plain)


@settings(max_examples=300)
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from([False, True, frozenset({1}), frozenset({0, 2})])),
                max_size=12), st.lists(st.integers(1, 5), max_size=6))
def test_remove_many_removes_each_card_as_one_remove_after_another_would(entries, cards):
    """One call, the same copies (best known first) as removing the cards one at a time by hand;
    it returns how many cards are left."""
    hand = Hand([c for c, _ in entries], owner=0, known=[k for _, k in entries])
    expected_cards, expected_known = [c for c, _ in entries], [k for _, k in entries]
    missing = None
    for card in cards:
        positions = [i for i, c in enumerate(expected_cards) if c == card]
        if not positions:
            missing = card
            break
        rank = {True: 0, False: 2}
        best = min(positions, key=lambda i: (rank.get(expected_known[i], 1), i))
        del expected_cards[best], expected_known[best]
    if missing is None:
        assert hand.remove_many(cards) == len(expected_cards)
    else:
        with pytest.raises(ValueError, match=f"card {missing} is not in the hand"):
            hand.remove_many(cards)
    assert list(hand) == expected_cards
    assert [hand.known_to(i) for i in range(len(hand))] == expected_known


@given(st.lists(st.integers(1, 9), max_size=6), st.lists(st.integers(1, 9), max_size=12), st.booleans(),
       st.sampled_from([list, tuple, iter]))
def test_extend_adds_every_card_with_the_same_knowledge_however_the_cards_come(start, cards, known, kind):
    hand = Hand(start, owner=0)
    hand.extend(kind(cards), known=known)
    assert list(hand) == start + cards
    assert [hand.is_known(i) for i in range(len(hand))] == [False] * len(start) + [known] * len(cards)


@given(st.lists(st.tuples(st.integers(-3, 12), st.integers(1, 14)), max_size=20))
def test_a_keyed_piles_view_lists_its_piles_as_items_does(added):
    zone = KeyedPiles()
    for key, card in added:
        zone.add(key, card)
        assert zone.view(None).piles == tuple(zone.items()) == zone.view(0).piles
