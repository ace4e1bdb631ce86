"""Where the games of a plan run: the executor interface and its local implementations.

An executor takes the run's `Setup` and the planned `GameJob`s and yields each game's
`GameOutcome` as it finishes, in any order (the runner restores the plan's order). Three ship
with meeple: `InlineExecutor` (this process, one game after another), `LocalPoolExecutor` (worker
processes on this machine) and `RayExecutor` (a Ray cluster, in `ray_executor`, optional).

Each takes `isolate`: the plugins (a `RegistrySource`) from which every bot of every game is
built in a fresh process of its own (`--isolate`), or None to build bots in the process playing
the game. Workers ignore Ctrl-C: the host stops them (and a bot raising KeyboardInterrupt in a
worker forfeits, since no real Ctrl-C reaches it).
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections import deque
from multiprocessing.connection import Connection, wait
from typing import Any, Iterator, Protocol, Sequence

from ..errors import MeepleError, OptionError
from ..records import Forfeit, make_record, record_to_data, replay_steps
from ..registry import Registry
from .plan import GameJob, Setup
from .worker import GameOutcome, RegistrySource, close_kept_bots, game_for, play_job

#: How long past its move deadline a bot may keep its worker before the worker is killed. The
#: worker interrupts the bot itself at the deadline; this is for a bot stuck where no signal
#: reaches it (inside a C extension).
KILL_GRACE = 1.0


class Executor(Protocol):
    """Runs planned games and yields their outcomes as they finish."""

    def run(self, setup: Setup, jobs: Sequence[GameJob]) -> Iterator[GameOutcome]:
        """Play every job; stop cleanly when the caller stops iterating."""
        ...


class InlineExecutor:
    """One game after another in this process: no start-up cost, easiest to debug."""

    def __init__(self, registry: Registry, isolate: RegistrySource | None = None, keep_bots: bool = False) -> None:
        self.registry = registry
        self.isolate = isolate
        self.keep_bots = keep_bots

    def run(self, setup: Setup, jobs: Sequence[GameJob]) -> Iterator[GameOutcome]:
        try:
            for job in jobs:
                yield play_job(self.registry, setup, job, isolate=self.isolate, keep=self.keep_bots)
        finally:
            close_kept_bots()


class _SharedMonitor:
    """A worker's side of the supervision: the seat thinking, its deadline, and the index of
    every legal action played so far, in shared memory the supervisor reads without asking."""

    def __init__(self, shared: "_Shared") -> None:
        self.shared = shared

    def start(self) -> None:
        self.shared.count.value = 0
        self.shared.seat.value = -1

    def thinking(self, seat: int, deadline: float | None) -> None:
        self.shared.seat.value = seat
        self.shared.deadline.value = deadline or 0.0

    def answered(self) -> None:
        self.shared.deadline.value = 0.0
        self.shared.seat.value = -1

    def played(self, index: int) -> None:
        shared = self.shared
        n = shared.count.value
        if n < len(shared.log):
            shared.log[n] = index
        shared.count.value = n + 1


class _Shared:
    def __init__(self, ctx: Any, capacity: int) -> None:
        self.deadline = ctx.RawValue("d", 0.0)
        self.seat = ctx.RawValue("i", -1)
        self.count = ctx.RawValue("i", 0)
        self.log = ctx.RawArray("i", capacity)


def _serve(conn: Connection, source: RegistrySource, shared: _Shared, isolate: bool, keep_bots: bool = False) -> None:
    """A worker process: play each game sent, answer with its outcome, until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the host's to handle
    registry = source.load()
    monitor = _SharedMonitor(shared)
    while True:
        try:
            message = conn.recv()
        except EOFError:
            message = None
        if message is None:
            close_kept_bots()
            return
        setup, job = message
        monitor.start()
        try:
            outcome = play_job(registry, setup, job, monitor, source if isolate else None, keep_bots)
        except Exception as exc:  # a broken game or bot set-up: the host stops the run
            conn.send(("failed", job.index, f"{type(exc).__name__}: {exc}"))
            continue
        conn.send(("done", outcome.to_data()))


