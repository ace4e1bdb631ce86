"""A mixed opponent model (`opponent_mix`): each rollout draws a kind of player for every seat but
the searching one — the rollout policy, random moves, or epsilon-greedy between — so the search
does not assume that its opponents play exactly its own policy (issue 28)."""

from __future__ import annotations

import pytest

from meeple import BotError, Registry
from meeple_bots.policies import opponent_mix
from meeple_bots.search import PlayOut, fast_below

REGISTRY = Registry.load()
LINKO = REGISTRY.create("linko", 3, {})


class AskedBot:
    """Plays the first legal action and counts, per seat, how often it was asked."""

    asked: dict[int, int] = {}

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, view, legal):
        raise AssertionError("rollouts ask act_on_state")

    def act_on_state(self, state, legal):
        AskedBot.asked[self.seat] = AskedBot.asked.get(self.seat, 0) + 1
        return legal[0]


def asks_per_rollout(mix, observer=0, rollouts=4, **kwargs):
    """One rollout from each of `rollouts` fresh deals: how often each seat's policy was asked."""
    playout = PlayOut(3, fast_below(5), [AskedBot(s) for s in range(3)], opponent_mix=mix,
                      observer=observer, **kwargs)
    tallies = []
    for deal in range(rollouts):
        AskedBot.asked = {}
        state = LINKO.new_state(deal)
        playout(state, state)
        assert not state.pending
        tallies.append([AskedBot.asked.get(seat, 0) for seat in range(3)])
    return tallies


def test_opponents_drawn_as_random_players_never_ask_the_policy_but_the_observer_does():
    for asked in asks_per_rollout((1.0,), observer=1):
        assert asked[0] == asked[2] == 0 and asked[1] > 0


def test_opponents_drawn_as_the_policy_play_as_without_a_mix():
    """The first legal action for every seat, with or without the mix: the same rollouts."""
    without = asks_per_rollout((), observer=None)
    assert asks_per_rollout((0.0,), observer=0) == without
    assert all(all(asked) for asked in without)


def test_each_rollout_draws_each_opponent_from_the_mix():
    """With the policy and random players in the mix, an opponent is asked at every choice in
    some rollouts and never in others; the observer is always asked."""
    tallies = asks_per_rollout((0.0, 1.0), observer=0, rollouts=24)
    for seat in (1, 2):
        assert any(asked[seat] == 0 for asked in tallies) and any(asked[seat] > 0 for asked in tallies)
    assert all(asked[0] > 0 for asked in tallies)


def test_the_mix_needs_an_observer():
    """Without a searching seat (mcts) there are no opponents to model: every seat plays the policy."""
    assert asks_per_rollout((1.0,), observer=None) == asks_per_rollout((), observer=None)


@pytest.mark.parametrize("text, mix", [("", ()), ("0/0.5/1", (0.0, 0.5, 1.0)), ("0.25", (0.25,))])
def test_opponent_mix_reads_epsilons_separated_by_slashes(text, mix):
    assert opponent_mix("ismcts", text) == mix


@pytest.mark.parametrize("text", ["0/x", "1.5", "0//1", "-0.1/1"])
def test_an_opponent_mix_that_is_not_epsilons_is_refused_in_one_line(text):
    with pytest.raises(BotError, match=r"opponent_mix=.*separated by /") as caught:
        REGISTRY.make_bot(f"ismcts:opponent_mix={text}", LINKO, 0)
    assert "\n" not in str(caught.value)


def test_ismcts_with_an_opponent_mix_is_reproducible_and_plays_legal_moves():
    def play(seed):
        bots = [REGISTRY.make_bot(f"ismcts:iterations=30,rollout=greedy,opponent_mix=0/0.5/1,seed={seed}",
                                  LINKO, 0)] + [REGISTRY.make_bot("random", LINKO, s) for s in (1, 2)]
        state = LINKO.new_state(9)
        while state.pending and state.moves < 30:
            seat = state.current_player
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        return state.fingerprint()

    assert play(3) == play(3)
