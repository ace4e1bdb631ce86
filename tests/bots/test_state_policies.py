"""Rollout policies that read the state: a bot's optional `act_on_state` must choose exactly as
its `act` on the view (`meeple.testing.check_act_on_state` catches a different choice, different
draws, a changed state, a peek at hidden cards), and rollouts call it instead of building views."""

from __future__ import annotations

import pytest

from meeple import BotInfo, Option, Registry, Rng
from meeple.testing import check_act_on_state
from meeple_bots.search import PlayOut, fast_below

LINKO = Registry.load().create("linko", 3, {})


class HandSumBot:
    """Picks by the sum of its own hand and one draw of its generator: on the view or the state."""

    def __init__(self, game, seat, params):
        self.seat = seat
        self.rng = Rng(params["seed"])

    def act(self, view, legal):
        return legal[(sum(view.hands[self.seat].cards) + self.rng.below(3)) % len(legal)]

    def act_on_state(self, state, legal):
        return legal[(sum(state.hands[self.seat].cards()) + self.rng.below(3)) % len(legal)]


class PeekingBot(HandSumBot):
    """Reads the next seat's hidden hand on the state."""

    def act_on_state(self, state, legal):
        peek = sum(state.hands[(self.seat + 1) % state.players].cards())
        return legal[(sum(state.hands[self.seat].cards()) + peek + self.rng.below(3)) % len(legal)]


class ExtraDrawBot(HandSumBot):
    """Chooses the same action but then draws once more from its generator."""

    def act_on_state(self, state, legal):
        action = HandSumBot.act_on_state(self, state, legal)
        self.rng.below(2)
        return action


class MutatingBot(HandSumBot):
    """Chooses the same action but touches the state it was lent."""

    def act_on_state(self, state, legal):
        state.draw_pile.shuffle(Rng(1))
        return HandSumBot.act_on_state(self, state, legal)


class ViewOnlyBot:
    """HandSumBot's choices through `act` alone."""

    def __init__(self, game, seat, params):
        self.seat = seat
        self.rng = Rng(params["seed"])

    act = HandSumBot.act


def info(cls) -> BotInfo:
    return BotInfo("hand-sum", cls, "test policy", params=(Option("seed", "int", 0),))


def test_a_bot_whose_act_on_state_matches_act_passes_the_check():
    assert check_act_on_state(LINKO, info(HandSumBot), games=2, max_decisions=150) >= 150


@pytest.mark.parametrize("cls, message", [
    (PeekingBot, "act_on_state chose"),
    (ExtraDrawBot, "drew from the bot's generator differently"),
    (MutatingBot, "changed the state"),
])
def test_the_check_catches_a_different_choice_different_draws_and_a_changed_state(cls, message):
    with pytest.raises(AssertionError, match=message):
        check_act_on_state(LINKO, info(cls), games=2, max_decisions=150)


def test_the_check_refuses_a_bot_without_act_on_state():
    with pytest.raises(AssertionError, match="has no act_on_state"):
        check_act_on_state(LINKO, info(ViewOnlyBot), games=1)


class CountingBot(HandSumBot):
    views = states = 0

    def act(self, view, legal):
        CountingBot.views += 1
        return super().act(view, legal)

    def act_on_state(self, state, legal):
        CountingBot.states += 1
        return super().act_on_state(state, legal)


def test_rollouts_ask_the_policy_on_the_state_and_build_no_view(monkeypatch):
    CountingBot.views = CountingBot.states = 0
    playout = PlayOut(3, fast_below(1), [CountingBot(LINKO, s, {"seed": s}) for s in range(3)])
    state = LINKO.new_state(4)
    monkeypatch.setattr(type(state), "view", lambda self, seat: pytest.fail("a rollout built a view"))
    rewards = playout(state, state)
    assert not state.pending and sum(rewards) == pytest.approx(1.0)
    assert CountingBot.states > 10 and CountingBot.views == 0


def test_a_policy_without_act_on_state_plays_rollouts_on_views():
    class ViewOnly:
        calls = 0

        def __init__(self, seat):
            self.seat = seat

        def act(self, view, legal):
            assert view.player == self.seat
            ViewOnly.calls += 1
            return legal[0]

    state = LINKO.new_state(5)
    PlayOut(3, fast_below(1), [ViewOnly(s) for s in range(3)])(state, state)
    assert not state.pending and ViewOnly.calls > 10


def test_rollouts_on_the_state_finish_the_same_game_as_rollouts_on_views():
    def finish(cls):
        state = LINKO.new_state(6)
        PlayOut(3, fast_below(1), [cls(LINKO, s, {"seed": s}) for s in range(3)])(state, state)
        return state.fingerprint()

    assert finish(HandSumBot) == finish(ViewOnlyBot)
