"""Large branching and successive moves: with progressive widening a node has at most
max(1, k·visits^α) children (so Linkage's 320 opening moves are not one rollout each), in the exact
and the sampled search; `mcts` searches on from the subtree of the position reached since its last
move; a rollout policy may be asked only for the first moves of a rollout, or mixed with random
moves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from meeple import Registry, Rng
from meeple_bots.ismcts import INFO as ISMCTS
from meeple_bots.mcts import INFO as MCTS, MctsBot
from meeple_bots.search import Node, PlayOut, TreeSearch, fast_below

from .test_mcts import Heap, Take
from .test_state_policies import LINKO, CountingBot

REGISTRY = Registry.load()
LINKAGE = REGISTRY.create("linkage")


def mcts(game, seat=0, **params):
    return MctsBot(game, seat, MCTS.parse_params(params))


def nodes(root: Node):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children.values())


def assert_widened(node: Node, k: float, alpha: float) -> None:
    # the last child was added while the node had fewer than max(1, k·n^α) children
    assert len(node.children) - 1 < max(1.0, k * node.visits ** alpha), (len(node.children), node.visits)


@settings(max_examples=12, deadline=None)
@given(k=st.floats(0.2, 4.0), alpha=st.floats(0.2, 0.8), iterations=st.integers(1, 80))
def test_with_widening_no_exact_search_node_has_more_than_k_n_alpha_children(k, alpha, iterations):
    bot = mcts(LINKAGE, iterations=iterations, widening=k, widening_exponent=alpha, seed=iterations)
    root = bot.search(LINKAGE.new_state(1))
    assert root.visits == iterations
    for node in nodes(root):
        assert_widened(node, k, alpha)


@settings(max_examples=6, deadline=None)
@given(k=st.floats(0.2, 2.0), alpha=st.floats(0.2, 0.8), iterations=st.integers(1, 60))
def test_with_widening_no_sampled_search_node_has_more_than_k_n_alpha_children(k, alpha, iterations):
    bot = REGISTRY.make_bot(f"ismcts:iterations={iterations},widening={k},widening_exponent={alpha}", LINKO, 0)
    state = LINKO.new_state(2)
    root = bot.search(state.view(0))
    assert root.visits == iterations
    # (deeper down, a node whose children are all illegal in a sample gets one more: the opponents'
    # moves depend on their hidden hands; the searcher's own first moves never do)
    assert_widened(root, k, alpha)


def test_without_widening_linkages_opening_gets_one_rollout_per_move_and_with_it_a_deeper_search():
    state = LINKAGE.new_state(1)
    moves = len(state.legal_actions())
    flat = mcts(LINKAGE, iterations=moves, reuse=False).search(state)
    assert len(flat.children) == moves and {c.visits for c in flat.children.values()} == {1}
    widened = mcts(LINKAGE, iterations=moves, widening=1.0, reuse=False).search(state)
    assert len(widened.children) <= 1 + moves ** 0.5
    assert widened.best_child().visits > 10


@pytest.mark.parametrize("stones, winning_take", [(6, 2), (9, 1)])
def test_widened_search_still_finds_the_winning_take(stones, winning_take):
    game = Heap(stones)
    state = game.new_state(0)
    bot = mcts(game, iterations=1500, widening=1.0, exploration=1.0)
    assert bot.act(state.view(0), state.legal_actions()) == Take(winning_take)


# -- tree reuse ----------------------------------------------------------------------------------------

def play_on(state, bot, seat, opponent_move):
    """The bot moves, then the opponent plays `opponent_move(legal)`; returns the bot's choice."""
    action = bot.act(state.view(seat), state.legal_actions())
    state.apply(action)
    state.apply(opponent_move(state.legal_actions()))
    return action


def test_mcts_searches_on_from_the_subtree_of_the_position_reached_since_its_last_move():
    game = Heap(15)
    state = game.new_state(0)
    bot = mcts(game, iterations=300)
    play_on(state, bot, 0, lambda legal: legal[0])
    before = bot.last_root
    root = bot.search(state)
    assert root.visits > 300  # the kept subtree's visits count on top of this search's
    assert root.state.view(None) == state.view(None) and root.parent is None
    assert any(node is root for node in nodes(before)) and root is not before  # two moves below


def test_without_reuse_or_on_a_position_the_tree_never_reached_the_search_starts_afresh():
    game = Heap(15)
    state = game.new_state(0)
    bot = mcts(game, iterations=300, reuse=False)
    play_on(state, bot, 0, lambda legal: legal[0])
    assert bot.search(state).visits == 300
    reusing = mcts(game, iterations=300)
    reusing.search(state)
    assert reusing.search(Heap(14).new_state(0)).visits == 300  # another game: nothing kept matches


def test_with_reuse_the_same_seed_gives_the_same_game():
    def moves(seed):
        game = Heap(21)
        state = game.new_state(0)
        bot = mcts(game, iterations=200, seed=seed)
        return [play_on(state, bot, 0, lambda legal: legal[-1]) for _ in range(4)]

    assert moves(5) == moves(5)


# -- rollout policy only for the first moves, or mixed --------------------------------------------------

@pytest.mark.parametrize("plies, epsilon, most", [(5, 0.0, 5), (0, 1.0, 0)])
def test_a_rollout_asks_its_policy_only_for_the_first_moves_or_never_at_epsilon_one(plies, epsilon, most):
    CountingBot.states = 0
    playout = PlayOut(3, fast_below(1), [CountingBot(LINKO, s, {"seed": s}) for s in range(3)],
                      policy_plies=plies, epsilon=epsilon)
    state = LINKO.new_state(4)
    playout(state, state)
    assert not state.pending and CountingBot.states <= most


