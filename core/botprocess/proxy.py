"""The host's side of a bot in its own process: a `Bot` whose `act` asks the process.

`ProcessBot` implements the `Bot` protocol, so the game runner needs no special case. Two front
doors build one, through the same protocol:

- `exec_bot`: any program (`--bot 'exec:python3 mybot.py'`), speaking the bot protocol itself;
- `isolated_bot`: a registered bot (`random`, `ismcts:iterations=200`, ...) run by the built-in
  Python driver, ``python -m meeple.botdriver SPEC`` (`--isolate`).

The process starts lazily (at `start`, or at the first decision) and plays ONE game: the host
calls `finish` when the game is over (or abandoned), which tells the bot and reaps the process.
A host that keeps bots across the games of a match (`keep=True`) lets a bot that said it plays
many games (``"games": "many"`` in `ready`) wait after `end`; `next_game` then greets it with the
next game's `hello` on the same process (a model loads once). Any other bot is started afresh.
A bot that crashes, breaks the protocol, answers garbage or gives up raises BotProcessError,
which the runner turns into a forfeit with that reason; a move timeout interrupting `act` (the
runner's) kills the process, since it can no longer be trusted to be in step.
"""

from __future__ import annotations

import base64
import os
import pickle
import shlex
import shutil
import sys
import time
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..actions import Action
from ..bots import BotSpec
from ..errors import OptionError
from ..view import View
from . import messages
from .channel import BotChannel
from .errors import BotProcessError

if TYPE_CHECKING:
    from ..game import Game
    from ..narration import Narrator

#: How long a bot process may take to start and answer `hello` (an interpreter importing its
#: libraries): not counted against its first move.
START_TIMEOUT = 60.0

#: The bot spec name that runs an external program: ``exec:COMMAND``.
EXEC = "exec"


class ProcessBot:
    """A bot playing one seat of one game from its own process."""

    def __init__(self, argv: Sequence[str], game: "Game", narrator: "Narrator", seat: int, seed: int,
                 move_timeout: float | None = None, env: Mapping[str, str] | None = None, nice: int = 0,
                 keep: bool = False) -> None:
        """`keep`: the host allows the process to outlive this game, for `next_game`."""
        self.argv = tuple(argv)
        self.nice = nice
        self.game = game
        self.narrator = narrator
        self.seat = seat
        self.seed = seed
        self.move_timeout = move_timeout
        self.env = None if env is None else dict(env)
        self.keep = keep
        self.channel: BotChannel | None = None
        self.failure: BotProcessError | None = None
        self.greeted = False  # this game's hello was answered
        self.many = False  # the bot said it plays many games, one after another
        self.done = False  # finished: no process is ever started again (a turn asked late fails)

    @property
    def pid(self) -> int | None:
        return None if self.channel is None else self.channel.pid

    def start(self) -> None:
        """Start the process (unless a previous game's is waiting, see `next_game`) and shake
        hands; a failure is kept and raised at the first decision."""
        if self.greeted or self.failure is not None:
            return
        if self.done:
            self.failure = BotProcessError("was let go: its game is over")
            return
        try:
            if self.channel is None:
                self.channel = BotChannel(self.argv, self.env, self.nice)
            if self.done:  # finished by another thread while this one started the process
                raise BotProcessError("was let go: its game is over")
            self.channel.send(messages.encode(messages.hello(self.game, self.seat, self.seed, self.move_timeout)))
            line = self.channel.receive(time.monotonic() + START_TIMEOUT)
            self.many = messages.read_ready(messages.decode(line, "answer to hello"))
            self.greeted = True
        except BotProcessError as exc:
            self.failure = BotProcessError(f"did not start: {exc}")
            self._kill()

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        self.start()
        if self.failure is not None:
            raise self.failure
        channel = self.channel
        assert channel is not None
        try:
            channel.send(messages.encode(messages.decide(self.game, self.narrator, view, legal)))
            deadline = None if self.move_timeout is None else time.monotonic() + self.move_timeout
            answer = messages.decode(channel.receive(deadline), "answer")
            return messages.read_answer(self.game, answer, legal)
        except BotProcessError as exc:
            self.failure = exc
            self._kill()
            raise
        except BaseException:  # interrupted mid-exchange (a move timeout, Ctrl-C): out of step for good
            self.failure = BotProcessError("was stopped in the middle of a decision")
            self._kill()
            raise

    def finish(self, result: Mapping[str, Any] | None = None, forfeit: Mapping[str, Any] | None = None) -> None:
        """The game is over (`result`) or abandoned (None): tell the bot, let it exit, reap it —
        or, kept for the match (`keep`) and able to play many games, let it wait for `next_game`.
        No process is started for this game's bot afterwards."""
        self.done = True
        if self.keep and self.many and result is not None and self.failure is None and self.channel is not None:
            try:
                self.channel.send(messages.encode(messages.end(result, forfeit)))
                return
            except BotProcessError:
                pass  # gone already: nothing to keep
        channel, self.channel = self.channel, None
        if channel is None:
            return
        farewell = None if result is None or self.failure is not None else messages.encode(messages.end(result, forfeit))
        channel.close(farewell)

    def next_game(self, game: "Game", seat: int, seed: int) -> "ProcessBot":
        """The bot for the match's next game (`seat`, its own `seed`): on this bot's process if it
        waits for one (see `finish`), else on a fresh process. Call after `finish`."""
        bot = ProcessBot(self.argv, game, self.narrator, seat, seed, self.move_timeout, self.env, self.nice,
                         keep=self.keep)
        if self.done and self.many and self.failure is None:
            bot.channel, self.channel = self.channel, None
        else:
            self.close()
        return bot

    def close(self) -> None:
        """The match is over: let a process kept waiting between games exit (its input closes)."""
        self.done = True
        channel, self.channel = self.channel, None
        if channel is not None:
            channel.close(None)

    def _kill(self) -> None:
        channel, self.channel = self.channel, None
        if channel is not None:
            channel.kill()

    def __del__(self) -> None:  # a host that forgot `finish` leaves no process behind
        try:
            self._kill()
        except Exception:
            pass


