"""sb3-contrib's MaskablePPO trains on the Gymnasium env on a tiny budget, reading the env's
`action_masks()` and predicting the 0-d arrays the env takes (skipped without sb3-contrib)."""

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402

from meeple.rl import gymnasium_env  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")  # SB3's advice on tiny batch sizes
def test_maskable_ppo_learns_from_the_env_and_plays_only_legal_actions():
    pytest.importorskip("meeple_kuhn")
    env = gymnasium_env("kuhn", opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=128)
    observation, info = env.reset(seed=1)
    done = False
    while not done:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        assert np.ndim(action) == 0 and info["action_mask"][int(action)] == 1
        observation, reward, done, truncated, info = env.step(action)  # the 0-d array as it comes
        done = done or truncated
