"""Property tests over random games: the legal placements are exactly rule 3, the game ends
exactly when rule 4a says, and seed plus actions fix the game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Rng
from meeple_linkage.actions import COLOURS, Pass, Place
from meeple_linkage.board import SPOTS
from meeple_linkage.game import Linkage

VARIANTS = st.sampled_from(["standard", "balanced"])
SEEDS = st.integers(min_value=0, max_value=2**32)


def edge_contact(cells, others):
    return any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a in cells for b in others)


def rule_3(state, green=True):
    """Rule 3 written out plainly over every pair of adjacent cells."""
    result = set()
    for spot in SPOTS:
        cells = spot.cells
        if any(state.board[c] is not None or c == state.blocker for c in cells):
            continue
        if green and state.green is not None and edge_contact(cells, state.green):
            continue
        result.update(Place(colour, cells) for colour in COLOURS if state.supply[colour])
    return result


def random_game(variant, seed):
    """Yield every state of a random game (the same state object, moving on)."""
    state = Linkage(2, {"variant": variant}).new_state(seed)
    chooser = Rng(seed)
    while True:
        yield state
        if state.is_terminal:
            return
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])


@settings(max_examples=25, deadline=None)
@given(VARIANTS, SEEDS)
def test_legal_placements_are_exactly_rule_3_and_a_pass_only_when_forced(variant, seed):
    for state in random_game(variant, seed):
        if state.is_terminal or state.more is None:
            continue
        legal = set(state.legal_actions())
        expected = rule_3(state)
        assert legal == (expected or {Pass()})


@settings(max_examples=25, deadline=None)
@given(VARIANTS, SEEDS)
def test_the_game_ends_exactly_when_no_piece_fits_anywhere(variant, seed):
    for state in random_game(variant, seed):
        if state.more is None:
            continue
        assert state.is_terminal == (not rule_3(state, green=False))


@settings(max_examples=25, deadline=None)
@given(VARIANTS, SEEDS)
def test_no_two_passes_in_a_row_and_the_winner_follows_rule_6(variant, seed):
    previous = None
    for state in random_game(variant, seed):
        last = state.legal_actions()
        if previous == (Pass(),):
            assert last != (Pass(),), "a pass frees the opponent, who must then place"
        previous = last
    groups = state.groups()
    assert state.winners() == ((state.more,) if groups >= 12 else (1 - state.more,))
    assert state.scores() == (groups, groups)


@settings(max_examples=10, deadline=None)
@given(VARIANTS, SEEDS)
def test_the_same_seed_and_actions_give_the_same_game_byte_for_byte(variant, seed):
    game = Linkage(2, {"variant": variant})
    first, actions, prints = game.new_state(seed), [], []
    chooser = Rng(seed)
    while not first.is_terminal:
        prints.append(first.fingerprint())
        legal = first.legal_actions()
        actions.append(legal[chooser.below(len(legal))])
        first.apply(actions[-1])
    again = game.new_state(seed)
    for action, expected in zip(actions, prints):
        assert again.fingerprint() == expected
        again.apply(action)
    assert again.fingerprint() == first.fingerprint()
