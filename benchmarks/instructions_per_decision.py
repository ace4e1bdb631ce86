"""Instructions per bare decision (legal actions, apply) of random playouts, per commit, counted by
valgrind: a load-proof figure on a shared machine, where CPU time varies by 10-20% between runs.

    .venv/bin/python benchmarks/instructions_per_decision.py combo_breaker --players 4 --games 100 \\
        --rev e4ad589 --rev HEAD
    .venv/bin/python benchmarks/instructions_per_decision.py combo_breaker --players 4 -o double_wild=false \\
        --rev e4ad589 --rev HEAD

Each revision is checked out into a temporary `git worktree` and its packages put first on
`PYTHONPATH` (as `compare_commits.py` does). To measure a change before committing it,
`--rev WORKTREE` is this checkout as it is (HEAD plus a snapshot of every uncommitted file, other
engineers' half-done edits included) and `--rev WORKTREE:PATH,...` HEAD plus only the uncommitted
files under those paths:

    .venv/bin/python benchmarks/instructions_per_decision.py linko --players 4 --games 40 \\
        --rev HEAD --rev WORKTREE:core/rng.py,core/zones

The loop counted is each revision's own `meeple.bench.random_playouts(game, games, views=False)`,
the very region `meeple bench --no-views` times (same seeds, same chooser, its sample clones
included); only the operation costs it samples after the timer stops are switched off. (Until
session 6 the loop was a copy of it at a script's top level, where every name is a dict lookup:
about 1,000 instructions per decision more on both sides.) The figure is *marginal*: the
instructions of games 1..`--games` minus those of games 1..`--games`/5, per decision in between,
so imports and the warm-up of lazily filled tables are left out. Needs `valgrind` on PATH; about
a minute per revision for 100 Combo Breaker games.

`--views` counts `random_playouts(..., views=True)` instead, the region `meeple bench --views`
times (a view taken and dropped at every decision): with the figure without it, what a view costs.

`--search SPEC` counts a search bot instead: instructions per search iteration at the first
decision of deals 0 and 1 (the position `benchmarks/ismcts_speed.py` times), `--games` being the
iterations per decision (marginal again: N iterations minus N/5):

    .venv/bin/python benchmarks/instructions_per_decision.py linko --players 4 --games 200 \\
        --search ismcts:rollout=random --rev e4ad589 --rev HEAD
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from compare_commits import REPO, link_packages

LOOP = """
import sys
from meeple import bench
from meeple.cli.common import game_options, load_registry
game_id, players, games, views = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "views"
registry = load_registry()
game = registry.create(game_id, players, game_options(registry, game_id, None, sys.argv[5:]))
bench._operation_costs = lambda game, samples, rng: {}  # sampled after bench's timer stops
print("decisions", bench.random_playouts(game, games, seed=0, views=views).decisions)
"""

SEARCH_LOOP = """
import sys
from meeple import BotSpec
from meeple.cli.common import game_options, load_registry
game_id, players, iterations, spec = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
registry = load_registry()
game = registry.create(game_id, players, game_options(registry, game_id, None, sys.argv[5:]))
spec = BotSpec.parse(f"{spec},iterations={iterations}" if ":" in spec else f"{spec}:iterations={iterations}")
for deal in range(2):
    state = game.new_state(deal)
    seat = state.current_player
    bot = registry.make_bot(spec, game, seat, {"seed": deal})
    bot.act(state.view(seat), state.legal_actions(seat))
