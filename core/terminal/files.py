"""Where `meeple play` may write: checked before the game starts, so nothing is lost at the end.

A save or record path is refused up front when its directory does not exist or cannot be written,
or when it names something that is not a regular file (a directory, a device node, a FIFO). An
existing file is never replaced without the person having named it as the game to continue
(`--resume`): the default save name picks a fresh name instead, and an explicit `--save` or
`--record` that exists is refused.

The default save name tells when the game started, never its seed: a seed shown during the game
lets anyone at the table deal the same cards (`GAME-YYYYMMDD-HHMMSS.save.json`, then ``-2``, ``-3``
... if that name is taken).
"""

from __future__ import annotations

import datetime
import os
import stat
from pathlib import Path

from ..errors import MeepleError
from ..session import file_kind


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
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise FileRefused(f"{flag} {path}: {exc.strerror}") from None
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