def test_a_rollout_with_half_random_moves_asks_its_policy_about_half_the_time():
    CountingBot.states = 0
    playout = PlayOut(3, fast_below(1), [CountingBot(LINKO, s, {"seed": s}) for s in range(3)], epsilon=0.5)
    asked = moves = 0
    for deal in range(5):
        state = LINKO.new_state(deal)
        playout(state, state)
        moves += state.moves
    asked = CountingBot.states
    assert 0.2 * moves < asked < 0.6 * moves


def test_ismcts_takes_rollout_plies_and_epsilon_options():
    params = ISMCTS.parse_params({"rollout_plies": 8, "rollout_epsilon": 0.25})
    assert params["rollout_plies"] == 8 and params["rollout_epsilon"] == 0.25
    with pytest.raises(Exception, match="rollout_epsilon"):
        ISMCTS.parse_params({"rollout_epsilon": 1.5})


def ismcts_decisions(spec, deal=3, limit=40):
    """Seat 0 plays `spec` against first-legal-action opponents; yields, for each of its searches,
    (visits reused, iterations searched, whether no other seat moved since its last move)."""
    bot = REGISTRY.make_bot(spec, LINKO, 0)
    state = LINKO.new_state(deal)
    while state.pending and state.moves < limit:
        legal = state.legal_actions()
        if state.current_player == 0:
            moved_before = bot.kept_moves == state.moves and bot.kept is not None
            action = bot.act(state.view(0), legal)
            if len(legal) > 1:
                yield bot.reused_visits, bot.last_iterations, moved_before
        else:
            action = legal[0]
        state.apply(action)


def test_ismcts_searches_on_from_its_own_last_move_when_no_other_seat_moved_since():
    searches = list(ismcts_decisions("ismcts:iterations=30"))
    right_after = [reused for reused, _, after_own in searches if after_own]
    assert right_after and all(visits > 0 for visits in right_after)
    assert all(searched == 30 for _, searched, _ in searches)  # kept visits are not this search's


def test_ismcts_starts_afresh_after_another_seat_moved_or_without_reuse():
    searches = list(ismcts_decisions("ismcts:iterations=30"))
    assert any(not after_own for _, _, after_own in searches)
    assert all(reused == 0 for reused, _, after_own in searches if not after_own)
    assert all(reused == 0 for reused, _, _ in ismcts_decisions("ismcts:iterations=30,reuse=false"))


# -- the rollout policy's move first -------------------------------------------------------------------

def test_with_a_prior_a_new_node_expands_the_policys_move_first():
    last = [lambda state, legal: legal[-1]] * LINKO.players
    state = LINKO.new_state(7)
    view = state.view(state.current_player)
    sample = LINKO.sampler(view)
    rng = Rng(1)
    playout = PlayOut(LINKO.players, fast_below(2))
    prior = TreeSearch(0.7, fast_below(3), playout, observer=state.current_player, prior=last)
    root = prior.run_sampled(lambda: sample(rng), 1)
    assert list(root.children) == [state.legal_actions()[-1]]
    widened = TreeSearch(0.7, fast_below(3), playout, observer=state.current_player, prior=last, widening=0.5)
    root = widened.run_sampled(lambda: sample(rng), 30)
    assert state.legal_actions()[-1] in root.children and root.children[state.legal_actions()[-1]].visits > 1


def test_ismcts_takes_the_prior_option_with_its_rollout_policy():
    bot = REGISTRY.make_bot("ismcts:iterations=5,rollout=greedy,prior=true", LINKO, 0)
    assert bot.tree.prior is bot.tree.rollout.policies
    assert REGISTRY.make_bot("ismcts:iterations=5,rollout=greedy", LINKO, 0).tree.prior is None


def test_a_kept_subtree_drops_the_moves_its_own_hidden_outcome_made_illegal():
    """Go Fish: seat 0 asks seat 1 for 2s and gets both, completing its book of 2s, and asks
    again. Its kept subtree was grown on samples where seat 1 held fewer 2s, so it holds asks for
    2s that are no longer legal: the search goes on from it with the legal moves only (ismcts
    once forfeited games choosing such an ask: docs/figures.md, "Go Fish: what the facts are
    worth")."""
    pytest.importorskip("meeple_gofish")
    from meeple.testing import position
    from meeple_gofish.actions import Ask
    from meeple_gofish.cards import RANK_CHARS, SUIT_CHARS
    from meeple_gofish.decisions import Turn

    def cards(text):
        return [RANK_CHARS.index(name[0]) * 4 + SUIT_CHARS.index(name[1]) for name in text.split()]

    game = REGISTRY.create("gofish", 3, {"ranks": 4})
    state = position(game, hands={0: cards("2C 2D 3C"), 1: cards("2H 2S 4C"), 2: cards("5C")},
                     rest="pool", to_act=Turn(0))
    bot = REGISTRY.make_bot("ismcts:iterations=200,seed=1", game, 0)
    view, ask_for_twos = state.view(0), Ask(1, 0)
    bot._keep(bot.search(view).children[ask_for_twos], view)  # as if the search had chosen it
    state.apply(ask_for_twos)
    legal = state.legal_actions()
    assert state.current_player == 0 and not any(action.rank == 0 for action in legal)  # the book is down
    assert any(key not in legal for key in bot.kept.children)  # the kept tree still asks for 2s
    assert bot.act(state.view(0), legal) in legal
    assert bot.reused_visits > 0 and all(key in legal for key in bot.kept.parent.children)
