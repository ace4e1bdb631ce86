"""Instructions per bare decision (legal actions, apply) of random playouts, per commit, counted by
valgrind: a load-proof figure on a shared machine, where CPU time varies by 10-20% between runs.

    .venv/bin/python benchmarks/instructions_per_decision.py combo_breaker --players 4 --games 100 \\
        --rev e4ad589 --rev HEAD
    .venv/bin/python benchmarks/instructions_per_decision.py combo_breaker --players 4 -o double_wild=false \\
        --rev e4ad589 --rev HEAD

Each revision is checked out into a temporary `git worktree` and its packages put first on
`PYTHONPATH` (as `compare_commits.py` does). The loop is `meeple bench --no-views`'s (same seeds,
same chooser) without its sampling of operation costs. The figure is *marginal*: the instructions
of games 1..`--games` minus those of games 1..`--games`/5, per decision in between, so imports and
the warm-up of lazily filled tables are left out. Needs `valgrind` on PATH; about a minute per
revision for 100 Combo Breaker games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from compare_commits import REPO, link_packages

LOOP = """
import sys
from meeple import Rng
from meeple.cli.common import game_options, load_registry
game_id, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
registry = load_registry()
game = registry.create(game_id, players, game_options(registry, game_id, None, sys.argv[4:]))
chooser, decisions = Rng(0 ^ 0xB0B), 0
for deal in range(games):
    state = game.new_state(deal)
    while state.pending:
        seat = state.current_player
        legal = state.legal_actions(seat)
        state.apply(legal[chooser.below(len(legal))], seat)
        decisions += 1
print("decisions", decisions)
"""


def count(pythonpath: list[str], args: list[str]) -> tuple[int, int]:
    """(instructions, decisions) of one run of the loop under callgrind."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(pythonpath))
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", LOOP, *args], env=env, capture_output=True, text=True)
    instructions = re.search(r"Collected : (\d+)", done.stderr)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    if done.returncode or not instructions or not decisions:
        raise SystemExit(f"instructions_per_decision: error: the run failed:\n{done.stderr[-2000:]}")
    return int(instructions.group(1)), int(decisions.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--rev", action="append", required=True, help="a git revision (repeat)")
    args = parser.parse_args()
    loop_args = [args.game, str(args.players)]
    with tempfile.TemporaryDirectory(prefix="meeple-instructions-") as temp:
        for rev in args.rev:
            worktree, links = Path(temp) / "tree", Path(temp) / "packages"
            links.mkdir()
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(worktree), rev],
                           check=True)
            try:
                path = link_packages(worktree, links)
                warm, warm_decisions = count(path, [*loop_args, str(args.games // 5), *args.option])
                full, decisions = count(path, [*loop_args, str(args.games), *args.option])
            finally:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(worktree)], check=True)
                for link in links.iterdir():
                    link.unlink()
                links.rmdir()
            per = (full - warm) / (decisions - warm_decisions)
            print(f"{rev}: {per:,.0f} instructions per decision ({decisions - warm_decisions} decisions after "
                  f"the first {warm_decisions}; {args.game} {args.players}p {' '.join(args.option)})", flush=True)


if __name__ == "__main__":
    main()
