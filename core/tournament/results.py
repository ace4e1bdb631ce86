"""The results file: one JSON line per finished game, after a header naming the run.

Games are appended (and flushed) as they finish, so an interrupted run loses only the games in
flight. `--resume` reads the file back, checks that its header describes the same run (game,
options, bots, plan, seed, plugin version), drops a last line cut short by the interruption, and
the runner plays only the games missing from it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any, Sequence

from ..errors import MeepleError
from .plan import GameJob
from .worker import GameOutcome

FORMAT = 1


class ResultsError(MeepleError):
    """A results file that cannot be read, or that belongs to another run."""


def header(kind: str, run: dict[str, Any]) -> dict[str, Any]:
    """The first line of a results file: what was run (everything `--resume` must match)."""
    return {"meeple_results": FORMAT, "kind": kind, **run}


class ResultsFile:
    """An open results file that outcomes are appended to."""

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle = handle

    def append(self, outcome: GameOutcome) -> None:
        self._handle.write(json.dumps(outcome.to_data(), separators=(",", ":")) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_results(path: Path, head: dict[str, Any], plan: Sequence[GameJob],
                 resume: bool) -> tuple[ResultsFile, dict[int, GameOutcome]]:
    """Open `path` for this run; with `resume`, also return the games it already holds."""
    exists = path.exists() and path.stat().st_size > 0
    if exists and not resume:
        raise ResultsError(f"{path} already holds results: pass --resume to continue that run, "
                           f"or choose another --out")
    done: dict[int, GameOutcome] = {}
    try:
        if exists:
            done, keep = _read(path, head, plan)
            with path.open("r+", encoding="utf-8") as handle:
                handle.truncate(keep)  # drop a last line cut short by the interruption
            handle = path.open("a", encoding="utf-8")
        else:
            handle = path.open("w", encoding="utf-8")
            handle.write(json.dumps(head, separators=(",", ":")) + "\n")
            handle.flush()
    except OSError as exc:
        raise ResultsError(f"cannot write {path}: {exc.strerror}") from None
    return ResultsFile(path, handle), done


def _read(path: Path, head: dict[str, Any], plan: Sequence[GameJob]) -> tuple[dict[int, GameOutcome], int]:
    """The outcomes in `path` and the byte length of its complete lines."""
    data = path.read_bytes()
    lines = data.split(b"\n")
    complete = lines[:-1]  # the text after the last newline was cut short (or is empty)
    if not complete:
        raise ResultsError(f"{path} has no complete header line; remove it to start afresh")
    try:
        found = json.loads(complete[0])
    except ValueError:
        raise ResultsError(f"{path} is not a meeple results file (its first line is not JSON)") from None
    if not isinstance(found, dict) or found.get("meeple_results") != FORMAT:
        raise ResultsError(f"{path} is not a meeple results file of format {FORMAT}")
    if found != head:
        differ = sorted(k for k in set(found) | set(head) if found.get(k) != head.get(k))
        raise ResultsError(f"{path} holds another run (it differs in: {', '.join(differ)}); "
                           f"resume with the same arguments, or choose another --out")
    done: dict[int, GameOutcome] = {}
    for number, line in enumerate(complete[1:], start=2):
        try:
            outcome = GameOutcome.from_data(json.loads(line))
        except (ValueError, KeyError, TypeError):
            raise ResultsError(f"{path} line {number} is not a game outcome") from None
        if not 0 <= outcome.index < len(plan) or plan[outcome.index].seats != outcome.seats:
            raise ResultsError(f"{path} line {number} is game {outcome.index}, which this run does not plan")
        done.setdefault(outcome.index, outcome)
    return done, len(data) - len(lines[-1])
