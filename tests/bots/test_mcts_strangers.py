"""Ordered expansion (`mcts:order=true`, `RankedTreeSearch`): a node expands its moves best first in
its mover's policy ranking (Linkage's greedy `rank_on_state`), so progressive widening searches the
few moves the policy values most for either side, not the policy's one move and random others; and
`mcts:opponent_top=K` (`TopChoice`): in rollouts the other seat plays one of the policy's K best
moves, not the policy's own (issue 28: a search that does not assume one opponent); and
`mcts:reward=value` (`FinalValue`): a finished rollout is worth the policy's value of it, graded by
the margin (Linkage's greedy `value_on_state`)."""

from __future__ import annotations

import pytest

from meeple import BotError, OptionError, Registry
from meeple_bots.mcts import INFO, MctsBot
from meeple_bots.search import TopChoice, fast_below
from meeple_linkage.greedy import GreedyBot

from .test_mcts import Dice

REGISTRY = Registry.load()
LINKAGE = REGISTRY.create("linkage")
WIDENED = "mcts:iterations=120,prior=true,widening=0.5"


def positions(moves=(0, 3, 8)):
    """Linkage positions after `moves` greedy moves (deal 4): the opening, and two middle games."""
    bots = [REGISTRY.make_bot("greedy", LINKAGE, seat, {"seed": 4}) for seat in (0, 1)]
    state, found = LINKAGE.new_state(4), []
    while state.pending and len(found) < len(moves):
        if state.moves in moves:
            found.append(state.clone())
        seat = state.current_player
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return found


def values(state):
    """Each legal move's value to its mover by the greedy bot's heuristic."""
    greedy = GreedyBot(LINKAGE, state.current_player, {"seed": 0})
    legal = state.legal_actions()
    return dict(zip(legal, greedy._values(state.board, state.blocker, state.more, legal)))


@pytest.mark.parametrize("state", positions())
def test_the_greedy_ranking_is_every_legal_move_best_first(state):
    legal = state.legal_actions()
    ranked = GreedyBot(LINKAGE, state.current_player, {"seed": 0}).rank_on_state(state, legal)
    value = values(state)
    assert sorted(map(repr, ranked)) == sorted(map(repr, legal))
    assert [value[a] for a in ranked] == sorted(value.values(), reverse=True)
    chosen = GreedyBot(LINKAGE, state.current_player, {"seed": 0}).act_on_state(state, legal)
    assert value[chosen] == value[ranked[0]]  # the bot's own move is one of the best ranked


def root_children_and_the_rest(spec, state):
    bot = REGISTRY.make_bot(spec, LINKAGE, state.current_player)
    root = bot.search(state)
    value = values(state)
    expanded = [value[a] for a in root.children]
    rest = [value[a] for a in state.legal_actions() if a not in root.children]
    return expanded, rest


@pytest.mark.parametrize("state", positions())
def test_ordered_widening_expands_only_moves_the_policy_values_at_least_as_much_as_any_left_out(state):
    expanded, rest = root_children_and_the_rest(WIDENED + ",order=true", state)
    assert 1 < len(expanded) < len(expanded) + len(rest)
    assert min(expanded) >= max(rest)


def test_without_order_widening_expands_moves_the_policy_values_less_than_some_left_out():
    """The same searches in random order: some expanded move is worse than one left out (so the
    test above tells something)."""
    worse = 0
    for state in positions():
        expanded, rest = root_children_and_the_rest(WIDENED, state)
        worse += min(expanded) < max(rest)
    assert worse >= 2


def test_an_ordered_search_is_reproducible_from_its_seed():
    (state,) = positions((3,))
    moves = [REGISTRY.make_bot(WIDENED + f",order=true,seed={s}", LINKAGE, 1).act(state.view(1), state.legal_actions())
             for s in (1, 2, 1)]
    assert moves[0] == moves[2]


def test_ordered_ties_come_in_random_order():
    """Many opening moves tie (every colour on a spot of the same kind): seeds expand different ones."""
    (state,) = positions((0,))
    firsts = {next(iter(REGISTRY.make_bot(WIDENED + f",order=true,seed={s}", LINKAGE, 0).search(state).children))
              for s in range(6)}
    assert len(firsts) > 1


