"""`meeple server`: host matches over the network (HTTP + WebSockets) with a browser client."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..server.limits import DEFAULT_BOT_CAPS, Limits

DEFAULTS = Limits()
from .common import UserError, load_registry, user_errors


def server(
    host: Annotated[str, typer.Option("--host", metavar="ADDRESS", help="The address to listen on (default: loopback only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="N", help="The TCP port to listen on.")] = 8000,
    database: Annotated[str, typer.Option("--database", metavar="URL", help="Where matches are kept: a SQLite file path (default meeple-server.db), or postgresql://user@host/db for several server processes sharing one database.")] = "meeple-server.db",
    bot_timeout: Annotated[float, typer.Option("--bot-timeout", metavar="SECONDS", help="Seconds a bot may think per move; a bot that takes longer forfeits (an isolated bot is killed).")] = 10.0,
    isolate_bots: Annotated[bool, typer.Option("--isolate-bots/--in-process-bots", help="Run each bot in a process of its own (the default), or in the server's process (trusted bots only: faster, lighter, but a bot that runs over its time cannot be stopped).")] = True,
    sockets_per_seat: Annotated[int, typer.Option("--sockets-per-seat", metavar="N", help="WebSocket connections one seat or spectator token may have open.")] = DEFAULTS.sockets_per_token,
    sockets_per_address: Annotated[int, typer.Option("--sockets-per-address", metavar="N", help="WebSocket connections one client address may have open.")] = DEFAULTS.sockets_per_address,
    messages_per_second: Annotated[float, typer.Option("--messages-per-second", metavar="R", help="Messages (WebSocket messages and HTTP requests) one client address may send per second, after a burst.")] = DEFAULTS.messages_per_second,
    message_burst: Annotated[int, typer.Option("--message-burst", metavar="N", help="Messages one client address may send at once.")] = DEFAULTS.message_burst,
    matches_per_address: Annotated[int, typer.Option("--matches-per-address", metavar="N", help="Matches not over yet that one client address may have created.")] = DEFAULTS.matches_per_address,
    max_matches: Annotated[int, typer.Option("--max-matches", metavar="N", help="Matches not over yet that the server hosts in total.")] = DEFAULTS.matches_total,
    spectators_per_address: Annotated[int, typer.Option("--spectators-per-address", metavar="N", help="Spectator tokens (of matches not over) one client address may hold.")] = DEFAULTS.spectators_per_address,
    spectators_per_match: Annotated[int, typer.Option("--spectators-per-match", metavar="N", help="Spectator tokens one match may have.")] = DEFAULTS.spectators_per_match,
    max_spectators: Annotated[int, typer.Option("--max-spectators", metavar="N", help="Spectator tokens of matches not over, in total.")] = DEFAULTS.spectators_total,
    unstarted_expiry: Annotated[float, typer.Option("--unstarted-expiry", metavar="SECONDS", help="A match whose open seats nobody takes for this long ends (its bots are let go).")] = DEFAULTS.unstarted_seconds,
    idle_expiry: Annotated[float, typer.Option("--idle-expiry", metavar="SECONDS", help="A started match nobody is connected to for this long ends (its bots are let go).")] = DEFAULTS.idle_seconds,
    absent_after: Annotated[float, typer.Option("--absent-after", metavar="SECONDS", help="A seat nobody has been connected to for this long may be handed to a bot or reopened by the match's creator.")] = DEFAULTS.absent_seconds,
    max_game_length: Annotated[int, typer.Option("--max-game-length", metavar="N", help="The most decisions a match may last by its game's own bound with the options asked for (max_turns=10**18 is refused).")] = DEFAULTS.game_length,
    bot_threads: Annotated[int, typer.Option("--bot-threads", metavar="N", help="Bots that think at once (the others wait their turn); they never hold up a person's move.")] = DEFAULTS.bot_threads,
    max_bots: Annotated[int, typer.Option("--max-bots", metavar="N", help="Bot processes the matches not over yet may run in total (a bot counts its `workers`); a match that would go past it is refused.")] = DEFAULTS.bot_processes,
    bot_cap: Annotated[Optional[list[str]], typer.Option("--bot-cap", metavar="NAME=MAX", help="The largest value a client may give the numeric bot setting NAME (repeat; default workers=1, iterations=20000, time=10).")] = None,
    allowed_host: Annotated[Optional[list[str]], typer.Option("--allowed-host", metavar="NAME", help="Answer only requests for this Host name (repeat; default: any). Set it when the server is reachable by a name, against DNS rebinding.")] = None,
    allowed_origin: Annotated[Optional[list[str]], typer.Option("--allowed-origin", metavar="URL", help="Another origin (scheme://host:port) whose pages may POST here and open sockets (repeat; default: only this server's own pages).")] = None,
) -> None:
    """Host games over the network: a lobby, matches with seats held by secret tokens, WebSocket
    pushes, bots on the server, every move committed to the database before it is acknowledged,
    and a browser client at http://HOST:PORT/ (docs/server.md). Every limit a stranger could
    push on has a flag below (docs/server.md, "Limits").
    """
    registry = load_registry()
    with user_errors():
        if not 0 < port < 65536:
            raise UserError(f"--port must be from 1 to 65535, got {port}")
        if not 0 < bot_timeout <= 3600:  # nan fails too
            raise UserError(f"--bot-timeout must be a positive number of seconds, at most 3600; got {bot_timeout!r}")
        counts = {"--sockets-per-seat": sockets_per_seat, "--sockets-per-address": sockets_per_address,
                  "--message-burst": message_burst, "--matches-per-address": matches_per_address,
                  "--max-matches": max_matches, "--spectators-per-address": spectators_per_address,
                  "--spectators-per-match": spectators_per_match, "--max-spectators": max_spectators,
                  "--bot-threads": bot_threads, "--max-bots": max_bots, "--max-game-length": max_game_length}
        for flag, value in counts.items():
            if value < 1:
                raise UserError(f"{flag} must be at least 1, got {value}")
        for flag, seconds in (("--messages-per-second", messages_per_second), ("--unstarted-expiry", unstarted_expiry),
                              ("--idle-expiry", idle_expiry), ("--absent-after", absent_after)):
            if not 0 < seconds < float("inf"):
                raise UserError(f"{flag} must be a positive number, got {seconds!r}")
        caps = dict(DEFAULT_BOT_CAPS)
        for text in bot_cap or []:
            name, _, value = text.partition("=")
            try:
                caps[name.strip()] = float(value)
            except ValueError:
                raise UserError(f"--bot-cap takes NAME=MAX (a number), got {text!r}") from None
            if not name.strip() or not caps[name.strip()] >= 0:
                raise UserError(f"--bot-cap takes NAME=MAX (a number at least 0), got {text!r}")
        limits = Limits(sockets_per_token=sockets_per_seat, sockets_per_address=sockets_per_address,
                        messages_per_second=messages_per_second, message_burst=message_burst,
                        matches_per_address=matches_per_address, matches_total=max_matches,
                        spectators_per_address=spectators_per_address, spectators_per_match=spectators_per_match,
                        spectators_total=max_spectators, unstarted_seconds=unstarted_expiry,
                        idle_seconds=idle_expiry, absent_seconds=absent_after, game_length=max_game_length, bot_threads=bot_threads, bot_processes=max_bots,
                        bot_caps=tuple(caps.items()), allowed_hosts=tuple(allowed_host or ()),
                        allowed_origins=tuple(allowed_origin or ()))
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
              source=RegistrySource.of(registry), shared_database=shared, limits=limits)
    typer.echo(f"meeple server: http://{host}:{port}/ (matches in {store.kind}); Ctrl-C stops it", err=True)
    uvicorn.run(create_app(hub), host=host, port=port, ws_max_size=MAX_MESSAGE_BYTES, log_level="warning")
