"""Elimination in the RL adapters: a seat that goes out ends its episode at once with its final
reward — PettingZoo terminates the agent (AEC: its dead step comes next; Parallel: it leaves
`agents`), Gymnasium ends the learner's episode — unless the seat may still win, when it is paid
at the end. PettingZoo's own API tests pass on games that eliminate."""

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))

from knockout_game import Fold, Knockout, PlayCard, Shedding, Showdown  # noqa: E402

from meeple.rl import pettingzoo_env, register_action_space  # noqa: E402
from meeple.rl.gym import MeepleGymEnv  # noqa: E402
from meeple.rl.rewards import Rewards, final_rewards  # noqa: E402

for _id in ("knockout", "shedding", "showdown"):
    register_action_space(_id, lambda game: [Fold(), *(PlayCard(card) for card in game.deck())])


class Folder:
    """Folds as `seat`, plays its lowest card otherwise (and for every other seat)."""

    def __init__(self, folds=()):
        self.folds = set(folds)

    def act(self, view, legal):
        return Fold() if view.player in self.folds and Fold() in legal else legal[0]


def index(env, action):
    return env.actions.actions.index(action)


@pytest.fixture(autouse=True)
def quiet_kit_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game", [Knockout(2), Knockout(4), Shedding(3), Knockout(3, {"cards": 0})],
                         ids=["knockout-2", "knockout-4", "shedding-3", "knockout-no-cards"])
def test_pettingzoos_api_test_passes_on_games_that_eliminate(game):
    api_test(pettingzoo_env(game), num_cycles=60)
    seed_test(lambda: pettingzoo_env(game), num_cycles=60)


def test_pettingzoos_parallel_api_test_passes_on_a_simultaneous_game_that_eliminates():
    parallel_api_test(pettingzoo_env(Showdown(4), parallel=True), num_cycles=60)


def test_an_agent_that_goes_out_is_terminated_at_once_with_its_reward_and_steps_out_first():
    env = pettingzoo_env(Knockout(3))
    env.reset(seed=1)
    assert env.agent_selection == "player_0"
    env.step(index(env, Fold()))
    assert env.terminations == {"player_0": True, "player_1": False, "player_2": False}
    assert env.agent_selection == "player_0"  # its dead step first
    _, reward, terminated, _, _ = env.last()
    assert terminated and reward == -1.0
    env.step(None)
    assert env.agents == ["player_1", "player_2"] and env.agent_selection == "player_1"


def test_paid_by_score_the_agent_out_gets_its_final_score_when_it_goes_out():
    env = pettingzoo_env(Knockout(3), rewards="score")
    env.reset(seed=1)
    env.step(index(env, Fold()))
    assert env.last()[1] == 0.0  # first out: place 0
    env.step(None)
    env.step(index(env, Fold()))  # seat 1 out: place 1; seat 2 wins the game
    assert env.terminations == {"player_1": True, "player_2": True}
    assert env.rewards == {"player_1": 1.0, "player_2": 2.0}


def test_a_seat_out_that_may_still_win_stays_until_the_end_when_paid_win_loss():
    env = pettingzoo_env(Shedding(3))
    env.reset(seed=1)
    env.step(index(env, Fold()))
    assert not any(env.terminations.values()) and env.agent_selection == "player_1"
    while not env.terminations["player_0"]:
        observation, *_ = env.last()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert set(env.agents) == {"player_0", "player_1", "player_2"}
    assert env.rewards == dict(zip(env.possible_agents, final_rewards(env.state, Rewards.UTILITY)))


def test_the_parallel_env_terminates_the_seat_that_goes_out_and_drops_it_from_agents():
    env = pettingzoo_env(Showdown(3), parallel=True)
    env.reset(seed=0)
    hands = [sorted(hand) for hand in env.state.hands]
    loser = min(range(3), key=lambda seat: hands[seat][0])
    actions = {f"player_{seat}": index(env, PlayCard(hands[seat][0] if seat == loser else hands[seat][-1]))
               for seat in range(3)}
    _, rewards, terminations, truncations, _ = env.step(actions)
    assert terminations == {f"player_{seat}": seat == loser for seat in range(3)}
    assert rewards[f"player_{loser}"] == -1.0
    assert env.agents == [f"player_{seat}" for seat in range(3) if seat != loser]


def test_the_gym_episode_ends_when_the_learner_goes_out():
    env = MeepleGymEnv(Knockout(3), seat=0, opponents=lambda game, seat, seed: Folder())
    _, info = env.reset(seed=4)
    _, reward, terminated, truncated, info = env.step(index(env, Fold()))
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert not info["action_mask"].any() and not env.state.is_terminal  # the others play on without it


def test_the_gym_learner_out_of_a_game_it_may_still_win_is_paid_at_the_end():
    env = MeepleGymEnv(Shedding(3), seat=0, opponents=lambda game, seat, seed: Folder())
    env.reset(seed=4)
    _, reward, terminated, _, _ = env.step(index(env, Fold()))
    assert terminated and env.state.is_terminal
    assert reward == final_rewards(env.state, Rewards.UTILITY)[0]


def test_a_deal_where_the_bots_knock_the_learner_out_first_is_never_returned():
    # The learner is seat 1; seat 0 always folds, so seat 1 always owes a decision first.
    env = MeepleGymEnv(Knockout(3), seat=1, opponents=lambda game, seat, seed: Folder({0}))
    _, info = env.reset(seed=0)
    assert info["action_mask"].any() and 1 not in env.state.eliminated()


@pytest.mark.parametrize("game", [Knockout(3), Shedding(3)], ids=["knockout", "shedding"])
def test_the_gym_env_passes_gymnasiums_checker_on_games_that_eliminate(game):
    env = MeepleGymEnv(game, seat=1, opponents=lambda game, seat, seed: Folder())
    check_env(env)
