"""PettingZoo's own test kit passes on every game (built-in, examples, Goofspiel); the envs pay
the declared utility, forfeit or refuse illegal actions, truncate at `max_cycles`, and draw
through the game's renderer."""

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from rl_games import GAMES, REGISTRY, game_name, make

from meeple import IllegalAction, MeepleError
from meeple.rl import pettingzoo_env

SIMULTANEOUS = [("goofspiel", 2, {"cards": 5}), ("goofspiel", 3, {"cards": 4})] + [
    params for params in GAMES if params[0] == "hearts"]


@pytest.fixture(autouse=True)
def quiet_kit_warnings():
    with warnings.catch_warnings():  # the kit's advice on observation spaces, not a failure
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("params", GAMES + [("goofspiel", 3, {"cards": 4})], ids=game_name)
def test_the_aec_env_passes_pettingzoos_api_and_seed_tests(params):
    game = make(*params)
    api_test(pettingzoo_env(game), num_cycles=40)
    seed_test(lambda: pettingzoo_env(game), num_cycles=40)


@pytest.mark.parametrize("params", SIMULTANEOUS, ids=game_name)
def test_the_parallel_env_passes_pettingzoos_parallel_api_and_seed_tests(params):
    game = make(*params)
    parallel_api_test(pettingzoo_env(game, parallel=True), num_cycles=40)
    parallel_seed_test(lambda: pettingzoo_env(game, parallel=True), num_cycles=40)


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


def test_the_information_state_rides_beside_the_observation_when_asked():
    env = pettingzoo_env("nim", 2, information_state=True)
    env.reset(seed=3)
    first = env.last()[0]["information_state"]
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    second = env.last()[0]["information_state"]
    size = env.encoder.size
    assert first.shape == env.observation_space("player_0")["information_state"].shape
    assert not first[size:].any() and second[size:].any()  # the first move is now in the history


def nim_with_an_illegal_action(**kwargs):
    """Nim with heaps 1 and 2 after seat 0 emptied heap 0: taking from heap 0 is illegal."""
    env = pettingzoo_env("nim", 2, {"heaps": "1,2"}, **kwargs)
    env.reset(seed=0)
    env.step(0)  # take 1 from heap 0
    return env


def test_with_illegal_raise_an_illegal_action_raises_and_leaves_the_game_as_it_was():
    env = nim_with_an_illegal_action(illegal="raise")
    illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    before = env.state.fingerprint()
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.state.fingerprint() == before
    with pytest.raises(MeepleError, match="index"):
        env.step(99)
    assert env.state.fingerprint() == before


def test_an_illegal_action_forfeits_by_default_without_changing_the_game():
    env = nim_with_an_illegal_action()
    illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    before = env.state.fingerprint()
    env.step(illegal)
    assert env.state.fingerprint() == before
    assert env.rewards == {"player_0": 0.0, "player_1": -1.0} and all(env.terminations.values())
    assert env.infos["player_1"]["illegal"]


def test_numpy_integers_and_0d_arrays_are_actions():
    env = pettingzoo_env("nim", 2)
    env.reset(seed=0)
    first = int(np.flatnonzero(env.last()[0]["action_mask"])[0])
    env.step(np.int64(first))
    env.step(np.array(int(np.flatnonzero(env.last()[0]["action_mask"])[0])))
    assert env.state.moves == 2
    with pytest.raises(MeepleError, match="index"):
        env.step(np.array([0]))


def test_the_winner_gets_plus_one_and_the_loser_minus_one_in_a_win_loss_game():
    env = pettingzoo_env("nim", 2, {"heaps": "1"})  # seat 0 takes the only stone and wins
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(env.terminations.values())


def test_max_cycles_truncates_every_seat_with_no_reward():
    env = pettingzoo_env("linkage", 2, max_cycles=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_an_illegal_parallel_choice_forfeits_or_raises_and_changes_nothing():
    env = pettingzoo_env(make("goofspiel", 2, {"cards": 3}), parallel=True, illegal="raise")
    observations, _ = env.reset(seed=1)
    first = {agent: int(np.flatnonzero(obs["action_mask"])[0]) for agent, obs in observations.items()}
    env.step(first)  # both bid their lowest card: player_0 no longer holds it
    before = env.state.fingerprint()
    legal = int(np.flatnonzero(env._observe(1)["action_mask"])[0])
    with pytest.raises(IllegalAction):
        env.step({"player_0": first["player_0"], "player_1": legal})
    assert env.state.fingerprint() == before
    with pytest.raises(MeepleError, match="index"):
        env.step({"player_0": len(env.actions), "player_1": legal})
    assert env.state.fingerprint() == before
    forfeiting = pettingzoo_env(make("goofspiel", 2, {"cards": 3}), parallel=True)
    forfeiting.reset(seed=1)
    forfeiting.step(first)
    before = forfeiting.state.fingerprint()
    _, rewards, terminations, _, infos = forfeiting.step({"player_0": first["player_0"], "player_1": legal})
    assert rewards == {"player_0": -1.0, "player_1": 0.0} and all(terminations.values())
    assert infos["player_0"]["illegal"] and forfeiting.state.fingerprint() == before


def test_render_mid_game_draws_only_what_the_seat_to_act_sees_with_the_games_renderer():
    env = pettingzoo_env("combo_breaker", 3, render_mode="ansi")
    env.reset(seed=5)
    seat = env.state.current_player
    renderer = type(env.game).renderer or REGISTRY.renderer("combo_breaker")
    assert env.render() == renderer(env.state.view(seat))
    assert env.render() != renderer(env.state.view(None))  # other hands stay hidden
