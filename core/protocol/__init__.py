"""The meeple protocol: JSON lines on stdin/stdout so any frontend can run meeple games.

One request per line, one response per line, in order. The messages are specified by the JSON
Schemas in `schemas/` (shipped with the package; `schema_names()` lists them) and described with
a complete example session in `docs/protocol.md`. `meeple serve` runs `Server` on stdin/stdout.
"""

from .errors import ERROR_CODES, ProtocolError
from .schema import load_schema, schema_names, validate
from .server import PROTOCOL_VERSION, Server, serve

__all__ = ["ERROR_CODES", "PROTOCOL_VERSION", "ProtocolError", "Server", "load_schema",
           "schema_names", "serve", "validate"]
