"""`meeple server`: host matches over the network (HTTP + WebSockets) with a browser client."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .common import UserError, load_registry, user_errors


def server(
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS", help="The address to listen on (default: loopback only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="N", help="The TCP port to listen on.")] = 8000,
    database: Annotated[str, typer.Option("--database", metavar="URL", help="Where matches are kept: a SQLite file path (default meeple-server.db), or postgresql://user@host/db for several server processes sharing one database.")] = "meeple-server.db",
    bot_timeout: Annotated[float, typer.Option("--bot-timeout", metavar="SECONDS", help="Seconds a bot may think per move; a bot that takes longer forfeits.")] = 10.0,
    isolate_bots: Annotated[bool, typer.Option("--isolate-bots/--in-process-bots", help="Run each bot in a process of its own (the default), or in the server's process (trusted bots only: faster, lighter).")] = True,
) -> None:
    """Host games over the network: a lobby, matches with seats held by secret tokens, WebSocket
    pushes, bots on the server, every move committed to the database before it is acknowledged,
    and a browser client at http://HOST:PORT/ (docs/server.md).
    """
    registry = load_registry()
    with user_errors():
        if not 0 < port < 65536:
            raise UserError(f"--port must be from 1 to 65535, got {port}")
        if not 0 < bot_timeout <= 3600:  # nan fails too
            raise UserError(f"--bot-timeout must be a positive number of seconds, at most 3600; got {bot_timeout!r}")
        try:
            import uvicorn

            from ..server.app import create_app
            from ..server.hub import Hub
            from ..server.messages import MAX_MESSAGE_BYTES
            from ..server.store import Store, StoreError
        except ImportError as exc:
            raise UserError(f"meeple server needs the server extra (pip install 'meeple[server]'): {exc}") from None
        if not database.startswith(("postgresql://", "postgres://")) and Path(database).is_dir():
            raise UserError(f"--database {database} is a directory, not a database file")
        try:
            store = Store(database)
        except StoreError as exc:
            raise UserError(str(exc)) from None
    shared = store.kind == "postgresql"
    from ..registry import RegistrySource

    hub = Hub(registry, store, bot_timeout=bot_timeout, isolate_bots=isolate_bots,
              source=RegistrySource.of(registry), shared_database=shared)
    typer.echo(f"meeple server: http://{host}:{port}/ (matches in {store.kind}); Ctrl-C stops it", err=True)
    uvicorn.run(create_app(hub), host=host, port=port, ws_max_size=MAX_MESSAGE_BYTES, log_level="warning")
