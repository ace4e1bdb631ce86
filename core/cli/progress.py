"""A progress bar on stderr for long runs (`match`, `tournament`), only on a terminal."""

from __future__ import annotations

import contextlib
from typing import Callable, Iterator

from .common import stderr_is_terminal


@contextlib.contextmanager
def progress_bar(total: int, quiet: bool, done: int = 0, what: str = "games") -> Iterator[Callable[[], None]]:
    """Yield `advance()`, which moves the bar one game on; nothing is drawn when `quiet` or
    when stderr is not a terminal (pipes, CI, tests)."""
    if quiet or not stderr_is_terminal():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(what, total=total, completed=done)
        yield lambda: progress.advance(task)
