"""The Ray backend against a local Ray instance (run by `tox -e ray`; skipped without Ray)."""

import os
from pathlib import Path

import pytest
from tournament_plugins import registry

from meeple.tournament import run_tournament

ray = pytest.importorskip("ray")

BOTS = ["random", "random:seed=7", "cautious"]


@pytest.fixture(scope="module")
def local_ray():
    # Ray's workers import the test plugins (tournament_plugins, market_game) by name too.
    here = Path(__file__).parent
    path = os.pathsep.join([str(here), str(here.parent / "core"), os.environ.get("PYTHONPATH", "")])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield
    ray.shutdown()


def without_timing(result):
    data = result.to_data()
    data.pop("timing")
    return data


def test_ray_results_are_identical_to_a_local_run(local_ray):
    reg = registry()
    local = run_tournament(reg, "market", BOTS, players=2, games=4, seed=3)
    on_ray = run_tournament(reg, "market", BOTS, players=2, games=4, seed=3, backend="ray", jobs=0)
    assert without_timing(on_ray) == without_timing(local)


def test_faults_on_ray_forfeit_and_the_tournament_goes_on(local_ray):
    reg = registry()
    result = run_tournament(reg, "market", ["random", "crasher", "sleeper"], players=2, games=2, seed=1,
                            move_timeout=0.3, backend="ray", jobs=2)
    reasons = {f["bot"]: f["reason"] for f in result.to_data()["forfeits"]}
    assert "raised RuntimeError" in reasons["crasher"] and "timed out" in reasons["sleeper"]
    assert len(result.outcomes) == 3 * 2


def test_resume_works_across_backends(local_ray, tmp_path):
    reg = registry()
    path = tmp_path / "run.jsonl"
    whole = run_tournament(reg, "market", BOTS, players=2, games=4, seed=5)
    first = run_tournament(reg, "market", BOTS[:2] + ["cautious"], players=2, games=4, seed=5, out=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:7]))
    resumed = run_tournament(reg, "market", BOTS, players=2, games=4, seed=5, out=path, resume=True,
                             backend="ray", jobs=0)
    assert resumed.played == 6 and without_timing(resumed) == without_timing(whole) == without_timing(first)
