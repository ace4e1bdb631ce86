"""What `match` and `tournament` share on screen: the progress bar on stderr (only on a
terminal), the one line printed when Ctrl-C stops a run, and the parts of their result tables
that depend on the game (which options to name, whether a score column means anything)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn

import typer

from .common import stderr_is_terminal

if TYPE_CHECKING:
    from ..registry import Registry

#: Exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


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


def interrupted(message: str) -> NoReturn:
    """Ctrl-C stopped the run: one line on stderr, exit status 130."""
    typer.echo(f"meeple: {message}", err=True)
    raise typer.Exit(INTERRUPTED)


def option_defaults(registry: "Registry", game_id: str) -> dict[str, Any]:
    return {option.name: option.default for option in registry.game(game_id).spec.options}


def changed_options(options: dict[str, Any], defaults: dict[str, Any]) -> str:
    """The options a run changed from the game's defaults, for a table title. Options that are
    left at their default are not named: some only apply to some player counts, and a title
    listing them would describe a game that was not played."""
    from ..options import format_value

    changed = [f"{k}={format_value(v)}" for k, v in options.items() if k not in defaults or defaults[k] != v]
    return ", ".join(changed) or "default options"


def score_columns(data: dict[str, Any]) -> tuple[str, ...]:
    """("mean score",) when some game scored its seats differently; () when every game gave all
    its seats the same score (then the score is the game's, and the same mean for every bot)."""
    return ("mean score",) if data.get("scores_tell_seats_apart", True) else ()
