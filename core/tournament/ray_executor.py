"""The Ray backend: the games of a plan as Ray tasks, on a local Ray instance or a cluster.

Install it with ``pip install 'meeple[ray]'``; ``--backend ray`` starts a local Ray instance,
``--address HOST:PORT`` (or ``auto``) joins an existing cluster, whose nodes must have meeple and
the same game plugins installed. Each task plays one game with `play_job`, exactly as a local
worker does, so results are identical to a local run with the same seed. A move timeout
interrupts the bot inside the task (Ray runs a task on its worker's main thread); unlike the local
pool, the driver cannot see a bot's deadline, so a bot stuck where no signal reaches it (inside
a C extension) holds its task: use the local backend where that guarantee matters.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from ..errors import MeepleError
from .plan import GameJob, Setup
from .worker import GameOutcome, RegistrySource, play_job


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise MeepleError("the ray backend needs Ray: pip install 'meeple[ray]'") from None
    return ray


def _play(source: RegistrySource, setup: Setup, job: GameJob, isolate: bool) -> dict[str, Any]:
    """A Ray task: play one game in the worker's process (each bot in a process of its own with
    `isolate`); its outcome as JSON data."""
    return play_job(source.load(), setup, job, isolate=source if isolate else None).to_data()


class RayExecutor:
    """Runs games as Ray tasks; at most `jobs` in flight (0: as many as the cluster has CPUs)."""

    def __init__(self, source: RegistrySource, address: str | None = None, jobs: int = 0,
                 isolate: bool = False) -> None:
        self.ray = _ray()
        self.source = source
        self.isolate = isolate
        self.address = address
        self.jobs = jobs

    def run(self, setup: Setup, jobs: Sequence[GameJob]) -> Iterator[GameOutcome]:
        ray = self.ray
        started_here = not ray.is_initialized()
        if started_here:
            ray.init(address=self.address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        try:
            yield from self._run(ray, setup, list(jobs))
        finally:
            if started_here:
                ray.shutdown()

    def _run(self, ray: Any, setup: Setup, jobs: list[GameJob]) -> Iterator[GameOutcome]:
        task = ray.remote(num_cpus=1, max_retries=0)(_play)
        source = ray.put(self.source)
        limit = self.jobs if self.jobs > 0 else max(1, int(ray.cluster_resources().get("CPU", 1)))
        queue = list(reversed(jobs))
        running: dict[Any, GameJob] = {}
        while queue or running:
            while queue and len(running) < limit:
                job = queue.pop()
                running[task.remote(source, setup, job, self.isolate)] = job
            done, _ = ray.wait(list(running), num_returns=1)
            for ref in done:
                job = running.pop(ref)
                try:
                    data = ray.get(ref)
                except Exception as exc:
                    raise MeepleError(f"game {job.index} failed on Ray: {type(exc).__name__}: {exc}") from None
                yield GameOutcome.from_data(data)
