"""Packaging: a built wheel installs into a fresh virtual environment, with a third-party plugin.

This is the one slow test (it creates a virtual environment and installs from the package index
or the local cache), so it builds everything once and checks several things against it.
"""

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def run(*args, **kwargs):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, **kwargs)


@pytest.fixture(scope="module")
def fresh_env(tmp_path_factory):
    where = tmp_path_factory.mktemp("wheel")
    # Build from copies: setuptools leaves build/ folders in the source tree it builds.
    sources = where / "src"
    shutil.copytree(ROOT, sources / "meeple", ignore=shutil.ignore_patterns(
        ".venv", ".git", ".tox", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis"))
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", where / "dist",
                sources / "meeple", sources / "meeple" / "docs" / "examples" / "meeple-nim")
    assert built.returncode == 0, built.stderr
    wheels = sorted((where / "dist").glob("*.whl"))
    assert [w.name.split("-")[0] for w in wheels] == ["meeple", "meeple_nim"]
    env_dir = where / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    installed = run(bin_dir / "python", "-m", "pip", "install", "-q", *wheels)
    assert installed.returncode == 0, installed.stderr
    return bin_dir


def test_wheel_installs_the_core_games_and_bots(fresh_env):
    games = run(fresh_env / "meeple", "games", "--json", env={**os.environ, "MEEPLE_STRICT_PLUGINS": "1"})
    assert games.returncode == 0, games.stderr
    ids = {g["id"] for g in json.loads(games.stdout)}
    assert {"linko", "combo_breaker", "linkage", "nim"} <= ids
    location = run(fresh_env / "python", "-c", "import meeple, meeple_linko; print(meeple.__file__)")
    assert str(ROOT) not in location.stdout, "the wheel test imported the checkout, not the wheel"


def test_the_third_party_example_plugin_is_listed_and_playable(fresh_env):
    plugins = run(fresh_env / "meeple", "plugins")
    assert "nim 1.0.0: meeple_register_games\n  game nim (renderer)\n" in plugins.stdout  # one registration
    match = run(fresh_env / "meeple", "match", "nim", "--bot", "random", "--bot", "random", "--games", "4", "--json")
    assert match.returncode == 0, match.stderr
    assert json.loads(match.stdout)["games"] == 4


def test_the_conformance_kit_runs_from_the_installed_wheel(fresh_env):
    script = ("from meeple import Registry\nfrom meeple.testing import check_game\n"
              "r = Registry.load(strict=True)\nprint(check_game(r.create('nim', 3), games=3).games)")
    checked = run(fresh_env / "python", "-c", script)
    assert checked.returncode == 0 and checked.stdout.strip() == "3", checked.stderr


def test_the_wheel_ships_the_browser_client_and_the_games_renderers(fresh_env):
    shipped = run(fresh_env / "python", "-c", "from importlib.resources import files; print(*("
                  "files(package).joinpath(path).is_file() for package, path in ("
                  "('meeple.server', 'static/app.js'), ('meeple.server', 'static/vendor/preact.module.js'),"
                  "('meeple.server', 'static/vendor/LICENSE-preact'), ('meeple_linko', 'web/linko.js'),"
                  "('meeple_combo_breaker', 'web/combo_breaker.js'), ('meeple_linkage', 'web/linkage.js'))))")
    assert shipped.returncode == 0 and shipped.stdout.split() == ["True"] * 6, shipped.stdout + shipped.stderr
