"""The single-agent Gymnasium env: one seat against meeple bots, passing Gymnasium's checker."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_games import make

from meeple import IllegalAction, MeepleError
from meeple.rl import gymnasium_env
from meeple.rl.gym import MeepleGymEnv


@pytest.mark.parametrize("game_id, opponents", [("nim", "random"), ("linkage", "greedy"),
                                                ("linko", "random"), ("combo_breaker", "random")])
def test_the_env_passes_gymnasiums_env_checker(game_id, opponents):
    with warnings.catch_warnings():  # the checker's advice on unbounded Boxes
        warnings.simplefilter("ignore", UserWarning)
        check_env(gymnasium_env(game_id, opponents=opponents), skip_render_check=True)


def test_a_simultaneous_game_is_played_against_bots_choosing_in_secret():
    from meeple_bots.random_bot import RandomBot

    env = MeepleGymEnv(make("goofspiel", 3, {"cards": 4}), seat=1,
                       opponents=lambda game, seat, seed: RandomBot(game, seat, {"seed": seed}))
    observation, info = env.reset(seed=2)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, done, _, info = env.step(action)
        steps += 1
    assert steps == 4 and reward in (-1.0, 0.0, 1.0)


def test_an_unmasked_illegal_action_forfeits_without_changing_the_game():
    env = gymnasium_env("linkage", 2, {"variant": "balanced"}, opponents="random")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    state = env.state
    before = state.fingerprint()
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True) and info["illegal"]
    assert state.fingerprint() == before


def test_with_illegal_raise_an_illegal_action_raises_and_changes_nothing():
    env = gymnasium_env("linkage", 2, {"variant": "balanced"}, opponents="random", illegal="raise")
    _, info = env.reset(seed=0)
    before = env.state.fingerprint()
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert env.state.fingerprint() == before


def test_the_same_seed_gives_the_same_episode():
    def episode():
        env = gymnasium_env("linkage", opponents="random")
        observation, info = env.reset(seed=11)
        trace = [observation.tobytes()]
        done = False
        while not done:
            observation, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            trace.append(observation.tobytes())
        return trace, reward

    assert episode() == episode()


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(MeepleError, match="not a seat"):
        gymnasium_env("nim", seat=5)
    with pytest.raises(MeepleError, match="opponent bots needed"):
        gymnasium_env("nim", 3, opponents=["random"])
