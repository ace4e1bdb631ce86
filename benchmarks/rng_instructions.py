"""Instructions per draw of `meeple.Rng`, per revision of core/rng.py, counted by valgrind: what a
random playout's chooser pays per `below` and what a deal pays per shuffle, load-proof.

    .venv/bin/python benchmarks/rng_instructions.py --rev HEAD --rev WORKTREE

(`instructions_per_decision.py` counts the whole engine per decision, the generator included.)

Each revision's core/rng.py (`WORKTREE`: the file as it is in this checkout) is loaded on its own
(it imports nothing from meeple) and runs, under callgrind, `--calls` calls of `rng.below(7)` from
one generator (as `meeple bench`'s chooser draws once per decision) and `--shuffles` shuffles of a
list of `--cards` cards from another (54 as Combo Breaker deals; Linko shuffles 109). The figures are *marginal*: the instructions of
the full run minus those of a run a fifth as long, per call in between, so start-up is left out.
Needs `valgrind` on PATH; a few seconds per revision.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from script_args import positive_int

REPO = Path(__file__).resolve().parent.parent
CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]

LOOP = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("rng_under_test", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
kind, times, cards = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

def belows(rng, times):
    for _ in range(times):
        rng.below(7)

def shuffles(rng, times):
    deck = list(range(cards))
    for _ in range(times):
        rng.shuffle(deck)

(belows if kind == "below" else shuffles)(module.Rng(2024), times)
"""


def instructions(rng_file: Path, kind: str, times: int, cards: int) -> int:
    """Instructions of one run of `times` draws of `kind` (shuffles of `cards`) under callgrind."""
    done = subprocess.run([*CALLGRIND, sys.executable, "-c", LOOP, str(rng_file), kind, str(times), str(cards)],
                          capture_output=True, text=True)
    counted = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not counted:
        raise SystemExit(f"rng_instructions: error: the run failed:\n{done.stderr[-2000:]}")
    return int(counted.group(1))


def marginal(rng_file: Path, kind: str, times: int, cards: int) -> float:
    """Instructions per call of `kind`, start-up left out (`times` calls minus `times` // 5)."""
    return ((instructions(rng_file, kind, times, cards) - instructions(rng_file, kind, times // 5, cards))
            / (times - times // 5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", action="append", required=True,
                        help="a git revision, or WORKTREE (core/rng.py as it is in this checkout); repeat")
    parser.add_argument("--calls", type=positive_int, default=200_000, help="below(7) calls (default 200,000)")
    parser.add_argument("--shuffles", type=positive_int, default=2_000, help="shuffles (default 2,000)")
    parser.add_argument("--cards", type=positive_int, default=54, help="cards per shuffle (default 54)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="meeple-rng-") as temp:
        for rev in args.rev:
            if rev == "WORKTREE":
                rng_file = REPO / "core" / "rng.py"
            else:
                shown = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:core/rng.py"],
                                       capture_output=True, text=True)
                if shown.returncode:
                    raise SystemExit(f"rng_instructions: error: no core/rng.py at {rev}: {shown.stderr.strip()}")
                rng_file = Path(temp) / f"rng_{len(list(Path(temp).iterdir()))}.py"
                rng_file.write_text(shown.stdout)
            below = marginal(rng_file, "below", args.calls, args.cards)
            shuffle = marginal(rng_file, "shuffle", args.shuffles, args.cards)
            outputs = max(args.cards - 1, 1)
            print(f"{rev}: below(7) {below:,.0f} instructions per call; shuffle of {args.cards} cards "
                  f"{shuffle:,.0f} per call ({shuffle / outputs:,.0f} per output)", flush=True)


if __name__ == "__main__":
    main()
