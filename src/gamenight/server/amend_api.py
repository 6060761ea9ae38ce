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
every page of the table in its state frame. A ``request_id`` makes a request safe to send again:
the same id from the same seat is answered as the first time and changes nothing.

On several processes (server.cluster) only the table's owner decides: a proposal or vote arriving
at a replica is forwarded to it (asks ``amend`` and ``vote``, server.cluster_asks), served there by
:func:`propose_here` and :func:`vote_here` as on one process, and answered here as the owner
answered; the owner announces each change as it stores it, so every process's pages see it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Annotated, Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from gamenight.core.amend import amendable as amendable_options
from gamenight.core.amend import checked_changes
from gamenight.core.errors import OptionError
from gamenight.core.rules_text import options_for_the_table
from gamenight.server import amendments, cluster
from gamenight.server.amendments import ACCEPTED, MAX_NOTE, MAX_PROPOSALS, PENDING, REFUSED, Proposal
from gamenight.server.cluster_asks import via_id
from gamenight.server.limits import ClientLimits
from gamenight.server.live import LiveTable, ServiceError
from gamenight.server.models import ERRORS, MOVE_ID_PATTERN
from gamenight.server.service import TableService

#: the most option values one proposal names
MAX_CHANGES = 12
#: an option's name and a value as a proposal may name them: bounded, so a proposal (with its
#: note) always fits in the one notification that forwards it to its table's owner
OptionName = Annotated[str, Field(max_length=64)]
OptionValue = bool | Annotated[int, Field(ge=-10**9, le=10**9)] | Annotated[str, Field(max_length=64)]
REQUEST_ID = ("Your own id for this request (1–64 letters, digits, `_.:-`): sent again with the same id "
              "it is made once and answered as the first time.")


class ProposeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")
    changes: dict[OptionName, OptionValue] = Field(max_length=MAX_CHANGES,
                                                 description="The options to change, by name, and their "
                                                             "new values.")
    note: str = Field("", max_length=MAX_NOTE, description="Why, in the proposer's words.")
    request_id: str | None = Field(None, pattern=MOVE_ID_PATTERN, description=REQUEST_ID)


class VoteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")
    yes: bool = Field(description="Accept (true) or refuse (false) the proposal.")
    request_id: str | None = Field(None, pattern=MOVE_ID_PATTERN, description=REQUEST_ID)


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
    """The table became another process's between the request's forward and its lock (it was put
    aside and loaded again as a replica): the request is to be sent again."""
    if not table.replica:
        return None
    return ServiceError("busy", "The table is being played on another server process: try again in a "
                                "moment.", 503, table.version, retry_after=1)


async def propose(service: TableService, table: LiveTable, seat: int | None, changes: dict[str, Any],
                  note: str, request_id: str | None = None) -> dict[str, Any]:
    """A proposal, made by the table's owner: this process, or the one a replica forwards it to."""
    if table.replica:
        request_id = request_id or via_id()
        asked = {"k": "amend", "s": seat, "c": changes, "o": note, "i": request_id}
        if (answer := await owner_answer(service, table, asked)) is not None:
            return answer
    return await propose_here(service, table, seat, changes, note, request_id)


async def vote(service: TableService, table: LiveTable, seat: int | None, number: int, yes: bool,
               request_id: str | None = None) -> dict[str, Any]:
    """A vote, counted by the table's owner: this process, or the one a replica forwards it to."""
    if table.replica:
        request_id = request_id or via_id()
        asked = {"k": "vote", "s": seat, "n": number, "y": yes, "i": request_id}
        if (answer := await owner_answer(service, table, asked)) is not None:
            return answer
    return await vote_here(service, table, seat, number, yes, request_id)


async def owner_answer(service: TableService, table: LiveTable,
                       asked: dict[str, Any]) -> dict[str, Any] | None:
    """``asked`` forwarded to the table's owner and its answer in words; ``None`` when this process
    took the table meanwhile (it was free) and serves the request itself."""
    answer = await service.cluster.ask_owner(table, asked)
    return None if answer is None else await answered(service, table, answer)


async def answered(service: TableService, table: LiveTable, answer: dict[str, Any]) -> dict[str, Any]:
    """The owner's answer, in words here (this replica is at the answer's version): the proposal as
    the owner stored it, carried by the answer, or read back if it did not fit in one."""
    if "p" in answer:
        proposal = Proposal.from_json(answer["p"])
    else:
        proposal = (await asyncio.to_thread(amendments.load, service.storage, table.id))[int(answer["n"])]
    return amendments.proposal_words(table, proposal)


