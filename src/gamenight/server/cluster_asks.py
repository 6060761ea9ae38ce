"""What a process asks of a table's owner (server.cluster): a move, a seat's speech, or a house-rule
proposal or vote (server.amend_api) that arrived at a replica. The owner serves each through the
very function that serves it when it arrives there; the asker answers its client as the owner did.

An ask is one NOTIFY on :data:`MOVES_CHANNEL`, sent in the same statement that tries to take the
table (a table nobody owns any more is taken, and the ask served here): JSON ``{"r": the ask's id,
"to": the asker's reply channel, "t": table, "k": kind, "s": seat, "i": request id, …}``, where the
kind ``move`` adds ``m`` (its text) and ``v`` (the version seen), ``speech`` nothing, and a kind
registered with :meth:`Asks.perform` its own fields (``amend``: ``c`` changes, ``o`` note; ``vote``:
``n`` the proposal, ``y`` yes or no). A move made now is answered by its commit's announcement,
which carries its id; anything else by a reply on the asker's channel: ``{"r", "v": version, …}``
(with what the kind's performer returned: for a proposal or a vote, ``n`` its number and ``p`` the
proposal as stored) or ``{"r", "e": error, "s": status}``, which the asker raises as the owner did.

Every ask carries a request id (the client's, or ``via-…`` made here) that the owner stores with
what it made, so an ask sent again, after an owner that did not answer in time or to the next
owner, is made once and answered as the first time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from gamenight.server.live import LiveTable, ServiceError

if TYPE_CHECKING:
    from gamenight.server.cluster import PostgresCluster

log = logging.getLogger(__name__)

#: where asks are sent to their table's owner
MOVES_CHANNEL = "gamenight_moves"
#: how long an ask waits for its owner's answer before asking again (taking the table if its owner
#: died), and how long in all before the client is told to try again
FORWARD_WAIT_S = 2.0
FORWARD_DEADLINE_S = 12.0
#: the longest ask, as JSON (a move, a proposal and its note are bounded far below it)
ASK_BOUND = 7_000

#: what the owner does with an ask of a registered kind (the table is the owner's): the answer's
#: fields (a few small values: a NOTIFY carries it), or a ServiceError
Performer = Callable[[LiveTable, dict[str, Any]], Awaitable[dict[str, Any]]]


def via_id() -> str:
    """A request id for a request forwarded without one: stored with what it makes."""
    return f"via-{secrets.token_hex(12)}"


class Asks:
    """The asks one process sends and serves (see the module docstring)."""

    def __init__(self, cluster: PostgresCluster) -> None:
        self.cluster = cluster
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        #: the forwarded moves waiting for their answer, by table and move id: a move the owner makes
        #: is answered by its commit's announcement, which carries its id (no reply of its own)
        self._waiting_moves: dict[tuple[str, str], asyncio.Future[dict[str, Any]]] = {}
        self._performers: dict[str, Performer] = {}

    def perform(self, kind: str, performer: Performer) -> None:
        """Asks of ``kind`` are served on the owner by ``performer``."""
        self._performers[kind] = performer

    # ---- the asker -------------------------------------------------------------------------------

    async def forward(self, table: LiveTable, seat: int, move: str, version: int | None,
                      move_id: str | None, *, speech: bool = False) -> tuple[int | None, str | None]:
        """A move at a replica: ``(version, None)`` once its owner made it (or refused it: raised), or
        ``(None, move_id)`` when this process took the table over and makes the move itself, with
        that id (the one a forward may already have stored). ``speech``: the seat spoke (a chat
        message where the game counts speech), for the owner's desk to hear."""
        move_id = move_id or via_id()
        answer = await self.ask(table, {"k": "speech" if speech else "move", "s": seat, "m": move,
                                        "v": version, "i": move_id})
        return (None, move_id) if answer is None else (int(answer["v"]), None)

    async def ask(self, table: LiveTable, asked: dict[str, Any]) -> dict[str, Any] | None:
        """Ask the table's owner (``asked`` has its kind, seat, request id and fields) until it answers:
        its answer, with this replica at the answer's version by then (a refusal is raised as the
        owner raised it); or None when this process took the table over and serves the ask itself,
        with the same request id."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FORWARD_DEADLINE_S
        asked = {"to": self.cluster.reply_channel, "t": table.id, **asked}
        if len(json.dumps(asked)) > ASK_BOUND:  # PostgreSQL refuses a notification of 8,000 bytes
            raise ServiceError("bad_request", "That request is too long to pass on to the table's server.",
                               422, table.version)
        while True:
            reply = await self._own_or_ask(table, asked)
            if reply == "owned":
                await self.cluster.promote(table)
                return None
            if isinstance(reply, dict):
                answer = reply
                break
            if loop.time() > deadline:
                raise ServiceError("busy", "The table's server did not answer: try again in a moment.", 503,
                                   table.version, retry_after=1)
        error = answer.get("e")
        if error is not None:
            raise ServiceError(error["code"], error["message"], int(answer["s"]), error.get("version"),
                               error.get("retry_after"))
        await self.cluster._sync(table, int(answer["v"]))  # the asker reads what it made here next
        return answer

    async def _own_or_ask(self, table: LiveTable, asked: dict[str, Any]) -> dict[str, Any] | str | None:
        """Take the table if it is free ("owned"), else ask its owner, in one round trip to the
        database: the owner's answer, or None if none came in time."""
        ask = secrets.token_hex(8)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ask] = answer
        made = (table.id, str(asked["i"]))
        if asked["k"] == "move":
            self._waiting_moves[made] = answer
        try:
            payload = json.dumps({"r": ask, **asked})
            if await asyncio.to_thread(self.cluster._own_or_notify, table.id, payload):
                return "owned"
            return await asyncio.wait_for(answer, FORWARD_WAIT_S)
        except TimeoutError:
            return None
        finally:
            self._waiting.pop(ask, None)
            if self._waiting_moves.get(made) is answer:
                del self._waiting_moves[made]

    def replied(self, payload: str) -> None:
        """An answer on this process's reply channel."""
        answer = json.loads(payload)
        waiting = self._waiting.get(answer.get("r"))
        if waiting is not None and not waiting.done():
            waiting.set_result(answer)

    def answered(self, table_id: str, rows: list[list[Any]]) -> None:
        """Forwarded moves waiting here whose commit was just announced: made, at that version."""
        for n, _seat, _move, move_id, _abandoned in rows:
            waiting = self._waiting_moves.pop((table_id, move_id), None) if move_id else None
            if waiting is not None and not waiting.done():
                waiting.set_result({"v": n})

    # ---- the owner -------------------------------------------------------------------------------

    def asked(self, payload: str) -> None:
        asked = json.loads(payload)
        if asked.get("t") in self.cluster.owned:  # read without the lock: a worker may hold it
            self.cluster._spawn(self._serve(asked))

    async def _serve(self, asked: dict[str, Any]) -> None:
        """The owner serves an ask through its own path and answers the asker: a move made now is
        answered by its commit's announcement, anything else by a reply."""
        answer: dict[str, Any] = {"r": asked["r"]}
        service = self.cluster.service
        try:
            table = await service.get(asked["t"])
            if table.replica:
                return  # no longer ours: the asker takes the table or asks again
            kind = asked.get("k")
            if kind == "speech":
                await service.people.speak(table, int(asked["s"]))
                answer["v"] = table.version
            elif kind in self._performers:
                answer.update(await self._performers[kind](table, asked), v=table.version)
            else:
                before = table.version
                answer["v"] = await service.submit(table, int(asked["s"]), str(asked["m"]), asked.get("v"),
                                                   asked.get("i"))
                if answer["v"] > before:
                    return  # announced with its id when it was stored
        except ServiceError as e:
            answer.update(e=e.to_json(), s=e.status)
        except Exception:
            log.exception("cluster: a forwarded %s on table %s failed", asked.get("k"), asked.get("t"))
            answer.update(e={"code": "internal_error", "message": "Something went wrong on the server; "
                                                                   "nothing was changed. Try again."}, s=500)
        await asyncio.to_thread(self.cluster._notify_now, str(asked["to"]), json.dumps(answer))


__all__ = ["ASK_BOUND", "FORWARD_DEADLINE_S", "FORWARD_WAIT_S", "MOVES_CHANNEL", "Asks", "Performer",
           "via_id"]
