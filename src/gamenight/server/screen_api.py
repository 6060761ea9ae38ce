"""The table screen: a shared screen (a tablet or a TV in the middle of the family) showing the felt
large, as a spectator sees it, with the join QR codes of the seats nobody has opened yet.

* ``GET /t/{id}/screen`` — the page (``web/screen.html``); it watches the table as a spectator.
* ``POST /api/tables/{id}/invites`` — ``{"tokens": [...]}`` → ``[{seat, link, qr}]``: the join link
  and QR code of each seat a token opens.

Why the page sends tokens: the server keeps only each seat token's hash, so it cannot write a seat's
link again by itself. The browser that made the table holds the tokens (the lobby's "table made"
panel passes them to the screen in the address's fragment, which no request carries); it presents
them here, and the server answers only for tokens that open a seat of this table (a re-issued link's
old token is left out), building each link from the address people can reach (:mod:`.links`, the
same base the lobby's links use) and drawing its QR code, which the browser cannot do by itself.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from gamenight.server.links import qr_svg_data_uri, seat_path
from gamenight.server.models import ERRORS
from gamenight.server.service import ServiceError, TableService

#: the most tokens one request may present: more than any table has seats
MAX_INVITES = 16

Token = Annotated[str, Field(min_length=1, max_length=128)]


class InvitesRequest(BaseModel):
    tokens: list[Token] = Field(max_length=MAX_INVITES,
                                description="Seat tokens the table's creator was given.")


class Invite(BaseModel):
    seat: int
    link: str = Field(description="The seat's private page, /t/{table_id}?token=...")
    qr: str = Field(description="A QR code of the link, as an SVG data: URI.")


def seats_opened(service: TableService, table: Any, tokens: list[str]) -> dict[int, str]:
    """The seat each token opens (the first token for a seat wins); tokens opening none are left out."""
    found: dict[int, str] = {}
    for token in tokens:
        try:
            seat = service.seat_of(table, token)
        except ServiceError:  # a stale link (re-issued since): nothing to show for it
            continue
        if seat is not None and seat not in found:
            found[seat] = token
    return found


def add_screen_routes(app: FastAPI, service: TableService, page: Any) -> None:
    """The table screen's page and its invites; ``page(name)`` answers one of the client's pages."""

    @app.get("/t/{table_id}/screen", include_in_schema=False)
    async def table_screen(table_id: str) -> Response:
        response: Response = page("screen.html")
        return response

    @app.post("/api/tables/{table_id}/invites", response_model=list[Invite], responses=ERRORS,
              tags=["tables"],
              summary="The join links of seats, for the table screen",
              description="For each seat token given that opens a seat of this table (the tokens the "
                          "table's creation returned), the seat's link and its QR code, in seat order, "
                          "for a shared screen to show until everyone is in. Tokens that open no seat are "
                          "left out. No such table: 404 `unknown_table`.")
    async def invites(request: Request, table_id: str, body: InvitesRequest) -> list[dict[str, Any]]:
        table = await service.get(table_id)
        links = request.app.state.links
        base = str(request.base_url)
        out = []
        for seat, token in sorted(seats_opened(service, table, body.tokens).items()):
            link = links.absolute(seat_path(table.id, token), base)
            out.append({"seat": seat, "link": link, "qr": qr_svg_data_uri(link)})
        return out


__all__ = ["Invite", "InvitesRequest", "add_screen_routes"]
