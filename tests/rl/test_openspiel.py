"""Meeple games as OpenSpiel Python games: OpenSpiel's own random simulation test (serialized),
exact chance and chips in Kuhn (CFR and the uniform policy agree with OpenSpiel's `kuhn_poker`),
SIMULTANEOUS dynamics, Hearts' returns equal to OpenSpiel's `hearts` through every adapter, and
MCTSBot, ISMCTSBot and CFR on other games. Needs open_spiel (tox -e openspiel-rl); skipped without it."""

import random
from itertools import combinations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability, ismcts, mcts  # noqa: E402
from rl_games import GAMES, REGISTRY, game_name, make  # noqa: E402

from meeple.rl import InformationState, pettingzoo_env  # noqa: E402
from meeple.rl.encoding import encoder_for  # noqa: E402
from meeple.rl.gym import MeepleGymEnv  # noqa: E402
from meeple.rl.openspiel import register_openspiel  # noqa: E402

_NAMES: dict = {}


def load(params, seeds: int | None = 4, **kwargs):
    """Register each game once (pyspiel keeps registrations for the process)."""
    key = (params[0], params[1], tuple(sorted(params[2].items())), seeds, tuple(sorted(kwargs.items())))
    if key not in _NAMES:
        name = f"meeple_{params[0]}_{len(_NAMES)}"
        _NAMES[key] = register_openspiel(make(*params), short_name=name, seeds=seeds, **kwargs)
    return pyspiel.load_game(_NAMES[key])


@pytest.mark.parametrize("params", GAMES + [("goofspiel", 3, {"cards": 4})], ids=game_name)
def test_openspiels_random_simulation_test_passes_serialized(params):
    pyspiel.random_sim_test(load(params), num_sims=2, serialize=True, verbose=False)


def test_the_game_type_and_info_come_from_the_declarations():
    nim = load(("nim", 2, {}))
    assert nim.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert nim.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert nim.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert nim.num_players() == 2 and nim.num_distinct_actions() == 9
    assert (nim.min_utility(), nim.max_utility()) == (-1.0, 1.0)
    combo = load(("combo_breaker", 3, {}))
    assert combo.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert combo.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert combo.max_chance_outcomes() == 4
    goofspiel = load(("goofspiel", 2, {"cards": 3}))
    assert goofspiel.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS


@pytest.fixture(scope="module")
def kuhn():
    pytest.importorskip("meeple_kuhn")
    return load(("kuhn", 2, {}), seeds=None)


def test_kuhns_chance_node_is_its_six_deals_at_one_sixth(kuhn):
    state = kuhn.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    assert kuhn.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kuhn.min_utility(), kuhn.max_utility()) == (-2.0, 2.0)


def test_kuhn_pays_chips_as_openspiels_kuhn_poker(kuhn):
    state = kuhn.new_initial_state()
    state.apply_action(4)  # deal (King, Jack)
    state.apply_action(1)  # bet
    state.apply_action(1)  # call
    assert state.returns() == [2.0, -2.0]


def test_a_uniform_policy_is_worth_an_eighth_of_a_chip_to_seat_0(kuhn):
    uniform = policy_lib.UniformRandomPolicy(kuhn)
    values = expected_game_score.policy_value(kuhn.new_initial_state(), [uniform, uniform])
    assert values[0] == pytest.approx(1 / 8, abs=1e-12)


def test_cfr_on_kuhn_has_openspiels_nashconv_after_100_iterations(kuhn):
    def nash_conv(game):
        solver = cfr.CFRSolver(game)
        for _ in range(100):
            solver.evaluate_and_update_policy()
        return exploitability.nash_conv(game, solver.average_policy())

    ours, theirs = nash_conv(kuhn), nash_conv(pyspiel.load_game("kuhn_poker"))
    assert abs(ours - theirs) < 1e-9 and theirs == pytest.approx(0.01645, abs=1e-5)


def test_tensors_are_the_encoding_and_the_information_state_of_each_seats_view():
    params = ("combo_breaker", 3, {})
    game = load(params)
    state = game.new_initial_state()
    state.apply_action(2)
    state.apply_action(state.legal_actions()[0])
    encoder, information = encoder_for(make(*params)), InformationState(make(*params))
    for seat in range(3):
        view = state.meeple.view(seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), encoder.encode(view))
        assert np.array_equal(np.asarray(state.information_state_tensor(seat), np.float32),
                              information.encode(view, state.history))
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
    game = load(("linko", 2, {}))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_cfr_converges_on_nim():
    game = load(("nim", 2, {"heaps": "2,3", "max_take": 2}))
    solver = cfr.CFRSolver(game)
    conv = []
    for iteration in range(1, 201):
        solver.evaluate_and_update_policy()
        if iteration in (5, 200):
            conv.append(exploitability.nash_conv(game, solver.average_policy()))
    assert conv[1] < conv[0] and conv[1] < 0.05


