"""A frontend's side of `meeple serve`: a subprocess spoken to in JSON lines, every answer
checked against the protocol's published schemas.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from meeple.protocol import validate

MEEPLE = str(Path(sys.executable).with_name("meeple"))


class Client:
    def __init__(self, cwd: Path | None = None, args: tuple[str, ...] = ()) -> None:
        self.process = subprocess.Popen([MEEPLE, "serve", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd)

    def send(self, line: bytes, op: str | None = None) -> dict[str, Any]:
        """Send one raw line (a request for `op`, or not a request at all); the one response
        line, checked against its schema."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(line.rstrip(b"\n") + b"\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer.endswith(b"\n"), f"the server died or answered nothing (stderr: {self.stderr()})"
        return self.check(json.loads(answer), op)

    def check(self, response: dict[str, Any], op: str | None) -> dict[str, Any]:
        if response.get("ok") is True:
            assert op is not None, f"a success answered a line that was no request: {response}"
            validate(response, f"{op}.response.json")
        else:
            validate(response, "error.response.json")
        return response

    def ask(self, op: str, **params: Any) -> dict[str, Any]:
        """A well-formed request; its response."""
        return self.send(json.dumps({"op": op, **params}).encode(), op)

    def result(self, op: str, **params: Any) -> dict[str, Any]:
        """A request that must succeed; its result."""
        response = self.ask(op, **params)
        assert response["ok"], response
        return response["result"]

    def error(self, op: str, **params: Any) -> dict[str, Any]:
        response = self.ask(op, **params)
        assert not response["ok"], response
        return response["error"]

    def stderr(self) -> str:
        self.process.stdin.close()
        return self.process.stderr.read().decode(errors="replace")

    def close(self) -> int:
        self.process.stdin.close()
        self.process.stdout.close()
        self.process.stderr.close()
        return self.process.wait(timeout=30)
