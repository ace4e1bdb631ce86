"""A small masked policy in NumPy, a REINFORCE trainer for `MeepleGymEnv`, and the bot that plays it.

Deliberately plain (one tanh hidden layer, softmax over the legal actions only, Adam, a batch-mean
baseline): enough to show a meeple game learning in minutes on a CPU with nothing but NumPy, so
the example and its test run wherever `meeple[rl]` does. Bigger learners (sb3-contrib's
MaskablePPO, PyTorch) take the same `MeepleGymEnv` and its `action_masks()`.

`PolicyBot` plays a saved policy as an ordinary meeple bot: `act(view, legal)` encodes the view,
masks the scores to `legal` and takes the most likely action; `python -m meeple.rl.policy_bot
POLICY` serves it over the bot protocol, for ``meeple match --bot 'exec:...'``. `load_policy`
reads this module's NumPy format (``.npz``), an ONNX model (``.onnx``, with onnxruntime:
``meeple[onnx]``) or a TorchScript module (``.pt``, with PyTorch: ``meeple[torch]``); an exported
model maps a float32 batch of observations ``[n, observation size]`` to action scores
``[n, actions]`` (logits), and the bot masks them to the legal actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from ..actions import Action
from ..errors import MeepleError
from ..game import Game
from ..view import View
from .encoding import encoder_for
from .spaces import action_space


class MaskedPolicy:
    """obs -> tanh(obs W1 + b1) W2 + b2 -> softmax over the legal actions."""

    name = "numpy policy"

    def __init__(self, observation_size: int, actions: int, hidden: int = 64, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.params = {
            "w1": (rng.standard_normal((observation_size, hidden)) / np.sqrt(max(1, observation_size))).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
        }

    def probabilities(self, observations: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(probabilities, hidden activations) for a batch; illegal actions get probability 0."""
        p = self.params
        hidden = np.tanh(observations @ p["w1"] + p["b1"])
        logits = hidden @ p["w2"] + p["b2"]
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return weights / weights.sum(axis=1, keepdims=True), hidden

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """A sampled action (with `rng`) or the most likely one (without)."""
        probs, _ = self.probabilities(observation[None, :], mask[None, :])
        if rng is None:
            return int(np.argmax(probs[0]))
        return int(rng.choice(len(probs[0]), p=probs[0]))

    def gradients(self, observations: np.ndarray, masks: np.ndarray, actions: np.ndarray,
                  advantages: np.ndarray, entropy: float = 0.0) -> dict[str, np.ndarray]:
        """Gradient of the mean of advantage * log pi(action) (+ entropy bonus): to ascend."""
        p = self.params
        probs, hidden = self.probabilities(observations, masks)
        n = len(actions)
        dlogits = -probs
        dlogits[np.arange(n), actions] += 1.0
        dlogits *= advantages[:, None]
        if entropy:
            logp = np.log(np.where(probs > 0, probs, 1.0))
            h = -(probs * logp).sum(axis=1, keepdims=True)
            dlogits += entropy * (-probs * (logp + h))
        dlogits /= n
        dhidden = (dlogits @ p["w2"].T) * (1 - hidden ** 2)
        return {"w2": hidden.T @ dlogits, "b2": dlogits.sum(0),
                "w1": observations.T @ dhidden, "b1": dhidden.sum(0)}

    def save(self, path: str | Path) -> None:
        np.savez(path, **self.params)

    @classmethod
    def load(cls, path: str | Path) -> "MaskedPolicy":
        data = np.load(path)
        policy = cls.__new__(cls)
        policy.params = {k: data[k] for k in ("w1", "b1", "w2", "b2")}
        return policy


class Adam:
    def __init__(self, params: dict[str, np.ndarray], rate: float = 1e-3) -> None:
        self.rate, self.step = rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def ascend(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.step += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9 ** self.step)
            v = self.v[k] / (1 - 0.999 ** self.step)
            params[k] += (self.rate * m / (np.sqrt(v) + 1e-8)).astype(params[k].dtype)


