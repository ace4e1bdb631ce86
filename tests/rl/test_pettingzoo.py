"""PettingZoo's own test kit passes on every built-in game, Nim and the Goofspiel test game."""

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from rl_games import GAMES, game_name, make

from meeple import IllegalAction, MeepleError
from meeple.rl import pettingzoo_env


@pytest.fixture(autouse=True)
def quiet_kit_warnings():
    with warnings.catch_warnings():  # the kit's advice to use Box observations, not a failure
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("params", GAMES + [("goofspiel", 3, {"cards": 4})], ids=game_name)
def test_the_aec_env_passes_pettingzoos_api_and_seed_tests(params):
    game = make(*params)
    api_test(pettingzoo_env(game), num_cycles=40)
    seed_test(lambda: pettingzoo_env(game), num_cycles=40)


@pytest.mark.parametrize("players", [2, 3])
def test_the_parallel_env_passes_pettingzoos_parallel_api_test(players):
    parallel_api_test(pettingzoo_env(make("goofspiel", players, {"cards": 5}), parallel=True), num_cycles=40)


def test_a_sequential_game_has_no_parallel_env():
    with pytest.raises(MeepleError, match="sequential"):
        pettingzoo_env(make("nim", 2, {}), parallel=True)


def test_the_observation_carries_the_legal_action_mask_as_classic_envs_do():
    env = pettingzoo_env("nim", 2)
    env.reset(seed=3)
    observation, reward, terminated, truncated, info = env.last()
    legal = env.state.legal_actions()
    assert set(observation) == {"observation", "action_mask"}
    assert observation["action_mask"].dtype == np.int8
    assert [env.actions.actions[i] for i in np.flatnonzero(observation["action_mask"])] == list(legal)


def test_an_illegal_action_raises_and_leaves_the_game_as_it_was():
    env = pettingzoo_env("nim", 2, {"heaps": "1"})
    env.reset(seed=0)
    mask = env.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else None
    before = env.state.fingerprint()
    with pytest.raises((IllegalAction, MeepleError)):
        env.step(illegal if illegal is not None else 99)
    assert env.state.fingerprint() == before


def test_the_winner_gets_plus_one_and_the_loser_minus_one():
    env = pettingzoo_env("nim", 2, {"heaps": "1"})  # seat 0 takes the only stone and wins
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(env.terminations.values())


def test_an_illegal_parallel_choice_changes_nothing():
    env = pettingzoo_env(make("goofspiel", 2, {"cards": 3}), parallel=True)
    observations, _ = env.reset(seed=1)
    first = {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}
    env.step(first)  # both bid their lowest card: player_0 no longer holds it
    before = env.state.fingerprint()
    legal = int(np.flatnonzero(env.state and env._observe(1)["action_mask"])[0])
    with pytest.raises(IllegalAction):
        env.step({"player_0": first["player_0"], "player_1": legal})
    assert env.state.fingerprint() == before
    with pytest.raises(MeepleError, match="index"):
        env.step({"player_0": len(env.actions), "player_1": legal})
    assert env.state.fingerprint() == before


def test_render_mid_game_shows_only_what_the_seat_to_act_sees():
    env = pettingzoo_env("combo_breaker", 3)
    env.reset(seed=5)
    seat = env.state.current_player
    assert env.render() == repr(env.state.view(seat).fields)
    assert env.render() != repr(env.state.view(None).fields)  # other hands stay hidden
