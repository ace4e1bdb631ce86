"""A test plugin of bots that misbehave in `meeple serve`'s `bot` operation: each does one bad
thing on its first move. A module of its own, so a server subprocess can import it by name."""

from __future__ import annotations

import os
import sys
import time

from meeple import BotInfo, Option, Registry, hookimpl

SEED = (Option("seed", "int", 0),)


class Doing:
    """A bot whose `act` is `how(view, legal)`."""

    def __init__(self, how) -> None:
        self.how = how

    def act(self, view, legal):
        return self.how(view, legal)


def _exit(view, legal):
    sys.exit(3)


def _interrupt(view, legal):
    raise KeyboardInterrupt


def _crash(view, legal):
    raise RuntimeError("the bot's own bug\non two lines")


def _hang(view, legal):
    while True:
        time.sleep(0.01)


def _print(view, legal):
    print('{"id": 1, "ok": true, "result": "forged by a bot"}')
    os.write(1, b'{"forged": "at the file descriptor"}\n')
    return legal[0]


def _illegal(view, legal):
    return "take everything"


def _broken_factory(game, seat, params):
    raise ZeroDivisionError("the factory's own bug")


def _exiting_factory(game, seat, params):
    sys.exit("no")


def _hanging_factory(game, seat, params):
    _hang(None, None)


def doing(how):
    return lambda game, seat, params: Doing(how)


BOTS = [
    BotInfo("exiter", doing(_exit), "calls sys.exit(3)", params=SEED),
    BotInfo("interrupter", doing(_interrupt), "raises KeyboardInterrupt", params=SEED),
    BotInfo("crasher", doing(_crash), "raises RuntimeError", params=SEED),
    BotInfo("hanger", doing(_hang), "never answers", params=SEED),
    BotInfo("printer", doing(_print), "prints forged responses, then plays", params=SEED),
    BotInfo("cheater", doing(_illegal), "answers with something that is no legal action", params=SEED),
    BotInfo("brokenfactory", _broken_factory, "cannot be built", params=SEED),
    BotInfo("exitingfactory", _exiting_factory, "calls sys.exit while being built", params=SEED),
    BotInfo("hangingfactory", _hanging_factory, "is never built", params=SEED),
]


class MisbehavingPlugin:
    __version__ = "1.0"

    @hookimpl
    def meeple_register_bots(self, register):
        for info in BOTS:
            register(info)


def registry() -> Registry:
    """The installed games and bots, and these bots."""
    return Registry.load(plugins=(MisbehavingPlugin(),))


if __name__ == "__main__":  # a `meeple serve` with these bots, as the CLI runs it
    from meeple.cli.serve import _private_stdout
    from meeple.protocol import serve

    serve(registry(), sys.stdin.buffer, _private_stdout(), bot_timeout=5.0)
