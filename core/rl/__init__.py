"""meeple in the RL ecosystem: generic observations, fixed action spaces, PettingZoo, Gymnasium
and OpenSpiel adapters (docs/rl.md). Install with ``pip install meeple[rl]`` (numpy, pettingzoo,
gymnasium) or ``meeple[openspiel]``; the core never imports this package.
"""

from .encoding import EncodingError, ObservationEncoder, encoder_for, register_encoding
from .spaces import (ActionSpace, IncompleteActionSpace, action_space, explore_action_space,
                     register_action_space)


def pettingzoo_env(game_id, players=None, options=None, **kwargs):
    """A PettingZoo env for an installed game (`meeple.rl.pz.pettingzoo_env`)."""
    from .pz import pettingzoo_env as make

    return make(game_id, players, options, **kwargs)


def gymnasium_env(game_id, players=None, options=None, **kwargs):
    """A single-agent Gymnasium env (`meeple.rl.gym.MeepleGymEnv`)."""
    from .gym import gymnasium_env as make

    return make(game_id, players, options, **kwargs)


__all__ = ["ActionSpace", "EncodingError", "IncompleteActionSpace", "ObservationEncoder",
           "action_space", "encoder_for", "explore_action_space", "gymnasium_env",
           "pettingzoo_env", "register_action_space", "register_encoding"]
