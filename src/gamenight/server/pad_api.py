"""Score pads on the server: a game played with real cards, its sheet followed live on every phone.

* ``GET /api/pads/games`` — the games with a score pad (id, title, players, presets, options);
* ``POST /api/pads`` — ``{game, players, preset?, options?, open?}`` → the pad, its scorekeeper's
  token (it edits: the only copy, the server keeps its hash), the edit link (``/p/{id}?token=T``),
  and the follow link and its QR code (anyone who opens it watches the sheet live);
* ``GET /api/pads/{id}`` — ``{version, view, can_edit, follow_link, follow_qr}``: the view is
  :meth:`gamenight.pad.Pad.view` (the next hand's form, drawn from data, and the sheet);
* ``POST /api/pads/{id}/entries`` ``{entry}`` — the next hand; ``PUT /api/pads/{id}/entries/{n}``
  corrects hand ``n`` (from 1); an impossible entry is refused 422 ``impossible`` with the reason;
* ``POST /api/pads/{id}/amendments`` ``{from_hand, changes, by, note?}`` and
  ``POST /api/pads/{id}/amendments/{k}/votes`` ``{player, yes}`` (k from 1) — a house-rule change,
  applying once every player accepted it; a player proposes (in their own name) and votes (for
  themselves only) with their own link's token, the scorekeeper writes for a player who has no phone;
* ``GET /api/pads/{id}/voters`` — the scorekeeper's: each player's own link and its QR code (the
  token in it votes for that player only);
* ``GET /api/pads/{id}/sheet.csv`` — the sheet as CSV;
* ``WS /ws/pads/{id}`` — ``{"type": "state", version, view}`` on connect and after every change
  (the table's :class:`~gamenight.server.live.Connection` queue and pump); it only watches;
* ``GET /api/history`` — the family's match history: every finished pad and played table, newest
  first (game, date, players, each side's total, the winners, ``link`` to its sheet or table), and
  each person's wins per game (:mod:`gamenight.pad.history`, :mod:`gamenight.server.table_history`);
* ``/pad`` (a new pad), ``/p/{id}`` (a pad) and ``/pad/history`` — the page, ``web/pad.html``.

Editing takes the scorekeeper's token (``Authorization: Bearer T``), or none where the pad was made
``open`` (everyone at the table edits). Each player's voting token is derived from the scorekeeper's
(an HMAC of the pad and the seat, keyed by it): the server stores only their hashes (the ``voters``
column), and shows the links again whenever the scorekeeper asks, without keeping any token.
Pads are stored in the ``pads`` table (:mod:`gamenight.server.storage`) after every change, so they
survive a restart; the server keeps the pads in use in memory, and reads one back when it is next
asked for. A change that finishes
a pad's match writes its result to ``pad_history`` in the same transaction (a correction that
changes the result rewrites it, one that reopens the match takes it out).
"""

from __future__ import annotations

import asyncio
import base64
import csv
import hashlib
import hmac
import io
import json
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from typing import Annotated, Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection as DbConnection
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from gamenight.core.errors import UnknownGame
from gamenight.pad import Pad, PadError, pad_games
from gamenight.pad.history import finished_match, history_json, when
from gamenight.server.limits import TooMany
from gamenight.server.links import qr_svg_data_uri
from gamenight.server.live import Connection, ServiceError
from gamenight.server.models import ERRORS
from gamenight.server.storage import Storage, pad_history_table, pads_table, utc_now
from gamenight.server.table_history import played_tables
from gamenight.server.wire import dumps, sha256_hex

#: pads kept in memory (the least recently used without watchers are let go: read back when asked)
LIVE_PADS = 256
#: the most hands and amendments a pad keeps (a match is never this long)
MAX_ENTRIES = 200
MAX_AMENDMENTS = 50
#: the finished matches the history lists (and counts the wins over): a family's years of game nights
HISTORY_KEPT = 1000
#: close codes for a pad that is not there and a client with too many connections (as for tables)
CLOSE_UNKNOWN_PAD = 4404
CLOSE_TOO_MANY = 4429

