"""A saved policy served over the bot protocol (docs/bots.md), for `exec:` bots:

    meeple match linkage --bot 'exec:python -m meeple.rl.policy_bot linkage.npz' --bot greedy

The policy is a `MaskedPolicy` (``.npz``), an ONNX model (``.onnx``) or a TorchScript module
(``.pt``), read by `meeple.rl.policy.load_policy`.

Reads `hello` (game, players, options, seat), builds the game from the installed plugins, then
answers each `decide` with the index, in `legal`, of the policy's choice for the view it was given;
after `end`, a next `hello` starts another game with the policy already loaded (`--keep-bots`).
Only the protocol's JSON reaches it, as with any exec: bot. A bad policy file is one line on
standard error and exit status 2.
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from ..botdriver import read_message, write_message
from ..botprocess import messages
from ..errors import MeepleError
from ..registry import Registry
from ..serialization import action_from_data, view_from_data
from .policy import ExportedPolicy, MaskedPolicy, PolicyBot, load_policy


def serve(policy: MaskedPolicy | ExportedPolicy, inbox: BinaryIO, out: BinaryIO) -> int:
    """Play games, each from its `hello` to its `end`, until the input ends: the policy is loaded
    once for them all (a host that keeps bots across a match, `--keep-bots`, sends the next
    game's `hello` on the same process)."""
    registry = None
    while True:
        hello = read_message(inbox)
        if hello is None:
            return 0
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return 2
        registry = registry or Registry.load()
        if not _play(registry, policy, hello, inbox, out):
            return 0


def _play(registry: Registry, policy: MaskedPolicy | ExportedPolicy, hello: dict, inbox: BinaryIO,
          out: BinaryIO) -> bool:
    """One game; True once it has ended with `end` (another `hello` may follow), False when the
    input ended first."""
    game = registry.create(hello["game"], hello["players"], hello["options"])
    game_cls = type(game)
    bot = PolicyBot(game, policy)
    write_message(out, {"type": "ready", "protocol": messages.PROTOCOL_VERSION, "name": policy.name,
                        "games": "many"})
    while True:
        message = read_message(inbox)
        if message is None:
            return False
        if message.get("type") == "end":
            return True
        view = view_from_data(game_cls, message["view"])
        legal = [action_from_data(game_cls, move["action"]) for move in message["legal"]]
        write_message(out, {"action": legal.index(bot.act(view, legal))})


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m meeple.rl.policy_bot POLICY (.npz, .onnx or .pt)", file=sys.stderr)
        return 2
    try:
        policy = load_policy(args[0])
    except (OSError, KeyError, ValueError, RuntimeError, MeepleError) as exc:
        print(f"meeple: error: cannot load policy {args[0]}: {exc}", file=sys.stderr)
        return 2
    try:
        return serve(policy, sys.stdin.buffer, sys.stdout.buffer)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
