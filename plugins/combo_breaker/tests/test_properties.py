"""Property tests over random seeds: every game ends within its declared bound, with the 54
cards and the tokens accounted for, and a result that follows rule 9."""

from __future__ import annotations

import json
import pickle
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple import Rng
from meeple.serialization import dumps, state_fingerprint, state_from_data, state_to_data
from meeple_combo_breaker import ComboBreaker, legal
from meeple_combo_breaker.actions import PlayCombination, PlayDraw, PlayStop
from meeple_combo_breaker.cards import DRAW, STOP, X
from meeple_combo_breaker.combos import (PAIR, SINGLE, STRAIGHT2, STRAIGHT3, TRIPLE, plays_of,
                                         rank, rank_of)
from meeple_combo_breaker.legal import can_follow, card_plays
from meeple_combo_breaker.trick import COMBINATION, COMBINATION_ENTRIES, TrickPlay, combination_entries

GAMES = st.builds(lambda players, tokens, double_wild: ComboBreaker(
    players, {"tokens": tokens, "double_wild": double_wild}),
    st.integers(3, 5), st.sampled_from([2, 3]), st.booleans())


@settings(max_examples=40, deadline=None)
@given(game=GAMES, seed=st.integers(0, 2**32))
def test_every_game_ends_within_max_length_with_rule_9_results(game, seed):
    state = game.new_state(seed)
    chooser = Rng(seed + 1)
    decisions = 0
    tokens_before = game.players * game.options["tokens"]
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        state.apply(legal[chooser.below(len(legal))])
        decisions += 1
        assert all(state.tokens[s] >= 0 for s in range(game.players))
    assert decisions <= game.max_length()
    assert state.invariants() == []
    assert state.losers and set(state.losers) <= set(state.paid)
    assert all(state.tokens[s] == 0 for s in state.losers)
    assert state.winners() == tuple(s for s in range(game.players) if s not in state.losers)
    scores = state.scores()
    assert all(scores[s] == -1 for s in state.losers)
    assert sum(state.tokens[s] for s in range(game.players)) <= tokens_before - (state.round_number - 1)


def classify(values: list[int]) -> int | None:
    """An independent reading of rule 4 for fixed values (no X)."""
    values = sorted(values)
    if len(values) == 1:
        return rank(SINGLE, values[0])
    if len(set(values)) == 1:
        return rank(PAIR if len(values) == 2 else TRIPLE, values[0])
    if all(b - a == 1 for a, b in zip(values, values[1:])):
        return rank(STRAIGHT2 if len(values) == 2 else STRAIGHT3, values[-1])
    return None


CARDS = st.sampled_from([*range(1, 13), X, DRAW, STOP])


@settings(max_examples=300, deadline=None)
@given(window=st.lists(CARDS, min_size=1, max_size=3), double_wild=st.booleans())
def test_rule_4_plays_of_a_window_are_exactly_the_x_declarations_that_make_a_combination(window, double_wild):
    wilds = window.count(X)
    if wilds > 2:
        return  # the deck holds two X cards
    expected = set()
    allowed = not (DRAW in window or STOP in window or (wilds == 2 and not double_wild))
    if allowed:
        fixed = [c for c in window if c != X]
        for first in range(1, 13):
            for second in range(first, 13):
                declared = (first, second)[:wilds] if wilds == 2 else (first,)[:wilds]
                combo = classify(fixed + list(declared))
                if combo is not None:
                    expected.add((combo, tuple(sorted(declared))))
    found = set(plays_of(window, double_wild))
    assert found == expected
    for order in permutations(window):
        assert set(plays_of(order, double_wild)) == found  # internal order never matters
    for combo, declared in found:
        assert rank_of(window, declared, double_wild) == combo


