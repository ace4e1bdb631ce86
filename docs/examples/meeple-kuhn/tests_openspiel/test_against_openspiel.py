"""meeple's Kuhn poker against OpenSpiel's `kuhn_poker`, exhaustively: every node of every deal.

For each of the six deals (OpenSpiel's two chance nodes: seat 0's card, then seat 1's) both games
walk the whole tree in lockstep and must agree at every node on the player to move, the legal
actions (pass 0, bet 1), whether the hand is over, and the returns. Then the information sets:
two decision nodes that OpenSpiel's `information_state_string` puts together for a player must give
that player the same meeple view, and two it tells apart must give different views — the same
partition of every player's knowledge. (At a terminal node meeple's views also show the cards
revealed at a showdown; OpenSpiel's information state does not: poker shows them, so only
decision nodes are compared.) Run with `tox -e openspiel-kuhn`; skipped where open_spiel is missing.
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest

from meeple import Rng
from meeple.serialization import view_to_data
from meeple_kuhn.game import BET, PASS, Kuhn

pyspiel = pytest.importorskip("pyspiel")

ACTIONS = {0: PASS, 1: BET}


def _walk(ours, theirs, nodes, deal):
    """Compare one node and everything below it; record (player, infostate, view) at decisions."""
    assert ours.is_terminal == theirs.is_terminal(), deal
    if theirs.is_terminal():
        assert list(ours.scores()) == theirs.returns(), (deal, theirs.history_str())
        return 1
    player = theirs.current_player()
    assert ours.current_player == player, (deal, theirs.history_str())
    assert [ACTIONS[a] for a in theirs.legal_actions()] == list(ours.legal_actions())
    for seat in range(2):
        view = json.dumps(view_to_data(Kuhn, ours.view(seat)), sort_keys=True)
        nodes.append((seat, theirs.information_state_string(seat), view))
    count = 1
    for action in theirs.legal_actions():
        child_ours = ours.clone()
        child_ours.apply(ACTIONS[action])
        count += _walk(child_ours, theirs.child(action), nodes, deal)
    return count


def test_every_node_of_every_deal_matches_openspiel():
    game = Kuhn(2)
    theirs = pyspiel.load_game("kuhn_poker")
    root = theirs.new_initial_state()
    deals = [(first, second) for first, _ in root.chance_outcomes()
             for second, _ in root.child(first).chance_outcomes()]
    assert deals == [deal for deal, _ in game.deal_outcomes()]
    probabilities = {(a, b): Fraction(pa).limit_denominator(6) * Fraction(pb).limit_denominator(6)
                     for a, pa in root.chance_outcomes() for b, pb in root.child(a).chance_outcomes()}
    assert probabilities == dict(game.deal_outcomes())
    nodes: list[tuple[int, str, str]] = []
    visited = 0
    for deal in deals:
        visited += _walk(game.setup_with(deal, Rng(0)), root.child(deal[0]).child(deal[1]), nodes, deal)
    assert visited == 6 * 9  # per deal: 4 decision nodes and 5 terminal ones
    for seat in range(2):
        views_of_infostate, infostates_of_view = defaultdict(set), defaultdict(set)
        for player, infostate, view in nodes:
            if player == seat:
                views_of_infostate[infostate].add(view)
                infostates_of_view[view].add(infostate)
        assert all(len(v) == 1 for v in views_of_infostate.values()), "meeple tells apart what OpenSpiel does not"
        assert all(len(i) == 1 for i in infostates_of_view.values()), "meeple merges what OpenSpiel tells apart"
        assert len(views_of_infostate) == 12  # 3 cards × 4 decision points (OpenSpiel's 12 infosets)


def test_random_play_value_matches_openspiel_expected_returns():
    from open_spiel.python.algorithms import expected_game_score
    from open_spiel.python.policy import UniformRandomPolicy

    from meeple.testing import exact_scores

    theirs = pyspiel.load_game("kuhn_poker")
    value = expected_game_score.policy_value(theirs.new_initial_state(), [UniformRandomPolicy(theirs)] * 2)
    ours = exact_scores(Kuhn(2))
    assert ours == (Fraction(1, 8), Fraction(-1, 8))
    assert value == pytest.approx([float(v) for v in ours])
