"""The FastAPI application: the public HTTP API, the WebSocket, and the browser client's files.

``create_app(db_url)`` builds it around one :class:`~gamenight.server.service.TableService`. Routes:

* ``GET /api/games``, ``POST /api/tables``, ``GET /api/tables/{id}``, ``POST /api/tables/{id}/moves``,
  ``GET /api/tables/{id}/log`` (once the game is over), ``GET /api/stats`` — JSON; errors are
  ``{"error": {"code", "message", "version"?}}``;
* ``WS /ws/tables/{id}?token=T`` — ``{"type": "state", version, view, seed, seats, waiting,
  rematch?, series?}`` on connect and after every change, for the connection's own seat; accepts
  ``{"move", "version"}``; a refused move gets ``{"type": "error", code, message, version}`` on that
  connection only; names, chat and presence messages: :mod:`gamenight.server.people_api`;
* ``POST /api/tables/{id}/name``, ``GET|POST /api/tables/{id}/chat``, ``POST
  /api/tables/{id}/rematch`` — the people's routes (:mod:`gamenight.server.people_api`);
* ``/`` (lobby), ``/t/{id}`` (table page), ``/static/...`` (the ``gamenight/web`` folder).

Request bodies and WebSocket messages over :data:`MAX_BODY` bytes are refused (``too_large``).
WebSocket close codes: 4403 bad token, 4404 unknown table (each after an error frame saying why),
4408 a client too slow to keep up (it reconnects and gets the current state).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import gamenight
from gamenight.server.links import LinkBase, qr_svg_data_uri, seat_path, spectator_path
from gamenight.server.models import (
    CreateTable,
    ErrorBody,
    GameInfo,
    GameLog,
    MoveAccepted,
    MoveRequest,
    TableCreated,
    TableSnapshot,
)
from gamenight.server.people_api import (
    add_people_routes,
    handle_people_message,
    install_people_errors,
    people_message,
)
from gamenight.server.service import Connection, LiveTable, SeatRequest, ServiceError, TableService
from gamenight.server.storage import Storage, default_db_url, normalise_db_url

log = logging.getLogger(__name__)

#: the largest request body or WebSocket message accepted, in bytes
MAX_BODY = 16 * 1024
#: uvicorn drops a connection whose frame exceeds this (larger ones than MAX_BODY get a ``too_large``
#: answer first, up to this size)
MAX_WS_FRAME = 1024 * 1024
#: the web client's files (index.html, table.html, js/, css/)
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: pages: scripts and styles from this server only, no framing, tokens never sent on as a referrer
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}
#: generation thresholds of the cyclic garbage collector in a server process (see tune_gc)
GC_THRESHOLDS = (50_000, 20, 10)
#: WebSocket close codes (4000-4999 are the application's)
CLOSE_BAD_TOKEN = 4403
CLOSE_UNKNOWN_TABLE = 4404
CLOSE_TOO_SLOW = 4408

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 403, 404, 409, 413, 422, 503)
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def error_response(code: str, message: str, status: int, version: int | None = None) -> JSONResponse:
    return JSONResponse({"error": ServiceError(code, message, status, version).to_json()}, status_code=status)


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413 ``too_large``, whether or not the
    client declared the length (the body is read up to the limit, then handed on)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response("too_large", f"Request bodies are at most {self.limit} bytes.", 413)
        await response(scope, receive, send)


def tune_gc() -> None:
    """Tune CPython's cyclic garbage collector for a long-running server process.

    A server holds a large, long-lived heap (every table's state and events, every connection).
    With the default thresholds (700, 10, 10) the views and frames that live about a second get
    promoted into the oldest generation, which then fills fast enough to trigger a full collection
    several times a minute, each one pausing every table for 100-400 ms (measured with the load
    bench: it made p99 latency 170 ms instead of 40). A young generation of 50,000 lets those
    objects die young, and freezing the start-up heap (modules, the game registry) keeps it out of
    every collection. ``gamenight serve`` calls this; an embedding program may too.
    """
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()


def game_infos() -> list[dict[str, Any]]:
    """Every registered game as the lobby needs it: ``GameSpec.to_json()`` plus its rules text."""
    return [{**spec.to_json(), "rules": spec.rules} for spec in gamenight.games()]


def create_app(db_url: str | None = None, *, links: LinkBase | None = None) -> FastAPI:
    """The app, storing tables at ``db_url`` (an SQLAlchemy URL or an SQLite file path; default: an
    SQLite file in the user's data folder); shared links are built on ``links`` (see
    :mod:`gamenight.server.links`; default: the address each request came in at)."""
    storage = Storage(normalise_db_url(db_url) if db_url else default_db_url())
    service = TableService(storage)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(
        title="gamenight",
        version=gamenight.__version__,
        summary="Every game of the family's rule books, at tables in the browser.",
        description="Start a table of any registered game, share each seat's private link, play live. "
                    "Moves name the version they were chosen at; every change is pushed over the table's "
                    "WebSocket, each connection getting its own seat's view only.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.links = links or LinkBase()
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    install_error_handlers(app)
    install_people_errors(app)
    add_api_routes(app, service)
    add_people_routes(app, service)
    add_websocket_route(app, service)
    add_page_routes(app)
    return app


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response("bad_request", "The request body is not valid JSON.", 400)
        return error_response("bad_request", "; ".join(_describe(e) for e in errors[:5]), 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error_response(code, str(exc.detail), exc.status_code)


def _describe(error: Any) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


def add_api_routes(app: FastAPI, service: TableService) -> None:
    games_cache = game_infos()

    @app.get("/api/games", response_model=list[GameInfo], tags=["games"],
             summary="Every game this server plays",
             description="Each registered game with its title, player counts, presets, its house-rule "
                         "options as a schema (label, the rule each changes, type, choices, bounds) and "
                         "its rules text.")
    async def list_games() -> list[dict[str, Any]]:
        return games_cache

    @app.post("/api/tables", status_code=201, response_model=TableCreated, responses=ERRORS, tags=["tables"],
              summary="Start a table",
              description="Create a table of a game with a preset and options, one seat per player, each a "
                          "person or a bot. Returns each human seat's private token and link (share each "
                          "with its player only), a spectator link, and the SHA-256 commitment to the "
                          "seed (revealed when the game is over). Unknown game: 400 `unknown_game`; bad "
                          "options: 422 `bad_options`; seats not matching the player count or an unknown "
                          "bot: 422 `bad_seats`.")
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        seats = [SeatRequest(s.kind, getattr(s, "bot", None), s.name) for s in body.seats]
        table, tokens = await service.create_table(
            body.game, seats, preset=body.preset, options=body.options, players=body.players,
            bot_delay_ms=body.bot_delay_ms)
        return created_table(table, tokens, service.seat_infos(table), request.app.state.links,
                             str(request.base_url))

    @app.get("/api/tables/{table_id}", response_model=TableSnapshot, responses=ERRORS, tags=["tables"],
             summary="A table as one seat sees it",
             description="The table's facts and the view of the seat whose token is given (without a "
                         "token: the spectator's view), at the current version. A wrong token: 403 "
                         "`bad_token`; no such table: 404 `unknown_table`.")
    async def get_table(table_id: str, token: str | None = Query(None, max_length=128)) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token)
        await service.people.seen(table, seat, token)  # its rematch link is built from the token
        return await service.snapshot(table, seat)

    @app.post("/api/tables/{table_id}/moves", response_model=MoveAccepted, responses=ERRORS, tags=["tables"],
              summary="Make a move",
              description="Play `move` (its text, e.g. `play QS`) for the seat of `token`, chosen at "
                          "`version`. The move is saved before this answers. Refusals change nothing: "
                          "403 `bad_token`, 409 `not_your_turn`, 409 `stale_version` (with the current "
                          "`version`), 422 `illegal_move` (with the engine's reason).")
    async def post_move(table_id: str, body: MoveRequest) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, body.token)
        if seat is None:
            raise ServiceError("bad_token", "A move needs your seat's token.", 403, table.version)
        return {"version": await service.submit(table, seat, body.move, body.version)}

    @app.get("/api/stats", tags=["server"], summary="What the server is doing",
             description="Live tables and connections, and the recent move timings (from a move reaching "
                         "the table service to its broadcast, commit included) and commit timings, as "
                         "p50/p99/max in milliseconds. For operators and the load bench.")
    async def stats() -> dict[str, Any]:
        return service.stats()

    @app.get("/api/tables/{table_id}/log", response_model=GameLog, responses=ERRORS, tags=["tables"],
             response_model_exclude_unset=True,  # "names" only where people chose names
             summary="The finished game's log",
             description="Seed, options and every move: replay it with `gamenight replay`. Published "
                         "once the game is over (409 `not_over` until then).")
    async def get_log(table_id: str) -> dict[str, Any]:
        return await service.game_log(await service.get(table_id))


def created_table(table: LiveTable, tokens: dict[int, str], infos: list[dict[str, Any]], links: LinkBase,
                  request_base: str) -> dict[str, Any]:
    """The create response: each human seat's token, its absolute link and that link's QR code (for a
    phone to scan off the lobby's screen), and the spectators' link."""
    seats = []
    for info in infos:
        token = tokens.get(info["seat"])
        link = links.absolute(seat_path(table.id, token), request_base) if token is not None else None
        seats.append({**info, "token": token, "link": link, "qr": qr_svg_data_uri(link) if link else None})
    spectators = links.absolute(spectator_path(table.id), request_base)
    return {"table_id": table.id, "game": table.record.game, "seats": seats, "spectator_link": spectators,
            "spectator_qr": qr_svg_data_uri(spectators), "seed_commitment": table.seed_commitment}


def add_websocket_route(app: FastAPI, service: TableService) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = await service.get(table_id)
            seat = service.seat_of(table, token)
        except ServiceError as e:
            await websocket.send_text(json.dumps({"type": "error", **e.to_json(), "version": e.version}))
            await websocket.close(CLOSE_UNKNOWN_TABLE if e.code == "unknown_table" else CLOSE_BAD_TOKEN)
            return
        await service.people.seen(table, seat, token)
        conn = Connection(websocket.send_text, seat)
        await service.attach(table, conn)
        try:
            await serve_socket(websocket, service, table, conn)
        finally:
            service.detach(table, conn)


async def serve_socket(
    websocket: WebSocket, service: TableService, table: LiveTable, conn: Connection
) -> None:
    """Read moves until the client leaves; frames go out through the connection's own pump task."""
    pump = asyncio.create_task(run_pump(websocket, conn))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            await handle_message(message, service, table, conn)
    except (WebSocketDisconnect, RuntimeError):  # gone, or closed by the pump
        return
    finally:
        pump.cancel()


async def run_pump(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's frames; a client too far behind is closed (it reconnects and resumes)."""
    try:
        await conn.pump()
    except Exception:  # the socket broke while sending: the reader sees the disconnect
        return
    await _close_quietly(websocket, CLOSE_TOO_SLOW)


async def _close_quietly(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):  # already gone
        await websocket.close(code)


async def handle_message(message: Message, service: TableService, table: LiveTable, conn: Connection) -> None:
    """One client message: ``{"move": text, "version": n}``, or a people message (server.people_api)."""
    small = len(message.get("text") or "") <= MAX_BODY  # a larger one is refused as too large below
    people = people_message(message) if small else None
    if people is not None:
        await handle_people_message(people, service, table, conn)
        return
    try:
        move, version = parse_move_message(message)
        await service.submit(table, conn.seat, move, version)
    except ServiceError as e:
        conn.push_error(service.error_frame(e, table))


def parse_move_message(message: Message) -> tuple[str, int]:
    text = message.get("text")
    if text is None:
        raw = message.get("bytes") or b""
        if len(raw) > MAX_BODY:
            raise ServiceError("too_large", f"Messages are at most {MAX_BODY} bytes.", 413)
        raise ServiceError("bad_request", 'Send moves as JSON text: {"move": "play QS", "version": 12}.', 400)
    if len(text) > MAX_BODY or len(text.encode()) > MAX_BODY:
        raise ServiceError("too_large", f"Messages are at most {MAX_BODY} bytes.", 413)
    try:
        data = json.loads(text)
    except ValueError:
        raise ServiceError("bad_request", "That message is not valid JSON.", 400) from None
    if not isinstance(data, dict) or data.get("type", "move") != "move":
        raise ServiceError("bad_request", 'Send a move as {"move": "play QS", "version": 12}.', 400)
    move = data.get("move")
    version = data.get("version")
    if not isinstance(move, str):
        raise ServiceError("bad_request", 'A move message needs "move": the text of the move.', 400)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ServiceError("bad_request", 'A move message needs "version": the version you chose it at.', 400)
    return move, version


def add_page_routes(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")

    app.add_middleware(PageHeaders)


class PageHeaders:
    """Security headers on the pages and their files (not on the API)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in PAGE_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not (path == "/" or path.startswith(("/t/", "/static/"))):
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((k, v) for k, v in self.headers if k not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def page(name: str) -> Response:
    path = WEB_DIR / name
    if not path.is_file():
        return PlainTextResponse(f"The web client is not installed ({name} is missing).", status_code=404)
    return FileResponse(path, media_type="text/html")


__all__ = ["MAX_BODY", "MAX_WS_FRAME", "create_app", "tune_gc"]