class _Worker:
    def __init__(self, ctx: Any, source: RegistrySource, capacity: int, isolate: bool, keep_bots: bool = False) -> None:
        self.shared = _Shared(ctx, capacity)
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, source, self.shared, isolate, keep_bots), daemon=True,
                                   name="meeple-worker")
        self.process.start()
        child.close()
        self.job: GameJob | None = None

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.process.join(2)
        if self.process.is_alive():
            self.kill()

    def kill(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


class LocalPoolExecutor:
    """`jobs` worker processes on this machine, each playing one game at a time.

    With a move timeout, each worker interrupts a bot that runs past its deadline (a clean
    forfeit); a bot that still does not return within `KILL_GRACE` seconds, or that takes its
    worker down (a crash, ``os._exit``), forfeits too: the worker is killed and replaced, and the
    game's record is rebuilt from the moves the worker had reported, so it replays like any other.

    Workers are started with the "forkserver" method (or "spawn"), never forked from a host that
    may run threads (a progress bar): a script that runs games with several jobs must guard its
    entry point with ``if __name__ == "__main__":``, as for any `multiprocessing` program.
    """

    def __init__(self, registry: Registry, source: RegistrySource, jobs: int, isolate: bool = False,
                 keep_bots: bool = False) -> None:
        if jobs < 1:
            raise OptionError("--jobs must be at least 1")
        self.registry = registry
        self.source = source
        self.jobs = jobs
        self.isolate = isolate
        self.keep_bots = keep_bots
        methods = multiprocessing.get_all_start_methods()
        self.ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")

    def run(self, setup: Setup, jobs: Sequence[GameJob]) -> Iterator[GameOutcome]:
        game, _ = game_for(self.registry, setup)
        capacity = game.max_length()
        queue = deque(jobs)
        workers = [self._worker(capacity) for _ in range(min(self.jobs, len(queue)))]
        poll = 0.05 if setup.move_timeout is not None else None
        try:
            while True:
                for worker in workers:
                    if worker.job is None and queue:
                        worker.job = queue.popleft()
                        worker.conn.send((setup, worker.job))
                busy = [w for w in workers if w.job is not None]
                if not busy:
                    return
                for conn in wait([w.conn for w in busy], timeout=poll):
                    worker = next(w for w in busy if w.conn is conn)
                    try:
                        message = conn.recv()
                    except EOFError:
                        yield self._lost(worker, setup, "failed", "its worker process died")
                        workers[workers.index(worker)] = self._worker(capacity)
                        continue
                    if message[0] == "failed":
                        raise MeepleError(f"game {message[1]} failed in a worker process: {message[2]}")
                    worker.job = None
                    yield GameOutcome.from_data(message[1])
                if setup.move_timeout is not None:
                    now = time.monotonic()
                    for worker in busy:
                        deadline = worker.shared.deadline.value
                        if worker.job is not None and deadline and now > deadline + KILL_GRACE:
                            worker.kill()
                            yield self._lost(worker, setup, "timed out", f"no answer within {setup.move_timeout:g} s "
                                                            f"and its worker process had to be killed")
                            workers[workers.index(worker)] = self._worker(capacity)
        finally:
            for worker in workers:
                worker.stop()

    def _worker(self, capacity: int) -> _Worker:
        return _Worker(self.ctx, self.source, capacity, self.isolate, self.keep_bots)

    def _lost(self, worker: _Worker, setup: Setup, verb: str, why: str) -> GameOutcome:
        """The outcome of a game whose worker was lost while a bot was thinking: that bot
        forfeits, and the record holds the moves played until then (replayed from the log)."""
        job = worker.job
        assert job is not None
        worker.job = None
        shared = worker.shared
        seat, count = shared.seat.value, shared.count.value
        if seat < 0:
            raise MeepleError(f"game {job.index}: a worker process died outside any bot's move "
                              f"(the game's own rules crashed it)")
        game, version = game_for(self.registry, setup)
        if count > len(shared.log):
            raise MeepleError(f"game {job.index}: its worker was lost after {count} moves, more than "
                              f"{game.spec.id}'s declared maximum length")
        # The log holds, per choice, its index among the legal actions of the seat asked (the
        # runner asks `current_player`), so the record replays it in order; choices of a
        # simultaneous decision cut short are withdrawn, as the runner does.
        played: list = []
        steps = replay_steps(game, job.seed, played)
        state = next(steps)
        for index in shared.log[:count]:
            played.append(state.legal_actions()[index])
            next(steps)
        pending = len(state.chosen)
        state.withdraw_choices()
        actions = played[:len(played) - pending]
        names = [setup.bots[b] for b in job.seats]
        forfeit = Forfeit(seat, f"bot {names[seat]} {verb}: {why}")
        record = make_record(state, job.seed, actions, tuple(names), version, forfeit)
        return GameOutcome(job.index, job.deal, job.seats, record_to_data(type(game), record))


def make_executor(registry: Registry, source: RegistrySource, jobs: int = 1, backend: str = "local",
                  address: str | None = None, force_pool: bool = False, isolate: bool = False,
                  keep_bots: bool = False) -> Executor:
    """The executor for a run: `backend` "local" (inline for one job, unless `force_pool`, else a
    process pool) or "ray" (a local Ray instance, or the cluster at `address`). With `isolate`,
    every bot of every game plays from a fresh process of its own; with `keep_bots` (local
    backend), a bot process that plays many games serves its lineup entry's next games."""
    if backend == "ray":
        if keep_bots:
            raise OptionError("--keep-bots keeps bot processes in this machine's workers: use it with --backend local")
        from .ray_executor import RayExecutor

        return RayExecutor(source, address=address, jobs=jobs, isolate=isolate)
    if backend != "local":
        raise OptionError(f"unknown backend {backend!r}; backends: local, ray")
    if address is not None:
        raise OptionError("--address names a Ray cluster: use it with --backend ray")
    if jobs == 1 and not force_pool:
        return InlineExecutor(registry, source if isolate else None, keep_bots)
    return LocalPoolExecutor(registry, source, jobs, isolate, keep_bots)
