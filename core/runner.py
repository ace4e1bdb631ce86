"""Playing one game between bots: each bot sees only its view and the legal actions.

A bot that raises, answers with an action that is not legal, or (with a move timeout) takes too
long forfeits the game; the host goes on. The result is a `GameRecord` that replays exactly.

Move timeouts stop the bot, not just stop waiting for it: on the main thread of a process (where
the tournament workers play) an interval timer interrupts the bot's `act` with `MoveTimeout`,
which a bot cannot swallow with ``except Exception``. Elsewhere (a host's helper thread) the bot
runs in a daemon thread the host stops waiting for, and which cannot be killed; the tournament
runner's worker processes add the last resort, killing a worker whose bot does not return even
when interrupted (a C extension that never checks for signals).

A bot that ends its own turn badly in any way forfeits, never the host: an exception, and also
``sys.exit`` (SystemExit) or a KeyboardInterrupt it raises itself. Only a real Ctrl-C (SIGINT
delivered to this process) stops the run: while a game is played on the main thread, the SIGINT
handler notes that the signal arrived before raising, so the host can tell the two apart.
A bot running in its own process (`meeple.botprocess`) reports its faults as `BotProcessError`,
whose message reads after the bot's name ("bot X timed out: ...").

Every owing seat is asked, with its own view: a simultaneous decision asks each seat that owes a
choice in turn (ascending), and no view holds another seat's pending choice, so the order is
invisible to the bots. The record gets what `State.apply` returns (a simultaneous decision's
choices once all are in, in seat order); a bot that fails in the middle of one forfeits, naming
its seat, and the choices already made are withdrawn, so the record replays to the final state.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from operator import indexOf
from typing import Callable, Protocol, Sequence

from .actions import Action
from .botprocess.errors import BotProcessError
from .bots import Bot
from .errors import MeepleError
from .game import Game
from .records import Forfeit, GameRecord, make_record
from .state import State
from .view import View

Observer = Callable[[State, int, Action], None]


class MoveTimeout(BaseException):
    """Raised inside a bot's `act` when its move time is up (a BaseException, so a bot's
    ``except Exception`` cannot hide it)."""


class MoveMonitor(Protocol):
    """Watches a game from outside the bots (a tournament worker reports to its supervisor)."""

    def thinking(self, seat: int, deadline: float | None) -> None:
        """`seat`'s bot is about to act; `deadline` is the `time.monotonic()` it must answer by."""

    def answered(self) -> None:
        """The bot returned (or raised, or was interrupted): no deadline runs any more."""

    def played(self, index: int) -> None:
        """The bot answered with the legal action at `index` of `state.legal_actions()`."""


def ask_bot(bot: Bot, view: View, legal: Sequence[Action], seat: int, timeout: float | None) -> Action:
    """`bot`'s answer for `seat`, given that seat's `view` and `legal` actions, within `timeout`
    seconds (None: no limit): interrupted on the main thread, abandoned elsewhere (MoveTimeout).
    Whatever the bot raises is raised here; the host judges the answer's legality."""
    if timeout is None:
        return bot.act(view, legal)
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        return _ask_interrupting(bot, view, legal, timeout)
    return _ask_in_thread(bot, view, legal, seat, timeout)


def _ask_interrupting(bot: Bot, view: View, legal: Sequence[Action], timeout: float) -> Action:
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


def _ask_in_thread(bot: Bot, view: View, legal: Sequence[Action], seat: int, timeout: float) -> Action:
    """Off the main thread no signal can reach the bot: stop waiting for it (it runs on)."""
    view.fields  # build the (lazy) view here: the bot's thread may read it after the state moved on
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


def play_game(game: Game, bots: Sequence[Bot], seed: int, seat_names: Sequence[str],
              plugin_version: str = "0", move_timeout: float | None = None,
              observer: Observer | None = None,
              monitor: MoveMonitor | None = None) -> tuple[GameRecord, State]:
    """Play from `seed` with `bots[seat]` deciding for each seat; returns the record and final state."""
    if len(bots) != game.players:
        raise MeepleError(f"{game.spec.id} with {game.players} players needs {game.players} bots, got {len(bots)}")
    state = game.new_state(seed)
    actions: list[Action] = []
    limit = game.max_length()
    with HostInterrupts().watching() as interrupts:
        forfeit = _play(game, bots, state, actions, limit, seat_names, move_timeout, observer, monitor,
                        interrupts)
    record = make_record(state, seed, actions, tuple(seat_names), plugin_version, forfeit)
    return record, state


def _play(game: Game, bots: Sequence[Bot], state: State, actions: list[Action], limit: int,
          seat_names: Sequence[str], move_timeout: float | None, observer: Observer | None,
          monitor: MoveMonitor | None, interrupts: HostInterrupts) -> Forfeit | None:
    """The game loop: play until the end or a forfeit (returned), appending to `actions`."""
    forfeit: Forfeit | None = None
    while not state.is_terminal:
        if state.moves >= limit:  # each seat's choice of a simultaneous decision counts as one
            raise MeepleError(f"{game.spec.id} exceeded its declared maximum length of {limit} decisions")
        seat = state.current_player  # the lowest seat that owes a choice
        assert seat is not None
        legal = state.legal_actions(seat)
        if monitor is not None:
            monitor.thinking(seat, None if move_timeout is None else time.monotonic() + move_timeout)
        try:
            action = ask_bot(bots[seat], state.view(seat), legal, seat, move_timeout)
        except MoveTimeout as exc:
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} timed out: {exc}")
            break
        except BotProcessError as exc:
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} {exc}")
            break
        except SystemExit as exc:
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} tried to exit the host (sys.exit({exc.code!r}))")
            break
        except KeyboardInterrupt:
            if interrupts.received:
                raise  # the user pressed Ctrl-C: stop the run
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} raised KeyboardInterrupt (no Ctrl-C was pressed)")
            break
        except Exception as exc:
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} raised {type(exc).__name__}: {exc}")
            break
        finally:
            if monitor is not None:
                monitor.answered()
        if not state.is_legal(action, seat):
            forfeit = Forfeit(seat, f"bot {seat_names[seat]} chose an illegal action: {action!r}")
            break
        if monitor is not None:
            monitor.played(indexOf(legal, action))
        actions.extend(state.apply(action, seat))
        if observer is not None:
            observer(state, seat, action)
    if forfeit is not None:
        state.withdraw_choices()  # a simultaneous decision cut short: its choices are in no record
    return forfeit
