"""The ASGI application of `meeple server` (Starlette): a JSON API for the lobby, a WebSocket per
seat or spectator for moves and pushes, and the browser client as static files.

HTTP (JSON in, JSON out; an error is ``{"error": {"code", "message"}}`` with status 4xx):

- ``GET /api/lobby`` — installed games (options, bots) and the listed matches not yet over;
  the socket ``/ws/lobby`` pushes the list of matches after every change (`meeple.server.lobby`);
- ``POST /api/matches`` — create: ``{"game", "options", "seats": ["human", "random", "open"],
  "names"?, "private"?}``: tokens of the creator's seats, every person's seat's invite, a host key;
- ``POST /api/matches/{id}/join`` — take an open seat of a listed match: a seat token and invite;
- ``POST /api/claim`` — ``{"invite", "name"?}``: take the seat an invite opens, whoever held it;
- ``POST /api/matches/{id}/seats/{seat}`` — ``{"host", "to"}``: the host hands an absent seat to
  a bot or reopens it (`meeple.server.invites`);
- ``POST /api/matches/{id}/watch`` — a spectator token (the public view only);
- ``POST /api/leave`` / ``POST /api/rematch`` — with ``{"token"}``;
- ``GET /renderers/{game}.js`` / ``.json`` — the game's own browser renderer, and what the client
  draws the game with (`meeple.server.renderers`);
- ``GET /rules/{game}`` — the game's rules as a page (the table's rules link).

WebSocket ``/ws``: the first message is ``{"type": "hello", "token"}``; then ``{"type": "move",
"action", "ply"?}``, or ``{"type": "log", "before"?}`` for a page of the game log as the seat saw
it (`meeple.server.log`). The server pushes ``{"type": "update", ...}`` (the connection's own view,
legal moves when it owes, the last move narrated as it saw it) after every change, and
``{"type": "error", "code", "message"}`` for a refused message, which changes nothing. Once the
connection's token no longer holds its seat (given up by leaving, on any server process), it gets
one last error, ``seat_lost``, and is closed.

What a stranger can send is bounded (`meeple.server.limits`): a POST is JSON only
(``Content-Type: application/json``) and, from a browser, only from this server's own pages (its
``Origin`` names this host, or one the operator allows); an optional list of allowed ``Host``
names; messages per client address, sockets per address and per token. Every bad frame —
binary, not UTF-8, not JSON, not a message — is one error message (or, for text that is not
UTF-8, which the WebSocket layer refuses itself, close code 1007 and one log line), never a
traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .hub import Hub
from .limits import Addresses, Limits, RateLimit
from .log import page
from .matches import Refused, lost_message, seat_lost
from .messages import MAX_MESSAGE_BYTES, parse
from .renderers import rules_page, table_info

logger = logging.getLogger(__name__)

#: The WebSocket close code of a connection whose token no longer holds its seat (4000-4999: the
#: application's own).
SEAT_LOST_CLOSE = 4001
#: The WebSocket close code of a connection refused for breaking a limit (policy violation).
POLICY_CLOSE = 1008

_STATUS = {"unknown_match": 404, "unknown_game": 404, "bad_token": 403, "bad_origin": 403, "too_large": 413, "rate_limited": 429,
           "too_many_matches": 429, "too_many_spectators": 429, "busy": 503, "bad_content_type": 415,
           "conflict": 409, "no_seat": 409, "stale": 409, "finished": 409, "not_finished": 409,
           "not_started": 409, "private": 403, "bad_invite": 403, "not_host": 403, "not_absent": 409}


def _error(exc: Refused) -> JSONResponse:
    return JSONResponse({"error": {"code": exc.code, "message": str(exc)}}, status_code=_STATUS.get(exc.code, 400))


def client_address(connection: Request | WebSocket) -> str:
    """Who a request or socket comes from, as limits count them: the peer's address."""
    return connection.client.host if connection.client is not None else "unknown"


