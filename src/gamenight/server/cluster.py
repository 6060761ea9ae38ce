"""Several ``serve`` processes on one PostgreSQL: who owns a table, how a move reaches its owner, and
how every process's sockets see every change. On SQLite (one process) none of this runs:
:class:`SingleProcess` owns every table and the service behaves as it always did.

**Ownership** is a PostgreSQL session advisory lock per table (``pg_try_advisory_lock`` on a 64-bit
hash of the table's id), held by the process's own long-lived *control* connection. Chosen over a
lease row with a heartbeat because PostgreSQL itself releases a dead process's locks the moment its
connection closes (a SIGKILL closes the socket at once), so a takeover waits for no lease to expire
and no clock of any machine is trusted; nothing is written per table to own it. A process owns a
table from when it creates or loads it (if no other process holds it) until it archives it (then
the lock is released, and the next process to need the table takes it). Only the owner runs the
table's bots, claim windows, trick pauses and archiving, and only the owner writes its moves.

**Replicas.** A process asked about a table another process owns loads it as a *replica*
(``LiveTable.replica``): the same state, views and sockets, but no bots or timers. Every commit
sends, in its own transaction (so only once it is on disk), a NOTIFY on :data:`TABLES_CHANNEL`:
``m ID N ORIGIN ROWS`` (the table's moves up to N are stored, and the moves themselves when they
fit) or ``p ID ORIGIN`` (its seats, chat or rematch changed) or ``a ID ORIGIN PROPOSAL`` (a
house-rule proposal made, voted on or decided: server.amendments). A replica plays the moves
carried (reading the database only for a gap, a table just loaded or a listener that reconnected)
and pushes each of its sockets its seat's new view; a ``p`` makes it read seats and chat again; an
``a`` is kept at once, so an amendment accepted at move N is made before move N + 1 is played.

**A move that arrives at a replica** (or a seat's speech, a house-rule proposal or vote) takes the
table if it is free (its owner archived it or died: the replica catches up from storage and becomes
the owner) or else is forwarded to the owner, both in one statement (server.cluster_asks); the
owner makes it through its own path and answers on this process's reply channel. A request
forwarded without a client's id gets one here (``via-…``), stored with what it makes, so a forward
sent again after an owner that did not answer in time is made once (the promise of F6). The
replica is at the answer's version before the request is answered.

**Takeover** without any request: every :data:`SWEEP_EVERY_S` (of the service's clock) a process
tries to take the tables it follows (one statement for them all) and loads the recently active
tables with bots that no process holds (read from ``pg_locks``, at most :data:`SWEEP_BOUND`), so
bots resume within seconds of their process's death.

**Presence.** Which seats have a page open on a process is announced (``s ID ORIGIN 0,2``) when it
changes, and asked for (``q ID ORIGIN``) when a process loads a table, so every process shows a
seat as present wherever its page is; a killed process's seats are forgotten by the next sweep
(each control connection is named after its process in ``pg_stat_activity``).

If the control connection is lost, so are its locks: the tables this process owned are put aside
(their sockets reconnect), and ownership is taken again on next use. A move committed by an owner
at the very moment it died can reach the disk after the next owner read the table; the next
owner's move of the same number then fails on the ``(table_id, number)`` key and that table is put
aside and loaded again from storage, never forked.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

from gamenight.server import amendments
from gamenight.server.amendments import Proposal
from gamenight.server.cluster_asks import MOVES_CHANNEL, Asks, Performer
from gamenight.server.live import MOVE_IDS_KEPT, LiveTable, ServiceError
from gamenight.server.people import chat_frame, now
from gamenight.server.presence import Presence
from gamenight.server.storage import (
    ABANDONED,
    ChatRow,
    MoveRow,
    RematchRow,
    SeatsUpdate,
    Storage,
    Write,
    utc_now,
)
from gamenight.server.window import follow_window
from gamenight.server.wire import dumps

if TYPE_CHECKING:
    import psycopg

    from gamenight.server.clock import Clock
    from gamenight.server.lapses import WindowLapses
    from gamenight.server.limits import Limits
    from gamenight.server.people_service import PeopleDesk
    from gamenight.server.table_bots import TableBots

log = logging.getLogger(__name__)

#: where commits announce what changed
TABLES_CHANNEL = "gamenight_tables"
#: the second argument of ``hashtextextended``: the advisory-lock keys of gamenight's tables
LOCK_SEED = 31
#: how often a process tries to take the tables nobody owns (their owner died), and how many of
#: the tables with bots nobody holds it loads at a time
SWEEP_EVERY_S = 3.0
SWEEP_BOUND = 100
#: the tables with bots a sweep takes up: unfinished, active since :since, no advisory lock held on
#: their key (a bigint key is shown in pg_locks as its high and low 32 bits, objsubid 1)
UNOWNED_WITH_BOTS = """
SELECT t.id FROM tables AS t
WHERE t.finished_at IS NULL
  AND EXISTS (SELECT 1 FROM json_array_elements(t.seats) AS s WHERE s ->> 'kind' = 'bot')
  AND greatest(t.created_at, (SELECT m.created_at FROM moves AS m WHERE m.table_id = t.id
                              ORDER BY m.number DESC LIMIT 1)) >= :since
  AND NOT EXISTS (
    SELECT 1 FROM pg_locks AS l
    WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid::bigint = (hashtextextended(t.id, :seed) >> 32) & 4294967295
      AND l.objid::bigint = hashtextextended(t.id, :seed) & 4294967295)
