"""The table service: one for every game, and the only place a table's state changes.

The service knows no game by name. A table is a ``State`` from ``gamenight.new``; a move is text
the engine reads (``State.play``); what a seat may see is ``State.view(seat)``; bots come from
``gamenight.bots.make_bot`` and see only their seat's view and ``sampler_for(state, seat)``.

A live table is one in-memory ``State`` guarded by an ``asyncio.Lock``. Its *version* is the number
of moves applied and acknowledged. Every move — a person's over HTTP or WebSocket, or a bot's — takes
the same path, under the table's lock:

1. the token names a seat (the caller checked it: :meth:`TableService.seat_of`);
2. that seat may act now (``seat in state.to_act``), else ``not_your_turn``;
3. the version the mover saw is current for that seat, else ``stale_version``: the seat's legal
   moves have not changed since (see :meth:`LiveTable.is_stale`; in turn-based play this is the
   current version, while in a simultaneous phase another seat's secret pass or bid does not
   refuse a move chosen a moment before it);
4. the engine validates and applies it (``IllegalMove``: nothing changed, ``illegal_move``);
5. the move is committed to the database (durably: see ``storage``) BEFORE anything else; if that
   fails the state is rebuilt from its log without the move, so memory never runs ahead of disk;
6. only then is it acknowledged, and every connection of the table is sent its own seat's view.

The apply-and-persist step runs in a task of its own, shielded from the caller: a client that hangs
up mid-move cannot leave a move committed on disk but missing from memory, or the reverse.

Each seat's frame is computed and encoded once per version, however many connections watch that
seat. A connection whose client reads slowly gets its waiting state frame replaced by the
newer one (a frame is a whole view, so nothing is lost but the intermediate pictures).

Seeds: drawn with ``secrets`` (63 bits), stored, committed to from the start as the SHA-256 of the
seed's decimal text, and revealed (as that text) once the game is over.

Bots: a bot seat that may act gets a turn (an asyncio task) after the table's ``bot_delay_ms``;
in a simultaneous phase every bot seat to act gets one. The turn takes the table's lock, asks the
bot in a worker thread (so a slow bot never stalls the other tables) with the seat's view and
``sampler_for(state, seat)`` only, and plays the answer through the same move path as a person.

Restart: at start-up every unfinished table is replayed at once (its bots must resume without
waiting for a visitor); a finished table is replayed on first request and stays viewable.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import importlib
import json
import logging
import random
import re
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import gamenight
from gamenight.bots import KINDS, Bot, heuristic_games, make_bot, sampler_for
from gamenight.core.errors import GameError, IllegalMove, OptionError, UnknownGame
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.server.people import People, PeopleError, frame_fields, now
from gamenight.server.people_service import PeopleDesk
from gamenight.server.storage import (
    GroupCommitWriter,
    MoveRow,
    SeatRecord,
    Storage,
    StoredTable,
    TableRecord,
    utc_now,
)

log = logging.getLogger(__name__)

#: the longest move text accepted (the longest real move is a few words)
MAX_MOVE_CHARS = 200
#: table ids are token_urlsafe text; anything else is not looked up
TABLE_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: frames a connection may have waiting before it is considered gone
MAX_BACKLOG = 64
#: seconds a bot waits before trying again after its move could not be saved
BOT_RETRY_S = 1.0
#: how many recent timings the metrics keep
METRIC_WINDOW = 20_000


def _make_dumps() -> Callable[[Any], str]:
    """Compact JSON text; orjson when it is installed (optional: several times faster)."""
    try:
        # imported by name: orjson is an optional extra, and the type checker must not need it
        orjson = importlib.import_module("orjson")
    except ImportError:  # pragma: no cover - depends on the environment
        return lambda obj: json.dumps(obj, separators=(",", ":"), ensure_ascii=False)

    def dumps(obj: Any) -> str:
        encoded: bytes = orjson.dumps(obj)
        return encoded.decode()

    return dumps


dumps = _make_dumps()


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class ServiceError(Exception):
    """A refused request: a stable ``code``, a sentence for the person, the HTTP status, and the
    table's version where there is a table."""

    def __init__(self, code: str, message: str, status: int, version: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.version = version

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.version is not None:
            out["version"] = self.version
        return out


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

    async def pump(self) -> None:
        """Send frames as they come; returns when the backlog overflowed (the client is too slow)."""
        queue = self._queue
        while not self.overflowed:
            await self._wake.wait()
            self._wake.clear()
            while queue:
                await self._send(queue.popleft()[1])


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
    #: names, chat, presence, waiting stamps and the rematch series (server.people)
    people: People = field(default_factory=People)
    #: the bots' own randomness (made on first use: a Mersenne Twister is 2.5 KiB)
    _bot_rng: random.Random | None = None

    def __post_init__(self) -> None:
        self.legal = [self.state.legal_moves(s) for s in range(self.state.num_players)]
        self.legal_since = [self.version] * self.state.num_players

    def note_legal_moves(self) -> None:
        """After a move: a seat whose choices changed must choose again from the new version."""
        for seat in range(self.state.num_players):
            now = self.state.legal_moves(seat)
            if now != self.legal[seat]:
                self.legal[seat] = now
                self.legal_since[seat] = self.version

    def is_stale(self, seat: int, version: int) -> bool:
        """A move chosen at ``version`` is stale if the seat's legal moves changed since (or the version
        is from the future). Other seats' moves that leave this seat's choices as they were (secret
        passes or bids made at the same time) do not make it stale."""
        return not self.legal_since[seat] <= version <= self.version

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
        """The seed, as decimal text (JavaScript numbers cannot hold 63 bits), once the game is over."""
        return str(self.record.seed) if self.state.is_over else None

    def view(self, seat: int | None) -> dict[str, Any]:
        cached = self.views.get(seat)
        if cached is None:
            cached = self.views[seat] = self.state.view(seat)
        return cached

    def frame(self, seat: int | None) -> str:
        """The encoded state frame for ``seat`` (the view itself is not kept: only GETs keep theirs)."""
        cached = self.frames.get(seat)
        if cached is None:
            view = self.views.get(seat) or self.state.view(seat)
            cached = self.frames[seat] = dumps({
                "type": "state", "version": self.version, "view": view, "seed": self.revealed_seed,
                **frame_fields(self, seat),
            })
        return cached

    def seat_name(self, seat: int) -> str:
        return self.state.names[seat]

    def log(self) -> dict[str, Any]:
        return self.state.log


def default_bot_kind(game_id: str) -> str:
    return "heuristic" if game_id in heuristic_games() else "random"


def replay_table(record: TableRecord, moves: Sequence[tuple[int, str]]) -> State:
    """The game as it stands after ``moves``: new from the stored row, seats named, every move played."""
    state = gamenight.replay({
        "game": record.game, "players": record.players, "seed": record.seed, "options": record.options,
        "preset": record.preset, "moves": [list(m) for m in moves], "names": [s.name for s in record.seats],
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


@dataclass
class Metrics:
    """Recent timings, for ``GET /api/stats`` and the load bench."""

    #: seconds from a person's move reaching the service to its broadcast (lock wait and commit included)
    move_seconds: deque[float] = field(default_factory=lambda: deque(maxlen=METRIC_WINDOW))


def summary_ms(values: Sequence[float]) -> dict[str, float | None]:
    """p50, p99 and max of ``values`` (seconds) in milliseconds."""
    if not values:
        return {"p50": None, "p99": None, "max": None}
    ordered = sorted(values)
    n = len(ordered)
    p99 = ordered[min(n - 1, int(n * 0.99))]
    return {"p50": round(ordered[n // 2] * 1000, 2), "p99": round(p99 * 1000, 2),
            "max": round(ordered[-1] * 1000, 2)}


class TableService:
    """Every live table, and the one path by which moves change them."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.writer = GroupCommitWriter(storage)
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self.metrics = Metrics()
        #: names, chat, rematches (server.people_service)
        self.people = PeopleDesk(self)

    # ---- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the writer and replay every unfinished table, so its bots resume."""
        self.writer.start()
        stored = await asyncio.to_thread(self.storage.load_unfinished)
        for item in stored:
            try:
                table = self._build(item)
            except Exception as e:  # a game changed under a stored table: keep serving the others
                log.error("table %s does not replay and stays closed: %s", item.record.id, e)
                continue
            self.tables[table.id] = table
            self._schedule_bots(table)
        log.info("replayed %d unfinished tables", len(stored))

    async def stop(self) -> None:
        tasks = [t for table in self.tables.values() for t in table.bot_tasks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.writer.stop)
        self.storage.close()

    def _build(self, stored: StoredTable) -> LiveTable:
        record = stored.record
        state = replay_table(record, stored.moves)
        return LiveTable(record=record, state=state, bots=self._make_bots(record),
                         version=len(stored.moves), people=new_people(state, stored))

    @staticmethod
    def _make_bots(record: TableRecord) -> dict[int, Bot]:
        return {i: make_bot(s.bot or default_bot_kind(record.game), record.game)
                for i, s in enumerate(record.seats) if s.kind == "bot"}

    # ---- tables ----------------------------------------------------------------------------------

    async def create_table(
        self,
        game: str,
        seats: Sequence[SeatRequest],
        *,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        players: int | None = None,
        bot_delay_ms: int = 600,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table, stored before it is returned, with the token of each human seat."""
        n = len(seats) if players is None else players
        seed = secrets.randbits(63)
        try:
            state = gamenight.new(game, players=n, seed=seed, options=options, preset=preset)
        except UnknownGame as e:
            raise ServiceError("unknown_game", str(e), 400) from None
        except OptionError as e:
            raise ServiceError("bad_options", str(e), 422) from None
        if len(seats) != n:
            raise ServiceError("bad_seats", f"{state.spec.title} for {n} players needs {n} seats, "
                                            f"not {len(seats)}.", 422)
        try:
            names = self.people.seat_names(state, [s.name for s in seats])
        except PeopleError as e:
            raise ServiceError(e.code, e.message, e.status) from None
        records, tokens = self._seat_records(state, seats, names)
        state.name_seats(names)
        record = TableRecord(
            id=secrets.token_urlsafe(9), game=state.spec.id, preset=preset, options=state.options.to_json(),
            players=n, seed=seed, seats=tuple(records), bot_delay_ms=bot_delay_ms, created_at=utc_now(),
        )
        return await self.open_table(record, state), tokens

    async def open_table(self, record: TableRecord, state: State) -> LiveTable:
        """Store a new table, then serve it (its bots start)."""
        table = LiveTable(record=record, state=state, bots=self._make_bots(record), version=0,
                          people=new_people(state))
        await self.writer.write(record)
        self.tables[record.id] = table
        self._schedule_bots(table)
        return table

    @staticmethod
    def _seat_records(state: State, seats: Sequence[SeatRequest], names: Sequence[str | None]
                      ) -> tuple[list[SeatRecord], dict[int, str]]:
        records: list[SeatRecord] = []
        tokens: dict[int, str] = {}
        for i, (seat, name) in enumerate(zip(seats, names, strict=True)):
            if seat.kind == "human":
                tokens[i] = secrets.token_urlsafe(16)
                records.append(SeatRecord("human", token_sha256=sha256_hex(tokens[i]), name=name))
            elif seat.kind == "bot":
                kind = seat.bot or default_bot_kind(state.spec.id)
                try:
                    make_bot(kind, state.spec.id)
                except ValueError as e:
                    raise ServiceError("bad_seats", f"Seat {i} ({state.names[i]}): {e}", 422) from None
                records.append(SeatRecord("bot", bot=kind, name=name))
            else:
                raise ServiceError("bad_seats", f"Seat {i}: a seat is 'human' or 'bot', not {seat.kind!r} "
                                                f"(bots: {', '.join(KINDS)}).", 422)
        return records, tokens

    async def get(self, table_id: str) -> LiveTable:
        """The live table, replaying it from storage on first use; ``unknown_table`` if none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID_RE.fullmatch(table_id):
            raise self._unknown(table_id)
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> LiveTable:
        stored = await asyncio.to_thread(self.storage.load_table, table_id)
        if stored is None:
            raise self._unknown(table_id)
        if table_id in self.tables:  # created meanwhile
            return self.tables[table_id]
        try:
            table = self._build(stored)
        except GameError as e:
            log.error("table %s does not replay: %s", table_id, e)
            raise ServiceError("unreadable_table", f"Table {table_id} cannot be replayed: {e}", 500) from None
        self.tables[table_id] = table
        self._schedule_bots(table)
        return table

    @staticmethod
    def _unknown(table_id: str) -> ServiceError:
        return ServiceError("unknown_table", f"There is no table {table_id!r}: check the link.", 404)

    @staticmethod
    def seat_of(table: LiveTable, token: str | None) -> int | None:
        """The seat a token opens (no token: ``None``, a spectator); ``bad_token`` if it opens none."""
        if not token:
            return None
        digest = sha256_hex(token)
        found: int | None = None
        for i, seat in enumerate(table.record.seats):  # every seat compared: the time tells nothing
            if seat.token_sha256 is not None and hmac.compare_digest(seat.token_sha256, digest):
                found = i
        if found is None:
            raise ServiceError("bad_token", "That token opens no seat at this table: use the link you "
                                            "were given for your seat.", 403, table.version)
        return found

    # ---- reading ---------------------------------------------------------------------------------

    async def snapshot(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """What ``GET /api/tables/{id}`` returns: the table's facts and ``seat``'s view."""
        async with table.lock:  # never show a move that is not yet on disk
            rec = table.record
            return {
                "table_id": rec.id, "game": rec.game, "title": table.state.spec.title,
                "version": table.version, "seat": seat, "seats": self.seat_infos(table),
                "view": table.view(seat), "seed_commitment": table.seed_commitment,
                "seed": table.revealed_seed, "created_at": rec.created_at, "bot_delay_ms": rec.bot_delay_ms,
                "preset": rec.preset, "players": rec.players, **frame_fields(table, seat),
            }

    @staticmethod
    def seat_infos(table: LiveTable) -> list[dict[str, Any]]:
        return [{"seat": i, "kind": s.kind, "name": table.seat_name(i), "bot": s.bot}
                for i, s in enumerate(table.record.seats)]

    async def game_log(self, table: LiveTable) -> dict[str, Any]:
        """The replayable log (``gamenight replay``), seed included: only once the game is over."""
        async with table.lock:
            if not table.state.is_over:
                raise ServiceError("not_over", "The log, with its seed, is published when the game is over.",
                                   409, table.version)
            return table.log()

    def stats(self) -> dict[str, Any]:
        """What the server is doing: live tables, connections, recent move and commit timings."""
        return {
            "tables_live": len(self.tables),
            "tables_playing": sum(1 for t in self.tables.values() if not t.state.is_over),
            "connections": sum(len(t.connections) for t in self.tables.values()),
            "moves_timed": len(self.metrics.move_seconds),
            "move_ms": summary_ms(list(self.metrics.move_seconds)),
            "commits": self.writer.commits, "writes": self.writer.writes,
            "commit_ms": summary_ms(list(self.writer.commit_seconds)),
        }

    # ---- connections -----------------------------------------------------------------------------

    async def attach(self, table: LiveTable, conn: Connection) -> None:
        """Watch a table: the connection gets the current state now and every change after."""
        async with table.lock:
            arrived = self.people.arrives(table, conn.seat)
            table.connections.add(conn)
            if arrived:
                self.people.presence_changed(table)
            conn.push_state(table.frame(conn.seat))

    def detach(self, table: LiveTable, conn: Connection) -> None:
        table.connections.discard(conn)
        self.people.left(table, conn.seat)

    @staticmethod
    def error_frame(error: ServiceError, table: LiveTable) -> str:
        version = table.version if error.version is None else error.version
        return dumps({"type": "error", "code": error.code, "message": error.message, "version": version})

    def _broadcast(self, table: LiveTable) -> None:
        for conn in table.connections:
            conn.push_state(table.frame(conn.seat))

    # ---- moves -----------------------------------------------------------------------------------

    async def submit(self, table: LiveTable, seat: int | None, move: str, version: int | None) -> int:
        """Make ``seat``'s move if it may; returns the new version, or raises :class:`ServiceError`.

        ``version`` is the version the mover saw (``None`` only for bots, which decide under the lock).
        """
        if seat is None:
            raise ServiceError("bad_token", "Spectators cannot move: a move needs your seat's token.", 403,
                               table.version)
        if len(move) > MAX_MOVE_CHARS:
            raise ServiceError("bad_request", f"A move is a few words, not {len(move)} characters.", 422,
                               table.version)
        return await asyncio.shield(asyncio.ensure_future(self._locked_move(table, seat, move, version)))

    async def _locked_move(self, table: LiveTable, seat: int, move: str, version: int | None) -> int:
        started = time.perf_counter()
        async with table.lock:
            number = await self._move(table, seat, move, version)
        self.metrics.move_seconds.append(time.perf_counter() - started)
        return number

    async def _move(self, table: LiveTable, seat: int, move: str, version: int | None) -> int:
        """The move path (see the module docstring); the table's lock is held."""
        state = table.state
        if seat not in state.to_act:
            raise ServiceError("not_your_turn", self._not_your_turn(table, seat), 409, table.version)
        if version is not None and table.is_stale(seat, version):
            raise ServiceError("stale_version", f"The table has changed since version {version} (it is at "
                                                f"{table.version} now): look again and choose again.", 409,
                               table.version)
        try:
            state.play(move, seat)
        except IllegalMove as e:
            raise ServiceError("illegal_move", str(e), 422, table.version) from None
        except Exception:
            log.exception("table %s: the engine failed on %r by seat %d", table.id, move, seat)
            self._roll_back(table)
            raise ServiceError("internal_error", "The game could not apply that move; nothing changed.", 500,
                               table.version) from None
        return await self.commit_move(table, seat)

    async def commit_move(self, table: LiveTable, seat: int, *, acted: bool = True) -> int:
        """Save the move just applied to the state (the lock is held), then acknowledge and publish it;
        if it cannot be saved the state is rolled back and ``storage_error`` raised. ``acted``: the
        seat made a move (not a speech), so if it must act again it is waited for afresh."""
        state = table.state
        number = len(state.moves)
        text = str(state.moves[-1][1])
        finished = state.is_over
        table_id = table.id
        try:
            await self.writer.write(MoveRow(table_id, number, seat, text, finished))
        except Exception as e:
            log.error("table %s: move %d could not be saved: %s", table_id, number, e)
            self._roll_back(table)
            raise ServiceError("storage_error", "The move could not be saved, so it was not made. Try again.",
                               503, table.version) from None
        table.version = number
        table.views.clear()
        table.frames.clear()
        table.note_legal_moves()
        table.people.stamp_waiting(state.to_act, seat if acted else None, now())
        self._broadcast(table)
        self._schedule_bots(table)
        return number

    @staticmethod
    def _roll_back(table: LiveTable) -> None:
        """Rebuild the state from its acknowledged moves, so memory never runs ahead of disk."""
        moves = [(seat, str(m)) for seat, m in table.state.moves[:table.version]]
        table.state = replay_table(table.record, moves)
        table.views.clear()
        table.frames.clear()
        table.note_legal_moves()

    @staticmethod
    def _not_your_turn(table: LiveTable, seat: int) -> str:
        state = table.state
        if state.is_over:
            return "The game is over."
        waiting = " and ".join(state.names[s] for s in sorted(state.to_act)) or "nobody"
        return f"It is not your turn, {state.names[seat]}: waiting for {waiting}."

    # ---- bots ------------------------------------------------------------------------------------

    def _schedule_bots(self, table: LiveTable) -> None:
        """Every bot seat that may act now and has no turn pending gets one, after the table's delay
        (several at once in simultaneous phases)."""
        state = table.state
        if state.is_over or not table.bots:
            return
        for seat in state.to_act:
            if seat in table.bots and seat not in table.bot_tasks:
                table.bot_tasks[seat] = asyncio.get_running_loop().create_task(self._bot_turn(table, seat))

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        await asyncio.sleep(table.record.bot_delay_ms / 1000)
        try:
            await asyncio.shield(asyncio.ensure_future(self._bot_move(table, seat)))
        except ServiceError as e:
            if e.code != "storage_error":
                log.error("table %s: bot in seat %d refused: %s", table.id, seat, e.message)
                return
            await asyncio.sleep(BOT_RETRY_S)
            self._schedule_bots(table)

    async def _bot_move(self, table: LiveTable, seat: int) -> None:
        async with table.lock:
            table.bot_tasks.pop(seat, None)  # from here a new turn may be scheduled for this seat
            state = table.state
            if seat not in state.to_act:
                return
            # a worker thread chooses (the lock keeps the state still): a slow bot stalls no other table
            choice = await asyncio.to_thread(self._bot_choice, table, seat)
            await self._move(table, seat, choice, None)

    @staticmethod
    def _bot_choice(table: LiveTable, seat: int) -> str:
        """The bot's move, chosen from what its seat may see; a failing bot plays a random legal move
        rather than stall the table."""
        state = table.state
        legal = state.legal_moves(seat)
        try:
            bot = table.bots[seat]
            view = state.view(seat, layout=False)  # a bot reads the entries, not the layout
            move = bot.choose(view, list(legal), sampler_for(state, seat), table.bot_rng)
        except Exception:
            log.exception("table %s: bot in seat %d failed; playing a random legal move", table.id, seat)
            move = legal[table.bot_rng.randrange(len(legal))]
        if move not in legal:
            log.error("table %s: bot in seat %d chose %s, which is not legal; playing a random legal move",
                      table.id, seat, move)
            move = legal[table.bot_rng.randrange(len(legal))]
        return str(move)


__all__ = ["Connection", "LiveTable", "SeatRequest", "ServiceError", "TableService", "dumps", "sha256_hex"]