def check_origin(headers: Headers, limits: Limits) -> None:
    """Refused unless the request comes from no page (no ``Origin``: not a browser), from a page
    of this server (the origin names the host the request was sent to), or from an origin the
    operator allows. A page elsewhere cannot make a visitor's browser create matches or take
    seats here."""
    origin = headers.get("origin")
    if origin is None or origin in limits.allowed_origins:
        return
    parts = urlsplit(origin)
    if parts.scheme in ("http", "https") and parts.netloc and parts.netloc == headers.get("host"):
        return
    raise Refused("bad_origin", f"requests from pages of {origin[:100]} are not accepted here (another origin)")


async def _body(request: Request, schema: str) -> Any:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_MESSAGE_BYTES:
            raise Refused("too_large", f"a request body is at most {MAX_MESSAGE_BYTES} bytes")
        chunks.append(chunk)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise Refused("bad_content_type", "a request body must be JSON, sent as Content-Type: application/json")
    return parse(b"".join(chunks) or b"{}", schema)


class OneLineFrameErrors(logging.Filter):
    """The WebSocket layer logs a text frame that is not UTF-8 with a traceback (and closes the
    connection with code 1007, as it should): keep the line, drop the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.exc_info, record.exc_text = None, None
            record.msg = f"{record.getMessage()} (connection closed with code 1007)"
            record.args = ()
        return True


def create_app(hub: Hub, rate: float | None = None, burst: int | None = None) -> Starlette:
    """The application serving `hub`'s matches within `hub.limits`; `rate` and `burst` replace
    the limits' messages per second and burst per client address (tests use them)."""
    limits = hub.limits
    if rate is not None or burst is not None:
        limits = attrs.evolve(limits, messages_per_second=limits.messages_per_second if rate is None else rate,
                              message_burst=limits.message_burst if burst is None else burst)
    addresses = Addresses(limits)

    def handler(fn):
        async def endpoint(request: Request) -> Response:
            try:
                check_origin(request.headers, limits)
                if not addresses.allow_message(client_address(request)):
                    raise Refused("rate_limited", "too many requests from your address: slow down")
                return JSONResponse(await fn(request))
            except Refused as exc:
                return _error(exc)
        return endpoint

    async def lobby(request: Request) -> dict:
        return hub.lobby()

    async def create(request: Request) -> dict:
        body = await _body(request, "server.create.json")
        match, tokens, invites, host = await hub.host_match(
            body["game"], body.get("options", {}), body["seats"], body.get("names", ()), body.get("private", False),
            address=client_address(request))
        return {"match": match.id, "tokens": {str(seat): token for seat, token in tokens.items()},
                "invites": {str(seat): invite for seat, invite in invites.items()}, "host": host,
                "summary": match.summary()}

    async def join(request: Request) -> dict:
        body = await _body(request, "server.join.json")
        match, seat, token, invite = await hub.join(request.path_params["match"], body.get("seat"),
                                                    body.get("name", ""))
        return {"match": match.id, "seat": seat, "token": token, "invite": invite}

    async def claim(request: Request) -> dict:
        body = await _body(request, "server.claim.json")
        match, seat, token = await hub.claim(body["invite"], body.get("name", ""))
        return {"match": match.id, "seat": seat, "token": token}

    async def hand(request: Request) -> dict:
        body = await _body(request, "server.hand.json")
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            raise Refused("bad_request", "a seat is a number") from None
        invite = await hub.hand_on(request.path_params["match"], body["host"], seat, body["to"])
        return {"match": request.path_params["match"], "seat": seat, "invite": invite}

    async def watch(request: Request) -> dict:
        await _body(request, "server.join.json")
        match, token = await hub.watch(request.path_params["match"], address=client_address(request))
        return {"match": match.id, "seat": None, "token": token}

    async def leave(request: Request) -> dict:
        body = await _body(request, "server.token.json")
        await hub.leave(body["token"])
        return {"left": True}

    async def rematch(request: Request) -> dict:
        body = await _body(request, "server.token.json")
        match, seat, token, invite = await hub.rematch(body["token"], body.get("name", ""))
        return {"match": match.id, "seat": seat, "token": token, "invite": invite}

    async def renderer(request: Request) -> Response:
        """A game's own browser renderer: its Game class's `web_renderer`, a file beside the
        module that defines the class (in the plugin's package), never outside that folder."""
        game_cls = hub.registry.games.get(request.path_params["game"])
        path = getattr(game_cls, "web_renderer", None) if game_cls is not None else None
        module = sys.modules.get(game_cls.__module__) if path else None
        if not path or module is None or not getattr(module, "__file__", None):
            return Response("no renderer for this game", status_code=404)
        folder = Path(module.__file__).resolve().parent
        target = (folder / path).resolve()
        if not target.is_relative_to(folder) or not target.is_file():
            return Response("no renderer for this game", status_code=404)
        return Response(target.read_text(encoding="utf-8"), media_type="text/javascript")

    async def table(request: Request) -> Response:
        """What the client draws a game with (`meeple.server.renderers.table_info`)."""
        game_cls = hub.registry.games.get(request.path_params["game"])
        if game_cls is None:
            return _error(Refused("unknown_game", f"no game {request.path_params['game']!r}"))
        return JSONResponse(table_info(game_cls))

    async def rules(request: Request) -> Response:
        """The game's rules as a page (`meeple.server.renderers.rules_page`): the table links it."""
        game_cls = hub.registry.games.get(request.path_params["game"])
        if game_cls is None:
            return Response("no such game", status_code=404)
        return HTMLResponse(rules_page(game_cls))

    async def admit(websocket: WebSocket) -> str | None:
        """Accept a socket within its address's socket limit and from an allowed origin: the
        address (its socket counted until `addresses.close_socket`), or None once refused and
        closed (nothing counted)."""
        address = client_address(websocket)
        await websocket.accept()
        if not addresses.open_socket(address):
            await _refuse_and_close(websocket, "too_many_sockets", f"at most {limits.sockets_per_address} "
                                                                   f"connections per client address")
            return None
        try:
            check_origin(websocket.headers, limits)
        except Refused as exc:
            addresses.close_socket(address)
            await _refuse_and_close(websocket, exc.code, str(exc))
            return None
        return address

    async def socket(websocket: WebSocket) -> None:
        address = await admit(websocket)
        if address is None:
            return
        try:
            await _converse(websocket, address)
        finally:
            addresses.close_socket(address)

    async def lobby_socket(websocket: WebSocket) -> None:
        """The lobby, pushed: the list of matches now and after every change (`LobbyFeed`).
        Counted against the address's sockets; every message it sends draws on its budget."""
        address = await admit(websocket)
        if address is None:
            return
        send = websocket.send_text
        try:
            await hub.feed.join(send)
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                if not addresses.allow_message(address):
                    await _refuse_and_close(websocket, "rate_limited", "too many messages from your address: slow down")
                    return
        except WebSocketDisconnect:
            pass
        finally:
            hub.feed.leave(send)
            addresses.close_socket(address)

    async def _converse(websocket: WebSocket, address: str) -> None:
        connection = token = None
        closed = False  # once closed (its seat lost), nothing more is sent

        async def send(text: str) -> None:
            if not closed:
                await websocket.send_text(text)

        async def close(message: dict) -> None:
            nonlocal closed
            if not closed:
                closed = True
                with contextlib.suppress(Exception):  # the socket may be gone already
                    await websocket.send_json(message)
                    await websocket.close(code=SEAT_LOST_CLOSE)

        async def refuse(code: str, message: str) -> None:
            if not closed:
                await websocket.send_json({"type": "error", "code": code, "message": message})

        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect" or closed:
                    return
                if not addresses.allow_message(address):
                    await refuse("rate_limited", "too many messages from your address: slow down")
                    await websocket.close(code=POLICY_CLOSE)
                    return
                text = frame.get("text")
                try:
                    if text is None:
                        raise Refused("bad_request", "binary frames are not accepted: send JSON text")
                    message = parse(text, "server.socket.json")
                    if message["type"] == "hello":
                        if connection is not None:
                            raise Refused("bad_request", "this connection already said hello")
                        connection = await hub.hello(message["token"], send, close)
                        token = message["token"]
                    elif message["type"] == "ping":
                        await websocket.send_json({"type": "pong"})
                    elif connection is None:
                        raise Refused("bad_token", "say hello with a token first")
                    elif message["type"] == "log":  # a page of the log before move `before`
                        if not connection.holds():
                            raise seat_lost(connection.seat, connection.match.seats[connection.seat])
                        await send(json.dumps(page(connection.match, connection.seat, message.get("before"))))
                    elif connection.seat is None:
                        raise Refused("not_a_seat", "a spectator cannot move")
                    else:
                        await hub.move(connection.match, connection.seat, token, message["action"], message.get("ply"))
                except Refused as exc:
                    if exc.code == "seat_lost":
                        await close(lost_message(exc))
                        return
                    await refuse(exc.code, str(exc))
                except (WebSocketDisconnect, asyncio.CancelledError):
                    raise
                except Exception as exc:  # a plugin's bug (a narrator, say): the match is unchanged
                    logger.exception("meeple server: internal error")
                    await refuse("internal", f"the server failed on this message ({type(exc).__name__}); "
                                             f"nothing was changed")
        except WebSocketDisconnect:
            pass
        finally:
            closed = True
            if connection is not None:
                hub.hang_up(connection)

    static = files(__package__).joinpath("static")

    async def index(request: Request) -> Response:
        return Response(static.joinpath("index.html").read_text(encoding="utf-8"), media_type="text/html")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        frames = OneLineFrameErrors()
        logging.getLogger("uvicorn.error").addFilter(frames)
        hub.load_all()
        hub.resume_bots()
        await hub.start()  # several processes on PostgreSQL: their moves are pushed here too
        hub.start_expiry()
        try:
            yield
        finally:
            await hub.shutdown()
            logging.getLogger("uvicorn.error").removeFilter(frames)

    with as_file(static) as folder:
        static_files = StaticFiles(directory=str(folder))
    routes = [
        Route("/", index),
        Route("/api/lobby", handler(lobby)),
        Route("/api/matches", handler(create), methods=["POST"]),
        Route("/api/matches/{match}/join", handler(join), methods=["POST"]),
        Route("/api/matches/{match}/watch", handler(watch), methods=["POST"]),
        Route("/api/claim", handler(claim), methods=["POST"]),
        Route("/api/matches/{match}/seats/{seat}", handler(hand), methods=["POST"]),
        Route("/api/leave", handler(leave), methods=["POST"]),
        Route("/api/rematch", handler(rematch), methods=["POST"]),
        Route("/renderers/{game}.js", renderer),
        Route("/renderers/{game}.json", table),
        Route("/rules/{game}", rules),
        WebSocketRoute("/ws", socket),
        WebSocketRoute("/ws/lobby", lobby_socket),
        Mount("/static", static_files),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(limits.allowed_hosts))] \
        if limits.allowed_hosts else []
    return Starlette(routes=routes, lifespan=lifespan, middleware=middleware)


async def _refuse_and_close(websocket: WebSocket, code: str, message: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "error", "code": code, "message": message})
        await websocket.close(code=POLICY_CLOSE)


__all__ = ["MAX_MESSAGE_BYTES", "OneLineFrameErrors", "POLICY_CLOSE", "RateLimit", "SEAT_LOST_CLOSE",
           "check_origin", "client_address", "create_app"]
