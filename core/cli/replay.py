"""`meeple replay`: re-simulate saved game records and verify them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import MeepleError
from ..files import read_regular_file
from ..terminal.stepper import parse_seat
from .common import UserError, load_registry, user_errors


def read_records(path: Path) -> list[str]:
    """The JSON lines of a record file (a file of one pretty-printed record also works)."""
    text = _read_text(path)
    stripped = text.strip()
    if not stripped:
        raise UserError(f"{path} holds no game record")
    if stripped.startswith("{") and "\n{" not in stripped:
        return [stripped]
    return [_unwrap(line) for line in text.splitlines() if line.strip() and not _is_results_header(line)]


def _read_text(path: Path) -> str:
    """A regular text file's content (a FIFO or `/dev/zero` is refused before reading)."""
    raw = read_regular_file(path, error=UserError)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path} is not a text file of game records") from None


def _is_results_header(line: str) -> bool:
    """The first line of a `meeple tournament --out` results file names the run, not a game."""
    return line.lstrip().startswith('{"meeple_results"')


def _unwrap(line: str) -> str:
    """A tournament results line wraps its game record; a record line is returned as it is."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, too long a number, nested too deeply
        return line  # reported as a corrupt record, with its place, by the caller
    if isinstance(data, dict) and set(data) >= {"index", "record"} and "format" not in data:
        return json.dumps(data["record"])
    return line


def replay(
    file: Annotated[Path, typer.Argument(help="A record file (JSON lines, as written by --out).")],
    index: Annotated[Optional[int], typer.Option(help="Only this record (0-based), shown in full.")] = None,
    step: Annotated[bool, typer.Option("--step", help="Step through the record (--index, or the file's only one) forwards and back.")] = False,
    seat: Annotated[Optional[str], typer.Option(help="Whose view to show: a seat number, or `all` for the omniscient view (the default).")] = None,
) -> None:
    """Replay records, check each reaches its recorded result, and print the outcome; with
    --step, walk through one record move by move from any seat's point of view.
    """
    from ..records import record_from_json
    from ..records import replay as replay_record

    registry = load_registry()
    with user_errors():
        lines = read_records(file)
        if index is not None and not 0 <= index < len(lines):
            raise UserError(f"--index {index} is out of range: {file} holds {len(lines)} records")
        if seat is not None and not step and index is None:
            raise UserError("--seat chooses whose view --step or --index shows: add one of them")
        if step:
            if index is None and len(lines) != 1:
                raise UserError(f"{file} holds {len(lines)} records: choose one to step through with --index")
            _step(registry, file, index or 0, lines[index or 0], seat)
            return
        chosen = range(len(lines)) if index is None else [index]
        for i in chosen:
            try:
                record = record_from_json(registry, lines[i])
                final = replay_record(registry, record)
            except MeepleError as exc:
                raise UserError(f"record {i} of {file}: {exc}") from None
            seats = ", ".join(f"seat {s}: {name} {score:g}" for s, (name, score)
                              in enumerate(zip(record.seats, record.scores)))
            winners = ", ".join(f"seat {w}" for w in record.winners) or "nobody"
            note = f" (forfeit: {record.forfeit.reason})" if record.forfeit else ""
            if index is not None:
                viewer = None if seat is None else parse_seat(seat, record.players)
                typer.echo(registry.renderer(record.game)(final.view(viewer)))
            typer.echo(f"record {i}: {record.game}, {len(record.actions)} actions, verified — "
                       f"{seats}; winners: {winners}{note}")


def _step(registry, file: Path, index: int, line: str, seat: str | None) -> None:
    """Verify one record, then hand it to the interactive stepper."""
    from ..records import record_from_json
    from ..records import replay as replay_record
    from ..terminal.screen import Screen
    from ..terminal.stepper import Stepper, positions

    try:
        record = record_from_json(registry, line)
        replay_record(registry, record)
    except MeepleError as exc:
        raise UserError(f"record {index} of {file}: {exc}") from None
    viewer = None if seat is None else parse_seat(seat, record.players)
    status = Stepper(registry, record, positions(registry, record), Screen(), viewer).run()
    raise typer.Exit(status)