def finish_bots(bots: Sequence[object], result: Mapping[str, Any] | None = None,
                forfeit: Mapping[str, Any] | None = None) -> None:
    """Finish every `ProcessBot` among `bots` (in-process bots need nothing)."""
    for bot in bots:
        if isinstance(bot, ProcessBot):
            bot.finish(result, forfeit)


def start_bots(bots: Sequence[object]) -> None:
    """Start every `ProcessBot` among `bots` before the game, so start-up is not move time."""
    for bot in bots:
        if isinstance(bot, ProcessBot):
            bot.start()


# -- the two front doors ---------------------------------------------------------------------------

def exec_command(spec: BotSpec) -> list[str]:
    """The argv of an ``exec:COMMAND`` spec: COMMAND split like a POSIX shell would (quotes,
    backslashes), but run without a shell; the program must exist."""
    command = dict(spec.params).get("command", "")
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise OptionError(f"bot exec:{command}: {exc}") from None
    if not argv:
        raise OptionError("an exec: bot needs a command, e.g. exec:python3 mybot.py")
    if shutil.which(argv[0]) is None:
        raise OptionError(f"bot exec:{command}: no program {argv[0]!r} (not on PATH, or not executable)")
    return argv


def exec_bot(spec: BotSpec, game: "Game", narrator: "Narrator", seat: int, seed: int,
             move_timeout: float | None = None, keep: bool = False) -> ProcessBot:
    """An ``exec:COMMAND`` bot for `seat`: the program plays this game from its own process
    (`keep`: which may serve the match's next games, see `ProcessBot.next_game`)."""
    return ProcessBot(exec_command(spec), game, narrator, seat, seed, move_timeout, keep=keep)


def driver_command(spec: BotSpec, source: Any = None) -> list[str]:
    """The argv running the registered bot `spec` in the built-in Python driver, which loads the
    plugins `source` (a `meeple.registry.RegistrySource`) names (default: the installed ones)."""
    argv = [sys.executable, "-m", "meeple.botdriver", str(spec)]
    if source is not None and (source.plugins or not source.entry_points):
        blob = base64.b64encode(pickle.dumps(source)).decode()
        argv += ["--source", blob]
    return argv


def isolated_bot(spec: BotSpec, game: "Game", narrator: "Narrator", seat: int, seed: int,
                 source: Any = None, move_timeout: float | None = None, nice: int = 0,
                 keep: bool = False) -> ProcessBot:
    """The registered bot `spec` for `seat`, run in a fresh Python process of its own (`nice`:
    at that much lower a CPU priority; `keep`: which may serve the match's next games)."""
    return ProcessBot(driver_command(spec, source), game, narrator, seat, seed, move_timeout,
                      env=driver_env(), nice=nice, keep=keep)


def driver_env() -> dict[str, str]:
    """The host's environment, with this interpreter's import path, so the driver imports the
    same meeple and plugins (a host started from a source tree or a test adds to sys.path).
    Anything that starts a bot-process driver uses it (`meeple_bots.parallel`'s workers too)."""
    env = dict(os.environ)
    paths = [p for p in sys.path if p and os.path.isdir(p)]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env
