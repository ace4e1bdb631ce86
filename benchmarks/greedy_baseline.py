"""The games' greedy bots as they were at a base commit, registered beside today's as `greedy_base`.

A plugin module for measuring today's greedy bots against the ones issue 17 started from:

    MEEPLE_PLUGINS=greedy_baseline PYTHONPATH=benchmarks .venv/bin/meeple match linko \\
        -b greedy -b greedy_base -b greedy_base -b greedy_base -n 400 --seed 1 -j 2

Each game's `greedy.py` is read from the base commit (`GREEDY_BASE`, default `e4ad589`, the commit
the issue was filed against) with `git show`, its relative imports pointed at today's plugin
package (the public helpers it imports keep their signatures), and run as a module of its own.
Nothing is copied into the tree, so the baseline is exactly the commit's code.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

from meeple import BotInfo, hookimpl

REPO = Path(__file__).resolve().parent.parent
#: Each game id, the plugin package its greedy bot lives in, and that package's folder.
GAMES = {"linko": ("meeple_linko", "plugins/linko"),
         "combo_breaker": ("meeple_combo_breaker", "plugins/combo_breaker"),
         "linkage": ("meeple_linkage", "plugins/linkage")}


def base_greedy_module(game: str, commit: str) -> types.ModuleType:
    """The module `plugins/<game>/greedy.py` was at `commit`, importing today's package."""
    package, folder = GAMES[game]
    source = subprocess.run(["git", "-C", str(REPO), "show", f"{commit}:{folder}/greedy.py"],
                            check=True, capture_output=True, text=True).stdout
    source = source.replace("from . import ", f"from {package} import ").replace("from .", f"from {package}.")
    name = f"greedy_baseline_{game}"
    module = types.ModuleType(name)
    module.__file__ = f"{commit}:{folder}/greedy.py"
    sys.modules[name] = module  # attrs and dataclasses look their module up
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


@hookimpl
def meeple_register_bots(register):
    commit = os.environ.get("GREEDY_BASE", "e4ad589")
    for game in GAMES:
        info = base_greedy_module(game, commit).GREEDY
        register(BotInfo(name="greedy_base", factory=info.factory, games=(game,),
                         summary=f"the greedy bot of {commit} (benchmarks/greedy_baseline.py)",
                         params=info.params))
