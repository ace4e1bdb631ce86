"""The single-agent Gymnasium env: one seat against meeple bots, passing Gymnasium's checker on
every game, never starting finished, taking SB3's actions, with ids, truncation and a vector env."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_games import GAMES, game_name, make

from meeple import IllegalAction, MeepleError
from meeple.rl import gymnasium_env
from meeple.rl.gym import MeepleGymEnv, vector_env


def random_bot(game, seat, seed):
    from meeple_bots.random_bot import RandomBot

    return RandomBot(game, seat, {"seed": seed})


@pytest.mark.parametrize("params", GAMES + [("goofspiel", 3, {"cards": 4})], ids=game_name)
def test_the_env_passes_gymnasiums_env_checker_on_every_game(params):
    env = MeepleGymEnv(make(*params), seat=params[1] - 1, opponents=random_bot, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # the checker's advice counts as a failure,
        warnings.filterwarnings("ignore", ".*alternative render modes", UserWarning)  # but this
        check_env(env)


def test_a_simultaneous_game_is_played_against_bots_choosing_in_secret():
    env = MeepleGymEnv(make("goofspiel", 3, {"cards": 4}), seat=1, opponents=random_bot)
    observation, info = env.reset(seed=2)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, done, _, info = env.step(action)
        steps += 1
    assert steps == 4 and reward in (-1.0, 0.0, 1.0)


def test_reset_never_returns_a_game_the_bots_already_finished():
    # Nim with one stone: seat 0 (a bot) takes it and wins before seat 1 ever moves.
    env = gymnasium_env("nim", 2, {"heaps": "1,1"}, seat=1, opponents="random")
    for seed in range(5):
        observation, info = env.reset(seed=seed)
        assert info["action_mask"].any() and not env.state.is_terminal


def test_reset_refuses_a_seat_that_never_gets_to_move_in_one_line():
    env = gymnasium_env("nim", 2, {"heaps": "1"}, seat=1, opponents="random")
    with pytest.raises(MeepleError, match="in a row"):
        env.reset(seed=0)


def test_numpy_integers_and_the_0d_arrays_sb3_predicts_are_actions():
    env = gymnasium_env("linkage", opponents="random")
    _, info = env.reset(seed=0)
    first = np.flatnonzero(info["action_mask"])[0]
    _, _, _, _, info = env.step(np.array(first))  # what MaskablePPO.predict returns
    env.step(np.int32(np.flatnonzero(info["action_mask"])[0]))
    assert env.state.moves >= 4
    with pytest.raises(MeepleError, match="index"):
        env.step(np.array([0]))


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


def test_max_cycles_truncates_after_the_learners_nth_action():
    env = gymnasium_env("linkage", opponents="random", max_cycles=2)
    _, info = env.reset(seed=0)
    _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not (terminated or truncated)
    _, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (reward, terminated, truncated) == (0.0, False, True)


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


def test_every_installed_game_has_a_gymnasium_id():
    env = gymnasium.make("meeple/linkage-v0", opponents="greedy")
    observation, info = env.reset(seed=0)
    assert env.observation_space.contains(observation) and info["action_mask"].any()
    nim = gymnasium.make("meeple/nim-v0", players=3, options={"heaps": "2,2"})
    assert nim.unwrapped.game.players == 3


def test_the_vector_env_steps_every_copy_and_stacks_the_masks():
    envs = vector_env("nim", 3, opponents="random")
    observations, infos = envs.reset(seed=0)
    assert observations.shape == (3, envs.single_observation_space.shape[0])
    masks = np.stack(envs.call("action_masks"))
    assert masks.shape == (3, envs.single_action_space.n) and (masks.sum(axis=1) > 0).all()
    actions = np.array([int(np.flatnonzero(mask)[0]) for mask in masks])
    observations, rewards, terminated, truncated, infos = envs.step(actions)
    assert observations.shape[0] == 3 and infos["action_mask"].shape == masks.shape
    envs.close()


def test_render_draws_the_learners_view_with_the_games_renderer():
    env = gymnasium_env("linkage", opponents="random", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == type(env.game).renderer(env.state.view(0))


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(MeepleError, match="not a seat"):
        gymnasium_env("nim", seat=5)
    with pytest.raises(MeepleError, match="opponent bots needed"):
        gymnasium_env("nim", 3, opponents=["random"])
    with pytest.raises(MeepleError, match="rewards must be one of"):
        gymnasium_env("nim", rewards="chips")
