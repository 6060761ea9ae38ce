"""House-rule amendments at a played table (issue 30, "the Kali Effect").

* ``GET /api/tables/{id}/amendments`` — the options that may change mid-match (as the lobby shows
  options: label, help, choices in words, bounds, the value in force) and every proposal in words;
* ``POST /api/tables/{id}/amendments`` ``{changes, note?}`` — a seated person (its token) proposes;
  its own vote is yes, and every bot's: bots play by whatever rules the table agrees;
* ``POST /api/tables/{id}/amendments/{k}/votes`` ``{yes}`` — each seated person votes once. The
  first no refuses the proposal; once every person said yes it is accepted and the engine amends
  the game (``State.amend``): from the next deal, in the log, marked on the score sheet.

The changes are checked as the engine checks them (422 ``bad_options`` with the reason in words);
one proposal is open at a time (409 ``amendment_pending``); a table keeps at most
:data:`~gamenight.server.amendments.MAX_PROPOSALS`; proposals and votes count against the client's
moves a minute. Every change is stored (``server.amendments``) before it is answered and pushed to
every page of the table in its state frame.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from gamenight.core.amend import amendable as amendable_options
from gamenight.core.amend import checked_changes
from gamenight.core.errors import OptionError
from gamenight.core.rules_text import options_for_the_table
from gamenight.server import amendments
from gamenight.server.amendments import ACCEPTED, MAX_NOTE, MAX_PROPOSALS, PENDING, REFUSED, Proposal
from gamenight.server.limits import ClientLimits
from gamenight.server.live import LiveTable, ServiceError
from gamenight.server.models import ERRORS
from gamenight.server.service import TableService

#: the most option values one proposal names
MAX_CHANGES = 12


class ProposeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")
    changes: dict[str, bool | int | str] = Field(max_length=MAX_CHANGES,
                                                 description="The options to change, by name, and their "
                                                             "new values.")
    note: str = Field("", max_length=MAX_NOTE, description="Why, in the proposer's words.")


class VoteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")
    yes: bool = Field(description="Accept (true) or refuse (false) the proposal.")


def refusal(table: LiveTable, seat: int | None) -> ServiceError | None:
    """Why ``seat`` may not propose now (None: it may)."""
    if seat is None:
        return ServiceError("bad_token", "A proposal needs your seat's token.", 403, table.version)
    if not amendments.amendable(table.state):
        return ServiceError("not_amendable", f"{table.state.spec.title} has no house rule that may change "
                                             "during a match.", 409, table.version)
    if table.is_done:
        return ServiceError("not_your_turn", "The game is over: no house rule changes now.", 409,
                            table.version)
    if any(p.status == PENDING for p in table.proposals):
        return ServiceError("amendment_pending", "A proposal is being voted on: vote on it first.", 409,
                            table.version)
    if len(table.proposals) >= MAX_PROPOSALS:
        return ServiceError("too_many_requests", f"This table has had {MAX_PROPOSALS} proposals already.",
                            429, table.version)
    return None


def elsewhere(table: LiveTable) -> ServiceError | None:
    """Another process owns the table (server.cluster): only the owner's state may be amended, and
    amendments are not forwarded to it yet, so the request is to be sent again (it may reach the
    owner, or this process may own the table by then)."""
    if not table.replica:
        return None
    return ServiceError("busy", "The table is being played on another server process: try again in a "
                                "moment.", 503, table.version, retry_after=1)


async def propose(service: TableService, table: LiveTable, seat: int | None, changes: dict[str, Any],
                  note: str) -> dict[str, Any]:
    async with table.lock:
        if (busy := elsewhere(table)) is not None:
            raise busy
        why = refusal(table, seat)
        if why is not None:
            raise why
        assert seat is not None
        state = table.state
        try:
            values, _ = checked_changes(state.spec, state.options_to_come(), state.num_players, changes)
        except OptionError as e:
            raise ServiceError("bad_options", str(e), 422, table.version) from None
        # the proposer says yes by proposing, and bots accept whatever the table agrees
        votes = {s: True for s, rec in enumerate(table.record.seats) if rec.kind != "human" or s == seat}
        proposal = Proposal(len(table.proposals), seat, values, note.strip(), votes)
        await settle(service, table, proposal)
        return amendments.proposal_words(table, proposal)


async def vote(service: TableService, table: LiveTable, seat: int | None, number: int,
               yes: bool) -> dict[str, Any]:
    async with table.lock:
        if (busy := elsewhere(table)) is not None:
            raise busy
        if seat is None or table.record.seats[seat].kind != "human":
            raise ServiceError("bad_token", "A vote needs your seat's token.", 403, table.version)
        if not 0 <= number < len(table.proposals):
            raise ServiceError("unknown_amendment", "There is no such proposal at this table.", 404,
                               table.version)
        current = table.proposals[number]
        if current.status != PENDING:
            raise ServiceError("amendment_closed", f"That proposal was {current.status} already.", 409,
                               table.version)
        if table.is_done:
            raise ServiceError("not_your_turn", "The game is over: no house rule changes now.", 409,
                               table.version)
        proposal = Proposal(current.number, current.seat, current.changes, current.note,
                            {**current.votes, seat: yes})
        await settle(service, table, proposal)
        return amendments.proposal_words(table, proposal)


async def settle(service: TableService, table: LiveTable, proposal: Proposal) -> None:
    """Decide ``proposal`` from its votes (the lock is held): refused at a no, accepted once every seat
    said yes, the engine amending the game; stored, then shown to every page."""
    state = table.state
    if any(v is False for v in proposal.votes.values()):
        proposal.status = REFUSED
    elif all(proposal.votes.get(s) for s in range(len(table.record.seats))) and applies(table, proposal):
        proposal.status, proposal.move, proposal.from_deal = ACCEPTED, len(state.moves), state.deal_no + 1
    try:
        await asyncio.to_thread(amendments.save, service.storage, table.id, proposal)
    except Exception:
        raise ServiceError("storage_error", "The proposal could not be saved: try again.", 503,
                           table.version) from None
    if proposal.status == ACCEPTED:
        state.amend(proposal.changes)  # checked already against the options to come
    if proposal.number < len(table.proposals):
        table.proposals[proposal.number] = proposal
    else:
        table.proposals.append(proposal)
    table.views.clear()
    table.frames.clear()
    table.touch()
    service._broadcast(table)


def applies(table: LiveTable, proposal: Proposal) -> bool:
    """Whether the engine takes ``proposal`` now (checked before it is stored as accepted: a stored
    amendment the engine refused would leave the table unreadable); refused otherwise."""
    state = table.state
    try:
        checked_changes(state.spec, state.options_to_come(), state.num_players, proposal.changes)
    except OptionError:
        proposal.status = REFUSED
        return False
    return True


def described(table: LiveTable) -> dict[str, Any]:
    state = table.state
    infos = [{**info.to_json(), "value": getattr(state.options, info.name)}
             for info in amendable_options(state.spec)]
    return {"options": options_for_the_table(infos), **amendments.frame_amendments(table)}


def add_amend_routes(app: FastAPI, service: TableService, clients: ClientLimits,
                     token_of: Callable[[Request, str | None], str | None],
                     client_of: Callable[[Request], str]) -> None:
    @app.get("/api/tables/{table_id}/amendments", responses=ERRORS, tags=["tables"],
             summary="The house rules that may change, and the proposals",
             description="The options of the table's game that may change mid-match (label, help, "
                         "choices in words, bounds, the value in force) and every proposal in words.")
    async def read_amendments(table_id: str) -> dict[str, Any]:
        return described(await service.get(table_id))

    @app.post("/api/tables/{table_id}/amendments", status_code=201, responses=ERRORS, tags=["tables"],
              summary="Propose a house-rule change",
              description="A seated person proposes `changes` (option name: value), applying from the next "
                          "deal once every person accepted; its own vote is yes, and bots accept. A bad "
                          "value: 422 `bad_options`; a proposal already open: 409 `amendment_pending`; a "
                          "game with nothing that may change: 409 `not_amendable`.")
    async def post_amendment(request: Request, table_id: str, body: ProposeRequest) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token_of(request, body.token))
        clients.moves.take(client_of(request))
        return await propose(service, table, seat, body.changes, body.note)

    @app.post("/api/tables/{table_id}/amendments/{number}/votes", responses=ERRORS, tags=["tables"],
              summary="Vote on a proposed house-rule change",
              description="The seat of the token accepts (`yes: true`) or refuses the proposal `number`: "
                          "the first no refuses it; once every person said yes it applies from the next "
                          "deal. Closed already: 409 `amendment_closed`.")
    async def post_vote(request: Request, table_id: str, number: int, body: VoteRequest) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token_of(request, body.token))
        clients.moves.take(client_of(request))
        return await vote(service, table, seat, number, body.yes)


__all__ = ["add_amend_routes", "propose", "vote"]