Name = Annotated[str, Field(min_length=1, max_length=24)]


class CreatePad(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="The game's id, as GET /api/pads/games lists it.")
    players: list[Name] = Field(min_length=1, max_length=12, description="The players' names in seat order.")
    preset: str | None = Field(None, max_length=64, description="A named rule set.")
    options: dict[str, Any] | None = Field(None, description="House rules by name, as a table's.")
    open: bool = Field(False, description="Everyone who follows the pad may edit it.")


class EntryBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entry: dict[str, Any] = Field(description="The hand, by the fields of the view's form.")


class AmendBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    from_hand: int = Field(ge=1, le=MAX_ENTRIES + 1)
    changes: dict[str, Any]
    by: Name
    note: str = Field("", max_length=200)


class VoteBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: Name
    yes: bool


@dataclass(eq=False)
class LivePad:
    id: str
    pad: Pad
    token_sha256: str
    open: bool
    #: the SHA-256 of each player's voting token, in seat order (None: a pad made before they were)
    voters: list[str] | None = None
    version: int = 0
    conns: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def frame(self) -> str:
        return dumps({"type": "state", "version": self.version, "view": self.pad.view()})


class PadService:
    """The pads in use, their storage and their watchers."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.live: OrderedDict[str, LivePad] = OrderedDict()
        self.backfilled = False

    async def create(self, body: CreatePad) -> tuple[LivePad, str]:
        pad = refusing(lambda: Pad.create(body.game, body.players, preset=body.preset, options=body.options))
        token = secrets.token_urlsafe(18)
        live = LivePad(secrets.token_hex(10), pad, sha256_hex(token), body.open)
        live.voters = voter_hashes(token, live)
        now = utc_now()
        row = {"id": live.id, "game": pad.spec.id, "data": pad.to_json(), "token_sha256": live.token_sha256,
               "open": live.open, "created_at": now, "updated_at": now, "voters": live.voters}
        await asyncio.to_thread(self._write, insert(pads_table).values(**row))
        self._keep(live)
        return live, token

    async def get(self, pad_id: str) -> LivePad:
        live = self.live.get(pad_id)
        if live is None:
            row = await asyncio.to_thread(self._read, pad_id) if len(pad_id) <= 32 else None
            if row is None:
                raise ServiceError("unknown_pad", "There is no score pad at this link.", 404)
            live = LivePad(row.id, Pad.from_json(row.data), row.token_sha256, row.open, row.voters)
            live = self.live.get(pad_id) or live  # read twice at once: keep the first
            self._keep(live)
        self.live.move_to_end(pad_id)
        return live

    def may_edit(self, live: LivePad, token: str | None) -> bool:
        return live.open or self.is_keeper(live, token)

    @staticmethod
    def is_keeper(live: LivePad, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(sha256_hex(token), live.token_sha256)

    @staticmethod
    def voter_of(live: LivePad, token: str | None) -> int | None:
        """The seat whose voting token ``token`` is (every seat compared: the time tells nothing)."""
        if not token or not live.voters:
            return None
        digest = sha256_hex(token)
        found = None
        for seat, kept in enumerate(live.voters):
            if hmac.compare_digest(kept, digest):
                found = seat
        return found

    async def voter_links(self, live: LivePad, token: str | None) -> list[tuple[str, str]]:
        """Each player's name and voting token, for the scorekeeper only; a pad made before players
        voted on their own phones gets its tokens' hashes stored now."""
        if not self.is_keeper(live, token) or token is None:
            raise ServiceError("forbidden", "Only the scorekeeper hands out the players' voting links.", 403)
        if live.voters is None:
            live.voters = voter_hashes(token, live)
            await asyncio.to_thread(self._write, update(pads_table).where(pads_table.c.id == live.id)
                                    .values(voters=live.voters))
        return [(name, voter_token(token, live.id, seat)) for seat, name in enumerate(live.pad.players)]

    def players_own_link(self, live: LivePad, token: str | None, player: str, acts: str,
                         otherwise: str) -> bool:
        """Whether ``token`` is ``player``'s own voting link (True); a link of another player is
        refused in words ("This link {acts} for Ann only: Bob {acts} with Bob's own link, or the
        scorekeeper {otherwise}"); False for any other token (the scorekeeper's, or none)."""
        seat = self.voter_of(live, token)
        if seat is None:
            return False
        own = live.pad.players[seat]
        if own != player:
            raise ServiceError("forbidden", f"This link {acts} for {own} only: {player} {acts} with "
                                            f"{player}'s own link, or the scorekeeper {otherwise}.", 403)
        return True

    def vote_edit(self, live: LivePad, token: str | None, player: str) -> bool:
        """Whether a vote for ``player`` with ``token`` is one the scorekeeper records for the player
        (True) or the player's own (False); a token that may not cast it is refused in words."""
        if self.players_own_link(live, token, player, "votes", "records it"):
            return False
        if self.may_edit(live, token):
            return True
        if token:
            raise ServiceError("forbidden", "That link votes for nobody at this pad: ask the scorekeeper "
                                            "for your own (it may be from another pad).", 403)
        raise ServiceError("forbidden", "Only a player's own link, or the scorekeeper, votes on this pad: "
                                        "the follow link only watches.", 403)

    async def change(self, live: LivePad, token: str | None, edit: Callable[[Pad], object],
                     *, allowed: bool = False) -> LivePad:
        """Apply ``edit`` to the pad (a :class:`PadError` refuses it in words), store it, and tell
        the watchers; only the scorekeeper may, unless the pad is open or ``allowed`` says so."""
        if not allowed and not self.may_edit(live, token):
            raise ServiceError("forbidden", "Only the scorekeeper writes on this pad: the follow link only "
                                            "watches.", 403)
        async with live.lock:
            if len(live.pad.entries) >= MAX_ENTRIES or len(live.pad.amendments) >= MAX_AMENDMENTS:
                raise ServiceError("full", "This pad is full: start a new one.", 409)
            trial = Pad.from_json(live.pad.to_json())
            refusing(lambda: edit(trial))
            statement = update(pads_table).where(pads_table.c.id == live.id).values(
                data=trial.to_json(), updated_at=utc_now())
            await asyncio.to_thread(self._write, statement, (live.id, trial))
            live.pad = trial
            live.version += 1
            text = live.frame()
            for conn in list(live.conns):
                conn.push_state(text)
        return live

    def _keep(self, live: LivePad) -> None:
        self.live[live.id] = live
        while len(self.live) > LIVE_PADS:
            idle = next((k for k, v in self.live.items() if not v.conns), None)
            if idle is None:
                return
            del self.live[idle]

    def _write(self, statement: Any, result_of: tuple[str, Pad] | None = None) -> None:
        """Run ``statement``; with ``result_of`` (a pad's id and the pad as changed), keep its match's
        result in the history in the same transaction."""
        with self.storage.engine.begin() as conn:
            conn.execute(statement)
            if result_of is not None:
                keep_result(conn, *result_of)

    def history(self) -> dict[str, Any]:
        """The finished matches, pads and played tables, newest first, and the wins per person per
        game."""
        if not self.backfilled:
            self.backfill()
            self.backfilled = True
        return read_history(self.storage.engine)

    def backfill(self) -> None:
        """Pads finished before the history was kept (a database from an older server) get their
        line, dated by their last change; only added, never rewritten (a pad changed meanwhile has
        written its own)."""
        h, p = pad_history_table, pads_table
        with self.storage.engine.connect() as conn:
            rows = conn.execute(select(p.c.id, p.c.data, p.c.updated_at)
                                .where(p.c.id.not_in(select(h.c.pad_id)))).all()
        for row in rows:
            try:
                pad = Pad.from_json(row.data)
                result = finished_match(pad)
            except (PadError, UnknownGame, KeyError, TypeError, ValueError):
                continue  # a pad of a game this server no longer has
            if result is None:
                continue
            try:
                with self.storage.engine.begin() as conn:
                    conn.execute(insert(h).values(pad_id=row.id, game=pad.spec.id, finished_at=row.updated_at,
                                                  result=result))
            except IntegrityError:
                pass  # written meanwhile by the pad's own change, or another worker

    def _read(self, pad_id: str) -> Any:
        with self.storage.engine.connect() as conn:
            return conn.execute(select(pads_table).where(pads_table.c.id == pad_id)).first()


