"""Protocol errors: every failed request is answered with one of these codes and a message.

The codes are part of the protocol (listed in `schemas/error.response.json`): frontends branch
on the code and show the message, which says what was wrong and what is expected instead.
"""

from __future__ import annotations

from ..errors import (BotError, IllegalAction, MeepleError, OptionError, SaveError,
                      SerializationError, UnknownName)
from ..narration import NotationError

ERROR_CODES: dict[str, str] = {
    "bad_json": "the line is not a JSON value (or not UTF-8)",
    "bad_request": "the request does not match its operation's schema, or names a seat that does not exist",
    "unknown_op": "no such operation",
    "unknown_game": "no installed game has that id",
    "unknown_bot": "no installed bot of that name plays this game",
    "unknown_session": "no open session has that id",
    "bad_option": "an unknown option, a bad option value, or an unsupported number of players",
    "bad_action": "the action is not an action of this game (malformed JSON object or notation)",
    "not_your_turn": "the seat does not owe the pending decision (or the game is over)",
    "illegal_action": "the action is well formed but the rules do not allow it now",
    "bot_failed": "the bot could not be built, raised, tried to exit, ran out of time, or answered with an illegal action",
    "bad_save": "the save cannot be read, is corrupt, is too large, or does not replay",
    "no_save_dir": "save or load by path, but the server was started without --save-dir",
    "bad_path": "the path is not a file name inside the save directory, or names something that is not a regular file",
    "file_exists": "save to a file that already exists, without \"overwrite\": true",
    "internal_error": "a bug in meeple or a plugin; the server goes on",
}


class ProtocolError(Exception):
    """A request that fails: `code` (one of ERROR_CODES) and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


def from_meeple_error(exc: MeepleError) -> ProtocolError:
    """The protocol error for an error meeple raised on purpose."""
    code = "bad_request"
    for kind, name in ((IllegalAction, "illegal_action"), (OptionError, "bad_option"),
                       (UnknownName, "unknown_bot"), (SerializationError, "bad_action"),
                       (NotationError, "bad_action"), (SaveError, "bad_save"), (BotError, "bot_failed")):
        if isinstance(exc, kind):
            code = name
            break
    return ProtocolError(code, str(exc))
