"""Play a seat of a table on any gamenight server with any bot, over the WebSocket.

::

    from gamenight.bots import make_bot
    from gamenight.client import play_seat

    result = play_seat("http://127.0.0.1:8000/t/ab12cd?token=...", make_bot("heuristic", "hearts"))
    print(result.view["outcome"])

:func:`play_seat` takes a seat's link (the one the lobby or ``POST /api/tables`` gives), connects to
``/ws/tables/{id}`` with the link's token (in the ``gamenight.token.T`` subprotocol, as the table page
does), keeps the newest state frame, and whenever its seat is in that frame's ``to_act`` asks the bot
for a move and sends it with the frame's version and a fresh move id. It returns when the game is over
(or the table was abandoned). What it does about the protocol's races is in docs/PROTOCOL.md; in short:

* **One move per decision, and only from the newest frame.** After sending a move it sends ``{"type":
  "hello"}`` and waits for that message's answer (the chat history): the server handles a
  connection's messages in order, so by then the move's own answer has come (the state frame with
  the move made, or an error frame). State frames meanwhile (another seat's simultaneous pass) are
  kept, not acted on, so a move is never sent twice for one decision.
* **On a refusal in a race** (``stale_version``, ``not_your_turn``: another move came first) it
  chooses again from the newest frame, which is already newer than the one it chose from.
* **Reconnects** with exponential backoff and jitter when the connection drops (a server restart, a
  table reloaded, a client too slow). The server sends the current state on connecting; a move whose
  answer was lost is sent again with its same move id, which the server makes at most once.

A remote bot has no game state, only its view: its ``sampler`` raises :class:`NoSampler` with a
sentence saying so. The heuristic bots (``make_bot("heuristic", game)``) never call it; a bot that
samples determinizations (a search bot) must run where the game runs (``gamenight sim``, the server).
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.parse
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.typing import Subprotocol

from gamenight.bots.base import Bot
from gamenight.core.moves import Move, parse_move
from gamenight.core.state import State

#: the server's close codes after which reconnecting cannot help (a bad or re-issued link, no table)
FINAL_CLOSE_CODES = frozenset({4403, 4404})
#: refusals that mean the table moved on before the move arrived: choose again from a newer frame
RACE_CODES = frozenset({"stale_version", "not_your_turn"})


class SeatError(Exception):
    """The seat cannot be played: a bad link, a refused token, no such table, or a server that keeps
    refusing the bot's moves. The message is a sentence."""


class NoSampler(RuntimeError):
    """A remote bot asked for a determinized state: it has only its view."""


def no_sampler(rng: random.Random) -> State:
    raise NoSampler("A bot playing over the network sees only its seat's view, so it cannot sample "
                    "full game states: use a bot that decides from the view (the heuristic bots do), "
                    "or run a sampling bot where the game runs (gamenight sim, or the server's bots).")


@dataclass(frozen=True, slots=True)
class SeatLink:
    """Where a seat link points: the table's WebSocket address and the seat's token."""

    socket_url: str
    table_id: str
    token: str | None

    @property
    def subprotocols(self) -> list[str]:
        """The token rides in a subprotocol beside ``gamenight`` (the one the server answers with),
        so it is not in the address (addresses end up in logs)."""
        return ["gamenight", f"gamenight.token.{self.token}"] if self.token else ["gamenight"]


def parse_link(link: str) -> SeatLink:
    """A seat's link, ``http(s)://HOST/t/TABLE?token=T``, read as the table page reads it: the table id
    is the path's last part and the token the ``token`` query parameter (none: a spectator)."""
    parts = urllib.parse.urlsplit(link.strip())
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise SeatError(f"{link!r} is not a seat link: give one like http://host:8000/t/TABLE?token=T.")
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) < 2 or segments[-2] not in ("t", "tables"):
        raise SeatError(f"{link!r} does not name a table: a seat link looks like http://host:8000/t/TABLE?token=T.")
    table_id = urllib.parse.unquote(segments[-1])
    token = urllib.parse.parse_qs(parts.query).get("token", [None])[0]
    scheme = "wss" if parts.scheme in ("https", "wss") else "ws"
    url = f"{scheme}://{parts.netloc}/ws/tables/{urllib.parse.quote(table_id, safe='')}"
    return SeatLink(url, table_id, token)


