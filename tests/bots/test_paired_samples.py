"""Common samples at the root (`paired`): the k-th iteration through a move of the searcher's own
decision plays on the search's k-th determinization, so root moves with as many visits were tried
on the same samples; below the root, and when the root decision is another seat's, the search
samples as before."""

from __future__ import annotations

import pytest

from meeple import BotError, Registry, Rng
from meeple_bots.search import Node, PairedSamples, PlayOut, TreeSearch, back_up, fast_below

REGISTRY = Registry.load()
DUEL = REGISTRY.create("linko", 2, {})


def counted_sampler(deal=4, seed=1):
    """A sampler of the Duel's first decision for its seat, and the list of samples it drew."""
    state = DUEL.new_state(deal)
    seat = state.current_player
    sample, rng, drawn = DUEL.sampler(state.view(seat)), Rng(seed), []

    def draw():
        drawn.append(sample(rng))
        return drawn[-1]

    return draw, drawn, seat


def root_move(node: Node) -> Node:
    while node.parent is not None and node.parent.parent is not None:
        node = node.parent
    return node


def test_root_moves_with_as_many_visits_were_tried_on_the_same_samples():
    draw, drawn, seat = counted_sampler()
    search = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=seat, paired=True)
    root = Node(None, None, None)
    paired = search._paired_samples(root, draw)
    assert isinstance(paired, PairedSamples)
    tried: dict = {}  # root move -> fingerprints of the samples it was tried on, in order
    for _ in range(150):
        node, state, origin = paired.next(keep_origin=True)
        tried.setdefault(root_move(node).key, []).append(origin.fingerprint())
        back_up(node, search.rollout(origin, state))
    samples = [state.fingerprint() for state in drawn]
    assert len(tried) == len(root.children) > 1
    for fingerprints in tried.values():
        assert fingerprints == samples[:len(fingerprints)]  # the k-th try: the k-th sample
    assert len(drawn) == max(len(f) for f in tried.values()) < 150  # drawn once, reused


def test_samples_reused_at_the_root_are_left_untouched_by_the_iterations():
    draw, drawn, seat = counted_sampler(deal=6)
    search = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=seat, paired=True)
    search.run_sampled(draw, 1)
    before = drawn[0].fingerprint()
    search.run_sampled(lambda: drawn[0], 40)
    assert drawn[0].fingerprint() == before and drawn[0].pending


def test_without_pairing_every_iteration_draws_a_fresh_sample():
    draw, drawn, seat = counted_sampler()
    root = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=seat).run_sampled(draw, 60)
    assert len(drawn) == root.visits == 60


def test_pairing_is_not_used_when_the_root_decision_is_another_seats():
    draw, _, seat = counted_sampler()
    search = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=1 - seat, paired=True)
    assert search._paired_samples(Node(None, None, None), draw) is None
    root = search.run_sampled(draw, 30)
    assert root.visits == 30


def play_duel(spec: str, deal: int) -> list:
    bot = REGISTRY.make_bot(spec, DUEL, 0)
    greedy = REGISTRY.make_bot("greedy", DUEL, 1)
    state, actions = DUEL.new_state(deal), []
    while state.pending and state.moves < 60:
        legal = state.legal_actions()
        seat = state.current_player
        action = (bot if seat == 0 else greedy).act(state.view(seat), legal)
        assert action in legal
        state.apply(action)
        actions.append(action)
    return actions


def test_ismcts_with_paired_samples_plays_legal_moves_and_the_same_seed_gives_the_same_game():
    spec = "ismcts:iterations=25,paired=true"
    assert REGISTRY.make_bot(spec, DUEL, 0).tree.paired
    assert not REGISTRY.make_bot("ismcts:iterations=25", DUEL, 0).tree.paired
    assert play_duel(spec, 3) == play_duel(spec, 3)


def tree_depth(node: Node) -> int:
    return 1 + max((tree_depth(child) for child in node.children.values()), default=-1)


def test_a_depth_limit_gives_no_node_that_many_moves_below_the_root_children():
    for limit, paired in ((1, False), (1, True), (2, False), (2, True)):
        draw, _, seat = counted_sampler(deal=5)
        search = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=seat, paired=paired, depth=limit)
        root = search.run_sampled(draw, 200)
        assert root.visits == 200 and tree_depth(root) == limit
    unlimited = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=seat).run_sampled(draw, 200)
    assert tree_depth(unlimited) > 2


def test_ismcts_takes_the_depth_option():
    assert REGISTRY.make_bot("ismcts:iterations=5,depth=1", DUEL, 0).tree.depth == 1
    assert REGISTRY.make_bot("ismcts:iterations=5", DUEL, 0).tree.depth == 0


def test_with_an_opponent_policy_the_other_seat_plays_only_the_policys_moves_in_the_tree():
    draw, _, seat = counted_sampler(deal=8)
    answered = set()

    def last(state, legal):
        answered.add(legal[-1])
        return legal[-1]

    policies = [last, last]
    search = TreeSearch(0.7, fast_below(2), PlayOut(2, fast_below(3)), observer=seat, opponent_policy=policies)
    root = search.run_sampled(draw, 300)
    stack, theirs, ours = [root], 0, 0
    while stack:
        node = stack.pop()
        for child in node.children.values():
            stack.append(child)
            if child.mover == seat:
                ours += 1
            else:
                theirs += 1
                assert child.key in answered  # never a move of the opponent's own search
    assert theirs and ours > len(root.children)


def test_ismcts_takes_the_opponents_option_and_refuses_it_without_a_rollout_policy():
    bot = REGISTRY.make_bot("ismcts:iterations=5,opponents=policy", DUEL, 0)
    assert bot.tree.opponent_policy is bot.tree.rollout.policies is not None
    assert REGISTRY.make_bot("ismcts:iterations=5", DUEL, 0).tree.opponent_policy is None
    with pytest.raises(BotError, match="opponents=policy needs a rollout policy"):
        REGISTRY.make_bot("ismcts:iterations=5,opponents=policy,rollout=random", DUEL, 0)