def read_history(engine: Engine, kept: int = HISTORY_KEPT) -> dict[str, Any]:
    """The newest ``kept`` finished matches of a database, pads' and played tables' together, newest
    first, and the wins per person per game over them (``GET /api/history``, ``gamenight
    pad-history --db``)."""
    h = pad_history_table
    with engine.connect() as conn:
        rows = conn.execute(select(h).order_by(h.c.finished_at.desc(), h.c.pad_id).limit(kept)).all()
    pads = [(r.finished_at, {**r.result, "pad_id": r.pad_id, "link": f"/p/{r.pad_id}"}) for r in rows]
    # SQLite gives back the UTC times it stored without their zone
    found = [(at if at.tzinfo else at.replace(tzinfo=UTC), m)
             for at, m in [*pads, *played_tables(engine, kept)]]
    found.sort(key=lambda x: x[0], reverse=True)
    return history_json([{**m, "finished_at": at.isoformat(), "date": when(at)} for at, m in found[:kept]])


def keep_result(conn: DbConnection, pad_id: str, pad: Pad) -> None:
    """The pad's row in the history, as its match stands: written when it ends (its date kept
    through later corrections), taken out if a correction reopens it."""
    h = pad_history_table
    result = finished_match(pad)
    kept = conn.execute(select(h.c.pad_id).where(h.c.pad_id == pad_id)).first() is not None
    if result is None:
        if kept:
            conn.execute(delete(h).where(h.c.pad_id == pad_id))
    elif kept:
        conn.execute(update(h).where(h.c.pad_id == pad_id).values(result=result))
    else:
        conn.execute(insert(h).values(pad_id=pad_id, game=pad.spec.id, finished_at=utc_now(), result=result))


