"""The FastAPI application: the public HTTP API, the WebSocket, and the browser client's files.

``create_app(db_url, limits)`` builds it around one :class:`~gamenight.server.service.TableService`.
Routes:

* ``GET /api/games``, ``POST /api/tables``, ``GET /api/tables/{id}``, ``POST /api/tables/{id}/moves``,
  ``POST /api/tables/{id}/seats/{seat}/link`` (the host re-issues a seat's link),
  ``GET /api/tables/{id}/log`` (once the game is over), ``GET /api/stats`` (this machine, or the
  admin token) — JSON, never cached; errors are ``{"error": {"code", "message", "version"?,
  "retry_after"?}}``, whatever went wrong;
* ``WS /ws/tables/{id}`` — ``{"type": "state", version, view, seed, ended, trick_pause_ms, window?}``
  on connect and after every change, for the connection's own seat (``window``: a timed window open
  now, as :class:`~gamenight.server.models.ClaimWindow`); accepts ``{"move", "version",
  "move_id"?}``; a refused move gets ``{"type": "error", code, message, version}`` on that
  connection only;
* ``/`` (lobby), ``/t/{id}`` (table page), ``/t/{id}/screen`` and ``POST /api/tables/{id}/invites``
  (the shared table screen: :mod:`gamenight.server.screen_api`), ``/static/...`` (the
  ``gamenight/web`` folder), ``/docs``
  (the API's documentation, its Swagger UI files served from the ``swagger-ui-bundle-v2`` package).
* ``POST /api/tables/{id}/name``, ``GET|POST /api/tables/{id}/chat``, ``POST
  /api/tables/{id}/rematch`` — the people's routes (:mod:`gamenight.server.people_api`); the state
  frame also carries ``seats``, ``waiting``, ``rematch?`` and ``series?``, and names, chat and
  presence messages are described there.
* ``POST /api/tables/{id}/check`` (would this move be made?) and ``POST /api/tables/{id}/hint``
  (what the strong bot would play, where the table allows hints: :mod:`gamenight.server.hint_api`).

Tokens travel outside URLs: ``Authorization: Bearer T`` over HTTP (a move's body may carry it too),
and over the WebSocket the subprotocol ``gamenight.token.T`` offered beside ``gamenight`` (the one
the server picks). A seat's invite link carries its token once (``/t/{id}?token=T``): the page keeps
it for the tab and takes it out of the address bar. ``?token=`` still works everywhere, for links
and programs that use it, and is redacted from every log line (:mod:`gamenight.server.redact`).

Request bodies and WebSocket messages over :data:`MAX_BODY` bytes are refused (``too_large``); a
POST body must be declared ``application/json`` (415: a cross-site form cannot post one).
WebSocket close codes: 4403 bad token or a re-issued link, 4404 unknown table, 4429 too many
connections (each after an error frame saying why), 4408 a client too slow to keep up, 4503 the
table was reloaded (both: it reconnects and gets the current state).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import ipaddress
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

import gamenight
from gamenight.bots import seat_bots
from gamenight.core.rules_text import for_the_table, options_for_the_table
from gamenight.server.amend_api import add_amend_routes
from gamenight.server.assets import mount_files, page
from gamenight.server.check_api import add_check_route
from gamenight.server.clock import REAL_CLOCK, Clock
from gamenight.server.hint_api import add_hint_route
from gamenight.server.limits import ClientLimits, Limits, TooMany
from gamenight.server.links import LinkBase, qr_svg_data_uri, seat_path, spectator_path
from gamenight.server.models import (
    ERRORS,
    CreateTable,
    GameInfo,
    GameLog,
    MoveAccepted,
    MoveRequest,
    SeatLink,
    SocketMove,
    TableCreated,
    TableSnapshot,
)
from gamenight.server.pad_api import add_pad_routes
from gamenight.server.people_api import (
    add_people_routes,
    handle_people_message,
    install_people_errors,
    people_message,
)
from gamenight.server.redact import PlainSecretKeys, install_redaction
from gamenight.server.schema_api import router as schema_router
from gamenight.server.screen_api import add_screen_routes
from gamenight.server.service import (
    Connection,
    LiveTable,
    SeatRequest,
    ServiceError,
    TableReloaded,
    TableService,
)
from gamenight.server.slow_clients import SlowClients
from gamenight.server.storage import Storage, default_db_url, normalise_db_url
from gamenight.server.wire import json_nests_deeper_than

log = logging.getLogger(__name__)

#: the largest request body or WebSocket message accepted, in bytes
MAX_BODY = 16 * 1024
#: uvicorn drops a connection whose frame exceeds this (larger ones than MAX_BODY get a ``too_large``
#: answer first, up to this size)
MAX_WS_FRAME = 1024 * 1024
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
CLOSE_TOO_MANY = 4429
#: the WebSocket subprotocol the server speaks, and the prefix of the one that carries a token
SUBPROTOCOL = "gamenight"
TOKEN_SUBPROTOCOL = "gamenight.token."
#: where /docs finds Swagger UI's files (the swagger-ui-bundle-v2 package's folder, mounted)
DOCS_ASSETS = "/docs/assets"
#: JSON an attacker can nest deeper than Python's parser recurses: refused, not crashed on (a move or a
#: people message is flat: a few levels at most)
MAX_JSON_DEPTH = 32
MAX_JSON_DEPTH_ERROR = "That message nests too deeply to be a move or a message: send flat JSON."


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def error_response(code: str, message: str, status: int, version: int | None = None,
                   headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": ServiceError(code, message, status, version).to_json()}, status_code=status,
                        headers=headers)


def service_error_response(exc: ServiceError) -> JSONResponse:
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
    return JSONResponse({"error": exc.to_json()}, status_code=exc.status, headers=headers)


def too_many(exc: TooMany, version: int | None = None) -> ServiceError:
    seconds = int(exc.retry_after_header)
    return ServiceError("too_many_requests", f"Too many requests: {exc.what}. Try again in {seconds} s.", 429,
                        version, retry_after=seconds)


def is_json(content_type: bytes | None) -> bool:
    """``application/json`` or a ``+json`` type, parameters (charset) aside."""
    if not content_type:
        return False
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or (media.startswith(b"application/") and media.endswith(b"+json"))


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413 ``too_large``, whether or not the
    client declared the length (the body is read up to the limit, then handed on), and a body not
    declared JSON with 415 ``unsupported_media_type``: a cross-site page can send a form or plain
    text without the browser asking this server first, but not JSON."""

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
        if body and not is_json(dict(scope["headers"]).get(b"content-type")):
            response = error_response("unsupported_media_type", "Send the request body as JSON, with "
                                      "Content-Type: application/json.", 415)
            await response(scope, receive, send)
            return
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
    return [{**(info := spec.to_json()), "options": options_for_the_table(info["options"]),
             "rules": for_the_table(spec.rules), "bots": seat_bots(spec.id)} for spec in gamenight.games()]


