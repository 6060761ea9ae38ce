"""A table in memory, and what is said to the pages watching it.

:class:`LiveTable` is one table the service serves: its stored row, the game ``State``, its bots, the
connections watching it, the frames of its current version (each seat's encoded once per version),
what keeps a move from being made twice (the legal moves per seat and since when, the client move
ids), the timed window open now, and the notices the table was given. :class:`Connection` is one
WebSocket with its own queue of frames. The move path that changes a table is
:class:`gamenight.server.service.TableService`'s; the timers that make moves on their own
(:mod:`gamenight.server.lapses`, :mod:`gamenight.server.table_bots`) go through it too, as a
:data:`MovePath`.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import gamenight
from gamenight.bots import Bot, heuristic_games
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.server.amendments import Proposal, frame_amendments
from gamenight.server.clock import REAL_CLOCK, Clock
from gamenight.server.people import People, frame_fields, now
from gamenight.server.storage import StoredTable, TableRecord
from gamenight.server.window import ClaimWindow
from gamenight.server.wire import dumps, sha256_hex

#: frames a connection may have waiting before it is considered gone
MAX_BACKLOG = 64
#: the move ids a table remembers (per table, most recent), to answer a retried move
MOVE_IDS_KEPT = 256
#: seconds a timer (a bot's turn, a window's lapse) waits before trying again after its move could
#: not be saved
SAVE_RETRY_S = 1.0


class ServiceError(Exception):
    """A refused request: a stable ``code``, a sentence for the person, the HTTP status, and the
    table's version where there is a table."""

    def __init__(self, code: str, message: str, status: int, version: int | None = None,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.version = version
        #: seconds to wait before trying again (429s), sent as Retry-After
        self.retry_after = retry_after

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.version is not None:
            out["version"] = self.version
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        return out


class TableReloaded(Exception):
    """The table was put aside or archived between a request finding it and taking its lock."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A seat asked for at a new table: a person, or a bot of a kind ("heuristic", "random"), with
    the name it goes by (``None``: the game's name for the seat)."""

    kind: str
    bot: str | None = None
    name: str | None = None


class Connection:
    """One WebSocket: its seat (``None``: a spectator) and the frames waiting to be sent."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None) -> None:
        self.seat = seat
        self._send = send
        self._queue: deque[tuple[bool, str]] = deque()
        self._wake = asyncio.Event()
        self.overflowed = False
        #: set by :meth:`close`: the code the pump closes the socket with once its frames are sent
        self.close_code: int | None = None
        #: the client asked for the table's talk and presence too (people_service.subscribe)
        self.wants_people = False

    def push_state(self, text: str) -> None:
        queue = self._queue
        if queue and queue[-1][0]:
            queue[-1] = (True, text)  # still unsent: the newer view replaces it
        else:
            self._push(True, text)
        self._wake.set()

    def push_error(self, text: str) -> None:
        self._push(False, text)
        self._wake.set()

    def push_message(self, text: str) -> None:
        """A frame that is not a state (a chat message): never replaced by a newer one."""
        self._push(False, text)
        self._wake.set()

    def _push(self, is_state: bool, text: str) -> None:
        if len(self._queue) >= MAX_BACKLOG:
            self.overflowed = True  # the pump closes the connection: the client reconnects and resumes
            return
        self._queue.append((is_state, text))

    def close(self, code: int, error: str | None = None) -> None:
        """Send ``error`` (a frame) if given, then close with ``code``."""
        if error is not None:
            self._queue.append((False, error))
        self.close_code = code
        self._wake.set()

    async def pump(self) -> None:
        """Send frames as they come; returns when the backlog overflowed (the client is too slow) or
        :meth:`close` was called (after sending what was waiting)."""
        queue = self._queue
        while not self.overflowed:
            await self._wake.wait()
            self._wake.clear()
            while queue:
                await self._send(queue.popleft()[1])
            if self.close_code is not None:
                return


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its stored row, the game state, its bots and its watchers."""

    record: TableRecord
    state: State
    bots: dict[int, Bot]
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    #: views and encoded frames of the current version, by seat (None: spectator)
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    frames: dict[int | None, str] = field(default_factory=dict)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    #: per seat: its legal moves now, and the version since which they have been those
    legal: list[list[Move]] = field(default_factory=list)
    legal_since: list[int] = field(default_factory=list)
    #: per seat: the version its own last move made (0: none yet)
    moved_at: list[int] = field(default_factory=list)
    #: recent client move ids: (seat, id) -> (the move's text, the version it made)
    move_ids: OrderedDict[tuple[int, str], tuple[str, int]] = field(default_factory=OrderedDict)
    #: put aside (memory no longer matches storage) or archived: requests must load it afresh
    closed: bool = False
    #: another process owns the table (server.cluster): this copy follows its stored moves, and a
    #: move made here is forwarded to the owner; no bots or timers run here
    replica: bool = False
    #: the table service's clock (server.clock): windows, pauses and archiving read it
    clock: Clock = REAL_CLOCK
    #: when anything last happened here (the clock's seconds): archiving waits for quiet tables
    last_active: float = field(init=False)
    #: names, chat, presence, waiting stamps and the rematch series (server.people)
    people: People = field(default_factory=People)
    #: the bots' own randomness (made on first use: a Mersenne Twister is 2.5 KiB)
    _bot_rng: random.Random | None = None
    #: the clock's time until which bots wait: a finished trick stays on the table a moment
    pause_until: float = 0.0
    #: the timed window open now (seats that may claim a discard out of turn), if any
    window: ClaimWindow | None = None
    #: per seat, the last move the server made for it when a window lapsed: (its version, its text)
    lapsed: dict[int, tuple[int, str]] = field(default_factory=dict)
    #: what the table was told about itself, in words (a bot replaced by a simpler one), oldest first
    notices: list[str] = field(default_factory=list)
    #: house-rule amendments proposed at the table, oldest first (server.amendments)
    proposals: list[Proposal] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.last_active = self.clock.now()
        self.legal = [self.state.legal_moves(s) for s in range(self.state.num_players)]
        self.legal_since = [self.version] * self.state.num_players
        self.moved_at = [0] * self.state.num_players
        for number, (seat, _move) in enumerate(self.state.moves[:self.version], start=1):
            self.moved_at[seat] = number

    def forget_drawn(self) -> None:
        """What the table shows changed (a new version, names, an amendment): every seat's view and
        frame is made again when next asked for."""
        self.views.clear()
        self.frames.clear()

    def note_legal_moves(self) -> None:
        """After a move: a seat whose choices changed must choose again from the new version."""
        for seat in range(self.state.num_players):
            now = self.state.legal_moves(seat)
            if now != self.legal[seat]:
                self.legal[seat] = now
                self.legal_since[seat] = self.version

    def is_stale(self, seat: int, version: int) -> bool:
        """A move chosen at ``version`` is stale if the seat's legal moves changed since, or the seat
        has moved since (the same move sent again, even where its choices look the same: two
        identical cards), or the version is from the future. Other seats' moves that leave this
        seat's choices as they were (secret passes or bids made at the same time) do not make it
        stale."""
        return not max(self.legal_since[seat], self.moved_at[seat]) <= version <= self.version

    def remember_stored_move_ids(self, stored: StoredTable) -> None:
        """The move ids stored with the table's moves: a retry after a restart gets the first answer."""
        for seat, move_id, text, number in stored.move_ids:
            self.remember_move_id(seat, move_id, text, number)

    def remember_move_id(self, seat: int, move_id: str, text: str, version: int) -> None:
        self.move_ids[(seat, move_id)] = (text, version)
        if len(self.move_ids) > MOVE_IDS_KEPT:
            self.move_ids.popitem(last=False)

    @property
    def ended(self) -> str | None:
        """Why the table ended other than by the game's end (``"abandoned"``), or None."""
        return self.record.end_reason

    @property
    def is_done(self) -> bool:
        """No move can be made any more: the game is over, or the table was abandoned."""
        return self.state.is_over or self.record.end_reason is not None

    def touch(self) -> None:
        self.last_active = self.clock.now()

    @property
    def has_people(self) -> bool:
        return any(s.kind == "human" for s in self.record.seats)

    @property
    def bot_rng(self) -> random.Random:
        if self._bot_rng is None:
            self._bot_rng = random.Random(secrets.randbits(64))
        return self._bot_rng

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def seed_commitment(self) -> str:
        return sha256_hex(str(self.record.seed))

    @property
    def revealed_seed(self) -> str | None:
        """The seed, as decimal text (JavaScript numbers cannot hold 63 bits), once the game is over
        (or the table was abandoned: no move can follow)."""
        return str(self.record.seed) if self.is_done else None

    def view(self, seat: int | None) -> dict[str, Any]:
        cached = self.views.get(seat)
        if cached is None:
            cached = self.views[seat] = self.state.view(seat)
        return cached

    def frame(self, seat: int | None) -> str:
        """The encoded state frame for ``seat`` (the view itself is not kept: only GETs keep theirs).
        An open window's time left is added as the frame is sent, since it changes while the version
        does not (a page attaching late must not be told the whole time)."""
        body = self._frame_body(seat)
        window = self.window_json(seat)
        if window is None:
            return body
        return f'{body[:-1]},"window":{dumps(window)}}}'

    def window_json(self, seat: int | None) -> dict[str, Any] | None:
        """The open window as ``seat`` should see it now, or None."""
        window = self.window
        if window is None:
            return None
        lapse = self.state.lapse_moves().get(seat) if seat is not None else None
        return window.to_json(self.record.claim_window_ms, self.clock.now(),
                              None if lapse is None else str(lapse))

    @property
    def window_pending(self) -> bool:
        """A window's lapse is scheduled: the table must stay in memory to make it."""
        task = self.window.task if self.window is not None else None
        return task is not None and not task.done()

    def _frame_body(self, seat: int | None) -> str:
        cached = self.frames.get(seat)
        if cached is None:
            view = self.views.get(seat) or self.state.view(seat)
            frame = {"type": "state", "version": self.version, "view": view, "seed": self.revealed_seed,
                     "trick_pause_ms": self.record.trick_pause_ms, **frame_fields(self, seat),
                     **frame_amendments(self)}
            if self.ended is not None:  # only abandoned tables say so
                frame["ended"] = self.ended
            if self.notices:
                frame["notices"] = list(self.notices)
            cached = self.frames[seat] = dumps(frame)
        return cached

    def seat_name(self, seat: int) -> str:
        return self.state.names[seat]

    def log(self) -> dict[str, Any]:
        return self.state.log


def default_bot_kind(game_id: str) -> str:
    return "heuristic" if game_id in heuristic_games() else "random"


def replay_table(record: TableRecord, moves: Sequence[tuple[int, str]],
                 amendments: Sequence[dict[str, Any]] = ()) -> State:
    """The game as it stands after ``moves``: new from the stored row, seats named, every move played
    (and the house rules amended where the table accepted it: server.amendments)."""
    state = gamenight.replay({
        "game": record.game, "players": record.players, "seed": record.seed, "options": record.options,
        "preset": record.preset, "moves": [list(m) for m in moves], "names": [s.name for s in record.seats],
        "amendments": list(amendments),
    })
    return state


def new_people(state: State, stored: StoredTable | None = None) -> People:
    """A live table's people: the game's names, the stored chat and rematch links, and the seats to
    act waited for since the last move (or the table's creation; a new table: from now)."""
    people = People(default_names=state.game_names())
    since = now()
    if stored is not None:
        people.load_chat(stored.people.chat)
        people.rematch_of = stored.people.rematch_of
        people.rematch_id = stored.people.rematch_id
        since = (stored.people.last_move_at or stored.record.created_at).timestamp()
    people.stamp_waiting(state.to_act, None, since)
    return people


#: a move made through the service's move path, the table's lock held: (table, seat, move text,
#: version seen or None) -> the new version
MovePath = Callable[[LiveTable, int, str, int | None], Awaitable[int]]


__all__ = ["Connection", "LiveTable", "MovePath", "SeatRequest", "ServiceError", "TableReloaded",
           "default_bot_kind", "new_people", "replay_table"]
