"""A view is a lazy snapshot (meeple.view): read late — after the state moved on, was cloned,
serialized, restored or determinized, after its zones were changed or replaced by hand — it
equals the view built at once, field by field, from fresh zone views, for every seat."""

import pickle

import pytest
from goofspiel_game import Goofspiel, GoofspielState
from hypothesis import given, settings
from hypothesis import strategies as st
from market_game import MarketGame
from passing_game import PassingGame

from meeple import Pile, Registry, Rng, View
from meeple.layout import Kind, game_fields
from meeple.serialization import state_from_data, state_to_data
from meeple.view import MAX_LIVE_VIEWS

class TallyState(GoofspielState):
    """Goofspiel whose view extras read plain values only (no zone changes while bids come in)."""

    view_extra_types = {"tally": tuple[int, int]}

    def view_extras(self, player):
        return {"tally": (self.moves, len(self.chosen))}


class Tally(Goofspiel):
    state_class = TallyState


REGISTERED = [("linko", 4), ("linko", 2), ("combo_breaker", 4), ("linkage", 2), ("hearts", 4)]
LOCAL = [Goofspiel(2), PassingGame(3), MarketGame(2), Tally(3)]


def games():
    registry = Registry.load()
    return [registry.create(game_id, players) for game_id, players in REGISTERED] + LOCAL


GAMES = games()


def fresh_zone_view(zone, seat):
    """The zone's view computed from its contents now (a copy without its cached views)."""
    copy = zone.copy()
    copy._seen = copy._unseen = None
    return copy.view(seat)


def eager_view(state, seat):
    """The view of `seat` built at once, field by field, the slow way."""
    fields = []
    for info in game_fields(type(state)):
        if info.hidden:
            continue
        value = getattr(state, info.name)
        if info.kind is Kind.ZONE:
            value = fresh_zone_view(value, seat)
        elif info.kind is Kind.ZONES:
            value = tuple(fresh_zone_view(zone, seat) for zone in value)
        elif info.kind is Kind.LIST:
            value = tuple(value)
        elif info.kind is Kind.DICT:
            value = tuple(value.items())
        fields.append((info.name, value))
    fields.extend(state.view_extras(seat).items())
    choices = state._choices or {}
    visible = tuple(choices.items()) if seat is None else tuple((s, a) for s, a in choices.items() if s == seat)
    return View(state.game.spec.id, seat, state.moves, tuple(state.pending), tuple(fields),
                tuple(choices), visible)


def seats(state):
    return (None, *range(state.players))


def play(state, chooser):
    """Apply one random legal action for a seat that owes one."""
    seat = state.owing()[chooser.below(len(state.owing()))] if state.pending[-1].player is None \
        else state.current_player
    legal = state.legal_actions(seat)
    state.apply(legal[chooser.below(len(legal))], seat)


@settings(max_examples=30, deadline=None)
@given(game_index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32),
       flips=st.lists(st.integers(0, 7), min_size=1, max_size=60))
def test_a_view_read_late_equals_the_view_built_when_it_was_taken(game_index, seed, flips):
    game = GAMES[game_index]
    state, chooser = game.new_state(seed), Rng(seed)
    held = []  # (lazy view, the eager view built when it was taken)
    for flip in flips:
        if not state.pending:
            break
        for seat in seats(state):
            view = state.view(seat)
            if flip % 3 == 0:
                assert view == eager_view(state, seat)  # read at once
            elif flip % 3 == 1:
                held.append((view, eager_view(state, seat)))  # kept unread while the state moves on
        if flip == 7 and held:
            old, expected = held.pop(0)
            assert old == expected  # read in the middle of the game
        play(state, chooser)
    for view, expected in held:
        assert view.player == expected.player
        assert view == expected
        assert [view.field(name) for name in view.field_names()] == [value for _, value in expected.fields]


@settings(max_examples=20, deadline=None)
@given(game_index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32),
       moves=st.integers(0, 40))
def test_a_view_stays_frozen_through_clones_serialization_and_determinization(game_index, seed, moves):
    game = GAMES[game_index]
    state, chooser = game.new_state(seed), Rng(seed)
    for _ in range(moves):
        if not state.pending:
            break
        play(state, chooser)
    if not state.pending:
        return
    taken = [(state.view(seat), eager_view(state, seat)) for seat in seats(state)]
    pickled = [(pickle.loads(pickle.dumps(state.view(seat))), eager_view(state, seat)) for seat in seats(state)]
    clone = state.clone()
    loaded = state_from_data(type(game), state_to_data(state))
    from_clone = [(clone.view(seat), eager_view(clone, seat)) for seat in seats(clone)]
    viewer = state.current_player
    sampled = game.determinize(state.view(viewer), Rng(seed ^ 1))
    from_sample = (sampled.view(viewer), eager_view(sampled, viewer))
    for moved in (clone, state, loaded, sampled, clone, state):
        for _ in range(5):
            if moved.pending:
                play(moved, chooser)
    for view, expected in [*taken, *pickled, *from_clone, from_sample]:
        assert view == expected
    assert loaded.view(viewer) == eager_view(loaded, viewer)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.spec.id}-{g.players}")
def test_a_view_stays_frozen_when_its_zones_are_restored_or_changed_by_hand(game):
    state, chooser = game.new_state(11), Rng(11)
    for _ in range(9):
        if state.pending:
            play(state, chooser)
    for seat in seats(state):
        view, expected = state.view(seat), eager_view(state, seat)
        for _, zone in state.zones():
            if hasattr(zone, "restore"):
                # The observer's view: the same cards (an unordered hand comes back sorted).
                assert zone.restore(zone.view(None)) == []
            zone._changed()  # what every mutating method calls first
        assert view == expected


