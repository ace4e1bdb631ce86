"""Every file meeple reads or writes for a person, in one place: what is refused and why.

Reading: only a regular file, opened without blocking (a FIFO would wait for a writer) and at
most a stated size (`/dev/zero` never ends). Writing: atomically through a temporary file beside
the target, replacing only a regular file, and never an existing file unless the caller says so
(linked into place: no check-then-write race). Before a game starts, `check_new_file` and
`check_directory` refuse a save or record path that could not be written at the end, so nothing
is lost then. The default save name tells when the game started, never its seed (a seed shown
during a game lets anyone at the table deal the same cards).

Every refusal is one line, raised as the caller's error class (`SaveError`, `FileRefused`, ...).
"""

from __future__ import annotations

import datetime
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Callable

from .errors import MeepleError

__all__ = ["FileRefused", "check_directory", "check_new_file", "default_save_path", "file_kind",
           "read_json_file", "read_regular_file", "write_file"]


def _mode_of(stat_of: Callable[[], os.stat_result], refusal: Callable[[str], Exception]) -> int | None:
    """The mode bits of what stands at a path (`stat_of()`), None where nothing does; any other
    failure raises `refusal(reason)`: one line naming the path."""
    try:
        return stat_of().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise refusal(exc.strerror) from None


def write_file(path: Path, text: str, overwrite: bool, error: type[MeepleError] = MeepleError) -> None:
    """Write `text` to `path` atomically through a temporary file beside it.

    Only regular files are replaced: a directory, device node, FIFO or socket at `path` is
    refused. With ``overwrite=False`` the file is linked into place, which fails if anything
    exists there by then (no check-then-write race). Raises `error` with one line.
    """
    path = Path(path)
    mode = _mode_of(path.stat, lambda reason: error(f"cannot write {path}: {reason}"))
    if mode is not None:
        if not stat.S_ISREG(mode):
            raise error(f"cannot write {path}: {file_kind(mode)}, not a regular file")
        if not overwrite:
            raise error(f"{path} already exists: it is left as it is")
    directory = path.parent
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".partial")
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        if overwrite:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)
    except FileExistsError:
        raise error(f"{path} already exists: it is left as it is") from None
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror}") from None
    finally:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass


def read_regular_file(path: Path, max_bytes: int | None = None,
                      error: type[MeepleError] = MeepleError) -> bytes:
    """The bytes of `path`, a regular file, or `error` with one line.

    Opened without blocking (a FIFO would wait for a writer) and checked to be a regular file
    before anything is read (`/dev/zero` never ends); with `max_bytes`, at most that many bytes
    (one more is read to tell a larger file, which is refused).
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise error(f"cannot read {path}: {file_kind(mode)}, not a regular file")
    with os.fdopen(descriptor, "rb") as file:
        try:
            raw = file.read() if max_bytes is None else file.read(max_bytes + 1)
        except OSError as exc:
            raise error(f"cannot read {path}: {exc.strerror}") from None
    if max_bytes is not None and len(raw) > max_bytes:
        raise error(f"{path}: larger than {max_bytes} bytes")
    return raw


def read_json_file(path: Path, max_bytes: int, what: str, error: type[MeepleError] = MeepleError) -> Any:
    """The JSON document in `path`, a regular text file of at most `max_bytes` (see
    `read_regular_file`). Raises `error` with one line."""
    path = Path(path)
    raw = read_regular_file(path, max_bytes, error)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path} is not {what} (not text)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{path} is not {what}: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise error(f"{path} is not {what}: JSON nested too deeply") from None


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, for error messages ("a directory")."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


class FileRefused(MeepleError):
    """A path `meeple play` will not write to; the message says why and what to do instead."""


def default_save_path(game_id: str, directory: Path, now: datetime.datetime) -> Path:
    """`GAME-YYYYMMDD-HHMMSS.save.json` in `directory`, with a suffix if that name is taken."""
    stem = f"{game_id}-{now:%Y%m%d-%H%M%S}"
    candidate, number = directory / f"{stem}.save.json", 1
    while os.path.lexists(candidate):
        number += 1
        candidate = directory / f"{stem}-{number}.save.json"
    return candidate


def check_new_file(path: Path, flag: str, continuing: Path | None = None) -> None:
    """FileRefused unless `path` can be created as a new regular file now.

    `continuing` is the file being resumed: it may be named, as it is updated in place.
    `flag` names the option in the message (`--save`, `--record`).
    """
    if continuing is not None and _same_file(path, continuing):
        check_directory(path.parent, flag, path)
        return
    mode = _mode_of(lambda: os.lstat(path), lambda reason: FileRefused(f"{flag} {path}: {reason}"))
    if mode is not None:
        if not stat.S_ISREG(mode):
            raise FileRefused(f"{flag} {path}: {file_kind(mode)}, not a regular file")
        raise FileRefused(f"{flag} {path} already exists: choose another file (meeple never "
                          f"overwrites one; --resume {path} continues a saved game)")
    check_directory(path.parent, flag, path)


def check_directory(directory: Path, flag: str, path: Path) -> None:
    """FileRefused unless `directory` exists and files can be created in it."""
    directory = directory if str(directory) else Path(".")
    if not directory.is_dir():
        raise FileRefused(f"{flag} {path}: the directory {directory} does not exist")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise FileRefused(f"{flag} {path}: the directory {directory} is not writable")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
