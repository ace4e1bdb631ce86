"""The built-in Python driver: a registered bot speaking the bot protocol from its own process.

``python -m meeple.botdriver SPEC [--source BLOB]`` loads the plugins (the installed ones, or
those `--source` names: a pickled `RegistrySource`, which the host writes), reads `hello`, builds
the bot SPEC for that seat with the seed it was given, answers `ready` (saying it plays many
games), and then answers every `decide` until `end` or the end of its input. After `end`, a new
`hello` (a host keeping bots across a match's games) starts the next game with a bot built
afresh for it — nothing of the previous game is kept but the loaded plugins. Only the protocol's JSON reaches the bot: its view
and the legal actions, rebuilt here from their JSON; no object of the host's exists here.

Whatever the bot writes to standard output goes to standard error instead (the protocol owns
standard output). A bot that raises anything (``sys.exit`` included) answers ``{"error": ...}``
and the driver exits: the host records the forfeit with that reason.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import pickle
import sys
from typing import Any, BinaryIO

from .botprocess import messages
from .registry import RegistrySource
from .serialization import action_from_data, action_to_data, view_from_data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m meeple.botdriver",
                                     description="Run a registered meeple bot over the bot protocol (JSON lines on stdin/stdout).")
    parser.add_argument("spec", help="the bot: NAME or NAME:key=value,...")
    parser.add_argument("--source", help="the plugins to load (written by the host)")
    args = parser.parse_args(argv)
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # the bot's prints go to standard error
    sys.stdout = sys.stderr
    inbox = sys.stdin.buffer
    try:
        return _serve(args.spec, args.source, inbox, protocol)
    except BrokenPipeError:
        return 0  # the host went away


def _registry(source_blob: str | None):
    source = RegistrySource() if source_blob is None else pickle.loads(base64.b64decode(source_blob))
    return source.load()


def _serve(spec: str, source_blob: str | None, inbox: BinaryIO, out: BinaryIO) -> int:
    """Play games, each from its `hello` to its `end`, until the input ends."""
    registry = None
    while True:
        hello = read_message(inbox)
        if hello is None:
            return 0
        if not isinstance(hello, dict) or hello.get("type") != "hello" or hello.get("protocol") != messages.PROTOCOL_VERSION:
            print(f"meeple bot driver: expected hello (protocol {messages.PROTOCOL_VERSION}), got {str(hello)[:80]}",
                  file=sys.stderr)
            return 2
        registry = registry or _registry(source_blob)
        status = _play(registry, spec, hello, inbox, out)
        if status is not None:
            return status


def _play(registry, spec: str, hello: dict[str, Any], inbox: BinaryIO, out: BinaryIO) -> int | None:
    """One game, with a bot built for it; None once it has ended (`end`), else the exit status."""
    game = registry.create(hello["game"], hello["players"], hello["options"])
    game_cls = type(game)
    bot = registry.make_bot(spec, game, hello["seat"], {"seed": hello["seed"]})
    write_message(out, {"type": "ready", "protocol": messages.PROTOCOL_VERSION, "name": spec, "games": "many"})
    while True:
        message = read_message(inbox)
        if message is None:
            return 0
        if message.get("type") == "end":
            return None
        view = view_from_data(game_cls, message["view"])
        legal = [action_from_data(game_cls, move["action"]) for move in message["legal"]]
        try:
            action = bot.act(view, legal)
        except BaseException as exc:  # the bot's fault, whatever it is: forfeit with its reason
            write_message(out, {"error": _describe(exc)})
            return 1
        try:
            answer: Any = legal.index(action)
        except ValueError:  # not legal: send it anyway, the host's rules say why
            try:
                answer = action_to_data(game_cls, action)
            except Exception:
                answer = repr(action)
        write_message(out, {"action": answer})


def _describe(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r})"
    return f"raised {type(exc).__name__}" + (f": {exc}" if str(exc) else "")


def read_message(inbox: BinaryIO) -> Any:
    """The next bot-protocol message (one JSON line) from the host, None at the end of input."""
    line = inbox.readline()
    return json.loads(line) if line.strip() else None


def write_message(out: BinaryIO, message: dict[str, Any]) -> None:
    """Send one bot-protocol message to the host, as one JSON line, flushed at once."""
    out.write(messages.encode(message))
    out.flush()


if __name__ == "__main__":
    sys.exit(main())
