"""The FastAPI application: the HTTP API (described by OpenAPI) and the WebSocket protocol.

Tokens travel in the ``Authorization: Bearer`` header over HTTP, and in the first
(``hello``) message of a WebSocket, never in a URL. Every refusal is a JSON body
``{"error": {"code", "message"}}`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from moneyboard.bots.registry import bot_kinds, bot_summary
from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.options import describe_options
from moneyboard.registry import game_ids, get_game
from moneyboard.server import encoding as wire
from moneyboard.server.asgi_websocket import AsgiWebSocket, DisconnectedError
from moneyboard.server.directives import as_named, direct
from moneyboard.server.errors import RoomError, bad_request
from moneyboard.server.invalid import request_problems
from moneyboard.server.listeners import Listener, Reply, update_message
from moneyboard.server.manager import Access, RoomManager
from moneyboard.server.migrate import upgrade
from moneyboard.server.passcode import check as check_passcode
from moneyboard.server.protocol import (
    Accepted,
    ActionRequest,
    ChanceStreams,
    ClientMessage,
    CreateRoom,
    DirectiveRequest,
    ErrorResponse,
    Hello,
    Joined,
    JoinRoom,
    NewDevice,
    RoomCreated,
    VoteRequest,
    WsAction,
    WsDirective,
    WsPing,
    WsVote,
    quick_action,
)
from moneyboard.server.settings import Settings
from moneyboard.server.storage import Store, make_engine
from moneyboard.server.variants import parse_variant, parse_written

log = logging.getLogger("moneyboard.server")

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (400, 403, 404, 409, 413, 422, 429, 503)
}
Auth = Annotated[str | None, Header(description="Bearer token (trainer or seat)")]
CODE_PATH = "Join code"


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer`` header (``None`` if there is none)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise RoomError(403, "forbidden", "the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


def rejoin_link(code: str, token: str) -> str:
    """The link that gives a seat back on any device (the token stays in the fragment)."""
    return f"/play/{code}#{token}"


class BodyLimit:
    """Refuses HTTP bodies larger than the limit with 413, before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._refuse(send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLargeError
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLargeError:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        """413, with the body every other error has (the same JSON, written the same way)."""
        size = f"{self.limit // 1024} KiB" if self.limit % 1024 == 0 else f"{self.limit:,} bytes"
        error = RoomError(413, "too_large", f"a request's body is limited to {size}")
        response = JSONResponse({"error": error.to_json()}, error.status)
        await send(
            {
                "type": "http.response.start",
                "status": response.status_code,
                "headers": response.raw_headers,
            }
        )
        await send({"type": "http.response.body", "body": response.body})


class _TooLargeError(Exception):
    pass


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server's app: opens (and migrates) the database and rebuilds rooms on start."""
    settings = settings or Settings()
    engine = make_engine(settings.db_url)
    store = Store(engine)
    manager = RoomManager(store, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        upgrade(engine)
        rebuilt = manager.load_all()
        log.info("rebuilt %d room%s from storage", rebuilt, "" if rebuilt == 1 else "s")
        fanout = None
        if settings.notify and store.dialect == "postgresql":
            from moneyboard.server.fanout import PostgresFanout

            fanout = PostgresFanout(settings.db_url, manager, asyncio.get_running_loop())
            fanout.start()
            manager.notifier = fanout.notify
        manager.start_clock()
        try:
            yield
        finally:
            await manager.stop()
            if fanout is not None:
                fanout.stop()
            store.close()
            engine.dispose()

    app = FastAPI(
        title="moneyboard classroom server",
        version="1",
        description="Rooms, seats and a trainer for moneyboard's games. "
        "The WebSocket protocol at /ws/{code} is described in docs/server.md.",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    # Pages, scripts and views over HTTP go out compressed to a browser that asks (a class
    # joining at once loads them on one Wi-Fi); WebSocket updates do not (see Settings).
    app.add_middleware(GZipMiddleware, minimum_size=1024)

    @app.exception_handler(RoomError)
    async def room_error(request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        body = {"code": "internal", "message": "the server failed while handling this request"}
        return JSONResponse({"error": body}, 500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        no_such_page = getattr(request.app.state, "no_such_page", None)
        if exc.status_code == 404 and no_such_page is not None and _wants_a_page(request):
            page: Response = no_such_page(request)
            return page
        code = "bad_request" if exc.status_code == 400 else "http"
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        message = request_problems(exc.errors())
        return JSONResponse({"error": {"code": "invalid", "message": message}}, 422)

    @app.exception_handler(MoneyboardError)
    async def person_error(request: Request, exc: MoneyboardError) -> JSONResponse:
        message = " ".join(str(exc).split())
        return JSONResponse({"error": {"code": "bad_request", "message": message}}, 400)

    @app.get("/api/games", summary="Every game the server runs, with its rule options")
    async def games() -> list[dict[str, Any]]:
        out = []
        for game_id in game_ids():
            game = get_game(game_id)
            out.append(
                {
                    "id": game.id,
                    "title": game.title,
                    "players": [game.min_players, game.max_players],
                    "summary": game.summary,
                    "options": json.loads(
                        json.dumps(
                            describe_options(game.options_model, game.state_class.automations),
                            default=str,
                        )
                    ),
                }
            )
        return out

    @app.get("/api/bots", summary="Every bot kind that can take a seat")
    async def bots() -> list[dict[str, str]]:
        return [{"kind": k, "summary": bot_summary(k)} for k in bot_kinds()]

    @app.post("/api/rooms", status_code=201, responses=ERRORS, summary="Create a room")
    async def create_room(request: Request, body: CreateRoom) -> RoomCreated:
        try:
            # First: without the passcode, nothing else about the request is looked at.
            check_passcode(settings.passcode, body.passcode)
        except RoomError as exc:
            if exc.code == "wrong_passcode":
                where = request.client.host if request.client else "an unknown address"
                log.warning("refused to create a room: a wrong passcode, from %s", where)
            raise
        options = body.options
        if body.options_written:
            written = parse_written(get_game(body.game).options_model, body.options_written)
            options = {**options, **written}
        if body.variant is not None:
            if options:
                raise bad_request("give either options or a variant file, not both")
            options = parse_variant(body.variant, body.variant_format)
        seats = [s.model_dump() for s in body.seats]
        room, token = manager.create(body.game, options, seats, body.seed, body.forced)
        return RoomCreated(code=room.code, trainer_token=token, room=room.info())

    @app.get("/api/rooms/{code}", responses=ERRORS, summary="A room's public information")
    async def room_info(code: str) -> dict[str, Any]:
        return manager.room(code).info()

    @app.post("/api/rooms/{code}/join", status_code=201, responses=ERRORS, summary="Join a room")
    async def join(code: str, body: JoinRoom) -> Joined:
        seat, token = manager.join(code, body.name, body.seat)
        room = manager.room(code)
        return Joined(seat=seat, token=token, rejoin=rejoin_link(room.code, token))

    @app.get("/api/rooms/{code}/view", responses=ERRORS, summary="The game as the caller sees it")
    async def view(code: str, authorization: Auth = None) -> dict[str, Any]:
        access = manager.access(code, bearer(authorization))
        return update_message(access.room, access.role, access.seat, None, [])

    @app.get("/api/rooms/{code}/record", responses=ERRORS, summary="The game's record (trainer)")
    async def record(code: str, authorization: Auth = None) -> dict[str, Any]:
        room = manager.trainer(code, bearer(authorization))
        data: dict[str, Any] = room.record().model_dump(mode="json")
        return data

    @app.get(
        "/api/rooms/{code}/chance",
        responses=ERRORS,
        summary="What the trainer may deal or set: each chance stream and its outcomes (trainer)",
    )
    async def chance(code: str, authorization: Auth = None) -> ChanceStreams:
        room = manager.trainer(code, bearer(authorization))
        return ChanceStreams.model_validate({"streams": room.chance_streams()})

    @app.post("/api/rooms/{code}/actions", responses=ERRORS, summary="Play a seat's action")
    async def act(code: str, body: ActionRequest, authorization: Auth = None) -> Accepted:
        access = manager.seat_of(code, bearer(authorization))
        change = await manager.act(access, body.action, body.version)
        return Accepted(version=access.room.version, change=change.kind)

    @app.post("/api/rooms/{code}/votes", responses=ERRORS, summary="Vote on the open decision")
    async def vote(code: str, body: VoteRequest, authorization: Auth = None) -> Accepted:
        access = manager.seat_of(code, bearer(authorization))
        change = await manager.vote(access, body.action, body.version, body.why)
        return Accepted(version=access.room.version, change=change.kind)

    @app.post("/api/rooms/{code}/directives", responses=ERRORS, summary="A trainer's control")
    async def directive(code: str, body: DirectiveRequest, authorization: Auth = None) -> Accepted:
        room = manager.trainer(code, bearer(authorization))
        change = await direct(manager, room, as_named(room, body.directive))
        return Accepted(version=room.version, change=change.kind)

    @app.post(
        "/api/rooms/{code}/seats/{seat}/device",
        responses=ERRORS,
        summary="Move a seat to another device (old links stop working)",
    )
    async def new_device(code: str, seat: int, authorization: Auth = None) -> NewDevice:
        room = manager.trainer(code, bearer(authorization))
        token = manager.new_device(room, seat)
        return NewDevice(seat=seat, token=token, rejoin=rejoin_link(room.code, token))

    @app.delete("/api/rooms/{code}", status_code=204, responses=ERRORS, summary="Delete a room")
    async def delete_room(code: str, authorization: Auth = None) -> None:
        room = manager.trainer(code, bearer(authorization))
        manager.delete(room)

    app.router.routes.append(WebSocketRoute("/ws/{code}", Connections(manager, settings)))

    from moneyboard.web.pages import mount_pages

    mount_pages(app)
    return app


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _wants_a_page(request: Request) -> bool:
    """A browser asking for a page (not the API, a static file or a script)."""
    path = request.url.path
    return (
        request.method == "GET"
        and "text/html" in request.headers.get("accept", "")
        and not path.startswith(("/api/", "/static/", "/ws/"))
    )


def _ack(ident: Any, version: int) -> dict[str, Any]:
    """The answer to an entry that was taken, as a message of its own."""
    return {"type": "ack", "id": ident, "version": version}


def _error(code: str, message: str, ident: Any = None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "id": ident}


@dataclasses.dataclass(frozen=True)
class Connections:
    """The ``/ws/{code}`` endpoint, a plain ASGI app (see :mod:`.asgi_websocket`): one
    :class:`Connection` for each WebSocket."""

    manager: RoomManager
    settings: Settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        ws = AsgiWebSocket(scope, receive, send)
        await Connection(ws, self.manager, self.settings).run(scope["path_params"]["code"])


class Connection:
    """One WebSocket: a ``hello`` with a token first, then actions, votes and directives."""

    HELLO_SECONDS = 10.0

    def __init__(self, ws: AsgiWebSocket, manager: RoomManager, settings: Settings):
        self.ws = ws
        self.manager = manager
        self.settings = settings
        self.limit = RateLimit(settings.rate_per_second, settings.rate_burst)

    async def send(self, data: dict[str, Any]) -> None:
        await self.ws.send_text(wire.dumps(data))

    async def run(self, code: str) -> None:
        try:
            await self.ws.accept()
            access = await self._hello(code)
        except DisconnectedError:
            return
        if access is None:
            with contextlib.suppress(DisconnectedError):
                await self.ws.close(code=4403)
            return
        room_code = access.room.code
        listener = self.manager.listen(access)
        sender = asyncio.get_running_loop().create_task(self._pump(listener))
        listener.write = self.ws.send_text
        try:
            while True:
                text = await self.ws.receive_text()
                if text is None:
                    break
                if not self.manager.still_allowed(room_code, listener):
                    await self.send(_error("forbidden", "this seat was moved to another device"))
                    break
                reply = await self._handle(room_code, access, text, listener)
                if reply is not None:
                    listener.send(wire.dumps(reply))
        except DisconnectedError:
            pass
        finally:
            self.manager.unlisten(room_code, listener)
            listener.send_close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 2.0)
            sender.cancel()
            with contextlib.suppress(DisconnectedError):
                await self.ws.close()

    async def _hello(self, code: str) -> Access | None:
        """Wait for the ``hello``; an error message and ``None`` if it is wrong or late."""
        try:
            text = await asyncio.wait_for(self.ws.receive_text(), self.HELLO_SECONDS)
        except TimeoutError:
            await self.send(_error("hello", "send a hello message first"))
            return None
        if text is None:
            return None
        try:
            hello = Hello.model_validate_json(text)
        except ValidationError as exc:
            await self.send(_error("hello", f"the first message must be a hello: {_why(exc)}"))
            return None
        try:
            return self.manager.access(code, hello.token)
        except RoomError as exc:
            await self.send(_error(exc.code, str(exc)))
            return None

    async def _pump(self, listener: Listener) -> None:
        """Send what the room queues for this connection, in order, until told to close."""
        await listener.write_queued(self.ws.send_text)
        # A stalled client may never take these: they wait a bounded time.
        with contextlib.suppress(Exception):
            async with asyncio.timeout(self.settings.send_timeout):
                if listener.overflowed:
                    await self.send(_error("too_slow", "this device fell too far behind"))
                await self.ws.close()

    async def _handle(
        self, code: str, access: Access, text: str, listener: Listener
    ) -> dict[str, Any] | None:
        """Carry out one client message; the reply (if any) for this client alone. An action
        or a vote is answered in the update it causes (``"ack"``), not by a message of its
        own, unless that update could not carry it."""
        if len(text.encode("utf-8")) > self.settings.max_message_bytes:
            limit = self.settings.max_message_bytes
            return _error("too_large", f"messages are limited to {limit} bytes")
        if not self.limit.allow():
            return _error("rate_limited", "too many messages: slow down and try again")
        try:
            data = wire.loads(text)
        except wire.DecodeError as exc:
            return _error("malformed", f"not valid JSON: {exc}")
        try:
            parsed = quick_action(data) or ClientMessage.model_validate({"message": data}).message
        except ValidationError as exc:
            return _error("malformed", _why(exc), _request_id(data))
        ident = parsed.id
        try:
            room = self.manager.room(code)
            access.room = room
            if isinstance(parsed, WsPing):
                return {"type": "pong", "id": ident, "version": room.version}
            if isinstance(parsed, WsAction):
                if access.role != "seat":
                    raise RoomError(403, "forbidden", "a seat's token is needed to play")
                answer = Reply(listener, ident)
                await self.manager.act(access, parsed.action, parsed.version, answer)
                return None if answer.sent else _ack(ident, room.version)
            if isinstance(parsed, WsVote):
                if access.role != "seat":
                    raise RoomError(403, "forbidden", "a seat's token is needed to vote")
                answer = Reply(listener, ident)
                await self.manager.vote(access, parsed.action, parsed.version, parsed.why, answer)
                return None if answer.sent else _ack(ident, room.version)
            assert isinstance(parsed, WsDirective)
            if access.role != "trainer":
                raise RoomError(403, "forbidden", "only the trainer of this room may do that")
            done = as_named(room, parsed.directive)
            await direct(self.manager, room, done)
            return {**_ack(ident, room.version), "directive": done.model_dump(mode="json")}
        except RoomError as exc:
            version = self.manager.rooms[code].version if code in self.manager.rooms else None
            return {
                "type": "refused",
                "id": ident,
                "code": exc.code,
                "message": str(exc),
                "version": version,
            }
        except MoneyboardError as exc:
            return {"type": "refused", "id": ident, "code": "bad_request", "message": str(exc)}
        except Exception:
            log.exception("room %s: a %s message failed", code, parsed.type)
            return _error("internal", "the server failed while handling this request", ident)


def _why(exc: ValidationError) -> str:
    """A message's problems in plain words, each field named as the message spells it."""
    return request_problems(exc.errors())


def _request_id(data: Any) -> Any:
    """The ``id`` of a malformed message, if it can be read, so the client can match the
    error to its request."""
    ident = data.get("id") if isinstance(data, dict) else None
    if isinstance(ident, bool) or not isinstance(ident, int | str):
        return None
    return ident if not isinstance(ident, str) or len(ident) <= 64 else None