def made_before(table: LiveTable, seat: int | None, request_id: str | None) -> Proposal | None:
    """The proposal this seat made with ``request_id`` already (sent again: its first answer)."""
    if request_id is None:
        return None
    return next((p for p in table.proposals if p.seat == seat and p.made_by == request_id), None)


async def propose_here(service: TableService, table: LiveTable, seat: int | None, changes: dict[str, Any],
                       note: str, request_id: str | None = None) -> dict[str, Any]:
    async with table.lock:
        if (busy := elsewhere(table)) is not None:
            raise busy
        if (first := made_before(table, seat, request_id)) is not None:
            return amendments.proposal_words(table, first)
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
        proposal = Proposal(len(table.proposals), seat, values, note.strip(), votes, made_by=request_id)
        await settle(service, table, proposal)
        return amendments.proposal_words(table, proposal)


async def vote_here(service: TableService, table: LiveTable, seat: int | None, number: int, yes: bool,
                    request_id: str | None = None) -> dict[str, Any]:
    async with table.lock:
        if (busy := elsewhere(table)) is not None:
            raise busy
        if seat is None or table.record.seats[seat].kind != "human":
            raise ServiceError("bad_token", "A vote needs your seat's token.", 403, table.version)
        if not 0 <= number < len(table.proposals):
            raise ServiceError("unknown_amendment", "There is no such proposal at this table.", 404,
                               table.version)
        current = table.proposals[number]
        if request_id is not None and current.vote_ids.get(seat) == request_id:
            if current.votes.get(seat) != yes:
                raise ServiceError("bad_request", f"Request id {request_id!r} was already used for the other "
                                                  "vote: a new vote needs a new id.", 422, table.version)
            return amendments.proposal_words(table, current)  # the same vote again: counted once
        if current.status != PENDING:
            raise ServiceError("amendment_closed", f"That proposal was {current.status} already.", 409,
                               table.version)
        if table.is_done:
            raise ServiceError("not_your_turn", "The game is over: no house rule changes now.", 409,
                               table.version)
        ids = current.vote_ids if request_id is None else {**current.vote_ids, seat: request_id}
        proposal = replace(current, votes={**current.votes, seat: yes}, vote_ids=ids)
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
        await asyncio.to_thread(amendments.save, service.storage, table.id, proposal,
                                service.cluster.announce_amendment)
    except Exception:
        raise ServiceError("storage_error", "The proposal could not be saved: try again.", 503,
                           table.version) from None
    if proposal.status == ACCEPTED:
        state.amend(proposal.changes)  # checked already against the options to come
    if proposal.number < len(table.proposals):
        table.proposals[proposal.number] = proposal
    else:
        table.proposals.append(proposal)
    table.forget_drawn()
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


def serve_asks(service: TableService) -> None:
    """As a table's owner, serve the proposals and votes forwarded by the processes that follow it."""
    async def amend_asked(table: LiveTable, asked: dict[str, Any]) -> dict[str, Any]:
        made = await propose_here(service, table, asked["s"], dict(asked["c"]), str(asked["o"]), asked["i"])
        return reply(table, made["number"])

    async def vote_asked(table: LiveTable, asked: dict[str, Any]) -> dict[str, Any]:
        made = await vote_here(service, table, asked["s"], int(asked["n"]), bool(asked["y"]), asked["i"])
        return reply(table, made["number"])

    def reply(table: LiveTable, number: int) -> dict[str, Any]:
        """The proposal as stored, when it fits in the reply (it does: its note and changes are
        bounded), else only its number."""
        stored = table.proposals[number].to_json()
        fits = len(json.dumps(stored)) < cluster.NOTIFY_CARRIES
        return {"n": number, "p": stored} if fits else {"n": number}

    service.cluster.perform("amend", amend_asked)
    service.cluster.perform("vote", vote_asked)


def add_amend_routes(app: FastAPI, service: TableService, clients: ClientLimits,
                     token_of: Callable[[Request, str | None], str | None],
                     client_of: Callable[[Request], str]) -> None:
    serve_asks(service)
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
        return await propose(service, table, seat, body.changes, body.note, body.request_id)

    @app.post("/api/tables/{table_id}/amendments/{number}/votes", responses=ERRORS, tags=["tables"],
              summary="Vote on a proposed house-rule change",
              description="The seat of the token accepts (`yes: true`) or refuses the proposal `number`: "
                          "the first no refuses it; once every person said yes it applies from the next "
                          "deal. Closed already: 409 `amendment_closed`.")
    async def post_vote(request: Request, table_id: str, number: int, body: VoteRequest) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token_of(request, body.token))
        clients.moves.take(client_of(request))
        return await vote(service, table, seat, number, body.yes, body.request_id)


__all__ = ["add_amend_routes", "propose", "propose_here", "serve_asks", "vote", "vote_here"]
