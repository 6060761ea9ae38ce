"""What would the strong bot play? (``POST /api/tables/{id}/hint``)

A seat on its turn may ask, where the table allows hints (its ``hints`` setting, on unless the
table was started without them). The answer is the strong bot's move — its text and its typed
entry, as the view's ``moves`` list it — and a sentence saying so, and why where the bot can say
(:func:`gamenight.bots.hints.hint`). The bot sees what the seat's own bot would (its view and
determinizations consistent with it, never the true state), so a hint gives away nothing the
person could not know. Nothing on the table changes.

The search runs in a worker thread on a copy of the state taken under the table's lock, so the
table keeps moving (bots, other seats) while it thinks, and the answer names the version it was
computed at. The strong bot keeps to its own time budget; :data:`HINT_TIMEOUT_S` is the cap on
the answer as a whole, should a game's bot overrun it. Each seat's hint at a version is kept
(:class:`HintCache`): asking again, from a second tap or a second tab, costs nothing.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from gamenight.bots import sampler_for, seat_bots
from gamenight.bots.hints import HINT_LEVEL, hint
from gamenight.core.state import State
from gamenight.server.models import ERRORS
from gamenight.server.service import LiveTable, ServiceError, TableService

#: the longest a hint may take, in seconds, before the seat is told to try again (the strong bot's
#: own budget is well under it: bots.levels.BUDGETS)
HINT_TIMEOUT_S = 5.0
#: hints kept (a seat at a version each): enough for every seat of a busy server's live tables
HINTS_KEPT = 512

#: (the move's text, its entry as the view lists it, the sentence)
Hint = tuple[str, dict[str, Any], str]


class HintRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")


class HintAnswer(BaseModel):
    version: int = Field(description="The table's version the hint was worked out at.")
    move: str = Field(description="The suggested move's text, one of the seat's legal moves.")
    entry: dict[str, Any] = Field(description="The suggested move as the view's `moves` list it: verb, "
                                              "typed arguments and the move in words.")
    sentence: str = Field(description="The hint in words: the move, and why where the bot can say.")


class HintCache:
    """Each seat's hint at one version of its table (the newest :data:`HINTS_KEPT`), as the task
    working it out: a second ask waits on the first instead of searching again."""

    def __init__(self, size: int = HINTS_KEPT) -> None:
        self.size = size
        self._tasks: OrderedDict[tuple[str, int, int], asyncio.Task[Hint]] = OrderedDict()

    def get(self, key: tuple[str, int, int]) -> asyncio.Task[Hint] | None:
        return self._tasks.get(key)

    def put(self, key: tuple[str, int, int], task: asyncio.Task[Hint]) -> None:
        self._tasks[key] = task
        if len(self._tasks) > self.size:
            self._tasks.popitem(last=False)


def refusal(table: LiveTable, seat: int) -> ServiceError | None:
    """Why ``seat`` may not have a hint now: hints are off at the table, the game has no strong bot,
    the game is over, or it is not the seat's turn (None: it may)."""
    if not table.record.hints:
        return ServiceError("hints_off", "Hints are switched off at this table.", 403, table.version)
    if HINT_LEVEL not in seat_bots(table.record.game):  # no bot that plays to win: only a random one
        return ServiceError("no_hint", "There is no bot to ask for a hint in this game.", 409, table.version)
    if table.is_done:
        return ServiceError("not_your_turn", "The game is over: there is no move to hint at.", 409,
                            table.version)
    if seat not in table.state.to_act or not table.state.legal_moves(seat):
        return ServiceError("not_your_turn", "A hint is for your turn, and it is not your turn now.", 409,
                            table.version)
    return None


def work_out(state: State, seat: int, rng: random.Random) -> Hint:
    """The strong bot's move for ``seat`` of ``state`` (a copy no one else moves), from the seat's
    view only; run in a worker thread."""
    view = state.view(seat, layout=False)
    move, sentence = hint(view, state.legal_moves(seat), sampler_for(state, seat), rng)
    entry = next(e for e in view["moves"] if e["text"] == str(move))
    return str(move), entry, sentence


async def hint_task(table: LiveTable, seat: int, cache: HintCache) -> tuple[int, asyncio.Task[Hint]]:
    """The version the seat asks at and the task working out its hint (a kept one, if it asked
    before at this version); the refusal's error when it may not ask."""
    async with table.lock:  # the state as it stands between moves
        why = refusal(table, seat)
        if why is not None:
            raise why
        key = (table.id, seat, table.version)
        task = cache.get(key)
        if task is None:
            # a fresh seed for each hint: a search seeded from the deal's seed could echo the deal
            rng = random.Random(secrets.randbits(64))
            task = asyncio.create_task(asyncio.to_thread(work_out, table.state.clone(), seat, rng))
            cache.put(key, task)
        return table.version, task


async def answer_hint(table: LiveTable, seat: int, cache: HintCache) -> dict[str, Any]:
    version, task = await hint_task(table, seat, cache)
    try:
        # shielded: a hint that takes too long goes on, kept, and answers the seat's next ask
        move, entry, sentence = await asyncio.wait_for(asyncio.shield(task), HINT_TIMEOUT_S)
    except TimeoutError:
        raise ServiceError("hint_slow", "The hint is taking too long to work out: ask again in a moment.",
                           503, version) from None
    return {"version": version, "move": move, "entry": entry, "sentence": sentence}


def add_hint_route(app: FastAPI, service: TableService,
                   token_of: Callable[[Request, str | None], str | None]) -> None:
    cache = HintCache()

    @app.post("/api/tables/{table_id}/hint", response_model=HintAnswer, responses=ERRORS, tags=["tables"],
              summary="What would the strong bot play?",
              description="For the seat of the token, on its turn: the move the strong bot would make from "
                          "what the seat can see, with a sentence saying why where it can; nothing is made "
                          "or changed. A wrong token: 403 `bad_token`; hints switched off at the table: "
                          "403 `hints_off`; not the seat's turn (or the game is over): 409 "
                          "`not_your_turn`; a game with no strong bot: 409 `no_hint`; the hint not worked "
                          "out in time: 503 `hint_slow`.")
    async def ask_hint(request: Request, table_id: str, body: HintRequest) -> dict[str, Any]:
        table = await service.get(table_id)
        seat = service.seat_of(table, token_of(request, body.token))
        if seat is None:
            raise ServiceError("bad_token", "A hint needs your seat's token.", 403, table.version)
        return await answer_hint(table, seat, cache)


__all__ = ["HINT_TIMEOUT_S", "HintAnswer", "HintCache", "HintRequest", "add_hint_route", "refusal"]