def create_app(db_url: str | None = None, limits: Limits | None = None, *,
               links: LinkBase | None = None, clock: Clock = REAL_CLOCK) -> FastAPI:
    """The app, storing tables at ``db_url`` (an SQLAlchemy URL or an SQLite file path; default: an
    SQLite file in the user's data folder), within ``limits`` (default: :class:`Limits`' defaults);
    shared links are built on ``links`` (see :mod:`gamenight.server.links`; default: the address
    each request came in at). Every delay and rate reads ``clock`` (see :mod:`gamenight.server.clock`;
    a test passes a ``ManualClock`` to move time itself)."""
    limits = limits or Limits()
    storage = Storage(normalise_db_url(db_url) if db_url else default_db_url())
    service = TableService(storage, limits, clock)
    clients = ClientLimits(limits, clock.now)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        install_redaction()  # uvicorn has configured logging by now
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    install_redaction()
    app = FastAPI(
        title="gamenight",
        version=gamenight.__version__,
        summary="Every game of the family's rule books, at tables in the browser.",
        description="Start a table of any registered game, share each seat's private link, play live. "
                    "Moves name the version they were chosen at; every change is pushed over the table's "
                    "WebSocket, each connection getting its own seat's view only.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.service = service
    app.state.clients = clients
    app.state.links = links or LinkBase()
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(ApiHeaders)
    app.add_middleware(SlowClients, requests=clients.requests, body_timeout_s=limits.body_timeout_s)
    app.add_middleware(PlainSecretKeys)  # a token's key percent-encoded to slip past the log's redaction
    install_error_handlers(app)
    install_people_errors(app)
    add_api_routes(app, service, clients)
    add_host_routes(app, service)
    add_people_routes(app, service, clients)
    add_screen_routes(app, service, page)  # the table screen: /t/{id}/screen and its invites
    add_pad_routes(app, storage, page)  # score pads: /api/pads..., /ws/pads/{id}, /pad, /p/{id}
    add_check_route(app, service, seat_token)
    add_hint_route(app, service, seat_token)  # what the strong bot would play, for the seat to act
    add_amend_routes(app, service, clients, seat_token, lambda r: client_of(r.scope))  # house rules
    app.include_router(schema_router)
    add_websocket_route(app, service, clients)
    add_docs_routes(app)
    add_page_routes(app, service)
    return app


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return service_error_response(exc)

    @app.exception_handler(TooMany)
    async def too_many_requests(_request: Request, exc: TooMany) -> JSONResponse:
        return service_error_response(too_many(exc))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        # the state is as it was (the service changes it only through the move path, which answers
        # its own errors): say so in JSON, like every other error
        log.error("%s %s failed: %s", request.method, request.url.path, exc, exc_info=exc)
        return error_response("internal_error", "Something went wrong on the server; nothing was changed. "
                                                "Try again.", 500)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response("bad_request", "The request body is not valid JSON.", 400)
        return error_response("bad_request", "; ".join(_describe(e) for e in errors[:5]), 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # keep the exception's headers: a 405 says which methods are allowed (Allow)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error_response(code, str(exc.detail), exc.status_code, headers=exc.headers)


def _describe(error: Any) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


def client_of(scope: Scope) -> str:
    """The address a request comes from (uvicorn's proxy-headers support puts the real one here)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def is_local(scope: Scope) -> bool:
    try:
        return ipaddress.ip_address(client_of(scope)).is_loopback
    except ValueError:
        return False


def bearer(request: Request | WebSocket) -> str | None:
    """The token of an ``Authorization: Bearer`` header, if there is one."""
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def seat_token(request: Request, *others: str | None) -> str | None:
    """The seat's token: the Authorization header, else the first of ``others`` given (a move's body,
    then the legacy ``?token=``)."""
    return bearer(request) or next((t for t in others if t), None)


def add_api_routes(app: FastAPI, service: TableService, clients: ClientLimits) -> None:
    games_cache = game_infos()
    admin_token = service.limits.admin_token

    @app.get("/api/games", response_model=list[GameInfo], tags=["games"],
             summary="Every game this server plays",
             description="Each registered game with its title, player counts, presets, its house-rule "
                         "options as a schema (label, the rule each changes, type, choices, bounds) and "
                         "its rules text.")
    async def list_games() -> list[dict[str, Any]]:
        return games_cache

    game_by_id = {info["id"]: info for info in games_cache}

    @app.get("/api/games/{game_id}", response_model=GameInfo, responses=ERRORS, tags=["games"],
             summary="One game",
             description="One game's entry of `GET /api/games`: what a table's page needs (a tenth of "
                         "the whole list, which a phone would otherwise fetch at every table).")
    async def one_game(game_id: str) -> dict[str, Any]:
        info = game_by_id.get(game_id)
        if info is None:
            raise StarletteHTTPException(404, "There is no such game on this server.")
        return info

    @app.post("/api/tables", status_code=201, response_model=TableCreated, responses=ERRORS, tags=["tables"],
              summary="Start a table",
              description="Create a table of a game with a preset and options, one seat per player, each a "
                          "person or a bot. Returns each human seat's private token and link (share each "
                          "with its player only), a spectator link, the host's token (it re-issues a "
                          "seat's link) and the SHA-256 commitment to the seed (revealed when the game is "
                          "over). Unknown game: 400 `unknown_game`; bad options: 422 `bad_options`; seats "
                          "not matching the player count or an unknown bot: 422 `bad_seats`; too many new "
                          "tables from one client: 429 `too_many_requests`.")
    async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
        clients.tables.take(client_of(request.scope))
        seats = [SeatRequest(s.kind, getattr(s, "bot", None), s.name) for s in body.seats]
        table, tokens, host_token = await service.create_table(
            body.game, seats, preset=body.preset, options=body.options, players=body.players,
            bot_delay_ms=body.bot_delay_ms, trick_pause_ms=body.trick_pause_ms,
            claim_window_ms=body.claim_window_ms, seed=body.seed, hints=body.hints)
        out = created_table(table, tokens, service.seat_infos(table), request.app.state.links,
                            str(request.base_url))
        out["host_token"] = host_token
        return out

    @app.get("/api/tables/{table_id}", response_model=TableSnapshot, responses=ERRORS, tags=["tables"],
             summary="A table as one seat sees it",
             description="The table's facts and the view of the seat whose token is given as "
                         "`Authorization: Bearer` (or, for links already shared, `?token=`; without a "
                         "token: the spectator's view), at the current version. A wrong token: 403 "
                         "`bad_token`; no such table: 404 `unknown_table`.")
    async def get_table(request: Request, table_id: str,
                        token: str | None = Query(None, max_length=128)) -> dict[str, Any]:
        table = await service.get(table_id)
        given = seat_token(request, token)
        seat = service.seat_of(table, given)
        await service.people.seen(table, seat, given)  # its rematch link is built from the token
        return await service.snapshot(table, seat)

    @app.post("/api/tables/{table_id}/moves", response_model=MoveAccepted, responses=ERRORS, tags=["tables"],
              summary="Make a move",
              description="Play `move` (its text, e.g. `play QS`) for the seat of the token "
                          "(`Authorization: Bearer`, or `token` in the body), chosen at `version`. The "
                          "move is saved before this answers. Give a `move_id` to retry safely: the same "
                          "id again gets the first answer and the move is not made twice. Refusals change "
                          "nothing: 403 `bad_token`, 409 `not_your_turn`, 409 `stale_version` (with the "
                          "current `version`), 422 `illegal_move` (with the engine's reason), 429 "
                          "`too_many_requests`.")
    async def post_move(request: Request, table_id: str, body: MoveRequest) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, seat_token(request, body.token))
        if seat is None:
            raise ServiceError("bad_token", "A move needs your seat's token.", 403, table.version)
        clients.moves.take(client_of(request.scope))
        return {"version": await service.submit(table, seat, body.move, body.version, body.move_id)}

    @app.get("/api/stats", tags=["server"], responses=ERRORS, summary="What the server is doing",
             description="Live tables and connections, and the recent move timings (from a move reaching "
                         "the table service to its broadcast, commit included) and commit timings, as "
                         "p50/p99/max in milliseconds. For operators and the load bench: open to this "
                         "machine, and to others with the server's admin token as `Authorization: "
                         "Bearer` (403 `forbidden` otherwise).")
    async def stats(request: Request) -> dict[str, Any]:
        if not may_see_stats(request, admin_token):
            raise ServiceError("forbidden", "The server's statistics are for its operator: ask from the "
                                            "server's own machine, or with its admin token.", 403)
        return service.stats()

    @app.get("/api/tables/{table_id}/log", response_model=GameLog, responses=ERRORS, tags=["tables"],
             response_model_exclude_unset=True,  # "names" only where people chose names
             summary="The finished game's log",
             description="Seed, options and every move: replay it with `gamenight replay`. Published "
                         "once the game is over or the table was abandoned (409 `not_over` until then).")
    async def get_log(table_id: str) -> dict[str, Any]:
        return await service.game_log(await service.get(table_id))


def may_see_stats(request: Request, admin_token: str | None) -> bool:
    """This machine may; another only with the admin token (when the server has one)."""
    if is_local(request.scope):
        return True
    given = bearer(request)
    return bool(admin_token and given and hmac.compare_digest(given.encode(), admin_token.encode()))


def add_host_routes(app: FastAPI, service: TableService) -> None:
    @app.post("/api/tables/{table_id}/seats/{seat}/link", response_model=SeatLink, responses=ERRORS,
              tags=["tables"], summary="Re-issue a seat's link",
              description="The host (with the `host_token` the table's creation returned, as "
                          "`Authorization: Bearer`) gives a person's seat a new token and link: the old "
                          "link opens nothing from then on (403 `bad_token`; its open connections are "
                          "closed with 4403). Not the host: 403 `bad_token`; not a person's seat: 422 "
                          "`bad_seats`.")
    async def reissue_link(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        table = await service.get(table_id)
        service.check_host(table, bearer(request))
        token = await service.reissue(table, seat)
        link = request.app.state.links.absolute(seat_path(table.id, token), str(request.base_url))
        return {"seat": seat, "token": token, "link": link, "qr": qr_svg_data_uri(link)}


def socket_token(websocket: WebSocket, query_token: str | None) -> tuple[str | None, str | None]:
    """The seat's token (a ``gamenight.token.T`` subprotocol, else the legacy ``?token=``) and the
    subprotocol to answer with (``gamenight`` when the client offered it: a browser closes a
    connection whose offered subprotocols got no answer)."""
    offered: list[str] = list(websocket.scope.get("subprotocols") or [])
    token = next((p[len(TOKEN_SUBPROTOCOL):] for p in offered if p.startswith(TOKEN_SUBPROTOCOL)), None)
    return token or query_token, SUBPROTOCOL if SUBPROTOCOL in offered else None


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


def add_websocket_route(app: FastAPI, service: TableService, clients: ClientLimits) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        seat_token_, subprotocol = socket_token(websocket, token)
        await websocket.accept(subprotocol=subprotocol)
        client = client_of(websocket.scope)
        try:
            clients.connections.acquire(client)
        except TooMany as e:
            await refuse_socket(websocket, too_many(e))
            return
        try:
            await watch_table(websocket, service, clients, table_id, seat_token_)
        finally:
            clients.connections.release(client)


async def refuse_socket(websocket: WebSocket, error: ServiceError) -> None:
    """An error frame saying why, then the close code that tells the client whether to come back."""
    code = {"unknown_table": CLOSE_UNKNOWN_TABLE, "too_many_requests": CLOSE_TOO_MANY}.get(error.code,
                                                                                         CLOSE_BAD_TOKEN)
    with contextlib.suppress(Exception):  # already gone
        await websocket.send_text(json.dumps({"type": "error", **error.to_json(), "version": error.version}))
        await websocket.close(code)


async def watch_table(websocket: WebSocket, service: TableService, clients: ClientLimits, table_id: str,
                      token: str | None) -> None:
    """Attach the socket to the table (loading it again if it was archived meanwhile) and serve it."""
    for _attempt in range(3):
        try:
            table = await service.get(table_id)
            seat = service.seat_of(table, token)
            await service.people.seen(table, seat, token)  # its rematch link is built from the token
            conn = Connection(websocket.send_text, seat)
            await service.attach(table, conn)
        except ServiceError as e:
            await refuse_socket(websocket, e)
            return
        except TableReloaded:
            continue
        try:
            await serve_socket(websocket, service, clients, table, conn)
        finally:
            service.detach(table, conn)
        return
    await refuse_socket(websocket, ServiceError("busy", "The table is being reloaded: try again.", 503))


async def serve_socket(
    websocket: WebSocket, service: TableService, clients: ClientLimits, table: LiveTable, conn: Connection
) -> None:
    """Read moves until the client leaves; frames go out through the connection's own pump task."""
    pump = asyncio.create_task(run_pump(websocket, conn))
    client = client_of(websocket.scope)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            await handle_message(message, service, clients, client, table, conn)
    except (WebSocketDisconnect, RuntimeError):  # gone, or closed by the pump
        return
    finally:
        pump.cancel()


async def run_pump(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's frames; a client too far behind is closed (it reconnects and resumes), as
    is one the service closed (a re-issued link, a table put aside)."""
    try:
        await conn.pump()
    except Exception:  # the socket broke while sending: the reader sees the disconnect
        return
    await _close_quietly(websocket, conn.close_code or CLOSE_TOO_SLOW)


async def _close_quietly(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):  # already gone
        await websocket.close(code)


async def handle_message(message: Message, service: TableService, clients: ClientLimits, client: str,
                         table: LiveTable, conn: Connection) -> None:
    """One client message: ``{"move": text, "version": n, "move_id"?: id}``. Whatever goes wrong is
    answered on this connection, which stays open."""
    text = message.get("text") or ""
    small = len(text) <= MAX_BODY  # a larger one is refused as too large below
    if small and json_nests_deeper_than(text, MAX_JSON_DEPTH):  # before any parser recurses
        log.info("table %s: refused a WebSocket message nested over %d levels", table.id, MAX_JSON_DEPTH)
        conn.push_error(service.error_frame(ServiceError("bad_request", MAX_JSON_DEPTH_ERROR, 400), table))
        return
    people = people_message(message) if small else None
    if people is not None:
        await handle_people_message(people, service, table, conn, clients, client)
        return
    try:
        move = parse_move_message(message)
        if conn.seat is not None:
            clients.moves.take(client)
        await service.submit(table, conn.seat, move.move, move.version, move.move_id)
    except ServiceError as e:
        conn.push_error(service.error_frame(e, table))
    except TooMany as e:
        conn.push_error(service.error_frame(too_many(e, table.version), table))
    except Exception:
        log.exception("table %s: a WebSocket message failed", table.id)
        conn.push_error(service.error_frame(ServiceError(
            "internal_error", "Something went wrong on the server; nothing was changed. Try again.", 500),
            table))


def parse_move_message(message: Message) -> SocketMove:
    """The move in a WebSocket message, validated as strictly as the HTTP API's (no "3" for 3)."""
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
    except RecursionError:
        raise ServiceError("bad_request", MAX_JSON_DEPTH_ERROR, 400) from None
    except ValueError:
        raise ServiceError("bad_request", "That message is not valid JSON.", 400) from None
    if not isinstance(data, dict):
        raise ServiceError("bad_request", 'Send a move as {"move": "play QS", "version": 12}.', 400)
    try:
        return SocketMove.model_validate(data)
    except ValidationError as e:
        raise ServiceError("bad_request", "; ".join(_describe(x) for x in e.errors()[:5]), 400) from None


class ApiHeaders:
    """The API's answers are never cached (views, tokens and logs are one seat's, at one moment)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith("/api/"):
            await self.app(scope, receive, send)
            return

        async def send_no_store(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"]
                message["headers"] = [*headers, (b"cache-control", b"no-store")]
            await send(message)

        await self.app(scope, receive, send_no_store)


def swagger_ui_folder() -> Path:
    """Swagger UI's files, from the swagger-ui-bundle-v2 package (Apache-2.0): /docs works offline."""
    import swagger_ui_bundle

    return Path(str(swagger_ui_bundle.swagger_ui_path))


def add_docs_routes(app: FastAPI) -> None:
    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} — API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png")

    app.mount(DOCS_ASSETS, StaticFiles(directory=swagger_ui_folder(), check_dir=False), name="docs-assets")


def add_page_routes(app: FastAPI, service: TableService) -> None:
    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        # a mistyped or expired link answers 404 in words, not a page that then fails to load
        try:
            await service.get(table_id)
        except ServiceError:
            return HTMLResponse(NO_TABLE_PAGE, status_code=404)
        return page("table.html")

    mount_files(app)

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


#: what a link to a table that is not there shows: words and the way back to the lobby
NO_TABLE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>No such table — gamenight</title>
<link rel="stylesheet" href="/static/css/gamenight.css"></head>
<body><main class="lobby-main"><h1>There is no table at this link</h1>
<p>The link may be mistyped, or the table was closed and archived.</p>
<p><a href="/">Go to the lobby</a> to start a new table.</p></main></body></html>
"""


__all__ = ["MAX_BODY", "MAX_WS_FRAME", "create_app", "tune_gc"]