@dataclass
class SeatResult:
    """How the seat's game went: the last state frame's view, its version, every error frame the
    server sent (races included), the moves this client sent and how often it reconnected."""

    view: dict[str, Any]
    version: int
    ended: str | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    moves_sent: int = 0
    reconnects: int = 0

    @property
    def outcome(self) -> dict[str, Any] | None:
        outcome: dict[str, Any] | None = self.view.get("outcome")
        return outcome


@dataclass
class _Seat:
    """The client's picture of its seat: the newest state frame, and the move awaiting its answer."""

    bot: Bot
    rng: random.Random
    frame: dict[str, Any] | None = None
    #: the move sent whose answer has not come yet (its barrier frame is awaited)
    sent: dict[str, Any] | None = None
    #: the error frame that answered it, if one did
    refusal: dict[str, Any] | None = None
    #: the version the last move was chosen at: a seat chooses once per version, unless retrying
    chosen_at: int = -1
    #: refusals in a row that were not races (a server that keeps refusing: give up)
    refusals: int = 0

    @property
    def version(self) -> int:
        return int(self.frame["version"]) if self.frame is not None else -1

    @property
    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.frame["view"] if self.frame is not None else {}
        return view

    def is_done(self) -> bool:
        frame = self.frame
        return frame is not None and (bool(self.view.get("is_over")) or frame.get("ended") is not None)

    def to_act(self) -> bool:
        view = self.view
        return view.get("seat") in (view.get("to_act") or []) and bool(view.get("legal_moves"))

    def should_move(self) -> bool:
        """Only from the newest frame, only when the seat is to act in it, never with a move in
        flight, and once per version (the same frame again is a retry after a non-race refusal)."""
        if self.sent is not None or self.frame is None or self.is_done() or not self.to_act():
            return False
        return self.version > self.chosen_at


def is_barrier(frame: dict[str, Any]) -> bool:
    """The answer to the ``hello`` sent after a move: the chat history, sent only on a hello. The server
    handles a connection's messages one at a time, in order, so by the time it comes the move's own
    answer (its state frame, or its error frame) has come before it."""
    return frame.get("type") == "chat" and frame.get("history") is True


def legal_moves(view: dict[str, Any]) -> list[Move]:
    """The seat's legal moves as :class:`Move` objects, read from the view's texts."""
    return [parse_move(text) for text in view.get("legal_moves") or []]


def bot_view(view: dict[str, Any]) -> dict[str, Any]:
    """The view a bot gets where the game runs: without the drawing's ``layout`` description."""
    return {k: v for k, v in view.items() if k != "layout"}


async def choose(seat: _Seat) -> dict[str, Any]:
    """Ask the bot (in a worker thread: a slow bot must not stall the connection's keep-alive) and
    build the message: the move's text, the version it was chosen at, a fresh move id."""
    view = seat.view
    legal = legal_moves(view)
    move = await asyncio.to_thread(seat.bot.choose, bot_view(view), legal, no_sampler, seat.rng)
    return {"move": str(move), "version": seat.version, "move_id": uuid.uuid4().hex}


def settle(seat: _Seat, max_refusals: int) -> float:
    """The move in flight is answered (its barrier came). Made, or refused in a race (another move came
    first: the newest frame, already here, is newer than the one chosen from): choose again from
    the newest frame when the seat is to act in it. Refused otherwise (a busy server, a move the
    game would not take): the same frame may be chosen from again after a pause, a few times.
    Returns the pause in seconds."""
    refusal, seat.sent, seat.refusal = seat.refusal, None, None
    if refusal is None or refusal.get("code") in RACE_CODES:
        seat.refusals = 0
        return 0.0
    seat.refusals += 1
    if seat.refusals > max_refusals:
        raise SeatError(f"The server refused {seat.refusals} moves in a row: {refusal.get('message')}")
    seat.chosen_at = seat.version - 1
    retry = refusal.get("retry_after")
    return float(retry) if isinstance(retry, (int, float)) else 0.25 * seat.refusals


async def send_move(ws: ClientConnection, message: dict[str, Any]) -> None:
    """The move, then a ``hello`` whose answer marks the end of the move's answer (see :func:`is_barrier`)."""
    await ws.send(json.dumps(message))
    await ws.send(json.dumps({"type": "hello"}))