def train(policy: MaskedPolicy, make_env: Callable[[int], Any], episodes: int, batch: int = 16,
          rate: float = 3e-3, entropy: float = 0.01, seed: int = 0,
          report: Callable[[int, float], None] | None = None,
          shaping: Callable[[Any, float], float] | None = None) -> list[float]:
    """REINFORCE: play `episodes` games in batches (`make_env(episode)` gives each game's env,
    e.g. alternating seats), ascend advantage-weighted log-probabilities, the baseline being the
    batch's mean reward for the env's seat.

    `shaping(env, reward)`, if given, is the return learned from for a finished episode (e.g. a
    score margin, denser than win/loss when wins are rare); the curve stays the env's reward.
    Returns each episode's reward (+1 win, -1 loss, 0 draw)."""
    rng = np.random.default_rng(seed)
    optimiser = Adam(policy.params, rate)
    rewards: list[float] = []
    for start in range(0, episodes, batch):
        observations, masks, actions, returns, seats = [], [], [], [], []
        for episode in range(start, min(episodes, start + batch)):
            env = make_env(episode)
            observation, info = env.reset(seed=int(rng.integers(2**31)))
            steps, done, reward = 0, False, 0.0
            while not done:
                mask = info["action_mask"]
                action = policy.act(observation, mask, rng)
                observations.append(observation)
                masks.append(mask)
                actions.append(action)
                observation, reward, done, _, info = env.step(action)
                steps += 1
            returns.extend([reward if shaping is None else shaping(env, reward)] * steps)
            seats.extend([getattr(env, "seat", 0)] * steps)
            rewards.append(reward)
            if report is not None:
                report(episode, reward)
        returns_array, seats_array = np.asarray(returns, np.float32), np.asarray(seats)
        advantages = returns_array.copy()
        for seat in np.unique(seats_array):  # a baseline per seat: seats differ (More, Fewer)
            advantages[seats_array == seat] -= returns_array[seats_array == seat].mean()
        if not advantages.any():
            continue
        grads = policy.gradients(np.asarray(observations), np.asarray(masks), np.asarray(actions),
                                 advantages, entropy)
        optimiser.ascend(policy.params, grads)
    return rewards


class ExportedPolicy:
    """A policy exported from a deep-learning framework: `scores(observations)` maps a float32
    batch ``[n, observation size]`` to action scores ``[n, actions]``; the most likely legal
    action is played (or, given an `rng`, one sampled from the softmax over the legal actions)."""

    def __init__(self, scores: Callable[[np.ndarray], np.ndarray], name: str) -> None:
        self.scores, self.name = scores, name

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        scores = np.asarray(self.scores(observation[None, :].astype(np.float32)), np.float64).reshape(-1)
        if scores.shape != mask.shape:
            raise MeepleError(f"{self.name} gives {scores.size} action scores for {mask.size} actions")
        scores = np.where(mask > 0, scores, -np.inf)
        if rng is None:
            return int(np.argmax(scores))
        weights = np.exp(scores - scores.max())
        return int(rng.choice(len(weights), p=weights / weights.sum()))

    @classmethod
    def onnx(cls, path: str | Path) -> "ExportedPolicy":
        """An ONNX model (its first input: the observations; its first output: the scores)."""
        try:
            import onnxruntime
        except ImportError:
            raise MeepleError("an .onnx policy needs onnxruntime: pip install 'meeple[onnx]'") from None
        session = onnxruntime.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        name = session.get_inputs()[0].name
        return cls(lambda observations: session.run(None, {name: observations})[0], f"onnx policy {Path(path).name}")

    @classmethod
    def torchscript(cls, path: str | Path) -> "ExportedPolicy":
        """A TorchScript module (`torch.jit.save`) called on a tensor of observations."""
        try:
            import torch
        except ImportError:
            raise MeepleError("a TorchScript policy needs PyTorch: pip install 'meeple[torch]'") from None
        module = torch.jit.load(str(path), map_location="cpu").eval()

        def scores(observations: np.ndarray) -> np.ndarray:
            with torch.no_grad():
                return module(torch.from_numpy(observations)).numpy()

        return cls(scores, f"torchscript policy {Path(path).name}")


def load_policy(path: str | Path) -> "MaskedPolicy | ExportedPolicy":
    """The policy saved at `path`, by its suffix: ``.npz`` (`MaskedPolicy`), ``.onnx`` or
    ``.pt`` / ``.ts`` (TorchScript). Loaded once: a bot serving it keeps it for every game."""
    suffix = Path(path).suffix
    if suffix == ".npz":
        return MaskedPolicy.load(path)
    if suffix == ".onnx":
        return ExportedPolicy.onnx(path)
    if suffix in (".pt", ".ts"):
        return ExportedPolicy.torchscript(path)
    raise MeepleError(f"{path}: a policy file is .npz, .onnx or .pt (TorchScript), not {suffix or 'no suffix'}")


class PolicyBot:
    """A trained policy (`MaskedPolicy` or `ExportedPolicy`) as a meeple bot: the most likely
    legal action for the view."""

    def __init__(self, game: Game, policy: "MaskedPolicy | ExportedPolicy") -> None:
        self.encoder = encoder_for(game)
        self.space = action_space(game)
        self.policy = policy

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        mask = self.space.mask(legal)
        index = self.policy.act(self.encoder.encode(view), mask)
        return self.space.actions[index]