# -- Hearts: returns through every adapter equal OpenSpiel's --------------------------------------

def openspiel_hearts_game(rng: random.Random):
    """One random game of OpenSpiel's `hearts`: its deal, each seat's pass, the cards played in
    order, and its returns."""
    state = pyspiel.load_game("hearts").new_initial_state()
    direction = rng.choice(state.legal_actions())
    state.apply_action(direction)
    hands = [[], [], [], []]
    for dealt in range(52):
        card = rng.choice([a for a, _ in state.chance_outcomes()])
        hands[dealt % 4].append(card)
        state.apply_action(card)
    passes = {}
    if direction:
        for seat in range(4):
            picked = []
            for _ in range(3):
                picked.append(rng.choice(state.legal_actions()))
                state.apply_action(picked[-1])
            passes[seat] = tuple(sorted(picked))
    plays = []
    while not state.is_terminal():
        seat, card = state.current_player(), rng.choice(state.legal_actions())
        plays.append((seat, card))
        state.apply_action(card)
    return hands, direction, passes, plays, state.returns()


@pytest.fixture(scope="module")
def hearts_games():
    pytest.importorskip("meeple_hearts")
    rng = random.Random(29)
    return [openspiel_hearts_game(rng) for _ in range(12)]


def fixed_deal(hands, direction):
    """Hearts whose every new game is this deal (the adapters start games from a seed)."""
    hearts = type(make("hearts", 4, {}))

    class FixedDeal(hearts):
        def new_state(self, seed):
            return self.deal_state(hands, direction, seed)

    return FixedDeal(4)


def test_hearts_returns_through_the_aec_env_equal_openspiels(hearts_games):
    from meeple_hearts.actions import PassCards, PlayCard

    for hands, direction, passes, plays, returns in hearts_games:
        env = pettingzoo_env(fixed_deal(hands, direction), rewards="score")
        env.reset(seed=0)
        script = [(s, PassCards(passes[s])) for s in sorted(passes)] + [(s, PlayCard(c)) for s, c in plays]
        for seat, action in script:
            assert env.agent_selection == f"player_{seat}"
            env.step(env.actions.index(action))
        assert [env.rewards[a] for a in env.possible_agents] == returns


def test_hearts_returns_through_the_parallel_env_equal_openspiels(hearts_games):
    from meeple_hearts.actions import PassCards, PlayCard

    for hands, direction, passes, plays, returns in hearts_games:
        env = pettingzoo_env(fixed_deal(hands, direction), parallel=True, rewards="score")
        env.reset(seed=0)
        space = env.actions
        if passes:
            env.step({f"player_{s}": space.index(PassCards(p)) for s, p in passes.items()})
        for seat, card in plays:
            _, rewards, *_ = env.step({f"player_{seat}": space.index(PlayCard(card))})
        assert [rewards[f"player_{s}"] for s in range(4)] == returns


def test_hearts_returns_through_the_gymnasium_env_equal_openspiels(hearts_games):
    from meeple_hearts.actions import PassCards, PlayCard

    class Scripted:
        def __init__(self, actions):
            self.actions = list(actions)

        def act(self, view, legal):
            return self.actions.pop(0)

    for number, (hands, direction, passes, plays, returns) in enumerate(hearts_games):
        learner = number % 4
        script = {s: ([PassCards(passes[s])] if passes else []) + [PlayCard(c) for t, c in plays if t == s]
                  for s in range(4)}
        env = MeepleGymEnv(fixed_deal(hands, direction), seat=learner, rewards="score",
                           opponents=lambda game, seat, seed: Scripted(script[seat]))
        env.reset(seed=0)
        done = False
        for action in script[learner]:
            assert not done
            _, reward, done, _, _ = env.step(env.actions.index(action))
        assert done and reward == returns[learner]


def test_hearts_returns_through_the_openspiel_adapter_equal_openspiels(hearts_games):
    from meeple_hearts.actions import PassCards, PlayCard

    for number, (hands, direction, passes, plays, returns) in enumerate(hearts_games):
        name = register_openspiel(fixed_deal(hands, direction), short_name=f"meeple_hearts_fixed_{number}",
                                  seeds=1, rewards="score", score_bounds=(0, 36))
        game = pyspiel.load_game(name)
        assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        state = game.new_initial_state()
        state.apply_action(0)  # the one seed: the fixed deal
        space = state.entry.space
        if passes:
            assert state.is_simultaneous_node()
            state.apply_actions([space.index(PassCards(passes[s])) for s in range(4)])
        for seat, card in plays:
            assert state.current_player() == seat
            state.apply_action(space.index(PlayCard(card)))
        assert state.returns() == returns
