"""A bot's process, seen from the host: start it, write lines, read lines (with a deadline), stop it.

The process is a fresh program (`subprocess`, never a fork of the host), so no object of the
host's exists in it. It runs in a session of its own, so a Ctrl-C at the terminal reaches the
host alone (which then stops its bots); on Linux, started from the main thread, it is also
killed if the host dies without stopping it. Its standard error goes to an unnamed temporary
file, whose last line explains a crash. `close` always reaps the process: no zombie is left.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from typing import Sequence

from .errors import BotProcessError
from .messages import MAX_LINE

#: How long a process may take to exit after its input is closed before it is killed.
EXIT_GRACE = 1.0


_PR_SET_PDEATHSIG = 1
_prctl = None


def _death_signal():
    """A function for the child to call between fork and exec: SIGKILL when its parent dies.
    The C function is looked up here, in the parent, so the child (forked from a process that
    may run threads) only calls it: no loader lock, no import."""
    global _prctl
    if _prctl is None:
        import ctypes

        _prctl = ctypes.CDLL(None, use_errno=True).prctl
    prctl = _prctl

    def die_with_parent() -> None:  # pragma: no cover - runs in the child
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)

    return die_with_parent


class BotChannel:
    """One running bot process and the JSON lines to and from it."""

    def __init__(self, argv: Sequence[str], env: dict[str, str] | None = None, nice: int = 0) -> None:
        """Start `argv`; with `nice`, at that much lower a CPU priority (so the host comes first)."""
        self.argv = tuple(argv)
        self.stderr = tempfile.TemporaryFile()
        on_main = threading.current_thread() is threading.main_thread()
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                close_fds=True, start_new_session=True, env=env,
                # Tying the child's life to the thread that forked it is only safe from the main thread.
                preexec_fn=_death_signal() if sys.platform == "linux" and on_main else None)
        except OSError as exc:
            self.stderr.close()
            raise BotProcessError(f"could not start {self.argv[0]!r}: {exc.strerror or exc}") from None
        if nice:
            try:
                os.setpriority(os.PRIO_PROCESS, self.process.pid, nice)
            except OSError:  # gone already, or not allowed: it runs at the host's priority
                pass
        self._buffer = b""
        self._out = self.process.stdout.fileno()  # type: ignore[union-attr]

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, line: bytes) -> None:
        try:
            self.process.stdin.write(line)  # type: ignore[union-attr]
            self.process.stdin.flush()  # type: ignore[union-attr]
        except (BrokenPipeError, ValueError, OSError):
            raise self._gone("stopped reading its input") from None

    def receive(self, deadline: float | None = None) -> bytes:
        """The next line from the bot (without its newline), waiting until `deadline`
        (`time.monotonic()`) at most; BotProcessError if it ends, exits or runs out of time."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line, self._buffer = self._buffer[:end], self._buffer[end + 1:]
                return line
            if len(self._buffer) >= MAX_LINE:
                raise BotProcessError(f"broke the protocol: a line longer than {MAX_LINE} bytes")
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                raise BotProcessError("timed out: no answer in time")
            ready, _, _ = select.select([self._out], [], [], wait)
            if not ready:
                continue
            chunk = os.read(self._out, min(65536, MAX_LINE - len(self._buffer) + 1))
            if not chunk:
                raise self._gone("closed its output")
            self._buffer += chunk

    def _gone(self, what: str) -> BotProcessError:
        """The error for a process that stopped talking: its exit status and last words."""
        try:
            status = self.process.wait(EXIT_GRACE)
        except subprocess.TimeoutExpired:
            return BotProcessError(f"broke the protocol: it {what}")
        how = f"exit status {status}" if status >= 0 else f"killed by {_signal_name(-status)}"
        words = self.last_words()
        return BotProcessError(f"crashed ({how})" + (f": {words}" if words else ""))

    def last_words(self) -> str:
        """The last non-empty line the process wrote to its standard error."""
        try:
            self.stderr.seek(max(0, self.stderr.seek(0, os.SEEK_END) - 4096))
            lines = [line.strip() for line in self.stderr.read().decode(errors="replace").splitlines()]
        except (OSError, ValueError):
            return ""
        lines = [line for line in lines if line]
        return lines[-1][:300] if lines else ""

    def close(self, farewell: bytes | None = None) -> None:
        """Send `farewell` (if the process still listens), close its input, let it exit, reap it."""
        process = self.process
        if process.poll() is None:
            try:
                if farewell is not None:
                    process.stdin.write(farewell)  # type: ignore[union-attr]
                process.stdin.close()  # type: ignore[union-attr]
            except (BrokenPipeError, ValueError, OSError):
                pass
            try:
                process.wait(EXIT_GRACE)
            except subprocess.TimeoutExpired:
                self.kill()
        self._release()

    def kill(self) -> None:
        """Stop the process now and reap it."""
        process = self.process
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)  # the bot and anything it started
            except (ProcessLookupError, PermissionError):
                process.kill()
        process.wait()
        self._release()

    def _release(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
