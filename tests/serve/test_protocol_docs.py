"""docs/protocol.md stays true: its example session is replayed against `meeple serve`, and its
tables name every operation, error code and schema file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from meeple.protocol import ERROR_CODES, load_schema, schema_names
from meeple.protocol.server import OPERATIONS

DOC = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()


def exchanges():
    block = re.search(r"<!-- session -->\n```text\n(.*?)```", DOC, re.S).group(1)
    lines = block.splitlines()
    assert len(lines) % 2 == 0
    for request, response in zip(lines[::2], lines[1::2]):
        assert request.startswith("→ ") and response.startswith("← ")
        yield request[2:], json.loads(response[2:])


def test_the_example_session_is_what_the_server_answers(client):
    for request, documented in exchanges():
        op = json.loads(request)["op"] if request.startswith("{") else None
        actual = client.send(request.encode(), op)
        if op == "hello":
            actual["result"]["meeple"] = documented["result"]["meeple"]
        if op == "games":  # the documented answer lists only the `random` bot
            for game in actual["result"]["games"]:
                game["bots"] = [b for b in game["bots"] if b["name"] == "random"]
        if documented.get("error", {}).get("code") == "unknown_game":  # it lists meeple's own games
            prefix, _, listed = documented["error"]["message"].partition("installed games: ")
            message = actual["error"]["message"]
            assert message.startswith(prefix)
            assert set(listed.split(", ")) <= set(message.partition("installed games: ")[2].split(", "))
            actual["error"]["message"] = documented["error"]["message"]
        assert actual == documented, request


def test_every_operation_and_error_code_is_documented():
    for op in OPERATIONS:
        assert f"| `{op}` |" in DOC
        assert f"{op}.request.json" in schema_names() and f"{op}.response.json" in schema_names()
    for code in ERROR_CODES:
        assert f"| `{code}` |" in DOC
    assert sorted(load_schema("error.response.json")["properties"]["error"]["properties"]["code"]["enum"]) == \
        sorted(ERROR_CODES)


def test_the_example_session_uses_every_operation():
    used = {json.loads(request)["op"] for request, _ in exchanges() if request.startswith("{")}
    assert used == set(OPERATIONS)
