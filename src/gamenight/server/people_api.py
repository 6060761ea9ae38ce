"""The people's routes and WebSocket messages: names, chat and rematches.

HTTP (each with the seat's token in the body, as moves have it):

* ``POST /api/tables/{id}/name`` ``{token, name}`` — the seat goes by ``name`` from now on (at
  most ``Limits.renames_per_minute`` renames per client: 429 past it);
* ``GET /api/tables/{id}/chat`` — the recent chat; ``POST`` ``{token, text}`` writes in it;
* ``POST /api/tables/{id}/rematch`` ``{token}`` — the rematch of a finished table (started by the
  first seated player who asks; the others get the same one), with this seat's link and token.

WebSocket, besides moves: ``{"type": "hello"}`` subscribes the connection to the table's talk and
presence (the recent chat at once, then ``{"type": "chat", "messages", "history"}`` and
``{"type": "seats", "seats"}`` frames as they happen); ``{"type": "chat", "text"}`` writes in the
chat; ``{"type": "name", "name"}`` renames the seat. A refused one is answered on that connection
with ``{"type": "people_error", "code", "message"}`` (not ``error``, which answers moves).
"""

from __future__ import annotations

import json
from collections.abc import MutableMapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from gamenight.server.limits import ClientLimits, TooMany
from gamenight.server.links import LinkBase, seat_path
from gamenight.server.models import (
    ERRORS,
    ChatLog,
    ChatMessage,
    ChatRequest,
    NameRequest,
    RematchCreated,
    SeatState,
    TokenRequest,
)
from gamenight.server.people import QUICK_MESSAGES, PeopleError, chat_json, seats_json
from gamenight.server.service import Connection, LiveTable, ServiceError, TableService, dumps
from gamenight.server.slow_clients import client_address

#: the WebSocket message types this module answers
MESSAGE_TYPES = ("hello", "chat", "name")


def install_people_errors(app: FastAPI) -> None:
    @app.exception_handler(PeopleError)
    async def people_error(_request: Request, exc: PeopleError) -> JSONResponse:
        return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status)


def add_people_routes(app: FastAPI, service: TableService, clients: ClientLimits) -> None:
    desk = service.people

    async def seated(table_id: str, token: str | None) -> tuple[LiveTable, int | None]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token)
        await desk.seen(table, seat, token)
        return table, seat

    @app.post("/api/tables/{table_id}/name", response_model=list[SeatState], responses=ERRORS,
              tags=["people"], summary="Choose your seat's name",
              description="The seat of `token` goes by `name` at every page of the table, in every sentence "
                          "of the log (past ones included) and on the score sheet. At most 24 characters; "
                          "two seats cannot be called alike (422 `bad_name`). Answers the seats.")
    async def choose_name(table_id: str, body: NameRequest, request: Request) -> list[dict[str, Any]]:
        table, seat = await seated(table_id, body.token)
        clients.renames.take(client_address(request.scope))
        await desk.rename(table, seat, body.name)
        return seats_json(table)

    @app.get("/api/tables/{table_id}/chat", response_model=ChatLog, responses=ERRORS, tags=["people"],
             summary="The table's recent chat",
             description="The last 100 messages, oldest first, and the quick messages the page offers.")
    async def read_chat(table_id: str) -> dict[str, Any]:
        table = await service.get(table_id)
        return {"messages": [chat_json(r, table.state.names) for r in table.people.chat],
                "quick": list(QUICK_MESSAGES)}

    @app.post("/api/tables/{table_id}/chat", status_code=201, response_model=ChatMessage, responses=ERRORS,
              tags=["people"], summary="Say something at the table",
              description="Stored, then sent to every page of the table. Seated players only (403 "
                          "`spectator`); at most 280 characters (422 `too_long`); at most 5 messages in 10 "
                          "seconds (429 `rate_limited`). In a game whose rules count speech, it is also "
                          "recorded as speech (a `speak` entry of the log).")
    async def write_chat(table_id: str, body: ChatRequest) -> dict[str, Any]:
        table, seat = await seated(table_id, body.token)
        return await desk.chat(table, seat, body.text)

    @app.post("/api/tables/{table_id}/rematch", status_code=201, response_model=RematchCreated,
              responses=ERRORS, tags=["people"], summary="Play again",
              description="Once the game is over, a seated player starts the rematch: the same game, "
                          "rules, seats, names and table settings, a new shuffle. Every seat's page at this "
                          "table is sent its own link to it; asking again answers the same rematch. 409 "
                          "`not_over` before the end.")
    async def rematch(table_id: str, body: TokenRequest, request: Request) -> dict[str, Any]:
        table, seat = await seated(table_id, body.token)
        new, token = await desk.rematch(table, seat, body.token)
        links: LinkBase = request.app.state.links
        return {"table_id": new.id, "token": token,
                "link": links.absolute(seat_path(new.id, token), str(request.base_url))}


def people_message(message: MutableMapping[str, Any]) -> dict[str, Any] | None:
    """The message as data if it is one of this module's types (a move is not: it has no type)."""
    text = message.get("text")
    if not text or '"type"' not in text:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not one of ours: the move path answers it
        return None
    if isinstance(data, dict) and data.get("type") in MESSAGE_TYPES:
        return data
    return None


async def handle_people_message(data: dict[str, Any], service: TableService, table: LiveTable,
                                conn: Connection, clients: ClientLimits, client: str) -> None:
    desk = service.people
    try:
        kind = data["type"]
        if kind == "hello":
            desk.subscribe(conn, table)
        elif kind == "chat":
            await desk.chat(table, conn.seat, _text(data, "text"))
        else:
            name = _text(data, "name")
            clients.renames.take(client)
            await desk.rename(table, conn.seat, name)
    except (PeopleError, ServiceError) as e:
        conn.push_message(dumps({"type": "people_error", "code": e.code, "message": e.message}))
    except TooMany as e:
        conn.push_message(dumps({"type": "people_error", "code": "too_many_requests", "retry_after":
                                 int(e.retry_after_header), "message": f"Too many requests: {e.what}. "
                                 f"Try again in {e.retry_after_header} s."}))


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise PeopleError("bad_request", f'This message needs "{key}": a text.', 400)
    return value


__all__ = ["add_people_routes", "handle_people_message", "install_people_errors", "people_message"]
