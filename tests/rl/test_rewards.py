"""Rewards follow the game's declared utility: chips in Kuhn poker (a zero-sum points game),
win/loss in a win/loss game, and either on request."""

import numpy as np
import pytest
from rl_games import make

from meeple.rl import Rewards, pettingzoo_env
from meeple.rl.gym import MeepleGymEnv
from meeple.rl.rewards import utility_bounds

pytest.importorskip("meeple_kuhn")

from meeple_kuhn.game import BET, Kuhn  # noqa: E402

KING, JACK = 2, 0


class KingAgainstJack(Kuhn):
    """Every deal is seat 0's King against seat 1's Jack."""

    def setup(self, rng):
        return self.setup_with((KING, JACK), rng)


def bet_and_call(rewards=Rewards.UTILITY):
    env = pettingzoo_env(KingAgainstJack(2), rewards=rewards)
    env.reset(seed=0)
    bet = env.actions.index(BET)
    env.step(bet)  # seat 0 bets
    env.step(bet)  # seat 1 calls
    return env.rewards


def test_kuhn_pays_chips_king_against_jack_bet_and_call_is_two_chips():
    assert bet_and_call() == {"player_0": 2.0, "player_1": -2.0}


def test_win_loss_can_be_chosen_for_a_points_game():
    assert bet_and_call(Rewards.WIN_LOSS) == {"player_0": 1.0, "player_1": -1.0}
    assert bet_and_call("win_loss") == {"player_0": 1.0, "player_1": -1.0}


def test_the_gymnasium_env_pays_the_learners_chips():
    class Caller:
        def act(self, view, legal):
            return BET

    env = MeepleGymEnv(KingAgainstJack(2), seat=0, opponents=lambda game, seat, seed: Caller())
    _, info = env.reset(seed=0)
    _, reward, done, _, _ = env.step(env.actions.index(BET))
    assert done and reward == 2.0


def test_a_win_loss_game_pays_plus_and_minus_one_unless_asked_for_scores():
    game = make("linkage", 2, {})
    for rewards, expected in ((Rewards.UTILITY, {-1.0, 1.0, 0.0}), (Rewards.SCORE, None)):
        env = pettingzoo_env(game, rewards=rewards)
        env.reset(seed=4)
        while not env.state.is_terminal:
            env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
        paid = [env.rewards[a] for a in env.possible_agents]
        if expected is None:
            assert paid == [float(s) for s in env.state.scores()]
        else:
            assert set(paid) <= expected


def test_utility_bounds_come_from_the_declaration():
    assert utility_bounds(Kuhn(2), Rewards.UTILITY) == (-2.0, 2.0)
    assert utility_bounds(Kuhn(2), Rewards.WIN_LOSS) == (-1.0, 1.0)
    assert utility_bounds(make("linkage", 2, {}), Rewards.UTILITY) == (-1.0, 1.0)