def test_an_order_without_a_ranking_policy_is_refused_in_one_line():
    for spec in ("mcts:order=true,rollout=random", "mcts:order=true"):  # nim's policy is random
        game = LINKAGE if "random" in spec else REGISTRY.create("nim")
        with pytest.raises(BotError, match="order needs a rollout policy that ranks moves") as caught:
            REGISTRY.make_bot(spec, game, 0)
        assert "\n" not in str(caught.value)


def test_an_order_in_a_game_with_chance_is_refused_in_one_line():
    with pytest.raises(BotError, match="order applies to exact search and Dice has chance") as caught:
        MctsBot(Dice(2), 0, INFO.parse_params({"order": True}))
    assert "\n" not in str(caught.value)


# -- opponent_top: rollouts answer with one of the policy's K best moves -----------------------------

@pytest.mark.parametrize("state", positions())
def test_a_top_choice_plays_only_moves_among_the_policys_k_best(state):
    legal = state.legal_actions()
    value = values(state)
    kth_best = sorted(value.values(), reverse=True)[2]
    greedy = GreedyBot(LINKAGE, state.current_player, {"seed": 0})
    top = TopChoice(greedy, 3, fast_below(7))
    played = [top.act_on_state(state, legal) for _ in range(40)]
    assert all(value[move] >= kth_best for move in played)
    assert len(set(played)) > 1  # not the policy's one move
    best = max(value.values())
    assert all(value[TopChoice(greedy, 1, fast_below(s)).act_on_state(state, legal)] == best for s in range(5))


def test_with_opponent_top_only_the_other_seats_rollouts_change_policy():
    bot = REGISTRY.make_bot(WIDENED + ",opponent_top=3", LINKAGE, 1)
    own, other = bot.tree.rollout.policies[1], bot.tree.rollout.policies[0]
    assert isinstance(getattr(other, "__self__", None), TopChoice)
    assert isinstance(getattr(own, "__self__", None), GreedyBot)


def test_a_bad_opponent_top_is_refused_in_one_line():
    with pytest.raises(BotError, match="opponent_top needs a rollout policy that ranks moves") as caught:
        REGISTRY.make_bot("mcts:opponent_top=3,rollout=random", LINKAGE, 0)
    assert "\n" not in str(caught.value)
    with pytest.raises(OptionError, match="opponent_top") as caught:
        REGISTRY.make_bot("mcts:opponent_top=-1", LINKAGE, 0)
    assert "\n" not in str(caught.value)


# -- reward=value: the policy's value of the finished game, graded by the margin ---------------------

def finished(groups_wanted):
    """A finished Linkage game (greedy against greedy, deal by deal) with `groups_wanted` groups."""
    for deal in range(200):
        bots = [REGISTRY.make_bot("greedy", LINKAGE, seat, {"seed": deal}) for seat in (0, 1)]
        state = LINKAGE.new_state(deal)
        while state.pending:
            seat = state.current_player
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        if state.groups() == groups_wanted:
            return state
    raise AssertionError(f"no greedy game ended with {groups_wanted} groups")


def test_the_greedy_value_of_a_finished_game_favours_the_winner_and_grades_the_margin():
    greedy = GreedyBot(LINKAGE, 0, {"seed": 0})
    worth = {groups: greedy.value_on_state(finished(groups)) for groups in (10, 11, 12, 13)}
    for groups, (more, fewer) in worth.items():  # seat 0 is More in the standard game
        assert more + fewer == pytest.approx(1)
        assert (more > 0.5) == (groups >= 12)  # the winner always gets more than half (rule 6)
    assert worth[13][0] > worth[12][0] and worth[10][1] > worth[11][1]  # a wider win is worth more


def test_with_reward_value_a_finished_rollout_is_worth_the_policys_value():
    bot = REGISTRY.make_bot(WIDENED + ",reward=value", LINKAGE, 0)
    state = finished(13)
    start = finished(13).clone()
    assert list(bot.tree.rollout(start, state)) == list(GreedyBot(LINKAGE, 0, {"seed": 0}).value_on_state(state))
    plain = REGISTRY.make_bot(WIDENED, LINKAGE, 0)
    assert list(plain.tree.rollout(start, state)) == [1.0, 0.0]  # the objective: More's win


def test_a_reward_value_without_a_valuing_policy_is_refused_in_one_line():
    with pytest.raises(BotError, match="reward=value needs a rollout policy that values finished games") as caught:
        REGISTRY.make_bot("mcts:reward=value,rollout=random", LINKAGE, 0)
    assert "\n" not in str(caught.value)
