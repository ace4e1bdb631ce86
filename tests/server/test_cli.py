"""`meeple server`'s command line: a bad option is one line and exit 2, nothing started."""

from __future__ import annotations

import pytest

from meeple.cli.app import main


@pytest.mark.parametrize("args, message", [
    (["--port", "0"], "--port must be from 1 to 65535, got 0"),
    (["--bot-timeout", "0"], "--bot-timeout must be a positive number of seconds"),
    (["--absent-after", "0"], "--absent-after must be a positive number, got 0.0"),
    (["--max-game-length", "0"], "--max-game-length must be at least 1, got 0"),
    (["--database", "{tmp}"], "is a directory, not a database file"),
    (["--database", "{tmp}/missing/x.db"], "cannot open database"),
    # Without psycopg (not in the test extra) the error says to install it instead.
    (["--database", "postgresql://meeple:secret@127.0.0.1:1/x"], ("cannot open postgresql://meeple:***@127.0.0.1:1/x",
                                                                  "a postgresql:// database needs psycopg")),
])
def test_a_bad_option_is_one_line_and_exit_2(capsys, tmp_path, args, message):
    code = main(["server", *[a.replace("{tmp}", str(tmp_path)) for a in args]])
    err = capsys.readouterr().err
    assert code == 2
    expected = (message,) if isinstance(message, str) else message
    assert err.startswith("meeple: error: ") and any(m in err for m in expected) and err.count("\n") == 1
    assert "secret" not in err
