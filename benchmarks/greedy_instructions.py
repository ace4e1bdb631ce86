"""Instructions per decision of a headless greedy match, per commit, counted by valgrind: what
`meeple match GAME --bot greedy ...` pays per decision, as a load-proof figure.

    .venv/bin/python benchmarks/greedy_instructions.py linko --players 4 --rev 1f5220b --rev HEAD
    .venv/bin/python benchmarks/greedy_instructions.py combo_breaker --players 4 --games 4 --warm 1 \\
        --rev 1f5220b --rev HEAD
    .venv/bin/python benchmarks/greedy_instructions.py linkage --rev 1f5220b --rev WORKTREE

The loop counted is each revision's own `meeple.runner.play_game` with the game's `greedy` bot
in every seat (game `n` dealt from seed `n`, seat `s`'s bot seeded `31 n + s`), the record made
at the end of each game included: what a match does between bots, without the CLI's start-up.
The figure is *marginal*: the instructions of games 1..`--games` minus those of games 1..`--warm`,
per decision in between, so imports and the warm-up of lazily filled tables are left out.
Revisions are checked out as `instructions_per_decision.py` does (`--rev WORKTREE` is this
checkout with its uncommitted edits). Needs `valgrind` on PATH; about half a minute per revision
for 10 Linko games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from compare_commits import link_packages
from instructions_per_decision import CALLGRIND, WORKTREE, each_revision, print_ratios
from script_args import positive_int

LOOP = """
import sys
from meeple import BotSpec
from meeple.cli.common import load_registry
from meeple.runner import play_game
game_id, players, games = sys.argv[1], int(sys.argv[2]) or None, int(sys.argv[3])
registry = load_registry()
game = registry.create(game_id, players, {})
names = [str(seat) for seat in range(game.players)]
decisions = 0
for number in range(games):
    bots = [registry.make_bot(BotSpec.parse("greedy"), game, seat, {"seed": 31 * number + seat})
            for seat in range(game.players)]
    record, _ = play_game(game, bots, number, names)
    decisions += len(record.actions)
print("decisions", decisions)
"""


def count(pythonpath: list[str], args: list[str], counted: bool = True) -> tuple[int, int]:
    """(instructions, decisions) of one run of the loop under callgrind (`counted=False`: a
    plain run, instructions 0, that only compiles the tree's modules)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(pythonpath))
    done = subprocess.run([*(CALLGRIND if counted else []), sys.executable, "-c", LOOP, *args], env=env,
                          capture_output=True, text=True)
    instructions = re.search(r"Collected : (\d+)", done.stderr)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    if done.returncode or not decisions or (counted and not instructions):
        raise SystemExit(f"greedy_instructions: error: the run failed:\n{done.stderr[-2000:]}")
    return int(instructions.group(1)) if counted else 0, int(decisions.group(1))


def per_decision(tree: Path, links: Path, game: str, players: int, games: int, warm: int) -> tuple[float, int]:
    """(instructions per decision, decisions measured) of the packages in `tree`."""
    links.mkdir()
    try:
        path = link_packages(tree, links)
        count(path, [game, str(players), "1"], counted=False)
        warm_instructions, warm_decisions = count(path, [game, str(players), str(warm)])
        instructions, decisions = count(path, [game, str(players), str(games)])
    finally:
        for link in links.iterdir():
            link.unlink()
        links.rmdir()
    return (instructions - warm_instructions) / (decisions - warm_decisions), decisions - warm_decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=0, help="player count (default: the game's)")
    parser.add_argument("--games", type=positive_int, default=10)
    parser.add_argument("--warm", type=positive_int, default=2, help="games left out of the figure")
    parser.add_argument("--rev", action="append", required=True,
                        help=f"a git revision, {WORKTREE} or {WORKTREE}:PATH,... (see "
                             f"instructions_per_decision.py); repeat")
    args = parser.parse_args()
    if args.warm >= args.games:
        parser.error(f"--warm ({args.warm}) must be below --games ({args.games})")
    counted: list[float] = []
    for measured, tree, links in each_revision(args.rev, "meeple-greedy-instructions-"):
        per, decisions = per_decision(tree, links, args.game, args.players, args.games, args.warm)
        print(f"{measured}: {per:,.0f} instructions per greedy decision ({decisions} decisions of games "
              f"{args.warm + 1}-{args.games}; {args.game} {args.players or 'default'}p)", flush=True)
        counted.append(per)
    print_ratios(counted)


if __name__ == "__main__":
    main()