print("decisions", 2 * iterations)
"""


def count(pythonpath: list[str], args: list[str], counted: bool = True, search: bool = False) -> tuple[int, int]:
    """(instructions, decisions) of one run of the loop under callgrind (`counted=False`: a
    plain run, instructions 0, that only compiles the tree's modules)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(pythonpath))
    tool = CALLGRIND if counted else []
    loop = SEARCH_LOOP if search else LOOP
    done = subprocess.run([*tool, sys.executable, "-c", loop, *args], env=env, capture_output=True, text=True)
    instructions = re.search(r"Collected : (\d+)", done.stderr)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    if done.returncode or not decisions or (counted and not instructions):
        raise SystemExit(f"instructions_per_decision: error: the run failed:\n{done.stderr[-2000:]}")
    return int(instructions.group(1)) if counted else 0, int(decisions.group(1))


CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
WORKTREE = "WORKTREE"


def uncommitted(paths: list[str]) -> list[str]:
    """The files of this checkout under `paths` (all by default) that differ from HEAD or are
    new and not ignored (deleted ones are left out: a snapshot copies what is there)."""
    def listed(*command: str) -> list[str]:
        done = subprocess.run(["git", "-C", str(REPO), *command, "--", *paths], capture_output=True, text=True,
                              check=True)
        return done.stdout.splitlines()
    changed = listed("diff", "--name-only", "HEAD") + listed("ls-files", "--others", "--exclude-standard")
    return sorted(name for name in set(changed) if (REPO / name).is_file())


def each_revision(revs: list[str], prefix: str):
    """Each of `revs` checked out in turn into a temporary worktree: yields `(what was measured,
    tree, links)` (`links`: a folder for `link_packages`), and removes the worktree after."""
    with tempfile.TemporaryDirectory(prefix=prefix) as temp:
        for rev in revs:
            tree, links = Path(temp) / "tree", Path(temp) / "packages"
            try:
                yield check_out(rev, tree), tree, links
            finally:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], check=True)


def print_ratios(counted: list[float]) -> None:
    """The first revision's count against each later one's: how many times fewer."""
    if len(counted) > 1:
        print("ratio (first / later): " + ", ".join(f"{counted[0] / per:.2f}x" for per in counted[1:]))


def check_out(rev: str, into: Path) -> str:
    """Put the tree of `rev` into `into` (a detached git worktree); returns what was measured.

    `WORKTREE` is this checkout as it is, uncommitted edits included (HEAD plus a copy of every
    file that differs); `WORKTREE:PATH,PATH...` is HEAD plus only the uncommitted files under
    those paths (your own edits, not the other engineers' half-done ones). Copied once, so an
    edit made during the measurement cannot reach one run and not the other."""
    name, _, paths = rev.partition(":")
    base = "HEAD" if name == WORKTREE else rev
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(into), base], check=True)
    if name != WORKTREE:
        return rev
    copied = uncommitted([p for p in paths.split(",") if p])
    for file in copied:
        (into / file).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / file, into / file)
    return f"{rev} (HEAD + {len(copied)} uncommitted file{'s' if len(copied) != 1 else ''})"


def per_decision(tree: Path, links: Path, loop_args: list[str], games: int,
                 options: list[str], search: str | None = None, views: bool = False) -> tuple[float, int, int]:
    """(instructions per decision, decisions measured, warm-up decisions) of the packages in `tree`.

    One uncounted game first compiles the tree's modules, so neither counted run pays for it."""
    links.mkdir()
    try:
        path = link_packages(tree, links)
        spec = [search] if search else ["views" if views else "bare"]
        count(path, [*loop_args, "1", *spec, *options], counted=False, search=bool(search))
        warm, warm_decisions = count(path, [*loop_args, str(games // 5), *spec, *options], search=bool(search))
        full, decisions = count(path, [*loop_args, str(games), *spec, *options], search=bool(search))
    finally:
        for link in links.iterdir():
            link.unlink()
        links.rmdir()
    return (full - warm) / (decisions - warm_decisions), decisions - warm_decisions, warm_decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--option", "-o", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--rev", action="append", required=True,
                        help=f"a git revision, {WORKTREE} (this checkout as it is) or {WORKTREE}:PATH,... "
                             f"(HEAD plus the uncommitted files under those paths); repeat")
    parser.add_argument("--views", action="store_true", help="take (and drop) the deciding seat's view "
                        "at every decision, as `meeple bench --views` does")
    parser.add_argument("--search", metavar="SPEC", help="count a search bot's iterations at the first "
                        "decision instead (--games: iterations per decision)")
    args = parser.parse_args()
    loop_args = [args.game, str(args.players)]
    counted: list[float] = []
    for measured_tree, worktree, links in each_revision(args.rev, "meeple-instructions-"):
        per, measured, warm = per_decision(worktree, links, loop_args, args.games, args.option, args.search,
                                           args.views)
        unit = f"iteration of {args.search}" if args.search else "decision"
        print(f"{measured_tree}: {per:,.0f} instructions per {unit} ({measured} {unit.split()[0]}s after "
              f"the first {warm}; {args.game} {args.players}p {' '.join(args.option)}"
              f"{' with views' if args.views else ''})", flush=True)
        counted.append(per)
    print_ratios(counted)

if __name__ == "__main__":
    main()
