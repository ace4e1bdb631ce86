"""`meeple serve`: the JSON-lines protocol on stdin/stdout, for frontends in any language."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import UserError, load_registry, user_errors


def serve(
    save_dir: Annotated[Optional[Path], typer.Option("--save-dir", metavar="DIR", help="The directory where `save` and `load` with a `path` write and read save files (names inside it only). Without it, saving and loading by path are refused.")] = None,
    bot_timeout: Annotated[float, typer.Option("--bot-timeout", metavar="SECONDS", help="Seconds a bot may think in the `bot` operation (a request may ask for less).")] = 60.0,
) -> None:
    """Answer JSON requests, one per line on stdin, with one JSON response per line on stdout,
    until the end of input. The protocol (games, create, view, apply, bot, history, save, load,
    close) is specified in docs/protocol.md and by the JSON Schemas shipped in meeple.protocol.
    """
    from ..protocol import serve as run
    from ..tournament.runner import MAX_MOVE_TIMEOUT

    registry = load_registry()  # plugin warnings go to stderr: stdout carries responses only
    with user_errors():
        if not 0 < bot_timeout <= MAX_MOVE_TIMEOUT:  # nan fails too
            raise UserError(f"--bot-timeout must be a positive number of seconds, at most "
                            f"{MAX_MOVE_TIMEOUT:g} (one day); got {bot_timeout!r}")
        if save_dir is not None and not save_dir.is_dir():
            raise UserError(f"--save-dir {save_dir} is not a directory")
    run(registry, sys.stdin.buffer, _private_stdout(), save_dir=save_dir, bot_timeout=bot_timeout)


def _private_stdout():
    """Standard output for responses only: whatever plugin code prints (`print`, even a write to
    file descriptor 1) goes to standard error, so it can never pass for a response line."""
    sys.stdout.flush()
    responses = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return responses
