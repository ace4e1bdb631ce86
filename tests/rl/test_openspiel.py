"""Meeple games as OpenSpiel Python games: OpenSpiel's own random simulation test, MCTSBot,
ISMCTSBot and CFR run on them. Needs open_spiel (tox -e openspiel-rl); skipped without it."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts  # noqa: E402
from rl_games import GAMES, game_name, make  # noqa: E402

from meeple.rl.encoding import encoder_for  # noqa: E402
from meeple.rl.openspiel import register_openspiel  # noqa: E402

_NAMES: dict = {}


def load(params, seeds: int = 4):
    """Register each game once (pyspiel keeps registrations for the process)."""
    key = (params[0], params[1], tuple(sorted(params[2].items())), seeds)
    if key not in _NAMES:
        name = f"meeple_{params[0]}_{len(_NAMES)}"
        _NAMES[key] = register_openspiel(make(*params), short_name=name, seeds=seeds)
    return pyspiel.load_game(_NAMES[key])


@pytest.mark.parametrize("params", GAMES + [("goofspiel", 3, {"cards": 4})], ids=game_name)
def test_openspiels_random_simulation_test_passes(params):
    game = load(params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_game_type_and_info_come_from_the_spec():
    nim = load(("nim", 2, {}))
    assert nim.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert nim.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert nim.num_players() == 2 and nim.num_distinct_actions() == 9
    combo = load(("combo_breaker", 3, {}))
    assert combo.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert combo.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert combo.max_chance_outcomes() == 4


def test_tensors_are_the_generic_encoding_of_each_seats_view():
    params = ("combo_breaker", 3, {})
    game = load(params)
    state = game.new_initial_state()
    state.apply_action(2)
    encoder = encoder_for(make(*params))
    for seat in range(3):
        expected = encoder.encode(state.meeple.view(seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat), np.float32), expected)
    assert state.observation_string(0) != state.observation_string(1)


def test_resampling_keeps_what_the_seat_sees_and_never_the_real_hidden_cards_by_design():
    game = load(("combo_breaker", 3, {}))
    state = game.new_initial_state()
    state.apply_action(1)
    seat = state.current_player()
    samples = [state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
               for _ in range(5)]
    for sample in samples:
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.legal_actions() == state.legal_actions()
    others = {tuple(s.meeple.hands[(seat + 1) % 3]) for s in samples}
    assert len(others) > 1  # the other hands are dealt afresh, not copied


def test_mcts_bot_finds_the_winning_move_in_nim():
    game = load(("nim", 2, {"heaps": "5", "max_take": 3}))
    evaluator = mcts.RandomRolloutEvaluator(2, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 300, evaluator, random_state=np.random.RandomState(1), solve=True)
    state = game.new_initial_state()
    action = bot.step(state)
    assert state.action_to_string(0, action) == "take 1 from heap 0"  # leave 4, a multiple of 4


def test_ismcts_bot_plays_a_hidden_information_game_to_the_end():
    game = load(("goofspiel", 2, {"cards": 4}))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    state.apply_action(0)
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0.0


def test_cfr_converges_on_nim():
    game = load(("nim", 2, {"heaps": "2,3", "max_take": 2}))
    solver = cfr.CFRSolver(game)
    conv = []
    for iteration in range(1, 201):
        solver.evaluate_and_update_policy()
        if iteration in (5, 200):
            conv.append(exploitability.nash_conv(game, solver.average_policy()))
    assert conv[1] < conv[0] and conv[1] < 0.05


def test_cfr_runs_on_a_small_simultaneous_hidden_information_game():
    game = load(("goofspiel", 2, {"cards": 3}), seeds=2)
    solver = cfr.CFRSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < 0.5
