"""Ask before sending: would this move be made? (``POST /api/tables/{id}/check``)

A page offers a set the engine's listing does not spell out (a Canasta meld of any number of cards)
only once the engine would take it, and says why not before anything is sent: the answer is the
engine's own refusal sentence (the move kinds' ``verify``, through ``State.judge``), and nothing on
the table changes.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from gamenight.server.models import ERRORS
from gamenight.server.service import ServiceError, TableService


class CheckRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")
    move: str = Field(max_length=200, description="The move's text, e.g. 'meld KH KS KD'.")
    then: list[str] = Field(default_factory=list, max_length=20,
                            description="Moves made after it, in turn (each card then added: 'add KC').")


class CheckAnswer(BaseModel):
    legal: bool
    reason: str = Field(description="Why the move would be refused, in the players' words (empty: legal).")


def add_check_route(app: FastAPI, service: TableService,
                    token_of: Callable[[Request, str | None], str | None]) -> None:
    @app.post("/api/tables/{table_id}/check", response_model=CheckAnswer, responses=ERRORS, tags=["tables"],
              summary="Would this move be made?",
              description="Whether the seat of the token may make `move` now, with the engine's sentence "
                          "when it may not; nothing is made or changed. A wrong token: 403 `bad_token`.")
    async def check_move(request: Request, table_id: str, body: CheckRequest) -> dict[str, object]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token_of(request, body.token))
        if seat is None:
            raise ServiceError("bad_token", "Checking a move needs your seat's token.", 403, table.version)
        async with table.lock:  # the state as a move would meet it
            if table.ended is not None:
                why: str | None = "The game has ended: no more moves."
            else:
                why = table.state.judge_all([body.move, *body.then], seat)
        return {"legal": why is None, "reason": why or ""}


__all__ = ["CheckAnswer", "CheckRequest", "add_check_route"]
