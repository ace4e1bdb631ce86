"""Run one benchmark on this working tree and on an earlier commit, alternately, and print the ratio.

    .venv/bin/python benchmarks/compare_commits.py --base e4ad589 --metric decisions_per_cpu_s \\
        -- meeple bench linko --players 4 --json
    .venv/bin/python benchmarks/compare_commits.py --base e4ad589 --metric first.iterations_per_cpu_s \\
        -- benchmarks/ismcts_speed.py linko --players 4 --deals 3 --json

The earlier commit is checked out into a temporary `git worktree` (detached, removed afterwards),
so the working tree is never touched. Its packages are imported instead of this tree's through a
directory of links named as `pyproject.toml`'s `package-dir` maps them (`meeple` -> `core`, ...),
put first on `PYTHONPATH` together with the example plugins' `src` folders; each run checks which
`meeple` it imported. The benchmark itself is this tree's script (or `meeple ...`, the CLI of the
side being measured), so both sides run the same measurement.

The command must print JSON; `--metric` is a dotted path to a number in it. Runs alternate,
base then current, `--rounds` times, so a machine that gets busier or quieter during the
comparison weighs on both sides alike; the ratio is of the medians (current / base).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLI = "import sys; from meeple.cli.app import run; sys.argv[0] = 'meeple'; run()"


def link_packages(tree: Path, into: Path) -> list[str]:
    """Links named as the tree's packages, in `into`; returns the PYTHONPATH entries for the tree."""
    config = tomllib.loads((tree / "pyproject.toml").read_text())
    for name, folder in config["tool"]["setuptools"]["package-dir"].items():
        (into / name).symlink_to(tree / folder, target_is_directory=True)
    examples = sorted(str(src) for src in (tree / "docs" / "examples").glob("*/src") if src.is_dir())
    return [str(into), *examples]


def command_line(command: list[str]) -> list[str]:
    """The Python command line for `meeple ...` or for a script path (this tree's script)."""
    if command[0] == "meeple":
        return [sys.executable, "-c", CLI, *command[1:]]
    script = Path(command[0])
    return [sys.executable, str(script if script.is_absolute() else REPO / script), *command[1:]]


def metric(output: str, path: str) -> float:
    value = json.loads(output)
    for key in path.split("."):
        value = value[key]
    if not isinstance(value, (int, float)):
        raise SystemExit(f"compare_commits: error: {path} is {value!r}, not a number")
    return float(value)


def run(command: list[str], pythonpath: list[str] | None, expect_meeple_in: Path) -> str:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join([*pythonpath, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    where = subprocess.run([sys.executable, "-c", "import meeple; print(meeple.__file__)"], env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    if not Path(where).resolve().is_relative_to(expect_meeple_in.resolve()):
        raise SystemExit(f"compare_commits: error: imported meeple from {where}, expected {expect_meeple_in}")
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=REPO)
    if done.returncode:
        raise SystemExit(f"compare_commits: error: {' '.join(command)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--metric", required=True, help="dotted path to a number in the JSON output")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side, alternating")
    parser.add_argument("command", nargs="+", help="`meeple ...` or a benchmark script and its arguments")
    args = parser.parse_args()
    command = command_line(args.command)
    with tempfile.TemporaryDirectory(prefix="meeple-compare-") as temp:
        worktree, links = Path(temp) / "base", Path(temp) / "packages"
        links.mkdir()
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(worktree), args.base],
                       check=True)
        try:
            base_path = link_packages(worktree, links)
            figures: dict[str, list[float]] = {"base": [], "current": []}
            for _ in range(args.rounds):
                figures["base"].append(metric(run(command, base_path, worktree), args.metric))
                figures["current"].append(metric(run(command, None, REPO), args.metric))
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(worktree)], check=True)
    base, current = statistics.median(figures["base"]), statistics.median(figures["current"])
    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", args.base], capture_output=True,
                            text=True).stdout.strip()
    print(f"{args.metric}: base {commit} {base:,.1f} (runs {', '.join(f'{x:,.0f}' for x in figures['base'])})")
    print(f"{args.metric}: current tree {current:,.1f} (runs {', '.join(f'{x:,.0f}' for x in figures['current'])})")
    print(f"ratio current / base: {current / base:.2f}x")


if __name__ == "__main__":
    main()
