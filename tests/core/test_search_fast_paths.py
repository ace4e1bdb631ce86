"""The shortcuts search bots take give the same games: `State.apply_legal` plays as `apply` does,
`Game.sampler` draws the very states `Game.determinize` draws, and a view built through the
compiled viewer equals one built field by field."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from passing_game import PassingGame

from meeple import Registry, Rng, View
from meeple.determinize import sample_state

GAMES = [("linko", 4), ("linko", 2), ("combo_breaker", 4), ("linkage", 2)]


@pytest.fixture(scope="module")
def registry():
    return Registry.load()


def random_states(game, seed, every=7):
    """Mid-game states of one random game (every `every`-th decision), and the final one."""
    chooser = Rng(seed)
    state = game.new_state(seed)
    while state.pending:
        if state.moves % every == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    yield state


@pytest.mark.parametrize("game_id,players", GAMES)
def test_apply_legal_plays_the_same_game_as_apply(registry, game_id, players):
    game = registry.create(game_id, players)
    checked, trusted, chooser = game.new_state(5), game.new_state(5), Rng(9)
    while checked.pending:
        legal = checked.legal_actions()
        action = legal[chooser.below(len(legal))]
        assert trusted.apply_legal(trusted.legal_actions()[legal.index(action)]) == checked.apply(action)
        assert trusted.fingerprint() == checked.fingerprint()
    assert trusted.winners() == checked.winners()


def test_apply_legal_still_collects_a_simultaneous_choice_secretly():
    game = PassingGame(3)
    state = game.new_state(1)
    first = state.legal_actions()[0]
    assert state.apply_legal(first) == ()  # kept secret until every seat has chosen
    assert state.chosen == (state.pending[-1].seats()[0],)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_a_sampler_draws_the_states_determinize_and_slot_by_slot_dealing_draw(registry, game_id, players):
    game = registry.create(game_id, players)
    for state in random_states(game, seed=3):
        if not state.pending:
            continue
        view = state.view(state.current_player)
        sampler = game.sampler(view)
        draws, fresh, plain = Rng(11), Rng(11), Rng(11)
        for _ in range(3):
            sampled, expected = sampler(draws), game.determinize(view, fresh)
            assert sampled.fingerprint() == expected.fingerprint()
            # the sampler fills runs of unknown slots at once: as one set_slot per card would
            assert sampled.fingerprint() == _dealt_slot_by_slot(game, view, plain).fingerprint()
            assert sampled.view(view.player) == view  # nothing the viewer knows is changed
            assert not sampled.invariants()
        assert draws == plain


def test_a_sampler_keeps_the_cards_a_seat_knows_were_passed():
    game = PassingGame(3)
    state = game.new_state(2)
    for seat in reversed(range(3)):
        state.apply(state.legal_actions(seat)[0], seat)
    view = state.view(1)
    draws, fresh = Rng(4), Rng(4)
    for _ in range(5):
        assert game.sampler(view)(draws).fingerprint() == sample_state(game, view, fresh).fingerprint()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), game_index=st.integers(0, len(GAMES) - 1))
def test_a_compiled_view_equals_the_view_built_by_hand(seed, game_index):
    game_id, players = GAMES[game_index]
    game = Registry.load().create(game_id, players)
    for state in random_states(game, seed, every=11):
        for seat in (None, *range(players)):
            view = state.view(seat)
            by_hand = View(view.game, seat, state.moves, tuple(state.pending),
                           tuple((name, _field_view(getattr(state, name), seat)) for name in view.field_names()))
            assert view == by_hand
            assert [view.field(name) for name in view.field_names()] == [v for _, v in view.fields]


def _field_view(value, seat):
    if hasattr(value, "view"):
        return value.view(seat)
    if isinstance(value, (tuple, list)) and value and hasattr(value[0], "view"):
        return tuple(zone.view(seat) for zone in value)
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return tuple(value.items())
    return value


def _dealt_slot_by_slot(game, view, rng):
    """The sampler's deal written the plain way: the pool shuffled (by Python's generator seeded
    from the draw after the sample's RNG), then one `set_slot` per unknown slot, the k-th card of
    the pool into the k-th slot `rebuild` returned."""
    import random

    from meeple.determinize import rebuild, unseen_cards

    template, unknown = rebuild(game, view, Rng(0))
    pool = unseen_cards(game, template)
    state = template.clone()
    state.rng = rng.spawn()
    random.Random(rng.next64()).shuffle(pool)
    position = {id(zone): index for index, (_, zone) in enumerate(template.zones())}
    zones = [zone for _, zone in state.zones()]
    for (zone, slot), card in zip(unknown, pool):
        zones[position[id(zone)]].set_slot(slot, card)
    return state


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 12)), max_size=40, unique=True))
def test_unknown_slots_grouped_into_runs_cover_each_slot_once_in_order(slots):
    from meeple.determinize import _runs

    covered = []
    for index, start, begin, end in _runs(slots):
        assert end > begin
        covered.extend((index, start + k) for k in range(end - begin))
        assert covered[begin:end] == slots[begin:end]
    assert covered == slots


def _random_moves_written_out(state, draw):
    """A random rollout written the plain way: what `State.play_randomly` must match."""
    while state.pending:
        legal = state.legal_actions()
        state.apply_legal(legal[int(draw() * len(legal))])


def _games_for_playouts(registry):
    from goofspiel_game import Goofspiel
    from market_game import MarketGame

    yield from (registry.create(game_id, players) for game_id, players in GAMES)
    yield Goofspiel(2)  # simultaneous bids: collected through apply_legal
    yield PassingGame(3)  # a simultaneous pass, then sequential frames
    yield MarketGame(2)  # the older style: the game overrides _legal_actions and _apply


@pytest.mark.parametrize("start_seed", [0, 1, 2])
def test_playing_randomly_makes_the_moves_and_draws_of_the_written_out_rollout(registry, start_seed):
    import random

    for game in _games_for_playouts(registry):
        for state in random_states(game, seed=start_seed, every=13):
            fast, plain = state.clone(), state.clone()
            fast_draws, plain_draws = random.Random(start_seed), random.Random(start_seed)
            fast.play_randomly(fast_draws.random)
            _random_moves_written_out(plain, plain_draws.random)
            assert fast.fingerprint() == plain.fingerprint(), game.spec.id
            assert (fast.moves, fast.winners()) == (plain.moves, plain.winners())
            assert fast_draws.random() == plain_draws.random()  # as many draws taken


def test_playing_randomly_keeps_a_view_taken_before_it_unchanged(registry):
    import random

    game = registry.create("hearts", 4)  # its views carry extras read off the state (points taken)
    state = game.new_state(3)
    chooser = Rng(2)
    while state.pending[-1].player is None:  # past the simultaneous pass: tricks are sequential
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    expected = state.clone().view(0).fields
    view = state.view(0)  # unread: a lazy snapshot the playout must not disturb
    state.play_randomly(random.Random(1).random)
    assert not state.pending
    assert view.fields == expected