ORDER BY t.created_at DESC
LIMIT :bound
"""
#: how long the listener waits for a notification before checking whether it should stop
LISTEN_POLL_S = 0.5
#: tables this process archived, not loaded again by its sweep (they wait for a person)
LET_GO_KEPT = 10_000
#: a notification carries the moves it announces when it is shorter than this (PostgreSQL's
#: limit is 8,000 bytes); a longer one only says how far to read
NOTIFY_CARRIES = 7_000


class Served(Protocol):
    """What the cluster asks of the table service (``server.service.TableService``)."""

    tables: dict[str, LiveTable]
    storage: Storage
    limits: Limits
    clock: Clock
    windows: WindowLapses
    bot_turns: TableBots

    async def get(self, table_id: str) -> LiveTable: ...

    async def submit(self, table: LiveTable, seat: int | None, move: str, version: int | None,
                     move_id: str | None = None) -> int: ...

    async def rebuild(self, table: LiveTable) -> None: ...

    @property
    def people(self) -> PeopleDesk: ...

    def _broadcast(self, table: LiveTable) -> None: ...

    def _put_aside(self, table: LiveTable) -> None: ...


class SingleProcess:
    """One process on its database (SQLite, the default): every table is this process's."""

    enabled = False

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def try_own_now(self, table_id: str) -> bool:
        return True

    async def try_own(self, table_id: str) -> bool:
        return True

    def disown_now(self, table_id: str) -> None:
        return None

    async def resumable(self, ids: Sequence[str]) -> list[str]:
        return list(ids)

    def release(self, table: LiveTable) -> None:
        return None

    def follow(self, table: LiveTable) -> None:
        return None

    async def forward(self, table: LiveTable, seat: int, move: str, version: int | None,
                      move_id: str | None, *, speech: bool = False) -> tuple[int | None, str | None]:
        raise AssertionError("one process has no replicas")

    async def ask_owner(self, table: LiveTable, asked: dict[str, Any]) -> dict[str, Any] | None:
        raise AssertionError("one process has no replicas")

    def perform(self, kind: str, performer: Performer) -> None:
        return None  # nothing is asked of this process by another

    def announce_amendment(self, conn: Connection, table_id: str, proposal: Proposal) -> None:
        return None  # nobody else to tell

    def present(self, table: LiveTable) -> None:
        return None

    def ask_presence(self, table: LiveTable) -> None:
        return None

    def describe(self, tables: Iterable[LiveTable]) -> dict[str, Any]:
        """Which process answers ``/api/stats``, and the tables it owns (all of them, here)."""
        return {"process": {"pid": os.getpid(), "id": None}, "tables_owned": sum(1 for _ in tables),
                "tables_followed": 0}