def voter_token(keeper_token: str, pad_id: str, seat: int) -> str:
    """Player ``seat``'s voting token: derived from the scorekeeper's, so the server can show the
    links again whenever the scorekeeper asks while storing no token at all."""
    mac = hmac.new(keeper_token.encode(), f"pad-vote:{pad_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode()


def voter_hashes(keeper_token: str, live: LivePad) -> list[str]:
    return [sha256_hex(voter_token(keeper_token, live.id, seat)) for seat in range(len(live.pad.players))]


def refusing(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except PadError as e:
        raise ServiceError("impossible", str(e), 422) from None


def client_of(scope: Any) -> str:
    """The address a request comes from, as the tables' limits count it."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def limits(request: Request | WebSocket) -> Any:
    """The server's per-client limits (``ClientLimits``): a pad spends the tables' allowances."""
    return request.app.state.clients


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[7:].strip() or None if header.lower().startswith("bearer ") else None


def follow_link(request: Request, pad_id: str) -> str:
    return str(request.app.state.links.absolute(f"/p/{pad_id}", str(request.base_url)))


def sheet_csv(pad: Pad) -> str:
    """The sheet as the book draws it: a row per hand, each column's points and running total, how
    the hand ended; then the totals, and the result once the match is over."""
    sheet = pad.sheet()
    out = io.StringIO()
    write = csv.writer(out)
    columns = sheet.sheet.columns
    write.writerow([pad.spec.title, *(f"{c} ({m})" if m != c else c for c, m in zip(
        columns, sheet.members, strict=True)), ""])
    write.writerow(["", *(x for c in columns for x in (f"{c}: points", f"{c}: total")), "How it ended"])
    for row in sheet.sheet.rows:
        write.writerow([row.label, *(x for p, t in zip(row.points, row.totals, strict=True) for x in (p, t)),
                        row.note])
    write.writerow(["Total", *(x for t in sheet.sheet.totals for x in ("", t)), ""])
    if sheet.over:
        write.writerow([sheet.over["text"]])
    return out.getvalue()


def add_pad_routes(app: FastAPI, storage: Storage, page: Callable[[str], Response]) -> None:
    service = PadService(storage)
    app.state.pads = service
    add_pad_api(app, service)
    add_pad_socket(app, service)

    @app.get("/pad", include_in_schema=False)
    async def new_pad_page() -> Response:
        return with_page_headers(page("pad.html"))

    @app.get("/pad/history", include_in_schema=False)
    async def history_page() -> Response:
        return with_page_headers(page("pad.html"))

    @app.get("/p/{pad_id}", include_in_schema=False)
    async def pad_page(pad_id: str) -> Response:
        try:
            await service.get(pad_id)
        except ServiceError:
            return with_page_headers(HTMLResponse(NO_PAD_PAGE, status_code=404))
        return with_page_headers(page("pad.html"))


def with_page_headers(response: Response) -> Response:
    from gamenight.server.app import PAGE_HEADERS  # the app imports this module: read when serving

    for k, v in PAGE_HEADERS.items():
        response.headers.setdefault(k, v)
    return response


def add_pad_api(app: FastAPI, service: PadService) -> None:
    @app.get("/api/pads/games", tags=["pads"], summary="The games with a score pad")
    async def games() -> list[dict[str, Any]]:
        return [spec.to_json() for spec in pad_games()]

    @app.post("/api/pads", status_code=201, tags=["pads"], responses=ERRORS, summary="Start a score pad")
    async def create(request: Request, body: CreatePad) -> dict[str, Any]:
        limits(request).tables.take(client_of(request.scope))  # a new pad counts as a new table
        live, token = await service.create(body)
        follow = follow_link(request, live.id)
        edit = f"{follow}?token={token}"
        return {"pad_id": live.id, "token": token, "edit_link": edit, "follow_link": follow,
                "follow_qr": qr_svg_data_uri(follow), "version": live.version, "view": live.pad.view()}

    @app.get("/api/history", tags=["pads"], summary="The family's match history")
    async def history() -> dict[str, Any]:
        """Every finished pad, newest first: the game, the date, the players, each side's final total,
        the winners; and each person's wins and matches per game."""
        return await asyncio.to_thread(service.history)

    @app.get("/api/pads/{pad_id}", tags=["pads"], responses=ERRORS, summary="A score pad")
    async def read(request: Request, pad_id: str) -> dict[str, Any]:
        live = await service.get(pad_id)
        follow = follow_link(request, pad_id)
        token = bearer(request)
        seat = service.voter_of(live, token)
        return {"pad_id": pad_id, "version": live.version, "view": live.pad.view(),
                "can_edit": service.may_edit(live, token), "open": live.open,
                "keeper": service.is_keeper(live, token),
                "voter": live.pad.players[seat] if seat is not None else None,
                "follow_link": follow, "follow_qr": qr_svg_data_uri(follow),
                "option_infos": [o.to_json() for o in live.pad.spec.options]}

    @app.post("/api/pads/{pad_id}/entries", tags=["pads"], responses=ERRORS, summary="Enter the next hand")
    async def add(request: Request, pad_id: str, body: EntryBody) -> dict[str, Any]:
        limits(request).moves.take(client_of(request.scope))  # an entry counts as a move
        live = await service.change(await service.get(pad_id), bearer(request), lambda p: p.add(body.entry))
        return {"version": live.version, "view": live.pad.view()}

    @app.put("/api/pads/{pad_id}/entries/{number}", tags=["pads"], responses=ERRORS, summary="Correct a hand")
    async def correct(request: Request, pad_id: str, number: int, body: EntryBody) -> dict[str, Any]:
        limits(request).moves.take(client_of(request.scope))
        live = await service.change(await service.get(pad_id), bearer(request),
                                    lambda p: p.replace(number - 1, body.entry))
        return {"version": live.version, "view": live.pad.view()}

    @app.post("/api/pads/{pad_id}/amendments", tags=["pads"], responses=ERRORS,
              summary="Propose a house-rule change")
    async def amend(request: Request, pad_id: str, body: AmendBody) -> dict[str, Any]:
        live, token = await service.get(pad_id), bearer(request)
        live = await service.change(live, token,
                                    lambda p: p.propose(body.from_hand, body.changes, body.by, body.note),
                                    # a player proposes in their own name from their own link
                                    allowed=service.players_own_link(live, token, body.by, "proposes",
                                                                     "writes it"))
        return {"version": live.version, "view": live.pad.view()}

    @app.post("/api/pads/{pad_id}/amendments/{number}/votes", tags=["pads"], responses=ERRORS,
              summary="A player accepts or refuses a proposed change")
    async def vote(request: Request, pad_id: str, number: int, body: VoteBody) -> dict[str, Any]:
        live = await service.get(pad_id)
        recorded = service.vote_edit(live, bearer(request), body.player)
        live = await service.change(live, bearer(request), allowed=True, edit=lambda p: p.vote(
            number - 1, body.player, body.yes, recorded=recorded))
        return {"version": live.version, "view": live.pad.view()}

    @app.get("/api/pads/{pad_id}/voters", tags=["pads"], responses=ERRORS,
             summary="Each player's own voting link (the scorekeeper's)")
    async def voters(request: Request, pad_id: str) -> list[dict[str, Any]]:
        """A link per player, with its QR code: opened on that player's phone, it follows the sheet
        and votes on house-rule changes for that player only."""
        live = await service.get(pad_id)
        links = await service.voter_links(live, bearer(request))
        follow = follow_link(request, pad_id)
        own = [(name, f"{follow}?token={token}") for name, token in links]
        return [{"player": name, "link": link, "qr": qr_svg_data_uri(link)} for name, link in own]

    @app.get("/api/pads/{pad_id}/sheet.csv", tags=["pads"], responses=ERRORS, summary="The sheet as CSV")
    async def csv_sheet(pad_id: str) -> Response:
        live = await service.get(pad_id)
        name = f"{live.pad.spec.id}-{pad_id}.csv"
        return PlainTextResponse(sheet_csv(live.pad), media_type="text/csv; charset=utf-8",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})


def add_pad_socket(app: FastAPI, service: PadService) -> None:
    @app.websocket("/ws/pads/{pad_id}")
    async def pad_socket(websocket: WebSocket, pad_id: str) -> None:
        offered = list(websocket.scope.get("subprotocols") or [])
        await websocket.accept(subprotocol="gamenight" if "gamenight" in offered else None)
        client = client_of(websocket.scope)
        try:
            limits(websocket).connections.acquire(client)
        except TooMany as e:
            await websocket.send_text(json.dumps({"type": "error", "code": "too_many_requests",
                                                  "message": f"Too many requests: {e}."}))
            await websocket.close(CLOSE_TOO_MANY)
            return
        try:
            await follow_pad(websocket, service, pad_id)
        finally:
            limits(websocket).connections.release(client)


async def follow_pad(websocket: WebSocket, service: PadService, pad_id: str) -> None:
    """Send the pad's state now and after every change, until the follower leaves."""
    try:
        live = await service.get(pad_id)
    except ServiceError as e:
        await websocket.send_text(json.dumps({"type": "error", **e.to_json()}))
        await websocket.close(CLOSE_UNKNOWN_PAD)
        return
    conn = Connection(websocket.send_text, None)
    live.conns.add(conn)
    conn.push_state(live.frame())
    pump = asyncio.create_task(conn.pump())
    try:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass  # a follower only watches: what it sends is not read
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        live.conns.discard(conn)
        pump.cancel()


NO_PAD_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such score pad — gamenight</title>
<link rel="stylesheet" href="/static/css/gamenight.css"></head>
<body><main class="lobby-main"><h1>There is no score pad at this link</h1>
<p>The link may be mistyped.</p>
<p><a href="/pad">Start a score pad</a> or <a href="/">go to the lobby</a>.</p>
</main></body></html>
"""

__all__ = ["PadService", "add_pad_routes", "read_history", "sheet_csv"]
