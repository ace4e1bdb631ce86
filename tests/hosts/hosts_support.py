"""Helpers shared by the host tests: how a `meeple` subprocess loads the Goofspiel test game."""

from __future__ import annotations

import os
from pathlib import Path

import goofspiel_plugin

CORE_TESTS = Path(goofspiel_plugin.__file__).parent


def subprocess_env() -> dict[str, str]:
    """The environment a `meeple` subprocess needs to load the Goofspiel test game: its plugin
    module named in MEEPLE_PLUGINS (read by `meeple.plugins`) and its directory on PYTHONPATH."""
    path = os.pathsep.join(filter(None, [str(CORE_TESTS), os.environ.get("PYTHONPATH")]))
    return {"MEEPLE_PLUGINS": "goofspiel_plugin", "PYTHONPATH": path}