async def serve_connection(ws: ClientConnection, seat: _Seat, result: SeatResult, max_refusals: int,
                           on_state: Callable[[dict[str, Any]], None] | None) -> None:
    """Read frames until the game is over; act whenever the newest frame says this seat should."""
    if seat.sent is not None:
        # reconnected with a move unanswered: the same move id again (made at most once), then a barrier
        await send_move(ws, seat.sent)
    async for text in ws:
        frame = json.loads(text)
        kind = frame.get("type")
        if kind == "error":
            result.errors.append(frame)
            if frame.get("code") in ("bad_token", "unknown_table"):
                raise SeatError(str(frame.get("message") or "The server refused this seat's link."))
            seat.refusal = frame if seat.sent is not None else seat.refusal
        elif kind == "state" and isinstance(frame.get("view"), dict):
            if frame.get("version", -1) < seat.version:
                continue  # an older frame (not on one connection; harmless)
            seat.frame = frame
            if on_state is not None:
                on_state(frame)
            if seat.is_done():
                return
        elif is_barrier(frame) and seat.sent is not None:
            pause = settle(seat, max_refusals)
            if pause:
                await asyncio.sleep(pause)
        if seat.should_move():
            seat.chosen_at = seat.version
            seat.sent = await choose(seat)
            await send_move(ws, seat.sent)
            result.moves_sent += 1


async def play_seat_async(link: str, bot: Bot, *, rng: random.Random | None = None, max_reconnects: int = 8,
                          backoff_s: float = 0.5, max_backoff_s: float = 10.0, max_refusals: int = 5,
                          on_state: Callable[[dict[str, Any]], None] | None = None) -> SeatResult:
    """:func:`play_seat` in a running event loop."""
    target = parse_link(link)
    seat = _Seat(bot, rng or random.Random())
    result = SeatResult(view={}, version=-1)
    protocols = [Subprotocol(p) for p in target.subprotocols]
    failures = 0
    while not seat.is_done():
        seen = seat.version
        try:
            async with connect(target.socket_url, subprotocols=protocols, max_size=2**24) as ws:
                await serve_connection(ws, seat, result, max_refusals, on_state)
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd is not None else None
            if code in FINAL_CLOSE_CODES:
                last = result.errors[-1]["message"] if result.errors else f"closed with code {code}"
                raise SeatError(f"The server will not seat this link: {last}") from None
        except (TimeoutError, OSError, InvalidHandshake) as e:
            if isinstance(e, InvalidURI):
                raise SeatError(f"{link!r} is not a seat link.") from None
        if seat.is_done():
            break
        # closed before the game's end (a restart, a table reloaded, too slow a reader): come back,
        # waiting longer each time the connection brought nothing new
        failures = 1 if seat.version > seen else failures + 1
        result.reconnects += 1
        if failures > max_reconnects:
            raise SeatError(f"Could not reach the table after {max_reconnects} tries: is the server up?")
        delay = min(max_backoff_s, backoff_s * 2 ** (failures - 1)) * (0.8 + 0.4 * seat.rng.random())
        await asyncio.sleep(delay)
    result.view, result.version = seat.view, seat.version
    result.ended = seat.frame.get("ended") if seat.frame is not None else None
    return result


def play_seat(link: str, bot: Bot, *, rng: random.Random | None = None, max_reconnects: int = 8,
              backoff_s: float = 0.5, max_backoff_s: float = 10.0, max_refusals: int = 5,
              on_state: Callable[[dict[str, Any]], None] | None = None) -> SeatResult:
    """Play the seat ``link`` opens with ``bot`` until the game is over; returns a :class:`SeatResult`.

    ``rng`` is the bot's randomness (default: a fresh one). A dropped connection is retried with
    exponential backoff from ``backoff_s`` to ``max_backoff_s`` seconds, jittered, up to
    ``max_reconnects`` failures in a row; ``max_refusals`` refused moves in a row that are not races
    (an illegal move, a server that stays busy) end it with :class:`SeatError`, as does a link the
    server refuses. ``on_state`` is called with every state frame (the whole frame: ``version``,
    ``view``, ``window``...)."""
    return asyncio.run(play_seat_async(link, bot, rng=rng, max_reconnects=max_reconnects, backoff_s=backoff_s,
                                       max_backoff_s=max_backoff_s, max_refusals=max_refusals,
                                       on_state=on_state))


__all__ = ["NoSampler", "SeatError", "SeatLink", "SeatResult", "parse_link", "play_seat", "play_seat_async"]