def test_a_zone_changed_by_hand_after_a_view_leaves_the_view_as_it_was():
    game = GAMES[0]  # 4-player Linko
    state = game.new_state(4)
    views = [(state.view(seat), eager_view(state, seat)) for seat in seats(state)]
    state.discard.push(state.draw_pile.pop())
    state.hands[0].add(state.draw_pile.pop(), known=True)
    state.display.take(state.display.occupied()[0])
    for view, expected in views:
        assert view == expected
    assert state.view(0) == eager_view(state, 0)


def test_a_field_given_a_new_zone_is_read_from_that_zone_and_the_old_one_still_reports():
    game = GAMES[0]
    state = game.new_state(4)
    state.view(0)  # the zones now report to the state's unread views
    old = state.discard
    state.discard = Pile([state.draw_pile.pop()])  # a new zone object in the field
    view, expected = state.view(1), eager_view(state, 1)
    state.discard.push(state.draw_pile.pop())  # the new zone reports too
    assert view == expected
    equal = Pile(list(state.discard), state.discard.visibility)  # an equal zone, not watched yet
    state.discard = equal
    view, expected = state.view(2), eager_view(state, 2)
    equal.push(state.draw_pile.pop())
    assert view == expected
    old.push(1)  # a zone no longer in the state changes: nothing it was read for moves
    assert view == expected


def test_a_zone_shared_by_two_states_makes_their_views_eager_and_still_right():
    game = GAMES[0]
    first, second = game.new_state(4), game.new_state(5)
    held = first.view(0), eager_view(first, 0)
    second.discard = first.discard  # one zone object in two states
    shared = second.view(1), eager_view(second, 1)
    first.discard.push(first.draw_pile.pop())
    later = first.view(0), eager_view(first, 0)
    second.discard.push(second.draw_pile.pop())
    for view, expected in (held, shared, later):
        assert view == expected


def test_many_unread_views_are_read_oldest_first_and_stay_right():
    game = GAMES[4]  # Hearts: view extras read from the state itself
    state, chooser = game.new_state(2), Rng(2)
    held = []
    for _ in range(3 * MAX_LIVE_VIEWS):
        if not state.pending:
            break
        held.append((state.view(state.current_player), eager_view(state, state.current_player)))
        play(state, chooser)
    assert len(state._watch.refs) <= MAX_LIVE_VIEWS
    for view, expected in held:
        assert view == expected


def test_a_dropped_view_costs_its_state_nothing_later():
    game = GAMES[0]
    state, chooser = game.new_state(8), Rng(8)
    for _ in range(20):
        state.view(state.current_player)  # dropped unread, as a random bot's
        play(state, chooser)
    assert state._watch.refs == []  # nothing left to save for


def test_an_unread_view_holds_no_zone_once_read_and_pickles_without_them():
    game = GAMES[0]
    state = game.new_state(3)
    view = state.view(2)
    assert view._src is not None  # unread: it keeps what it was taken from
    data = pickle.dumps(view)
    assert view._src is None  # reading it (to pickle it) let go of the state's zones
    assert b"_cards" not in data and b"LinkoState" not in data
    assert pickle.loads(data) == eager_view(state, 2)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.spec.id}-{g.players}")
def test_a_state_pickled_while_its_view_waits_unread_copies_no_watch_and_the_view_stays_right(game):
    state, chooser = game.new_state(5), Rng(5)
    play(state, chooser)
    seat = state.current_player
    view, expected = state.view(seat), eager_view(state, seat)
    copy = pickle.loads(pickle.dumps(state))
    assert copy._watch is None and all(zone._watch is None for _, zone in copy.zones())
    play(state, chooser)
    assert view == expected and copy.view(seat) == expected


def read_racing(state, step):
    """The observer's view of `state`, taken now and read with `step` (what another thread could
    do) run once between two reads of its build; with the view built at once and what `step` did."""
    view, expected = state.view(None), eager_view(state, None)
    build, done = view._src[0], []

    def build_while_the_state_moves_on(player, taken_from, zones, values, saved):
        if not done:
            done.append(step())
        return build(player, taken_from, zones, values, saved)

    View._src.__set__(view, [build_while_the_state_moves_on, *view._src[1:]])
    return view, expected, done


def test_a_view_read_while_its_zone_changes_on_another_thread_shows_the_zone_before():
    state = GAMES[0].new_state(6)
    view, expected, changed = read_racing(state, lambda: state.discard.push(state.draw_pile.pop()))
    assert view == expected and changed


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.spec.id}-{g.players}")
def test_a_view_read_while_its_state_applies_an_action_on_another_thread_shows_the_state_before(game):
    state = game.new_state(6)
    view, expected, applied = read_racing(state, lambda: state.apply(state.legal_actions()[0]))
    assert view == expected and applied and state.moves == 1


def test_a_copied_zone_reports_to_no_state_until_its_own_state_is_viewed():
    kinds = set()
    for game in GAMES:
        state = game.new_state(1)
        state.view(0)
        clone = state.clone()
        for (_, zone), (_, copied) in zip(state.zones(), clone.zones()):
            kinds.add(type(zone).__name__)
            assert zone._watch is state._watch and copied._watch is None and zone.copy()._watch is None
        clone.view(0)
        assert all(zone._watch is clone._watch is not state._watch for _, zone in clone.zones())
    assert kinds >= {"Pile", "Hand", "Tableau", "Display", "KeyedPiles", "Grid", "Counters"}
