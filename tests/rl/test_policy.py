"""The NumPy policy, its trainer and its bot: the learning example's code on a tiny budget."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from rl_games import make

from meeple.rl.policy import Adam, MaskedPolicy, PolicyBot, load_policy, train
from meeple.rl import action_space, encoder_for, gymnasium_env

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "rl"


def test_illegal_actions_get_no_probability():
    policy = MaskedPolicy(5, 4, hidden=8, seed=1)
    mask = np.array([[0, 1, 0, 1]], np.int8)
    probs, _ = policy.probabilities(np.ones((1, 5), np.float32), mask)
    assert probs[0, 0] == 0 and probs[0, 2] == 0 and probs[0].sum() == pytest.approx(1.0)


def test_ascending_a_rewarded_action_makes_it_more_likely():
    policy = MaskedPolicy(3, 3, hidden=8, seed=2)
    obs, mask = np.ones((1, 3), np.float32), np.ones((1, 3), np.int8)
    before = policy.probabilities(obs, mask)[0][0, 2]
    optimiser = Adam(policy.params, rate=0.05)
    for _ in range(20):
        optimiser.ascend(policy.params, policy.gradients(obs, mask, np.array([2]), np.array([1.0])))
    assert policy.probabilities(obs, mask)[0][0, 2] > before + 0.2


def test_a_tiny_training_run_plays_whole_games_and_round_trips_through_a_file(tmp_path):
    envs = [gymnasium_env("nim", seat=seat, opponents="random") for seat in (0, 1)]
    policy = MaskedPolicy(envs[0].observation_space.shape[0], envs[0].action_space.n, 16, 0)
    rewards = train(policy, lambda episode: envs[episode % 2], 24, batch=8)
    assert len(rewards) == 24 and set(rewards) <= {-1.0, 1.0}
    policy.save(tmp_path / "p.npz")
    loaded = MaskedPolicy.load(tmp_path / "p.npz")
    assert all(np.array_equal(loaded.params[k], policy.params[k]) for k in policy.params)


def test_the_policy_bot_plays_only_legal_actions():
    game = make("linkage", 2, {})
    encoder_size = gymnasium_env(game).observation_space.shape[0]
    bot = PolicyBot(game, MaskedPolicy(encoder_size, 388, 8, 3))
    state = game.new_state(1)
    while not state.is_terminal:
        legal = state.legal_actions()
        action = bot.act(state.view(state.current_player), legal)
        assert action in legal
        state.apply(action)


def test_the_example_learns_on_a_tiny_budget_and_its_policy_plays_a_meeple_match(tmp_path):
    sys.path.insert(0, str(EXAMPLE))
    try:
        from train import learn
    finally:
        sys.path.remove(str(EXAMPLE))
    lines = []
    policy, curves = learn("nim", ["random", "mcts:iterations=5"], [16, 8], log=lines.append)
    assert [len(c) for c in curves.values()] == [16, 8] and len(lines) == 2
    path = tmp_path / "nim.npz"
    policy.save(path)
    command = f"exec:{sys.executable} -m meeple.rl.policy_bot {path}"
    result = subprocess.run([sys.executable, "-c", "from meeple.cli.app import run; run()", "match", "nim",
                             "-n", "2", "--seed", "1", "--json", "--bot", command, "--bot", "random"],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    trained = json.loads(result.stdout)["bots"][0]
    assert trained["games"] == 2 and trained["forfeits"] == 0
    kept = subprocess.run([sys.executable, "-c", "from meeple.cli.app import run; run()", "match", "nim",
                           "-n", "2", "--seed", "1", "--json", "--keep-bots", "--bot", command, "--bot", "random"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert kept.returncode == 0, kept.stderr
    assert json.loads(kept.stdout)["bots"] == json.loads(result.stdout)["bots"], "kept or fresh: the same games"


def test_the_policy_bot_serves_the_games_of_a_match_from_one_process(tmp_path):
    """A host that keeps bots (`--keep-bots`) greets the same process for the next game: the
    policy is loaded once, and the bot says it plays many games."""
    from meeple.botprocess import messages

    game = make("nim", 2, {})
    path = tmp_path / "nim.npz"
    MaskedPolicy(encoder_for(game).size, len(action_space(game)), 8, 3).save(path)
    bot = subprocess.Popen([sys.executable, "-m", "meeple.rl.policy_bot", str(path)], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    try:
        for seed in (1, 2):
            bot.stdin.write(json.dumps(messages.hello(game, 0, seed, None)) + "\n")
            bot.stdin.flush()
            ready = json.loads(bot.stdout.readline())
            assert ready["type"] == "ready" and ready["games"] == "many"
            bot.stdin.write(json.dumps({"type": "end"}) + "\n")
            bot.stdin.flush()
        bot.stdin.close()
        assert bot.wait(timeout=60) == 0
    finally:
        bot.kill()


def test_a_missing_policy_file_is_one_line(tmp_path):
    result = subprocess.run([sys.executable, "-m", "meeple.rl.policy_bot", str(tmp_path / "none.npz")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith("meeple: error:") and result.stderr.count("\n") == 1


def test_the_example_trains_one_linkage_seat_from_the_group_count_margin():
    sys.path.insert(0, str(EXAMPLE))
    try:
        from train import learn
    finally:
        sys.path.remove(str(EXAMPLE))
    lines = []
    policy, curves = learn("linkage", ["random"], [8], seat=1, batch=4, log=lines.append)
    assert len(curves["random"]) == 8 and set(curves["random"]) <= {-1.0, 1.0} and len(lines) == 1


def test_the_linkage_margin_rewards_fewer_for_few_groups_and_more_for_many():
    sys.path.insert(0, str(EXAMPLE))
    try:
        from train import linkage_group_margin
    finally:
        sys.path.remove(str(EXAMPLE))

    class Finished:
        def __init__(self, seat, groups):
            self.seat = seat
            self.state = type("S", (), {"scores": lambda _self: (groups, groups)})()

    assert linkage_group_margin(Finished(1, 9), -1.0) == pytest.approx(0.625)
    assert linkage_group_margin(Finished(1, 12), 1.0) == pytest.approx(-0.125)
    assert linkage_group_margin(Finished(0, 12), 1.0) == pytest.approx(0.125)
    assert linkage_group_margin(Finished(0, 30), 1.0) == 1.0


def test_shaping_changes_what_is_learned_from_but_not_the_rewards_returned():
    env = gymnasium_env("nim", seat=0, opponents="random")
    seen = []

    def shaping(finished_env, reward):
        seen.append(reward)
        return 0.5

    policy = MaskedPolicy(env.observation_space.shape[0], env.action_space.n, 8, 0)
    rewards = train(policy, lambda episode: env, 6, batch=3, shaping=shaping)
    assert rewards == seen and set(rewards) <= {-1.0, 1.0}


def exported_policies(tmp_path, game):
    """A tiny network saved as TorchScript and, where onnxruntime is installed, as ONNX."""
    torch = pytest.importorskip("torch")
    encoder_size = gymnasium_env(game).observation_space.shape[0]
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(encoder_size, 16), torch.nn.Tanh(),
                                torch.nn.Linear(16, len(action_space(game))))
    paths = {"torchscript": tmp_path / "policy.pt"}
    torch.jit.save(torch.jit.trace(model, torch.zeros(1, encoder_size)), str(paths["torchscript"]))
    if all(importlib.util.find_spec(m) for m in ("onnxruntime", "onnx")):  # meeple[onnx] and the exporter's onnx
        torch.onnx.export(model, (torch.zeros(1, encoder_size),), str(tmp_path / "policy.onnx"),
                          input_names=["observations"], dynamic_axes={"observations": {0: "n"}}, dynamo=False)
        paths["onnx"] = tmp_path / "policy.onnx"
    return model, paths


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # torch.jit and its legacy ONNX exporter
def test_an_exported_policy_plays_only_legal_actions_and_agrees_with_its_model(tmp_path):
    torch = pytest.importorskip("torch")
    game = make("linkage", 2, {})
    model, paths = exported_policies(tmp_path, game)
    encoder, space = encoder_for(game), action_space(game)
    for kind, path in paths.items():
        policy = load_policy(path)
        bot = PolicyBot(game, policy)
        state = game.new_state(2)
        while not state.is_terminal:
            view, legal = state.view(state.current_player), state.legal_actions()
            action = bot.act(view, legal)
            assert action in legal, kind
            with torch.no_grad():
                scores = model(torch.from_numpy(encoder.encode(view)[None, :])).numpy()[0]
            best = max(legal, key=lambda a: scores[space.index(a)])
            assert action == best, kind
            state.apply(action)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_an_exported_policy_serves_a_whole_match_over_the_bot_protocol(tmp_path):
    game = make("linkage", 2, {})
    _, paths = exported_policies(tmp_path, game)
    path = paths.get("onnx", paths["torchscript"])
    command = f"exec:{sys.executable} -m meeple.rl.policy_bot {path}"
    result = subprocess.run([sys.executable, "-c", "from meeple.cli.app import run; run()", "match", "linkage",
                             "-n", "2", "--seed", "1", "--json", "--bot", command, "--bot", "random"],
                            capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["bots"][0]["forfeits"] == 0


def test_a_policy_file_of_an_unknown_kind_is_one_line(tmp_path):
    (tmp_path / "policy.pkl").write_bytes(b"")
    result = subprocess.run([sys.executable, "-m", "meeple.rl.policy_bot", str(tmp_path / "policy.pkl")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and ".onnx" in result.stderr
