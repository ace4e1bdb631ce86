"""`meeple serve`: the JSON-lines protocol on stdin/stdout, for frontends in any language."""

from __future__ import annotations

import sys

from .common import load_registry


def serve() -> None:
    """Answer JSON requests, one per line on stdin, with one JSON response per line on stdout,
    until the end of input. The protocol (games, create, view, apply, bot, history, save, load,
    close) is specified in docs/protocol.md and by the JSON Schemas shipped in meeple.protocol.
    """
    from ..protocol import serve as run

    registry = load_registry()  # plugin warnings go to stderr: stdout carries responses only
    run(registry, sys.stdin.buffer, sys.stdout)
