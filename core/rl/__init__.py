"""meeple in the RL ecosystem: observations, information states, fixed action spaces, PettingZoo,
Gymnasium and OpenSpiel adapters (docs/rl.md). Install with ``pip install meeple[rl]`` (numpy,
pettingzoo, gymnasium) or ``meeple[openspiel]``; the core never imports this package.

Importing `meeple.rl` (or `meeple.rl.features`, where a new zone type registers its encoding)
needs no NumPy: the names below that do are loaded when first used.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .features import EncodingError, zone_part
from .rewards import Rewards

_LAZY = {
    "ObservationEncoder": "encoding", "InformationState": "encoding", "encoder_for": "encoding",
    "register_encoding": "encoding", "check_capacities": "encoding",
    "ActionSpace": "spaces", "IncompleteActionSpace": "spaces", "action_space": "spaces",
    "explore_action_space": "spaces", "register_action_space": "spaces",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'meeple.rl' has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


def pettingzoo_env(game_id, players=None, options=None, **kwargs):
    """A PettingZoo env for an installed game (`meeple.rl.pz.pettingzoo_env`)."""
    from .pz import pettingzoo_env as make

    return make(game_id, players, options, **kwargs)


def gymnasium_env(game_id, players=None, options=None, **kwargs):
    """A single-agent Gymnasium env (`meeple.rl.gym.MeepleGymEnv`)."""
    from .gym import gymnasium_env as make

    return make(game_id, players, options, **kwargs)


__all__ = ["ActionSpace", "EncodingError", "IncompleteActionSpace", "InformationState",
           "ObservationEncoder", "Rewards", "action_space", "check_capacities", "encoder_for",
           "explore_action_space", "gymnasium_env", "pettingzoo_env", "register_action_space",
           "register_encoding", "zone_part"]
