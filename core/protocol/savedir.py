"""The one directory where `meeple serve` reads and writes save files for its clients.

A protocol client is another program, possibly driven by people the operator does not trust, so
`save` and `load` with a `path` never reach the rest of the server's machine: paths are names
inside the directory the operator gave (`meeple serve --save-dir DIR`), and without one, saving
and loading by path are refused. A name is a plain relative path (`game.json`, `alice/game.json`):
absolute paths and `..` are refused outright, and the name is then resolved (symbolic links
followed) and must still lie inside the directory. Reading and writing then go through
`meeple.session`'s file helpers: regular files only (never a device node, a FIFO or a directory),
at most `MAX_SAVE_BYTES` read, and an existing file replaced only when the request says so.

Messages name files as the client named them, never by the server's absolute paths.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from .errors import ProtocolError


class SaveDirectory:
    """The operator's save directory (or none: `root` None refuses every path)."""

    def __init__(self, root: Path | None) -> None:
        self.root = None if root is None else Path(os.path.realpath(root))

    def locate(self, name: str) -> Path:
        """The file `name` names inside the directory, resolved; ProtocolError if it is not one.

        The file itself need not exist (`save` creates it); what it is, when it exists, is
        checked when it is opened.
        """
        if self.root is None:
            raise ProtocolError("no_save_dir", "saving and loading by path are off: the server was started "
                                               "without --save-dir (send or ask for the save document instead)")
        if "\0" in name or "\\" in name:
            raise ProtocolError("bad_path", f"path {name!r} is not a file name: it holds a NUL or a backslash")
        relative = PurePosixPath(name)
        if relative.is_absolute():
            raise ProtocolError("bad_path", f"path {name!r} is absolute: give a name inside the save directory")
        if ".." in relative.parts:
            raise ProtocolError("bad_path", f"path {name!r} climbs out with '..': give a name inside the save directory")
        if name.endswith("/") or not relative.parts or relative.parts == (".",):
            raise ProtocolError("bad_path", f"path {name!r} names a directory, not a file")
        try:
            resolved = Path(os.path.realpath(self.root / relative))
        except (OSError, ValueError) as exc:
            raise ProtocolError("bad_path", f"path {name!r} cannot be resolved: {exc}") from None
        if resolved == self.root or not resolved.is_relative_to(self.root):
            raise ProtocolError("bad_path", f"path {name!r} leads out of the save directory (a symbolic link?)")
        return resolved

    def shown(self, message: str, resolved: Path, name: str) -> str:
        """`message` with the server's path of a file replaced by the client's name for it."""
        return message.replace(str(resolved), name)