@pytest.mark.parametrize("double_wild", [False, True])
def test_a_game_builds_its_card_play_grids_when_made_not_at_its_first_decision(monkeypatch, double_wild):
    monkeypatch.setattr(legal, "_GRIDS", legal._Grids())
    monkeypatch.setattr(legal, "_LEAD_GRIDS", legal._LeadGrids())
    ComboBreaker(4, {"double_wild": double_wild})
    assert list(legal._GRIDS) == list(legal._LEAD_GRIDS) == [double_wild]


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(CARDS, max_size=14), to_beat=st.integers(-1, 80), double_wild=st.booleans())
def test_rules_4_and_5a_to_c_a_hand_offers_every_window_beating_the_trick_then_its_stops_and_draws(
        hand, to_beat, double_wild):
    """The legal-action grid (legal.py) lists what the rules say, window by window: each 1–3
    cards from each start position, as each combination they form above `to_beat`, weakest first;
    then each Stop and Draw card, by position (rules 5b–c: always playable)."""
    cards = tuple(hand)
    expected = [PlayCombination(start, count, wilds)
                for start in range(len(cards)) for count in (1, 2, 3) if start + count <= len(cards)
                for rank_, wilds in plays_of(cards[start:start + count], double_wild) if rank_ > to_beat]
    expected += [PlayStop(position) if card == STOP else PlayDraw(position)
                 for position, card in enumerate(cards) if card in (STOP, DRAW)]
    assert card_plays(cards, to_beat, double_wild) == expected
    assert can_follow(cards, to_beat, double_wild) == bool(expected)


@settings(max_examples=300, deadline=None)
@given(window=st.lists(CARDS, min_size=1, max_size=3), double_wild=st.booleans(), seat=st.integers(0, 4))
def test_rule_5a_a_played_combination_is_recorded_with_its_rank_whatever_was_played_before(window, double_wild,
                                                                                           seat):
    """The record of a card play comes from a table kept across games (`COMBINATION_ENTRIES`, keyed
    by cards and X values without the `double_wild` option): its entry is the one the rules make
    from scratch, in whichever order combinations were first played, and a combination allowed
    without `double_wild` has the same rank with it, so the key needs no option."""
    cards = tuple(window)
    plays = plays_of(cards, double_wild)
    if not double_wild:
        assert set(plays) <= set(plays_of(cards, True))
    for rank_, wilds in plays:
        entries = combination_entries(cards, wilds, double_wild)
        assert entries[seat] == TrickPlay(seat, COMBINATION, rank_, wilds)
        assert COMBINATION_ENTRIES[cards, wilds] is entries
        assert combination_entries(cards, wilds, not double_wild) is entries
    if not plays:  # no combination: refused, and nothing kept
        before = dict(COMBINATION_ENTRIES)
        with pytest.raises(ValueError):
            combination_entries(cards, (), double_wild)
        assert COMBINATION_ENTRIES == before


@settings(max_examples=8, deadline=None)
@given(game=GAMES, seed=st.integers(0, 2**32))
def test_a_copy_by_clone_json_or_pickle_offers_the_same_actions_and_plays_on_identically(game, seed):
    """The rules keep shared values between decisions and games (frames, trick entries, action
    tables, the combination-entry table): a state rebuilt from JSON (fresh objects throughout), a
    clone and a pickled copy must offer the same legal actions in the same order as the original
    and reach the same state with the same action, at every step of a random game."""
    state = game.new_state(seed)
    chooser = Rng(seed + 2)
    copies = [state.clone(), state_from_data(ComboBreaker, json.loads(dumps(state_to_data(state)))),
              pickle.loads(pickle.dumps(state))]
    while not state.is_terminal:
        legal = state.legal_actions()
        for copy in copies:
            assert copy.legal_actions() == legal
        action = legal[chooser.below(len(legal))]
        state.apply(action)
        expected = state_fingerprint(state)
        for copy in copies:
            copy.apply(action)
            assert state_fingerprint(copy) == expected
        if chooser.below(8) == 0:  # now and then, fresh copies of the state as it is now
            copies = [state.clone(), state_from_data(ComboBreaker, json.loads(dumps(state_to_data(state)))),
                      pickle.loads(pickle.dumps(state))]
