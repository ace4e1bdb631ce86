"""The anchor (`ismcts:anchor=Z`): the bot plays its rollout policy's move unless the search's
choice beats it by more than Z standard errors, so a search whose rollouts cannot tell the moves
apart plays as its policy does instead of by the luck of its samples (issue 28)."""

from __future__ import annotations

import pytest

from meeple import BotError, OptionError, Registry
from meeple_bots.search import Node

REGISTRY = Registry.load()
LINKO = REGISTRY.create("linko", 4)


def decision(stats):
    """A decision node whose children have `stats`: {key: (visits, total reward)}."""
    root = Node(None, None, None)
    for key, (visits, value) in stats.items():
        child = root.children[key] = Node(root, key, 0)
        child.visits, child.value = visits, value
    root.visits = sum(visits for visits, _ in stats.values())
    return root


def test_the_anchor_is_played_when_the_best_mean_is_within_the_noise():
    root = decision({"searched": (60, 30.0), "policy": (40, 18.0)})  # 0.50 against 0.45
    assert root.best_child().key == "searched"
    assert root.anchored_child("policy", 2.0).key == "policy"


def test_a_clearly_better_move_beats_the_anchor():
    root = decision({"searched": (400, 280.0), "policy": (200, 60.0)})  # 0.70 against 0.30
    assert root.anchored_child("policy", 2.0).key == "searched"


def test_without_a_margin_the_search_chooses():
    root = decision({"searched": (60, 30.0), "policy": (40, 18.0)})
    assert root.anchored_child("policy", 0.0).key == "searched"


def test_an_anchor_the_search_never_tried_is_played():
    """None: no node, so the bot plays the policy's move itself (nothing says the search's is better)."""
    root = decision({"searched": (60, 30.0)})
    assert root.anchored_child("policy", 2.0) is None


def test_a_forced_anchor_that_is_also_the_best_is_played():
    root = decision({"searched": (10, 1.0), "policy": (90, 80.0)})
    assert root.anchored_child("policy", 2.0).key == "policy"


def anchored_play(spec, monkeypatch, moves=40, deal=9):
    """`spec` in seat 0 against greedy players until `moves` moves: seat 0's choices, each beside
    the move its anchor policy answered for that decision (the policy asked is seat 0's greedy)."""
    from meeple_linko.greedy import GreedyBot

    asked = []
    real = GreedyBot.act

    def spy(self, view, legal):
        answer = real(self, view, legal)
        asked.append((view.player, answer))
        return answer

    monkeypatch.setattr(GreedyBot, "act", spy)
    bots = [REGISTRY.make_bot(spec, LINKO, 0)] + [REGISTRY.make_bot("greedy", LINKO, s) for s in (1, 2, 3)]
    state = LINKO.new_state(deal)
    pairs = []
    while state.pending and state.moves < moves:
        seat, legal = state.current_player, state.legal_actions()
        action = bots[seat].act(state.view(seat), legal)
        if seat == 0 and len(legal) > 1:
            player, answer = asked[-1]
            assert player == 0  # the anchor was asked with the bot's own view, right before it chose
            pairs.append((action, answer))
        state.apply(action)
    return state, pairs


def test_an_anchored_search_is_reproducible(monkeypatch):
    spec = "ismcts:iterations=30,rollout=greedy,anchor=2,seed=5"
    assert anchored_play(spec, monkeypatch)[0].fingerprint() == anchored_play(spec, monkeypatch)[0].fingerprint()


def test_a_huge_margin_plays_exactly_as_the_policy(monkeypatch):
    _, pairs = anchored_play("ismcts:iterations=30,rollout=greedy,anchor=1000,seed=5", monkeypatch)
    assert pairs and all(mine == theirs for mine, theirs in pairs)


def test_without_an_anchor_the_search_departs_from_the_policy(monkeypatch):
    """The same games without the anchor: the search plays moves of its own (so the test above
    tells something)."""
    bots = [REGISTRY.make_bot("ismcts:iterations=30,rollout=greedy,seed=5", LINKO, 0)]
    bots += [REGISTRY.make_bot("greedy", LINKO, s) for s in (1, 2, 3)]
    greedy = REGISTRY.make_bot("greedy", LINKO, 0)
    state, departures = LINKO.new_state(9), 0
    while state.pending and state.moves < 40:
        seat, legal = state.current_player, state.legal_actions()
        action = bots[seat].act(state.view(seat), legal)
        departures += seat == 0 and len(legal) > 1 and action != greedy.act(state.view(0), legal)
        state.apply(action)
    assert departures > 0


def test_the_anchor_policy_sees_only_the_bots_own_view(monkeypatch):
    """The policy's move is asked of the bot's own view, never of a state."""
    from meeple_linko.greedy import GreedyBot

    seen = []
    real = GreedyBot.act

    def spy(self, view, legal):
        seen.append(view.player)
        return real(self, view, legal)

    monkeypatch.setattr(GreedyBot, "act", spy)
    bot = REGISTRY.make_bot("ismcts:iterations=10,rollout=greedy,anchor=2", LINKO, 2)
    state = LINKO.new_state(4)
    while state.current_player != 2 or len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot.act(state.view(2), state.legal_actions())
    assert seen == [2]


@pytest.mark.parametrize("spec, error, message", [
    ("ismcts:anchor=2,rollout=random", BotError, "anchor needs a rollout policy"),
    ("ismcts:anchor=-1,rollout=greedy", OptionError, "option 'anchor' cannot be -1.0"),
])
def test_a_bad_anchor_is_refused_in_one_line(spec, error, message):
    with pytest.raises(error, match=message) as caught:
        REGISTRY.make_bot(spec, LINKO, 0)
    assert "\n" not in str(caught.value)