def make_cluster(service: Served) -> SingleProcess:
    """Several processes may share a PostgreSQL database; an SQLite file is one process's."""
    if service.storage.is_sqlite:
        return SingleProcess()
    return PostgresCluster(service)


def conninfo(url: str) -> str:
    """The libpq address of an SQLAlchemy URL (``postgresql+psycopg://…`` → ``postgresql://…``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresCluster(SingleProcess):
    """This process among others on one PostgreSQL (see the module docstring)."""

    enabled = True

    def __init__(self, service: Served) -> None:
        self.service = service
        self.address = conninfo(service.storage.url)
        #: this process's name in notifications, and the channel its forwarded moves are answered on
        self.ident = secrets.token_hex(8)
        self.reply_channel = f"gamenight_reply_{self.ident}"
        #: the tables whose advisory lock this process holds (taken under _lock in worker threads; the
        #: event loop reads it, and lets an id go, without the lock: a worker holds it for round trips)
        self.owned: set[str] = set()
        self._lock = threading.Lock()
        self._control: psycopg.Connection[Any] | None = None
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._listener: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.asks = Asks(self)
        self._behind: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._let_go: OrderedDict[str, None] = OrderedDict()
        #: of each followed table, the newest version announced, and the moves the announcements
        #: carried (a replica plays them without reading the database), and the tables that must be
        #: read from the database whatever was heard (just loaded, or notifications were missed)
        self._announced: dict[str, int] = {}
        self._heard_rows: dict[str, dict[int, MoveRow]] = {}
        self._must_read: set[str] = set()
        #: of each followed table, how many proposal announcements were heard (a read of its proposals
        #: during which one was heard may predate it: read again)
        self._proposals_heard: dict[str, int] = {}
        self.presence = Presence(self)

    # ---- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen before serving (a notification sent before would be missed), and announce commits."""
        self._loop = asyncio.get_running_loop()
        self.service.storage.announce = self.announce
        self._stopping.clear()
        self._listener = threading.Thread(target=self._listen, name="gamenight-cluster-listener", daemon=True)
        self._listener.start()
        await asyncio.to_thread(self._listening.wait, 30)
        self._spawn(self._sweep_forever())
        log.info("cluster: this process is %s; tables are shared with the other processes on the database",
                 self.ident)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._stopping.set()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)
        with self._lock:
            if self._control is not None:
                self._control.close()  # every lock this process held is free for the others now
                self._control = None
            self.owned.clear()

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ---- ownership -------------------------------------------------------------------------------

    def _connection(self) -> psycopg.Connection[Any]:
        import psycopg

        if self._control is None or self._control.closed:
            self._control = psycopg.connect(self.address, autocommit=True,
                                            application_name=f"gamenight-{self.ident}")
        return self._control

    def _control_lost(self, error: Exception) -> None:
        """The control connection failed: its locks are gone with it (call with _lock held)."""
        log.error("cluster: the control connection failed (%s): this process's tables are put aside", error)
        lost = set(self.owned)
        self.owned.clear()
        with contextlib.suppress(Exception):
            if self._control is not None:
                self._control.close()
        self._control = None
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._put_aside, lost)

    def _put_aside(self, ids: set[str]) -> None:
        for table_id in ids:
            table = self.service.tables.get(table_id)
            if table is not None and not table.replica:
                self.service._put_aside(table)

    def try_own_many(self, ids: Sequence[str]) -> list[str]:
        """The ones of ``ids`` this process owns now (taking each that is free), in a worker thread."""
        import psycopg

        with self._lock:
            wanted = [i for i in ids if i not in self.owned]
            got: list[str] = []
            if wanted:
                try:
                    rows = self._connection().execute(
                        "SELECT id FROM unnest(%s::text[]) AS id "
                        "WHERE pg_try_advisory_lock(hashtextextended(id, %s))", (wanted, LOCK_SEED)
                    ).fetchall()
                except psycopg.Error as e:
                    self._control_lost(e)
                    return []
                got = [r[0] for r in rows]
                self.owned.update(got)
            return [i for i in ids if i in self.owned]

    def try_own_now(self, table_id: str) -> bool:
        return bool(self.try_own_many([table_id]))

    async def try_own(self, table_id: str) -> bool:
        if table_id in self.owned:  # no lock on the event loop: a worker may hold it for a round trip
            return True
        return await asyncio.to_thread(self.try_own_now, table_id)

    async def resumable(self, ids: Sequence[str]) -> list[str]:
        """Of the recently active tables with bots, the ones to load: not here yet, not let go by this
        process (they wait for a person), and free to own (their owner archived them or died)."""
        fresh = [i for i in ids if i not in self.service.tables and i not in self._let_go]
        return await asyncio.to_thread(self.try_own_many, fresh) if fresh else []

    def release(self, table: LiveTable) -> None:
        """An archived or put-aside table: its lock is let go (another process may take it). The id
        leaves ``owned`` now, so a load before the unlock runs takes the lock again (they stack).
        What was heard for it as a replica is forgotten: a table loaded again reads the database."""
        self._announced.pop(table.id, None)
        self._heard_rows.pop(table.id, None)
        self._must_read.discard(table.id)
        self._proposals_heard.pop(table.id, None)
        self.presence.said.pop(table.id, None)
        if table.id not in self.owned:  # no lock on the event loop (set operations hold the GIL)
            return
        self.owned.discard(table.id)
        self._let_go[table.id] = None
        while len(self._let_go) > LET_GO_KEPT:
            self._let_go.popitem(last=False)
        self._spawn(asyncio.to_thread(self._unlock, table.id))

    def disown_now(self, table_id: str) -> None:
        """Let go of a table just taken that did not load (no such table, or it does not replay)."""
        with self._lock:
            if table_id not in self.owned:
                return
            self.owned.discard(table_id)
        self._unlock(table_id)

    def _unlock(self, table_id: str) -> None:
        import psycopg

        with self._lock:
            if self._control is None:
                return  # lost: the lock went with the connection
            try:
                self._control.execute("SELECT pg_advisory_unlock(hashtextextended(%s, %s))",
                                      (table_id, LOCK_SEED))
            except psycopg.Error as e:
                self._control_lost(e)

    async def _sweep_forever(self) -> None:
        while True:
            await self.service.clock.sleep(SWEEP_EVERY_S)  # the service's clock: a test moves it
            try:
                await self.sweep()
            except Exception:
                log.exception("cluster: taking over the tables nobody owns failed")

    async def sweep(self) -> None:
        """Take the unfinished tables followed here whose owner is gone (one statement for them all),
        and the recently active tables with bots that nobody holds: bots resume within seconds of
        their process's death."""
        followed = [t for t in self.service.tables.values() if t.replica and not t.is_done]
        if followed:
            taken = set(await asyncio.to_thread(self.try_own_many, [t.id for t in followed]))
            for table in followed:
                if table.id in taken:
                    await self.promote(table)
        since = utc_now() - timedelta(seconds=self.service.limits.archive_after_s)
        ids = await asyncio.to_thread(self.unowned_with_bots, since)
        await asyncio.to_thread(self.presence.forget_gone)
        for table_id in await self.resumable(ids):
            try:
                await self.service.get(table_id)
            except ServiceError as e:  # a game changed under a stored table: the others go on
                log.error("table %s does not resume: %s", table_id, e.message)

    def unowned_with_bots(self, since: datetime) -> list[str]:
        """The unfinished tables with a bot seat, active since ``since``, that no process holds (no
        advisory lock on their key in ``pg_locks``), newest first, at most SWEEP_BOUND of them: one
        read, however many tables the database holds or the other processes own."""
        with self.service.storage.engine.connect() as conn:
            rows = conn.execute(text(UNOWNED_WITH_BOTS), {"seed": LOCK_SEED, "since": since,
                                                          "bound": SWEEP_BOUND}).all()
        return [r[0] for r in rows]

    async def promote(self, table: LiveTable) -> None:
        """A replica this process now owns: up to date from storage, then its bots and window start."""
        async with table.lock:
            if not table.replica or table.closed:
                return
            self._must_read.add(table.id)  # the last owner's last moves may not all have been heard
            await self._catch_up(table)
            table.replica = False
            table.window = None  # a window open at takeover gets its whole time, as after a restart
            self.service.windows.follow(table)
            self.service.bot_turns.schedule(table)
        log.info("cluster: table %s taken over at version %d", table.id, table.version)

    # ---- replicas --------------------------------------------------------------------------------

    def follow(self, table: LiveTable) -> None:
        """A replica was just loaded: catch up with what was stored while it loaded (a move announced
        before the table was here was not heard: read the database)."""
        self._must_read.add(table.id)
        self._behind_now(table)

    def _behind_now(self, table: LiveTable) -> None:
        if table.id not in self._behind:
            task = asyncio.ensure_future(self._sync(table))
            self._behind[table.id] = task
            task.add_done_callback(lambda _t: self._behind.pop(table.id, None))

    async def _sync(self, table: LiveTable, version: int | None = None) -> None:
        """Catch up, the table's lock held, to ``version`` and to the newest version announced;
        again if a move was announced meanwhile (its notification found this task running)."""
        async with table.lock:
            for _ in range(3):
                if not table.replica or table.closed:
                    return
                wanted = max(version or 0, self._announced.get(table.id, 0))
                if table.version >= wanted and table.id not in self._must_read:
                    return
                await self._catch_up(table)

    def _heard_moves(self, table: LiveTable) -> list[MoveRow] | None:
        """The announced moves that follow the table's version, up to the newest announced: what a
        replica plays without reading the database (None: read it)."""
        heard = self._heard_rows.pop(table.id, {})
        if table.id in self._must_read:
            return None
        rows: list[MoveRow] = []
        while (row := heard.get(table.version + len(rows) + 1)) is not None:
            rows.append(row)
        latest = rows[-1].number if rows else table.version
        return rows if latest >= self._announced.get(table.id, 0) else None

    async def _catch_up(self, table: LiveTable) -> None:
        """Play the moves after the table's version (its lock held), as announced or else as stored,
        each after the amendments accepted before it, and push the new views."""
        heard = self._heard_moves(table)
        proposals = table.proposals
        if heard is not None:
            rows = heard
            reason = ABANDONED if any(r.abandoned for r in rows) else table.record.end_reason
        else:
            self._must_read.discard(table.id)
            rows, reason = await asyncio.to_thread(self.service.storage.moves_after, table.id, table.version)
            self._announced[table.id] = max(self._announced.get(table.id, 0), table.version + len(rows))
            if amendments.amendable(table.state) or proposals:
                await self._read_proposals(table)
        if not rows and reason == table.record.end_reason and table.proposals == proposals:
            return
        state = table.state
        try:
            for row in rows:
                if row.number != len(state.moves) + 1:
                    raise ValueError(f"move {row.number} follows move {len(state.moves)}")
                self._amend_due(table)
                state.play(row.move, row.seat)
                self._moved(table, row)
            self._amend_due(table)
        except Exception:
            log.exception("cluster: table %s does not follow its stored moves: loaded again", table.id)
            self.service._put_aside(table)
            return
        if reason != table.record.end_reason:
            table.record = replace(table.record, end_reason=reason)
        table.forget_drawn()
        table.note_legal_moves()
        table.touch()
        seats = frozenset() if table.is_done else frozenset(state.lapse_moves())
        # the window shown here, with its time left; its lapse is the owner's to make
        table.window = follow_window(table.window, seats, table.version, table.record.claim_window_ms,
                                     table.clock.now())
        self.service._broadcast(table)

    async def _read_proposals(self, table: LiveTable) -> None:
        """Read the table's proposals after its moves (every amendment accepted before one of them is
        among them), again if one was announced during the read (the read may predate it)."""
        for _ in range(3):
            heard = self._proposals_heard.get(table.id, 0)
            table.proposals = await asyncio.to_thread(amendments.load, self.service.storage, table.id)
            if self._proposals_heard.get(table.id, 0) == heard:
                return

    @staticmethod
    def _amend_due(table: LiveTable) -> None:
        if not amendments.make_due(table):
            raise ValueError("an amendment was accepted before moves already played here")

    @staticmethod
    def _moved(table: LiveTable, row: MoveRow) -> None:
        table.version = row.number
        table.moved_at[row.seat] = row.number
        table.people.stamp_waiting(table.state.to_act, row.seat, now())
        if row.move_id is not None:
            table.remember_move_id(row.seat, row.move_id, row.move, row.number)

    async def _refresh_people(self, table: LiveTable) -> None:
        """Another process changed the table's seats (a name, a re-issued link), chat or rematch."""
        async with table.lock:
            if table.closed:
                return
            stored = await asyncio.to_thread(self.service.storage.load_table, table.id, MOVE_IDS_KEPT)
            if stored is None:
                return
            old = table.record.seats
            table.record = replace(table.record, seats=stored.record.seats)
            people = table.people
            people.rematch_of, people.rematch_id = stored.people.rematch_of, stored.people.rematch_id
            new_chat = [r for r in stored.people.chat if r.number > people.chat_count]
            if new_chat:
                people.load_chat([*people.chat, *new_chat])
            if [s.name for s in old] != [s.name for s in stored.record.seats]:
                await self.service.rebuild(table)  # replayed with the new names, as the renamer did
            table.forget_drawn()
            self._tell_people(table, old, new_chat)

    def _tell_people(self, table: LiveTable, old: Sequence[Any], new_chat: Sequence[ChatRow]) -> None:
        reissued = {i for i, (a, b) in enumerate(zip(old, table.record.seats, strict=True))
                    if a.token_sha256 != b.token_sha256 and a.token_sha256 is not None}
        chat = dumps(chat_frame(new_chat, table.state.names, history=False)) if new_chat else None
        for conn in list(table.connections):
            if conn.seat in reissued:
                conn.close(4403, dumps({"type": "error", "code": "bad_token", "version": table.version,
                                        "message": "The host sent this seat a new link: this one no "
                                                   "longer opens it."}))
                continue
            if chat is not None and conn.wants_people:
                conn.push_message(chat)
            conn.push_state(table.frame(conn.seat))

    # ---- notifications ---------------------------------------------------------------------------

    def announce(self, conn: Connection, writes: Sequence[Write]) -> None:
        """In the writer's transaction: which tables' moves and people this commit stored."""
        moved: dict[str, list[MoveRow]] = {}
        people: set[str] = set()
        for w in writes:
            if isinstance(w, MoveRow):
                moved.setdefault(w.table_id, []).append(w)
            elif isinstance(w, (ChatRow, SeatsUpdate)):
                people.add(w.table_id)
            elif isinstance(w, RematchRow):
                people.update((w.table_id, w.previous_id))
        said = [self._moves_said(t, rows) for t, rows in moved.items()]
        said += [f"p {t} {self.ident}" for t in people]
        if said:
            conn.execute(text("SELECT pg_notify(:channel, said) FROM unnest(CAST(:said AS text[])) AS said"),
                         {"channel": TABLES_CHANNEL, "said": said})

    def announce_amendment(self, conn: Connection, table_id: str, proposal: Proposal) -> None:
        """In the transaction storing ``proposal`` (server.amendments.save): ``a ID ORIGIN PROPOSAL``,
        the proposal as stored when it fits (its note and changes are bounded: it does), else
        without it (the replicas read the table's proposals)."""
        said = f"a {table_id} {self.ident}"
        carried = json.dumps(proposal.to_json(), separators=(",", ":"))
        if len(said) + len(carried) < NOTIFY_CARRIES:
            said = f"{said} {carried}"
        conn.execute(text("SELECT pg_notify(:channel, :said)"), {"channel": TABLES_CHANNEL, "said": said})

    def _moves_said(self, table_id: str, rows: Sequence[MoveRow]) -> str:
        """``m ID N ORIGIN ROWS``: the table's moves up to N are stored, and (when they fit in a
        notification) the moves themselves, so a replica plays them without reading them back."""
        said = f"m {table_id} {max(r.number for r in rows)} {self.ident}"
        carried = json.dumps([[r.number, r.seat, r.move, r.move_id, int(r.abandoned)] for r in rows],
                             separators=(",", ":"))
        return f"{said} {carried}" if len(said) + len(carried) < NOTIFY_CARRIES else said

    def _notify_now(self, channel: str, payload: str) -> None:
        import psycopg

        with self._lock:
            try:
                self._connection().execute("SELECT pg_notify(%s, %s)", (channel, payload))
            except psycopg.Error as e:
                self._control_lost(e)
                raise

    def _notify_all(self, channel: str, payloads: Sequence[str]) -> None:
        import psycopg

        with self._lock:
            try:
                self._connection().execute("SELECT pg_notify(%s, said) FROM unnest(%s::text[]) AS said",
                                           (channel, list(payloads)))
            except psycopg.Error as e:
                self._control_lost(e)
                raise

    def _listen(self) -> None:
        """The listener thread: its own connection, every notification handed to the event loop."""
        import psycopg

        first = True
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.address, autocommit=True) as conn:
                    for channel in (TABLES_CHANNEL, MOVES_CHANNEL, self.reply_channel):
                        conn.execute(f"LISTEN {channel}")
                    self._listening.set()
                    if not first:  # notifications were missed while it was away: every replica reads
                        self._call(self._all_behind)
                    first = False
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=LISTEN_POLL_S):
                            self._call(self._heard, note.channel, note.payload)
            except psycopg.Error as e:
                log.warning("cluster: the listener's connection failed (%s): connecting again", e)
                self._stopping.wait(1.0)

    def _call(self, *what: Any) -> None:
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed: the process is stopping
                self._loop.call_soon_threadsafe(*what)

    def _all_behind(self) -> None:
        for table in list(self.service.tables.values()):
            if table.replica:
                self._must_read.add(table.id)
                self._behind_now(table)

    def _heard(self, channel: str, payload: str) -> None:
        if channel == TABLES_CHANNEL:
            self._table_changed(payload)
        elif channel == MOVES_CHANNEL:
            self.asks.asked(payload)
        elif channel == self.reply_channel:
            self.asks.replied(payload)

    def _table_changed(self, payload: str) -> None:
        if payload.startswith("m "):
            _, table_id, number, origin, *carried = payload.split(" ", 4)
        else:
            _, table_id, origin, *carried = payload.split(" ", 3)
        table = self.service.tables.get(table_id)
        if table is None or origin == self.ident:
            return
        if payload.startswith("p "):
            self._spawn(self._refresh_people(table))
        elif payload.startswith("s "):
            self.presence.heard(table, origin, carried[0] if carried else "")
        elif payload.startswith("q "):
            self.presence.asked(table)
        elif payload.startswith("a "):
            self._amended(table, carried[0] if carried else None)
        else:
            rows = json.loads(carried[0]) if carried else []
            self.asks.answered(table_id, rows)
            if table.replica and table.version < int(number):
                self._announced[table_id] = max(self._announced.get(table_id, 0), int(number))
                heard = self._heard_rows.setdefault(table_id, {})
                for n, seat, move, move_id, abandoned in rows:
                    if n > table.version:
                        heard[n] = MoveRow(table_id, n, seat, move, abandoned=bool(abandoned),
                                           move_id=move_id)
                self._behind_now(table)

    def _amended(self, table: LiveTable, carried: str | None) -> None:
        """The owner stored a proposal (made, voted on, decided): kept now, in the order heard, so a
        move announced after an acceptance is played after the amendment (``_catch_up``); then the
        state makes it if it is due and every page is told."""
        if not table.replica:
            return
        self._proposals_heard[table.id] = self._proposals_heard.get(table.id, 0) + 1
        try:
            if carried is None:
                raise ValueError("not carried")
            amendments.heard(table, Proposal.from_json(json.loads(carried)))
        except ValueError:  # not carried, or one was missed: read them all, before any later move
            self._must_read.add(table.id)
        self._spawn(self._show_amendments(table))

    async def _show_amendments(self, table: LiveTable) -> None:
        async with table.lock:
            if not table.replica or table.closed:
                return
            if table.id in self._must_read:
                await self._catch_up(table)
                if table.closed:  # it did not follow its stored moves: put aside, to be loaded again
                    return
            try:
                due = amendments.make_due(table)
            except Exception:  # the engine refuses it here: replayed as stored (or put aside)
                due = False
            if not due:
                await self.service.rebuild(table)  # accepted at a move played past here: replayed
            table.forget_drawn()
            self.service._broadcast(table)

    # ---- presence (server.presence) ---------------------------------------------------------------

    def present(self, table: LiveTable) -> None:
        self.presence.present(table)

    def ask_presence(self, table: LiveTable) -> None:
        self.presence.ask(table)

    def describe(self, tables: Iterable[LiveTable]) -> dict[str, Any]:
        """Which process answers ``/api/stats``, and the tables it owns and follows."""
        listed = list(tables)
        owned = sum(1 for t in listed if t.id in self.owned)
        return {"process": {"pid": os.getpid(), "id": self.ident}, "tables_owned": owned,
                "tables_followed": len(listed) - owned}

    # ---- asks (server.cluster_asks) --------------------------------------------------------------

    async def forward(self, table: LiveTable, seat: int, move: str, version: int | None,
                      move_id: str | None, *, speech: bool = False) -> tuple[int | None, str | None]:
        return await self.asks.forward(table, seat, move, version, move_id, speech=speech)

    async def ask_owner(self, table: LiveTable, asked: dict[str, Any]) -> dict[str, Any] | None:
        return await self.asks.ask(table, asked)

    def perform(self, kind: str, performer: Performer) -> None:
        self.asks.perform(kind, performer)

    def _own_or_notify(self, table_id: str, payload: str) -> bool:
        """Take the table's lock if it is free (True), else forward the move to its owner: one
        statement, so a forwarded move costs this process one round trip before the answer."""
        import psycopg

        with self._lock:
            if table_id in self.owned:
                return True
            try:
                (got,) = self._connection().execute(
                    "WITH lock AS MATERIALIZED (SELECT pg_try_advisory_lock(hashtextextended(%s, %s)) "
                    "AS got) SELECT got FROM lock, LATERAL (SELECT CASE WHEN got THEN NULL "
                    "ELSE pg_notify(%s, %s) END) AS told", (table_id, LOCK_SEED, MOVES_CHANNEL, payload)
                ).fetchone() or (False,)
            except psycopg.Error as e:
                self._control_lost(e)
                raise
            if got:
                self.owned.add(table_id)
            return bool(got)


__all__ = ["TABLES_CHANNEL", "PostgresCluster", "SingleProcess", "make_cluster"]
