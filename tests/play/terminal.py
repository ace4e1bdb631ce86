"""Driving the real `meeple` program through a pseudo-terminal, as a person would."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

MEEPLE = str(Path(sys.executable).with_name("meeple"))
#: The move prompt, e.g. `seat 0 [1-9, help]> `: the seat and the number of legal moves.
PROMPT = re.compile(r"seat (\d+) \[1-(\d+), help\]> ")
HAND_OVER = re.compile(r"seat (\d+): press Enter> ")
GAME_OVER = re.compile(r"Final result: ([^\r\n]*)")


def spawn(*args: str, cwd: Path | None = None, timeout: float = 20) -> pexpect.spawn:
    """`meeple ARGS...` on a fresh 200-column pseudo-terminal."""
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "200", "LINES": "50", "NO_COLOR": "1"}
    child = pexpect.spawn(MEEPLE, list(args), cwd=str(cwd) if cwd else None, env=env,
                          encoding="utf-8", timeout=timeout, dimensions=(50, 200))
    return child


def play_first_moves(child: pexpect.spawn, limit: int = 5000) -> tuple[int, str]:
    """Answer every prompt with `1` (the first legal move), pressing Enter at hotseat hand-overs,
    until the game ends. Returns the number of moves typed and the game-over line.
    """
    typed = 0
    while typed < limit:
        which = child.expect([PROMPT, HAND_OVER, GAME_OVER])
        if which == 2:
            return typed, child.match.group(1)
        child.sendline("" if which == 1 else "1")
        typed += which == 0
    raise AssertionError(f"no end after {limit} moves")


def finish(child: pexpect.spawn) -> int:
    """Wait for the program to exit; its exit status."""
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus
