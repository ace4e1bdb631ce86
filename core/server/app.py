"""The ASGI application of `meeple server` (Starlette): a JSON API for the lobby, a WebSocket per
seat or spectator for moves and pushes, and the browser client as static files.

HTTP (JSON in, JSON out; an error is ``{"error": {"code", "message"}}`` with status 4xx):

- ``GET /api/lobby`` — installed games (options, bots) and the matches not yet over;
- ``POST /api/matches`` — create: ``{"game", "options", "seats": ["human", "random", "open"]}``;
- ``POST /api/matches/{id}/join`` — take an open seat: a seat token;
- ``POST /api/matches/{id}/watch`` — a spectator token (the public view only);
- ``POST /api/leave`` / ``POST /api/rematch`` — with ``{"token"}``;
- ``GET /renderers/{game}.js`` / ``.json`` — the game's own browser renderer, and what the client
  draws the game with (`meeple.server.renderers`).

WebSocket ``/ws``: the first message is ``{"type": "hello", "token"}``; then ``{"type": "move",
"action", "ply"?}``. The server pushes ``{"type": "update", ...}`` (the connection's own view,
legal moves when it owes, the last move narrated as it saw it) after every change, and
``{"type": "error", "code", "message"}`` for a refused message, which changes nothing. Once the
connection's token no longer holds its seat (given up by leaving, on any server process), it gets
one last error, ``seat_lost``, and is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .hub import Hub, Refused
from .messages import MAX_MESSAGE_BYTES, parse
from .renderers import table_info

logger = logging.getLogger(__name__)

#: Per-connection rate limit: a burst of this many messages, refilled at RATE_PER_SECOND.
RATE_BURST = 60
RATE_PER_SECOND = 20.0

#: The WebSocket close code of a connection whose token no longer holds its seat (4000-4999: the
#: application's own).
SEAT_LOST_CLOSE = 4001

_STATUS = {"unknown_match": 404, "unknown_game": 404, "bad_token": 403, "too_large": 413, "rate_limited": 429, "conflict": 409,
           "no_seat": 409, "stale": 409, "finished": 409, "not_finished": 409, "not_started": 409}


class RateLimit:
    """A token bucket: `allow()` is False once a connection sends faster than it may."""

    def __init__(self, burst: int = RATE_BURST, rate: float = RATE_PER_SECOND) -> None:
        self.burst, self.rate = burst, rate
        self.level, self.at = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def _error(exc: Refused) -> JSONResponse:
    return JSONResponse({"error": {"code": exc.code, "message": str(exc)}}, status_code=_STATUS.get(exc.code, 400))


async def _body(request: Request, schema: str) -> Any:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_MESSAGE_BYTES:
            raise Refused("too_large", f"a request body is at most {MAX_MESSAGE_BYTES} bytes")
        chunks.append(chunk)
    return parse(b"".join(chunks) or b"{}", schema)


def create_app(hub: Hub, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> Starlette:
    """The application serving `hub`'s matches; each WebSocket may send `burst` messages at once
    and `rate` per second after that (one more closes it)."""

    def handler(fn):
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await fn(request))
            except Refused as exc:
                return _error(exc)
        return endpoint

    async def lobby(request: Request) -> dict:
        return hub.lobby()

    async def create(request: Request) -> dict:
        body = await _body(request, "server.create.json")
        match, tokens = hub.create(body["game"], len(body["seats"]), body.get("options", {}), body["seats"])
        return {"match": match.id, "tokens": {str(seat): token for seat, token in tokens.items()},
                "summary": match.summary()}

    async def join(request: Request) -> dict:
        body = await _body(request, "server.join.json")
        match, seat, token = await hub.join(request.path_params["match"], body.get("seat"))
        return {"match": match.id, "seat": seat, "token": token}

    async def watch(request: Request) -> dict:
        await _body(request, "server.join.json")
        match, token = hub.watch(request.path_params["match"])
        return {"match": match.id, "seat": None, "token": token}

    async def leave(request: Request) -> dict:
        body = await _body(request, "server.token.json")
        await hub.leave(body["token"])
        return {"left": True}

    async def rematch(request: Request) -> dict:
        body = await _body(request, "server.token.json")
        match, seat, token = await hub.rematch(body["token"])
        return {"match": match.id, "seat": seat, "token": token}

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

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        limit = RateLimit(burst, rate)
        connection = token = None
        closed = False  # once closed (its seat lost), nothing more is sent

        async def send(message: dict) -> None:
            if not closed:
                await websocket.send_json(message)

        async def close(message: dict) -> None:
            nonlocal closed
            if not closed:
                closed = True
                with contextlib.suppress(Exception):  # the socket may be gone already
                    await websocket.send_json(message)
                    await websocket.close(code=SEAT_LOST_CLOSE)

        async def refuse(code: str, message: str) -> None:
            await send({"type": "error", "code": code, "message": message})

        try:
            while True:
                text = await websocket.receive_text()
                if closed:
                    return
                if not limit.allow():
                    await refuse("rate_limited", "too many messages: slow down")
                    await websocket.close(code=1008)
                    return
                try:
                    message = parse(text, "server.socket.json")
                    if message["type"] == "hello":
                        if connection is not None:
                            raise Refused("bad_request", "this connection already said hello")
                        connection = await hub.hello(message["token"], send, close)
                        token = message["token"]
                    elif message["type"] == "ping":
                        await send({"type": "pong"})
                    elif connection is None:
                        raise Refused("bad_token", "say hello with a token first")
                    elif connection.seat is None:
                        raise Refused("not_a_seat", "a spectator cannot move")
                    else:
                        await hub.move(connection.match, connection.seat, token, message["action"], message.get("ply"))
                except Refused as exc:
                    if exc.code == "seat_lost":
                        await close({"type": "error", "code": exc.code, "message": str(exc)})
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
        hub.load_all()
        hub.resume_bots()
        await hub.start()  # several processes on PostgreSQL: their moves are pushed here too
        try:
            yield
        finally:
            await hub.shutdown()

    with as_file(static) as folder:
        static_files = StaticFiles(directory=str(folder))
    routes = [
        Route("/", index),
        Route("/api/lobby", handler(lobby)),
        Route("/api/matches", handler(create), methods=["POST"]),
        Route("/api/matches/{match}/join", handler(join), methods=["POST"]),
        Route("/api/matches/{match}/watch", handler(watch), methods=["POST"]),
        Route("/api/leave", handler(leave), methods=["POST"]),
        Route("/api/rematch", handler(rematch), methods=["POST"]),
        Route("/renderers/{game}.js", renderer),
        Route("/renderers/{game}.json", table),
        WebSocketRoute("/ws", socket),
        Mount("/static", static_files),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


__all__ = ["MAX_MESSAGE_BYTES", "RateLimit", "SEAT_LOST_CLOSE", "create_app"]
