"""The greedy bot: it never loops (rule 12), and its rollout path chooses as its view path."""

from __future__ import annotations

import pytest

from meeple import Registry
from meeple.testing import check_act_on_state
from meeple_linko import Linko
from meeple_linko.actions import DISCARD, LEAVE_STOLEN, TAKE_BACK, Play
from meeple_linko.decisions import BackOrDiscard, TakeOrLeave
from meeple_linko.greedy import GREEDY, GreedyBot

from linko_positions import J, position

EXPERT_CLASSIC = {"variant": "expert", "two_player": "classic"}


def greedy(game, seat, seed=0):
    return GreedyBot(game, seat, GREEDY.parse_params({"seed": seed}))


def play_out(state, bots, turns=None):
    """Play greedy moves until the end (or `turns` more turns); returns the actions taken."""
    actions = []
    stop = None if turns is None else state.turn + turns
    while not state.is_terminal and (stop is None or state.turn < stop):
        seat = state.current_player
        action = bots[seat].act_on_state(state, state.legal_actions())
        actions.append((type(state.pending[-1]), seat, action))
        state.apply(action)
    return actions


def test_rule_12_greedy_breaks_the_expert_cycle_of_leave_and_take_back():
    """Rule 12's cycle: 1s steal a lone joker, the attacker leaves it near the end, the victim
    takes it back and steals the 1 with it, and so on for ever. The greedy victim discards
    instead, and draws: the supply shrinks and the game ends."""
    state = position(2, EXPERT_CLASSIC, hands=[[J, 5, 9], [1, 1, 7]], tableaux=[[[J]], [[3]]],
                     active=1, pile_top=[2, 4, 6, 8])
    bots = [greedy(state.game, 0), greedy(state.game, 1)]
    state.apply(Play(1, 1, 0))  # rule 7c: the 1 steals seat 0's lone joker
    assert type(state.pending[-1]) is TakeOrLeave
    assert bots[1].act_on_state(state, state.legal_actions()) == LEAVE_STOLEN  # hands of 3: near the end
    state.apply(LEAVE_STOLEN)
    assert type(state.pending[-1]) is BackOrDiscard
    choice = bots[0].act(state.view(0), state.legal_actions())
    assert choice == DISCARD != TAKE_BACK
    state.apply(choice)
    play_out(state, bots)
    assert state.is_terminal and state.ended != "turn_cap" and state.turn < 30


def test_rule_12_a_greedy_victim_never_takes_back_what_a_greedy_attacker_left():
    """The invariant that makes every game among greedy bots end: a steal is left only near the
    end, and taken back only when the end is not near, so every steal draws from the supply."""
    left = 0
    for players, options in ((5, {"variant": "expert"}), (2, {"variant": "expert"}), (3, {})):
        game = Linko(players, options)
        for deal in range(15):
            bots = [greedy(game, seat, deal * 7 + seat) for seat in range(players)]
            actions = play_out(game.new_state(deal), bots)
            for (kind, _, action), (_, _, answer) in zip(actions, actions[1:]):
                if kind is TakeOrLeave and action == LEAVE_STOLEN:
                    left += 1
                    assert answer == DISCARD
    assert left > 20


@pytest.mark.parametrize("players, options, games", [
    (5, {"variant": "expert"}, 300),
    (2, {"variant": "expert"}, 200),
    (2, EXPERT_CLASSIC, 100),
])
def test_rule_12_greedy_games_end_far_below_the_turn_cap(players, options, games):
    """The expert tables where the old greedy bot looped about once in 100 five-player games."""
    game = Linko(players, options)
    longest = 0
    for deal in range(games):
        bots = [greedy(game, seat, deal * 7 + seat) for seat in range(players)]
        state = game.new_state(deal)
        play_out(state, bots)
        assert state.ended != "turn_cap"
        longest = max(longest, state.turn)
    assert longest < 150  # rule 12: under 140 turns; the cap is 500


@pytest.mark.parametrize("players, options", [
    (4, {}), (5, {"variant": "expert"}), (2, {}), (2, {"variant": "expert"}), (3, {"variant": "advanced"}),
    (2, EXPERT_CLASSIC),
])
def test_greedy_act_on_state_chooses_as_act_on_the_view(players, options):
    game = Linko(players, options)
    assert check_act_on_state(game, Registry.load().bot("greedy", "linko"), games=3, seed=players) > 100
