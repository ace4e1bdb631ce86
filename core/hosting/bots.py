"""Asking a bot for a move, the one way every host does it: within its time, and any failure
turned into one reason that reads after the bot's name.

A bot that raises, calls `sys.exit`, raises KeyboardInterrupt itself, runs over its time, dies
(a bot in its own process), or answers an action that is not legal fails with `BotFailed`: the
host records a forfeit (a match, the server) or saves the game and stops (terminal play) — it
never stops itself. Only a real Ctrl-C, seen by `HostInterrupts`, goes on as KeyboardInterrupt.

How the time is enforced depends on where the bot runs (`ask_bot`): interrupted
on the main thread, abandoned in a helper thread (an in-process bot cannot be killed there: use
bots in their own processes for code you do not trust), killed with its process otherwise.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import TYPE_CHECKING, Sequence

from ..botprocess.errors import BotProcessError
from ..errors import MeepleError

if TYPE_CHECKING:
    from ..actions import Action
    from ..bots import Bot
    from ..view import View


class MoveTimeout(BaseException):
    """Raised inside a bot's `act` when its move time is up (a BaseException, so a bot's
    ``except Exception`` cannot hide it)."""


def ask_bot(bot: "Bot", view: "View", legal: Sequence["Action"], seat: int, timeout: float | None) -> "Action":
    """`bot`'s answer for `seat`, given that seat's `view` and `legal` actions, within `timeout`
    seconds (None: no limit): interrupted on the main thread, abandoned elsewhere (MoveTimeout).
    Whatever the bot raises is raised here; the host judges the answer's legality."""
    if timeout is None:
        return bot.act(view, legal)
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        return _ask_interrupting(bot, view, legal, timeout)
    return _ask_in_thread(bot, view, legal, seat, timeout)


def _ask_interrupting(bot: "Bot", view: "View", legal: Sequence["Action"], timeout: float) -> "Action":
    """Interrupt the bot with MoveTimeout when the interval timer fires."""

    def expire(signum, frame) -> None:
        raise MoveTimeout(f"no answer within {timeout:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return bot.act(view, legal)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _ask_in_thread(bot: "Bot", view: "View", legal: Sequence["Action"], seat: int, timeout: float) -> "Action":
    """Off the main thread no signal can reach the bot: stop waiting for it (it runs on)."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["action"] = bot.act(view, legal)
        except BaseException as exc:  # reported to the host below
            box["error"] = exc

    worker = threading.Thread(target=run, name=f"meeple-bot-seat-{seat}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise MoveTimeout(f"no answer within {timeout:g} s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["action"]  # type: ignore[return-value]


class HostInterrupts:
    """Tells a real Ctrl-C from a bot raising KeyboardInterrupt itself.

    While active (on the main thread, where signals are delivered), the SIGINT handler first sets
    `received`, then does what the previous handler did (by default: raise KeyboardInterrupt).
    A KeyboardInterrupt seen while `received` is False was raised by a bot, not by the user. A
    process that ignores SIGINT (tournament workers: the host stops them) keeps ignoring it.
    """

    def __init__(self) -> None:
        self.received = False

    @contextlib.contextmanager
    def watching(self):
        if threading.current_thread() is not threading.main_thread():
            yield self  # no signal reaches this thread: any KeyboardInterrupt here is a bot's
            return
        previous = signal.getsignal(signal.SIGINT)
        if not callable(previous):  # SIG_IGN or SIG_DFL: nothing raises KeyboardInterrupt for it
            yield self
            return

        def note(signum, frame):
            self.received = True
            return previous(signum, frame)

        signal.signal(signal.SIGINT, note)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, previous)




class BotFailed(MeepleError):
    """A bot gave no legal move. The message is ``f"{who} {reason}"`` ("bot greedy timed out:
    no answer within 2 s"); `cause` is what the bot raised, if anything."""

    def __init__(self, seat: int, who: str, reason: str, cause: BaseException | None = None) -> None:
        super().__init__(f"{who} {reason}")
        self.seat, self.who, self.reason, self.cause = seat, who, reason, cause


def ask(bot: "Bot", view: "View", legal: Sequence["Action"], seat: int, timeout: float | None, who: str,
        interrupts: HostInterrupts | None = None) -> "Action":
    """`bot`'s legal answer for `seat` within `timeout` seconds (None: no limit); BotFailed,
    its message starting with `who`, for any other ending. With `interrupts`, a real Ctrl-C is
    raised as KeyboardInterrupt, even if the bot swallowed it."""
    try:
        action = ask_bot(bot, view, legal, seat, timeout)
    except MoveTimeout as exc:
        raise BotFailed(seat, who, f"timed out: {exc}") from None
    except BotProcessError as exc:
        raise BotFailed(seat, who, str(exc), exc) from None
    except SystemExit as exc:
        raise BotFailed(seat, who, f"tried to exit the host (sys.exit({exc.code!r}))", exc) from None
    except KeyboardInterrupt as exc:
        if interrupts is not None and interrupts.received:
            raise
        raise BotFailed(seat, who, "raised KeyboardInterrupt (no Ctrl-C was pressed)", exc) from None
    except Exception as exc:
        raise BotFailed(seat, who, f"raised {type(exc).__name__}: {exc}", exc) from None
    if interrupts is not None and interrupts.received:
        raise KeyboardInterrupt  # the bot caught the person's Ctrl-C; it still counts
    if not _among(action, legal):
        raise BotFailed(seat, who, f"chose an illegal action: {action!r}")
    return action


def _among(action: "Action", legal: Sequence["Action"]) -> bool:
    """Whether `action` is one of `legal`: a bot hands back one of those very objects, found by
    identity (no `==` between actions on the way), else an equal one."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


__all__ = ["BotFailed", "HostInterrupts", "MoveTimeout", "ask", "ask_bot"]
