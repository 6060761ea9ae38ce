"""The table service: one for every game, and the only place a table's state changes.

The service knows no game by name. A table is a ``State`` from ``gamenight.new``; a move is text
the engine reads (``State.play``); what a seat may see is ``State.view(seat)``; bots come from
``gamenight.bots.make_bot`` and see only their seat's view and ``sampler_for(state, seat)``.

A live table is one in-memory ``State`` guarded by an ``asyncio.Lock``. Its *version* is the number
of moves applied and acknowledged. Every move — a person's over HTTP or WebSocket, or a bot's — takes
the same path, under the table's lock:

1. the token names a seat (the caller checked it: :meth:`TableService.seat_of`);
2. that seat may act now (``seat in state.to_act``), else ``not_your_turn``;
3. a move carrying a client's move id that this seat already made is answered with the first
   answer and not made again (a client retrying after a lost response never double-moves; the id
   is stored with the move, so this holds across a restart too);
4. the version the mover saw is current for that seat, else ``stale_version``: neither the seat's
   legal moves nor the seat itself have moved since (see :meth:`LiveTable.is_stale`; in turn-based
   play this is the current version, while in a simultaneous phase another seat's secret pass or
   bid does not refuse a move chosen a moment before it; the seat's own move always does, so the
   same ``{move, version}`` sent twice is made once even where the seat's choices look the same);
5. the engine validates and applies it (``IllegalMove``: nothing changed, ``illegal_move``);
6. the move is committed to the database (durably: see ``storage``) BEFORE anything else; if that
   fails the state is rebuilt without the move (see below), so memory never runs ahead of disk;
7. only then is it acknowledged, and every connection of the table is sent its own seat's view.

A move that brings a table to its move bound (``Limits.max_moves``) before the game's end ends it
as *abandoned*: stored with the move, bots stop, the seed is revealed and the log published.

Errors never replay a game on the event loop. ``State.play`` refuses (``IllegalMove``, or any
exception raised before it records the move) with the state unchanged, so such a refusal costs
nothing. Only an exception after the engine recorded the move, or a move that could not be saved,
leaves memory ahead of storage: that one table's state is rebuilt from its acknowledged moves in a
worker thread, its lock held meanwhile (its requests wait; every other table goes on). Should even
that fail, the table is put aside: dropped from memory, its connections closed with 4503 (they
reconnect), and loaded again from storage on next use.

The apply-and-persist step runs in a task of its own, shielded from the caller: a client that hangs
up mid-move cannot leave a move committed on disk but missing from memory, or the reverse.

Each seat's frame is computed and encoded once per version, however many connections watch that
seat. A connection whose client reads slowly gets its waiting state frame replaced by the
newer one (a frame is a whole view, so nothing is lost but the intermediate pictures).

Seeds: drawn with ``secrets`` (63 bits) unless the table's creator chose one (a known deal: tests,
a deal played again), stored, committed to from the start as the SHA-256 of the seed's decimal
text, and revealed (as that text) once the game is over.

Time: the service reads one clock (:mod:`gamenight.server.clock`; the real one unless it is given
another): bot delays, trick pauses, claim windows' deadlines and idle archiving all wait on it.

Bots: a bot seat that may act gets a turn after the table's ``bot_delay_ms`` and plays through the
move path above; a bot that fails is replaced by the table's fallback bot, and the table is told
(see :mod:`gamenight.server.table_bots`).

Timed windows (``State.lapse_moves``: seats that may claim a discard out of turn): a window gets a
deadline on the clock, and at the deadline each seat that has not answered makes its lapse move
through the move path, the table's lock deciding every race with a claim (see
:mod:`gamenight.server.lapses` and :mod:`gamenight.server.window`). Frames carry the window with
the milliseconds left, counted as each frame is sent.

Memory: a table loads on first use (replayed from storage in a worker thread). At start-up only
the unfinished tables with bots that were active within ``archive_after_s`` load, in the
background, so their bots resume without waiting for a visitor; any other table's bots resume when
it first loads (a person's page reconnecting loads it). A table nobody watches whose state has not
changed for ``archive_after_s`` is dropped from memory (finished and abandoned ones are so
archived; not one whose window is yet to lapse): it stays in storage, and its view, log and bots
come back on first use.

Several processes on one PostgreSQL (:mod:`gamenight.server.cluster`): a table is owned by one
process, which alone runs the path above for it; another process follows it as a *replica* (its
sockets get every change) and forwards moves made there to the owner. On SQLite every table is
this process's and none of that runs.

Hosts: a table's creator gets a host token, which can re-issue a seat's link (a new token; the old
one is refused from then on and its open connections are closed with 4403).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

import gamenight
from gamenight.bots import KINDS, Bot, make_bot
from gamenight.core.errors import GameError, IllegalMove, OptionError, UnknownGame
from gamenight.core.events import PAUSE_KINDS, Event
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.server import amendments
from gamenight.server.clock import REAL_CLOCK, Clock
from gamenight.server.cluster import make_cluster
from gamenight.server.lapses import WindowLapses
from gamenight.server.limits import Limits
from gamenight.server.live import (
    MOVE_IDS_KEPT,
    Connection,
    LiveTable,
    SeatRequest,
    ServiceError,
    TableReloaded,
    default_bot_kind,
    new_people,
    replay_table,
)
from gamenight.server.people import PeopleError, frame_fields, now
from gamenight.server.people_service import PeopleDesk
from gamenight.server.storage import (
    ABANDONED,
    DEFAULT_CLAIM_WINDOW_MS,
    DEFAULT_TRICK_PAUSE_MS,
    GroupCommitWriter,
    MoveRow,
    SeatRecord,
    SeatsUpdate,
    Storage,
    StoredTable,
    TableRecord,
    utc_now,
)
from gamenight.server.table_bots import TableBots, seat_bot
from gamenight.server.table_history import table_result
from gamenight.server.wire import dumps, sha256_hex

log = logging.getLogger(__name__)

#: the longest move text accepted (the longest real move is a few words)
MAX_MOVE_CHARS = 200
#: table ids are token_urlsafe text; anything else is not looked up
TABLE_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: how many recent timings the metrics keep
METRIC_WINDOW = 20_000
#: how often the archiver ages the move table's working set (see ``TableService.archive_idle``)
MOVES_AGE_S = 60.0
#: WebSocket close codes a service closes connections with: a re-issued seat link, a table put aside
CLOSE_REISSUED = 4403
CLOSE_RELOAD = 4503


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

    def __init__(self, storage: Storage, limits: Limits | None = None, clock: Clock = REAL_CLOCK) -> None:
        self.storage = storage
        self.limits = limits or Limits()
        #: the service's time (server.clock): every delay, deadline and idle time reads it
        self.clock = clock
        self.writer = GroupCommitWriter(storage)
        self.windows = WindowLapses(clock, self._move)
        self.bot_turns = TableBots(clock, self._move, self.writer)
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.metrics = Metrics()
        #: tables dropped from memory by the archiver, and put aside after an error
        self.archived = 0
        self.put_aside = 0
        #: when the archiver last aged the move table's working set (the clock's seconds)
        self._moves_aged_at = clock.now()
        #: names, chat, rematches (server.people_service)
        self.people = PeopleDesk(self)
        #: several processes on one PostgreSQL (server.cluster); on SQLite every table is ours
        self.cluster = make_cluster(self)

    # ---- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the writer, then (in the background) the recently active tables with bots, so their
        bots resume, and the archiver."""
        self.writer.start()
        await self.cluster.start()
        self._spawn(self.resume_recent())
        self._spawn(self._archive_forever())

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def stop(self) -> None:
        tasks = [*self._background, *(t for table in self.tables.values() for t in table.bot_tasks.values()),
                 *(t.window.task for t in self.tables.values() if t.window is not None and t.window.task)]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.writer.stop)
        await self.cluster.stop()
        self.storage.close()

    async def resume_recent(self, quiet: bool = False) -> None:
        """Load the unfinished tables with bots active within ``archive_after_s``, newest first, one at
        a time (each replayed in a worker thread): their bots go on without waiting for a visitor.
        Several processes: only the ones this process may own (see server.cluster)."""
        since = utc_now() - timedelta(seconds=self.limits.archive_after_s)
        ids = await self.cluster.resumable(await asyncio.to_thread(self.storage.resumable_ids, since))
        loaded = 0
        for table_id in ids:
            try:
                await self.get(table_id)
                loaded += 1
            except ServiceError as e:  # a game changed under a stored table: keep serving the others
                log.error("table %s does not resume: %s", table_id, e.message)
        if loaded or not quiet:
            log.info("resumed %d recently active tables with bots", loaded)

    async def _archive_forever(self) -> None:
        every = max(0.05, min(60.0, self.limits.archive_after_s / 4))
        while True:
            await self.clock.sleep(every)
            self.archive_idle()

    def archive_idle(self, now: float | None = None) -> int:
        """Drop from memory every table nobody watches, with no bot about to move and no move under
        way, unchanged for ``archive_after_s``; returns how many. Storage keeps them whole.

        A pass also ages the move table's working set (``Move.age``) if it has not aged for
        ``MOVES_AGE_S``: the moves only archived tables listed are let go within two such periods,
        whatever the working set's size, while the moves of live tables stay (their states hold them).
        Without it a server that had played many games kept up to 2 × ``moves.RECENT`` moves it no
        longer used (issue 31, F8). Not at every pass: passes come as often as every 50 ms, and moves
        let go that often are built again turn after turn (a soak's CPU tripled)."""
        now = self.clock.now() if now is None else now
        quiet = [t for t in self.tables.values()
                 if not t.connections and not t.bot_tasks and not t.window_pending and not t.lock.locked()
                 and now - t.last_active >= self.limits.archive_after_s]
        for table in quiet:
            self._drop(table)
        self.archived += len(quiet)
        if now - self._moves_aged_at >= MOVES_AGE_S:
            self._moves_aged_at = now
            Move.age()
        return len(quiet)

    def _drop(self, table: LiveTable) -> None:
        table.closed = True
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        self.windows.close(table)
        self.cluster.release(table)

    def _build(self, stored: StoredTable) -> LiveTable:
        record = stored.record
        proposals = amendments.load(self.storage, record.id)
        state = replay_table(record, stored.moves, amendments.accepted_log(proposals, len(stored.moves)))
        table = LiveTable(record=record, state=state, bots=self._make_bots(record),
                          version=len(stored.moves), people=new_people(state, stored), clock=self.clock,
                          proposals=proposals)
        table.remember_stored_move_ids(stored)
        return table

    @staticmethod
    def _make_bots(record: TableRecord) -> dict[int, Bot]:
        return {i: seat_bot(s.bot or default_bot_kind(record.game), record.game)
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
        trick_pause_ms: int = DEFAULT_TRICK_PAUSE_MS,
        claim_window_ms: int = DEFAULT_CLAIM_WINDOW_MS,
        seed: int | None = None,
        hints: bool = True,
    ) -> tuple[LiveTable, dict[int, str], str]:
        """A new table, stored before it is returned, with the token of each human seat and the
        host's token; ``seed`` deals a known deal (default: a fresh random seed)."""
        n = len(seats) if players is None else players
        seed = secrets.randbits(63) if seed is None else seed
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
        host_token = secrets.token_urlsafe(16)
        record = TableRecord(
            id=secrets.token_urlsafe(9), game=state.spec.id, preset=preset, options=state.options.to_json(),
            players=n, seed=seed, seats=tuple(records), bot_delay_ms=bot_delay_ms, created_at=utc_now(),
            host_token_sha256=sha256_hex(host_token),
            trick_pause_ms=trick_pause_ms, claim_window_ms=claim_window_ms, hints=hints,
        )
        return await self.open_table(record, state), tokens, host_token

    async def open_table(self, record: TableRecord, state: State) -> LiveTable:
        """Store a new table, then serve it (its bots start)."""
        table = LiveTable(record=record, state=state, bots=self._make_bots(record), version=0,
                          people=new_people(state), clock=self.clock)
        await self.cluster.try_own(record.id)  # a new id: free
        await self.writer.write(record)
        self.tables[record.id] = table
        self.windows.follow(table)
        self.bot_turns.schedule(table)
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
        """The live table, loading it from storage on first use; ``unknown_table`` if none."""
        table = self.tables.get(table_id)
        if table is not None:
            table.touch()
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
        """Read and replay the table in a worker thread (a long game takes tens of milliseconds to
        replay: never on the event loop), then start its bots."""
        built = await asyncio.to_thread(self._read_and_build, table_id)
        if table_id in self.tables:  # created meanwhile
            return self.tables[table_id]
        self.tables[table_id] = built
        self.cluster.ask_presence(built)
        if built.replica:
            self.cluster.follow(built)
            return built
        self.windows.follow(built)  # a window open when the table was stored gets its whole time again
        self.bot_turns.schedule(built)
        return built

    def _read_and_build(self, table_id: str) -> LiveTable:
        owned = self.cluster.try_own_now(table_id)  # before reading: an owner's later moves are heard
        stored = self.storage.load_table(table_id, MOVE_IDS_KEPT)
        if stored is None:
            self.cluster.disown_now(table_id)
            raise self._unknown(table_id)
        try:
            built = self._build(stored)
            built.replica = not owned
            return built
        except GameError as e:
            self.cluster.disown_now(table_id)
            log.error("table %s does not replay: %s", table_id, e)
            raise ServiceError("unreadable_table", f"Table {table_id} cannot be replayed: {e}", 500) from None

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
                                            "were given for your seat (the host may have sent a new one).",
                               403, table.version)
        return found

    @staticmethod
    def check_host(table: LiveTable, token: str | None) -> None:
        """``bad_token`` unless ``token`` is the table's host token."""
        expected = table.record.host_token_sha256
        if not token or expected is None or not hmac.compare_digest(expected, sha256_hex(token)):
            raise ServiceError("bad_token", "Only the table's host may do that: use the host token you got "
                                            "when the table was made.", 403, table.version)

    async def reissue(self, table: LiveTable, seat: int) -> str:
        """A new token for a human ``seat``: stored before it is returned; the old one opens nothing
        from then on, and the seat's open connections are closed (4403, after an error frame)."""
        if not 0 <= seat < len(table.record.seats) or table.record.seats[seat].kind != "human":
            raise ServiceError("bad_seats", f"Seat {seat} is not a person's seat at this table.", 422,
                               table.version)
        token = secrets.token_urlsafe(16)
        async with table.lock:
            seats = list(table.record.seats)
            seats[seat] = replace(seats[seat], token_sha256=sha256_hex(token))
            await self.writer.write(SeatsUpdate(table.id, tuple(seats)))
            table.record = replace(table.record, seats=tuple(seats))
            table.touch()
            error = ServiceError("bad_token", "The host sent this seat a new link: this one no longer opens "
                                              "it.", 403, table.version)
            for conn in [c for c in table.connections if c.seat == seat]:
                conn.close(CLOSE_REISSUED, self.error_frame(error, table))
        return token

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
                "trick_pause_ms": rec.trick_pause_ms, "claim_window_ms": rec.claim_window_ms,
                "hints": rec.hints, "window": table.window_json(seat), "preset": rec.preset,
                "players": rec.players, "ended": table.ended, "notices": list(table.notices),
                **frame_fields(table, seat), **amendments.frame_amendments(table),
            }

    @staticmethod
    def seat_infos(table: LiveTable) -> list[dict[str, Any]]:
        return [{"seat": i, "kind": s.kind, "name": table.seat_name(i), "bot": s.bot}
                for i, s in enumerate(table.record.seats)]

    async def game_log(self, table: LiveTable) -> dict[str, Any]:
        """The replayable log (``gamenight replay``), seed included: only once the game is over."""
        async with table.lock:
            if not table.is_done:
                raise ServiceError("not_over", "The log, with its seed, is published when the game is over.",
                                   409, table.version)
            return table.log()

    def stats(self) -> dict[str, Any]:
        """What the server is doing: live tables, connections, recent move and commit timings."""
        return {
            "tables_live": len(self.tables),
            "tables_playing": sum(1 for t in self.tables.values() if not t.is_done),
            "tables_archived": self.archived, "tables_put_aside": self.put_aside,
            "connections": sum(len(t.connections) for t in self.tables.values()),
            "moves_timed": len(self.metrics.move_seconds),
            "move_ms": summary_ms(list(self.metrics.move_seconds)),
            "commits": self.writer.commits, "writes": self.writer.writes,
            "commit_ms": summary_ms(list(self.writer.commit_seconds)),
            **self.cluster.describe(self.tables.values()),
        }

    # ---- connections -----------------------------------------------------------------------------

    async def attach(self, table: LiveTable, conn: Connection) -> None:
        """Watch a table: the connection gets the current state now and every change after;
        ``too_many_requests`` if the table has as many connections as it may."""
        limit = self.limits.connections_per_table
        if limit and len(table.connections) >= limit:
            raise ServiceError("too_many_requests", f"This table has {limit} connections open, as many as "
                                                    "it may: close another page of it first.", 429,
                               table.version, retry_after=5)
        async with table.lock:
            if table.closed:
                raise TableReloaded
            arrived = self.people.arrives(table, conn.seat)
            table.connections.add(conn)
            table.touch()
            if arrived:
                self.people.presence_changed(table)
                self.cluster.present(table)
            conn.push_state(table.frame(conn.seat))

    def detach(self, table: LiveTable, conn: Connection) -> None:
        table.connections.discard(conn)
        table.touch()
        self.people.left(table, conn.seat)
        self.cluster.present(table)

    @staticmethod
    def error_frame(error: ServiceError, table: LiveTable) -> str:
        version = table.version if error.version is None else error.version
        return dumps({"type": "error", **error.to_json(), "version": version})

    def _broadcast(self, table: LiveTable) -> None:
        """Every connection gets its seat's new view. The move is saved by now: a view that cannot be
        drawn or encoded fails that seat's frames only (with an error frame), never the move."""
        failed: dict[int | None, str] = {}
        for conn in table.connections:
            seat = conn.seat
            if seat in failed:
                conn.push_error(failed[seat])
                continue
            try:
                frame = table.frame(seat)
            except Exception:
                log.exception("table %s: the view of seat %s at version %d failed", table.id, seat,
                              table.version)
                failed[seat] = self.error_frame(ServiceError(
                    "internal_error", "The table could not be shown to you: reload the page.", 500), table)
                conn.push_error(failed[seat])
                continue
            conn.push_state(frame)

    # ---- moves -----------------------------------------------------------------------------------

    async def submit(self, table: LiveTable, seat: int | None, move: str, version: int | None,
                     move_id: str | None = None) -> int:
        """Make ``seat``'s move if it may; returns the new version, or raises :class:`ServiceError`.

        ``version`` is the version the mover saw (``None`` only for bots, which decide under the lock);
        ``move_id`` is the client's own id for the move: a move id this seat already made answers with
        that move's version and changes nothing.
        """
        if seat is None:
            raise ServiceError("bad_token", "Spectators cannot move: a move needs your seat's token.", 403,
                               table.version)
        if len(move) > MAX_MOVE_CHARS:
            raise ServiceError("bad_request", f"A move is a few words, not {len(move)} characters.", 422,
                               table.version)
        for _attempt in range(3):
            if table.replica:  # another process owns it: it makes the move, unless this one takes it over
                made, move_id = await self.cluster.forward(table, seat, move, version, move_id)
                if made is not None:
                    return made
            try:
                return await asyncio.shield(asyncio.ensure_future(
                    self._locked_move(table, seat, move, version, move_id)))
            except TableReloaded:  # archived or put aside meanwhile: the move goes to the table as stored
                table = await self.get(table.id)
        raise ServiceError("busy", "The table is being reloaded: try again in a moment.", 503, retry_after=1)

    async def _locked_move(self, table: LiveTable, seat: int, move: str, version: int | None,
                           move_id: str | None) -> int:
        started = time.perf_counter()
        async with table.lock:
            if table.closed:
                raise TableReloaded
            if move_id is not None:
                first = table.move_ids.get((seat, move_id))
                if first is not None:
                    return self._repeat(table, move, move_id, *first)
            number = await self._move(table, seat, move, version, move_id)
            if move_id is not None:
                table.remember_move_id(seat, move_id, move, number)
        self.metrics.move_seconds.append(time.perf_counter() - started)
        return number

    @staticmethod
    def _repeat(table: LiveTable, move: str, move_id: str, first_move: str, first_version: int) -> int:
        """A move id sent again: the first answer, if it is the same move."""
        if move != first_move:
            raise ServiceError("bad_request", f"Move id {move_id!r} was already used for {first_move!r}: "
                                              "a new move needs a new id.", 422, table.version)
        return first_version

    async def _move(self, table: LiveTable, seat: int, move: str, version: int | None,
                    move_id: str | None = None) -> int:
        """The move path (see the module docstring); the table's lock is held. ``move_id`` is stored
        with the move."""
        state = table.state
        if table.ended is not None or seat not in state.to_act:
            raise ServiceError("not_your_turn", self._not_your_turn(table, seat, version), 409, table.version)
        if version is not None and table.is_stale(seat, version):
            changed = (f"The table has changed since version {version} (it is at {table.version} now): look "
                       "again and choose again.")
            raise ServiceError("stale_version", WindowLapses.lapsed_for(table, seat, version) or changed, 409,
                               table.version)
        events = await self._apply(table, seat, move)
        return await self.commit_move(table, seat, events=events, move_id=move_id)

    async def commit_move(self, table: LiveTable, seat: int, *, acted: bool = True,
                          events: Sequence[Event] = (), move_id: str | None = None) -> int:
        """Save the move just applied to the state (the lock is held), then acknowledge and publish it;
        if it cannot be saved the state is rolled back and ``storage_error`` raised. ``acted``: the
        seat made a move (not a speech), so if it must act again it is waited for afresh."""
        state = table.state
        number = len(state.moves)
        text = str(state.moves[-1][1])
        finished = state.is_over
        abandoned = not finished and 0 < self.limits.max_moves <= number
        result = table_result(table) if finished else None  # the match history's line, with the last move
        try:
            await self.writer.write(MoveRow(table.id, number, seat, text, finished, abandoned, move_id,
                                            result))
        except Exception as e:
            log.error("table %s: move %d could not be saved: %s", table.id, number, e)
            if self.cluster.enabled:  # perhaps stored meanwhile by a process that owned it: read it again
                self._put_aside(table)
            else:
                await self.rebuild(table)
            raise ServiceError("storage_error", "The move could not be saved, so it was not made. Try again.",
                               503, table.version) from None
        if abandoned:
            table.record = replace(table.record, end_reason=ABANDONED, finished_at=utc_now())
            log.info("table %s abandoned at its move bound (%d moves)", table.id, number)
        table.version = number
        if acted:
            table.moved_at[seat] = number
        table.forget_drawn()
        table.note_legal_moves()
        table.touch()
        self._pause_to_show(table, events)
        table.people.stamp_waiting(state.to_act, seat if acted else None, now())
        self.windows.follow(table)
        self._broadcast(table)
        self.bot_turns.schedule(table)
        return number

    async def _apply(self, table: LiveTable, seat: int, move: str) -> list[Event]:
        """The engine plays the move. A refusal leaves the state as it was; so does any exception raised
        before the engine records the move (answered 500, nothing else done). One raised after it
        leaves the state unknown: it is rebuilt from the acknowledged moves."""
        state = table.state
        before = len(state.moves)
        try:
            events = state.play(move, seat)
        except IllegalMove as e:
            raise ServiceError("illegal_move", str(e), 422, table.version) from None
        except Exception:
            log.exception("table %s: the engine failed on %r by seat %d", table.id, move, seat)
            if len(state.moves) != before:
                await self.rebuild(table)
            raise ServiceError("internal_error", "The game could not apply that move; nothing changed.", 500,
                               table.version) from None
        return events

    def _pause_to_show(self, table: LiveTable, events: Sequence[Any]) -> None:
        """After a move that gathered a trick, bots wait the table's trick pause, so the people seated
        see the trick and who took it before the next card comes (their pages hold it as long). A
        table of bots alone plays on: a spectator's page still holds each trick as long."""
        pause = table.record.trick_pause_ms
        if pause and table.has_people and any(e.kind in PAUSE_KINDS for e in events):
            table.pause_until = self.clock.now() + pause / 1000

    async def speak_elsewhere(self, table: LiveTable, seat: int) -> bool:
        """A seat spoke at a table another process owns: that process's desk hears it (False: this
        process took the table over and hears it itself)."""
        made, _ = await self.cluster.forward(table, seat, "", None, None, speech=True)
        return made is not None

    async def rebuild(self, table: LiveTable) -> None:
        """Rebuild the state from its acknowledged moves (as stored), in a worker thread, the table's lock
        held by the caller: memory never runs ahead of disk, and the event loop never replays."""
        record, moves = table.record, [(seat, str(m)) for seat, m in table.state.moves[:table.version]]
        accepted = amendments.accepted_log(table.proposals, table.version)
        try:
            table.state = await asyncio.to_thread(replay_table, record, moves, accepted)
        except Exception:
            log.exception("table %s: its acknowledged moves do not replay", table.id)
            self._put_aside(table)
            return
        table.forget_drawn()
        table.note_legal_moves()
        self.windows.follow(table)

    def _put_aside(self, table: LiveTable) -> None:
        """Memory no longer matches storage: drop the table (it loads again from storage, in a worker
        thread, on next use) and close its connections so they reconnect to the stored table."""
        log.warning("table %s put aside: it loads again from storage on next use", table.id)
        self.put_aside += 1
        self._drop(table)
        for conn in table.connections:
            conn.close(CLOSE_RELOAD)
        table.connections.clear()

    @staticmethod
    def _not_your_turn(table: LiveTable, seat: int, version: int | None = None) -> str:
        state = table.state
        if table.ended is not None:
            return f"This table was abandoned after {table.version} moves: no more moves can be made."
        if state.is_over:
            return "The game is over."
        waiting = " and ".join(state.names[s] for s in sorted(state.to_act)) or "nobody"
        name = state.names[seat]
        if version is not None:
            lapsed = WindowLapses.lapsed_for(table, seat, version)
            if lapsed is not None:
                return lapsed
            if table.moved_at[seat] <= version < table.legal_since[seat]:
                # the seat could move when it chose, and another's move (a claim) came first
                return (f"Too late, {name}: another move was made first (you chose at version {version}; "
                        f"the table is at {table.version}). Waiting for {waiting}.")
        return f"It is not your turn, {name}: waiting for {waiting}."


__all__ = ["CLOSE_REISSUED", "CLOSE_RELOAD", "MAX_MOVE_CHARS", "Connection", "LiveTable", "SeatRequest",
           "ServiceError", "TableReloaded", "TableService", "dumps", "sha256_hex"]
