"""Durable storage of tables and their moves: SQLAlchemy Core, SQLite by default, PostgreSQL by URL.

Two tables hold everything needed to rebuild a game exactly (``gamenight.replay``):

* ``tables`` — id, game, preset, the options in force (JSON), players, the seed, the seats (JSON:
  kind, bot, and the SHA-256 of each human seat's token — never the token itself), the bot delay,
  the trick pause and the claim window,
  when it was created, once the game is over when it finished (and ``end_reason`` "abandoned" when
  the table's move bound stopped it before the game's end), and the SHA-256 of the host's token;
* ``moves`` — (table_id, number) unique, the seat and the move's text, when it was made, and the
  client's id for it where it gave one (a retry with that id, even after a restart, gets the first
  answer);
* ``chat`` — (table_id, number) unique, the seat that wrote and the text, when it was written;
* ``rematches`` — a table started as the rematch of another (``previous_id``, at most one rematch
  per table) and the results of the series before it (JSON: each earlier table and its winners);
* ``pads`` — score pads, read and written by :mod:`gamenight.server.pad_api`;
* ``pad_history`` — each finished pad's result, the family's match history (same module);
* ``table_history`` — each finished played table's result, written with its last move.

The people's names live in the seats JSON with the rest of each seat. The tables after the first two
were added later: ``create_all`` adds them to an existing database, and nothing else changed.

Durability: an acknowledged move must survive a SIGKILL or a power cut, so SQLite runs in WAL mode
with ``synchronous=FULL`` (the WAL is fsynced at every commit). Writes go through one writer thread,
:class:`GroupCommitWriter`, which commits whatever moves of every table are waiting in one transaction
(group commit): a commit costs one fsync however many moves it carries, so hundreds of tables moving
at once do not queue behind one fsync each. The caller awaits its own write's commit before it
acknowledges the move.

The database file holds every table's seed, and so every deal: an SQLite file is created readable
by its owner only (0600), and an existing one is narrowed to that. Columns added since a database
was made are added to it at start-up (:func:`add_missing_columns`), in SQL both SQLite and
PostgreSQL accept.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url

log = logging.getLogger(__name__)

#: the most writes one group commit carries
MAX_BATCH = 512
#: moves per INSERT statement (6 values each, under SQLite's oldest limit of 999 variables)
ROWS_PER_INSERT = 150
#: a commit slower than this is logged
SLOW_COMMIT_S = 0.1
#: how often the WAL is checkpointed into the database file, off the commit path
CHECKPOINT_EVERY_S = 1.0

#: how long a finished trick stays on the table by default, in milliseconds
DEFAULT_TRICK_PAUSE_MS = 1500
#: how long a timed window (a claim of a discard out of turn) stays open by default, in milliseconds
DEFAULT_CLAIM_WINDOW_MS = 4000

metadata = MetaData()

tables_table = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("preset", String(64), nullable=True),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("bot_delay_ms", Integer, nullable=False),
    # added after the first release: a table stored before it has NULL (the default pause)
    Column("trick_pause_ms", Integer, nullable=True),
    # added later still: NULL is the default claim window
    Column("claim_window_ms", Integer, nullable=True),
    # added with hints: NULL (a table stored before) allows them, as the default does
    Column("hints", Boolean, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("end_reason", String(16), nullable=True),
    Column("host_token_sha256", String(64), nullable=True),
)

#: why a table ended other than by the game's own end
ABANDONED = "abandoned"

moves_table = Table(
    "moves", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("move", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # added with stored move ids: the client's id for the move (NULL: none given, or made before)
    Column("move_id", String(64), nullable=True),
    # one move per number per table: a second writer of move N fails instead of forking the game
    PrimaryKeyConstraint("table_id", "number", name="moves_table_id_number"),
)


chat_table = Table(
    "chat", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(1000), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "number", name="chat_table_id_number"),
)

rematches_table = Table(
    "rematches", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    # unique: two players asking at once make one rematch, not two
    Column("previous_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
           unique=True),
    Column("series", JSON, nullable=False),
)

#: score pads (server.pad_api): the pad as JSON (game, rules, players, entries, amendments), the
#: SHA-256 of its scorekeeper's token, whether every follower may edit; one row per pad
pads_table = Table(
    "pads", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("data", JSON, nullable=False),
    Column("token_sha256", String(64), nullable=False),
    Column("open", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # added with each player's own vote: the SHA-256 of each player's voting token, in seat order
    # (NULL: a pad made before, given its tokens when its scorekeeper next shows them)
    Column("voters", JSON, nullable=True),
)

#: the family's match history (server.pad_api, gamenight.pad.history): a finished pad's result as
#: JSON (game, players, each side's total, the winners), kept in step with the pad's corrections
pad_history_table = Table(
    "pad_history", metadata,
    Column("pad_id", String(32), ForeignKey("pads.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False, index=True),
    Column("result", JSON, nullable=False),
)

#: the history's played tables (gamenight.pad.history.played_match): a finished table's result as JSON,
#: written with its last move, once per table (a table finished again by a replay is left as kept)
table_history_table = Table(
    "table_history", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False, index=True),
    Column("result", JSON, nullable=False),
)

#: chat messages kept per table in memory and read back on a restart
CHAT_KEPT = 100
#: the chat table again, for the newest-message subquery
c_alias = chat_table.alias("c")


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat as stored: ``kind`` is "human" or "bot"; humans keep only their token's hash.

    ``name`` is the person's own name (``None``: the game's name for the seat). A rematch's human
    seat starts with no token: ``claim_sha256`` is the hash of the previous table's token for the
    seat, and the seat gets its own token when that token's holder is next seen (server.people)."""

    kind: str
    bot: str | None = None
    token_sha256: str | None = None
    name: str | None = None
    claim_sha256: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "bot": self.bot, "token_sha256": self.token_sha256}
        if self.name is not None:
            out["name"] = self.name
        if self.claim_sha256 is not None:
            out["claim_sha256"] = self.claim_sha256
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(kind=data["kind"], bot=data.get("bot"), token_sha256=data.get("token_sha256"),
                   name=data.get("name"), claim_sha256=data.get("claim_sha256"))


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One table's row: everything but the moves."""

    id: str
    game: str
    preset: str | None
    options: dict[str, Any]
    players: int
    seed: int
    seats: tuple[SeatRecord, ...]
    bot_delay_ms: int
    created_at: datetime
    finished_at: datetime | None = None
    trick_pause_ms: int = DEFAULT_TRICK_PAUSE_MS
    #: how long a timed window stays open before the seats that have not answered let it lapse
    #: (0: it waits for every seat, like any other decision)
    claim_window_ms: int = DEFAULT_CLAIM_WINDOW_MS
    #: whether a seat may ask what the strong bot would play (``POST /api/tables/{id}/hint``)
    hints: bool = True
    #: None, or ABANDONED: the table reached its move bound before the game's end
    end_reason: str | None = None
    #: the SHA-256 of the token that may re-issue seat links (None: tables made before hosts existed)
    host_token_sha256: str | None = None


@dataclass(frozen=True, slots=True)
class MoveRow:
    """Move ``number`` (1-based) of a table; the game's last move also marks the table finished, and
    a move that reaches the table's move bound marks it finished and abandoned."""

    table_id: str
    number: int
    seat: int
    move: str
    finished: bool = False
    abandoned: bool = False
    #: the client's id for the move, if it gave one
    move_id: str | None = None
    #: with the game's last move, the table's result for the match history (``table_history``)
    result: dict[str, Any] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class ChatRow:
    """Chat message ``number`` (1-based) of a table."""

    table_id: str
    number: int
    seat: int
    text: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SeatsUpdate:
    """A table's seats as they are now (a name chosen, a rematch seat's token claimed, a link re-issued)."""

    table_id: str
    seats: tuple[SeatRecord, ...]


@dataclass(frozen=True, slots=True)
class RematchRow:
    """``table_id`` is the rematch of ``previous_id``; ``series``: every earlier table of the series
    with its winning seats, oldest first (``{"table_id", "winners"}``)."""

    table_id: str
    previous_id: str
    series: tuple[dict[str, Any], ...]


#: what the writer stores: a new table, a move, a chat message, new seats, a rematch
Write = TableRecord | MoveRow | ChatRow | SeatsUpdate | RematchRow


@dataclass(frozen=True, slots=True)
class TablePeople:
    """What a table holds besides its game: its recent chat, the rematch it is, and the one it has."""

    chat: tuple[ChatRow, ...] = ()
    rematch_of: RematchRow | None = None
    rematch_id: str | None = None
    #: when the last move was made (None: no move yet), from when the seats to act are waited for
    last_move_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as read back: its row and its moves, in order, as (seat, move text)."""

    record: TableRecord
    moves: list[tuple[int, str]]
    people: TablePeople = TablePeople()
    #: the most recent moves made with a client's id, oldest first: (seat, id, move text, number)
    move_ids: tuple[tuple[int, str, str, int], ...] = ()


def utc_now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime | None) -> datetime | None:
    """SQLite hands datetimes back naive: they were written in UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def default_data_dir() -> Path:
    """The user's data folder for gamenight, by the platform's convention."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "gamenight"


def default_db_url() -> str:
    return f"sqlite:///{default_data_dir() / 'gamenight.db'}"


def normalise_db_url(value: str) -> str:
    """A database URL; a plain file path means an SQLite file there."""
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Every SQLite connection: WAL (readers never block the writer), fsync at each commit
    (``synchronous=FULL``: an acknowledged move survives a crash), foreign keys enforced, and a
    wait rather than an error when another process holds the lock for a moment."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    # checkpoints run in their own thread (GroupCommitWriter), never inside a move's commit
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA journal_size_limit=67108864")
    cursor.close()


#: URL schemes without a driver, and the one the ``postgres`` extra installs (SQLAlchemy 2.0 would
#: look for psycopg2 under ``postgresql://``, and reads no ``postgres://``, which many hosts hand out)
DEFAULT_DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    parsed = parsed.set(drivername=DEFAULT_DRIVERS.get(parsed.drivername, parsed.drivername))
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(parsed, pool_pre_ping=True)
        except ModuleNotFoundError as e:
            postgres = parsed.get_backend_name() == "postgresql"
            extra = " (pip install 'gamenight[postgres]')" if postgres else ""
            raise ModuleNotFoundError(f"{e}: the database driver is not installed{extra}", name=e.name) from e
    database = parsed.database
    if database and database != ":memory:" and not database.startswith("file:"):
        make_private_file(Path(database))
    engine = create_engine(url, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _sqlite_pragmas)
    if database and database != ":memory:" and not database.startswith("file:"):
        # WAL mode makes the -wal and -shm files on a connection's first use: narrowed then too
        event.listen(engine, "connect", lambda *_: narrow_companions(Path(database)))
    return engine


#: the files SQLite keeps beside a database in WAL mode, which hold its latest writes
SQLITE_COMPANIONS = ("-wal", "-shm")


def make_private_file(path: Path) -> None:
    """Create the SQLite file readable by its owner only (its seeds reveal every deal), or narrow an
    existing one, and its -wal and -shm files if they are there: SQLite gives the ones it creates the
    database file's mode, but reuses ones already on disk as they are (left by a server killed
    before it checkpointed, an older version, or a copy)."""
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _narrow(fd, path)
    finally:
        os.close(fd)
    narrow_companions(path)


def narrow_companions(path: Path) -> None:
    """Narrow the database's -wal and -shm files to their owner, where they exist."""
    for suffix in SQLITE_COMPANIONS:
        companion = path.with_name(path.name + suffix)
        try:
            fd = os.open(companion, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:  # not there (yet), or not a plain file of ours
            continue
        try:
            _narrow(fd, companion)
        finally:
            os.close(fd)


def _narrow(fd: int, path: Path) -> None:
    if os.fstat(fd).st_mode & 0o077:
        try:
            os.fchmod(fd, 0o600)
        except OSError as e:  # not ours to change: say so rather than refuse to start
            log.warning("%s is readable by others (its seeds reveal every deal): %s", path, e)


def add_missing_columns(engine: Engine) -> None:
    """Add the columns of :data:`metadata` that an older database lacks (nullable ones only, so
    ``ALTER TABLE ... ADD COLUMN`` is all it takes, on SQLite and PostgreSQL alike)."""
    existing = inspect(engine)
    for table in metadata.sorted_tables:
        have = {c["name"] for c in existing.get_columns(table.name)}
        missing = [c for c in table.columns if c.name not in have]
        if not missing:
            continue
        with engine.begin() as conn:
            for column in missing:
                kind = column.type.compile(dialect=engine.dialect)
                conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))
                log.info("added column %s.%s to the database", table.name, column.name)


class Storage:
    """Tables and moves in a database; every method is synchronous (call it from a thread)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        metadata.create_all(self.engine)
        add_missing_columns(self.engine)
        #: several processes on one PostgreSQL (server.cluster): what each commit tells the others,
        #: sent in the commit's own transaction (None: nobody listens, as on SQLite)
        self.announce: Callable[[Connection, Sequence[Write]], None] | None = None

    def checkpoint(self, mode: str = "PASSIVE") -> None:
        """Copy the SQLite WAL into the database file (PASSIVE: without waiting for anyone)."""
        if self.is_sqlite:
            with self.engine.connect() as conn:
                conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")

    def close(self) -> None:
        self.engine.dispose()

    # ---- writes: one batch per transaction (see GroupCommitWriter) -------------------------------

    @staticmethod
    def write_batch(conn: Connection, writes: Sequence[Write]) -> None:
        """New tables, then moves, then re-issued tokens, in as few statements as possible: every
        statement is a trip through the GIL for the writer thread, and the event loop holds it in turns
        of up to 5 ms."""
        tables = [w for w in writes if isinstance(w, TableRecord)]
        moves = [w for w in writes if isinstance(w, MoveRow)]
        if tables:
            conn.execute(insert(tables_table), [_table_row(t) for t in tables])
        now = utc_now()
        for start in range(0, len(moves), ROWS_PER_INSERT):
            chunk = moves[start:start + ROWS_PER_INSERT]
            conn.execute(insert(moves_table).values([
                {"table_id": m.table_id, "number": m.number, "seat": m.seat, "move": m.move,
                 "created_at": now, "move_id": m.move_id} for m in chunk]))
        finished = [m.table_id for m in moves if m.finished and not m.abandoned]
        if finished:
            conn.execute(update(tables_table).where(tables_table.c.id.in_(finished)).values(finished_at=now))
        abandoned = [m.table_id for m in moves if m.abandoned]
        if abandoned:
            conn.execute(update(tables_table).where(tables_table.c.id.in_(abandoned))
                         .values(finished_at=now, end_reason=ABANDONED))
        results = {m.table_id: m.result for m in moves if m.result is not None}
        if results:  # once per table: one kept already (a table finished twice) stays as it is
            h = table_history_table
            kept = set(conn.execute(select(h.c.table_id).where(h.c.table_id.in_(list(results)))).scalars())
            results = {k: v for k, v in results.items() if k not in kept}
            if results:
                conn.execute(insert(h), [{"table_id": k, "game": v["game"], "finished_at": now, "result": v}
                                         for k, v in results.items()])
        Storage.write_people(conn, writes)

    @staticmethod
    def write_people(conn: Connection, writes: Sequence[Write]) -> None:
        """Chat messages, seat changes and rematches (after the tables they name)."""
        chat = [w for w in writes if isinstance(w, ChatRow)]
        if chat:
            conn.execute(insert(chat_table), [{"table_id": c.table_id, "number": c.number, "seat": c.seat,
                                               "text": c.text, "created_at": c.created_at} for c in chat])
        for w in writes:
            if isinstance(w, SeatsUpdate):
                conn.execute(update(tables_table).where(tables_table.c.id == w.table_id)
                             .values(seats=[s.to_json() for s in w.seats]))
            elif isinstance(w, RematchRow):
                conn.execute(insert(rematches_table).values(
                    table_id=w.table_id, previous_id=w.previous_id, series=list(w.series)))

    # ---- reads -------------------------------------------------------------------------------------

    def load_table(self, table_id: str, move_ids_kept: int = 256) -> StoredTable | None:
        """The table's row, moves and people, and its last ``move_ids_kept`` moves made with an id."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_table).where(tables_table.c.id == table_id)).mappings().first()
            if row is None:
                return None
            moves = conn.execute(
                select(moves_table.c.seat, moves_table.c.move)
                .where(moves_table.c.table_id == table_id)
                .order_by(moves_table.c.number)
            ).all()
            people = self.load_people(conn, [table_id])
            with_ids = conn.execute(
                select(moves_table.c.seat, moves_table.c.move_id, moves_table.c.move, moves_table.c.number)
                .where(moves_table.c.table_id == table_id, moves_table.c.move_id.is_not(None))
                .order_by(moves_table.c.number.desc()).limit(move_ids_kept)
            ).all()
        ids = tuple((seat, move_id, move, number) for seat, move_id, move, number in reversed(with_ids))
        return StoredTable(_record(row), [(seat, move) for seat, move in moves], people[table_id], ids)

    def moves_after(self, table_id: str, number: int) -> tuple[list[MoveRow], str | None]:
        """The table's moves after move ``number``, in order, and its end reason: what a process
        following a table another process owns has not yet applied (server.cluster)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(moves_table.c.number, moves_table.c.seat, moves_table.c.move, moves_table.c.move_id)
                .where(moves_table.c.table_id == table_id, moves_table.c.number > number)
                .order_by(moves_table.c.number)).all()
            reason = conn.execute(select(tables_table.c.end_reason)
                                  .where(tables_table.c.id == table_id)).scalar()
        return [MoveRow(table_id, n, seat, move, move_id=move_id) for n, seat, move, move_id in rows], reason

    def resumable_ids(self, active_since: datetime) -> list[str]:
        """The unfinished tables with a bot seat that moved (or were made) since ``active_since``,
        most recent first: the ones whose bots start again at start-up."""
        last_move = (select(moves_table.c.table_id, func.max(moves_table.c.created_at).label("last"))
                     .group_by(moves_table.c.table_id).subquery())
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables_table.c.id, tables_table.c.seats, tables_table.c.created_at, last_move.c.last)
                .outerjoin(last_move, last_move.c.table_id == tables_table.c.id)
                .where(tables_table.c.finished_at.is_(None))
            ).all()
        active = []
        for table_id, seats, created_at, last in rows:
            when = _aware(last) or _aware(created_at) or utc_now()
            if when >= active_since and any(s.get("kind") == "bot" for s in seats):
                active.append((when, table_id))
        return [table_id for _, table_id in sorted(active, reverse=True)]

    @staticmethod
    def load_people(conn: Connection, ids: Sequence[str]) -> dict[str, TablePeople]:
        """Each table's last CHAT_KEPT chat messages, its rematch links and when its last move was made
        (three queries for every 500 tables)."""
        chat: dict[str, list[ChatRow]] = {i: [] for i in ids}
        previous: dict[str, RematchRow] = {}
        following: dict[str, str] = {}
        last: dict[str, datetime | None] = {}
        for start in range(0, len(ids), 500):  # under every database's limit of bound parameters
            chunk = list(ids[start:start + 500])
            newest = (select(func.max(chat_table.c.number)).where(chat_table.c.table_id == c_alias.c.table_id)
                      .scalar_subquery())
            rows = conn.execute(
                select(c_alias).where(c_alias.c.table_id.in_(chunk), c_alias.c.number > newest - CHAT_KEPT)
                .order_by(c_alias.c.table_id, c_alias.c.number))
            for r in rows.mappings():
                chat[r["table_id"]].append(ChatRow(r["table_id"], r["number"], r["seat"], r["text"],
                                                   _aware(r["created_at"]) or utc_now()))
            links = conn.execute(select(rematches_table).where(
                rematches_table.c.table_id.in_(chunk) | rematches_table.c.previous_id.in_(chunk)))
            for r in links.mappings():
                if r["table_id"] in chat:
                    previous[r["table_id"]] = RematchRow(r["table_id"], r["previous_id"], tuple(r["series"]))
                if r["previous_id"] in chat:
                    following[r["previous_id"]] = r["table_id"]
            latest = conn.execute(select(moves_table.c.table_id, func.max(moves_table.c.created_at))
                                  .where(moves_table.c.table_id.in_(chunk)).group_by(moves_table.c.table_id))
            last.update((table_id, _aware(at)) for table_id, at in latest)
        return {i: TablePeople(tuple(chat[i]), previous.get(i), following.get(i), last.get(i)) for i in ids}


def _table_row(rec: TableRecord) -> dict[str, Any]:
    return {"id": rec.id, "game": rec.game, "preset": rec.preset, "options": rec.options,
            "players": rec.players, "seed": rec.seed, "seats": [s.to_json() for s in rec.seats],
            "bot_delay_ms": rec.bot_delay_ms, "trick_pause_ms": rec.trick_pause_ms,
            "claim_window_ms": rec.claim_window_ms, "hints": rec.hints,
            "created_at": rec.created_at, "finished_at": rec.finished_at,
            "end_reason": rec.end_reason, "host_token_sha256": rec.host_token_sha256}


def _record(row: Any) -> TableRecord:
    return TableRecord(
        id=row["id"], game=row["game"], preset=row["preset"], options=dict(row["options"]),
        players=row["players"], seed=int(row["seed"]),
        seats=tuple(SeatRecord.from_json(s) for s in row["seats"]), bot_delay_ms=row["bot_delay_ms"],
        created_at=_aware(row["created_at"]) or utc_now(), finished_at=_aware(row["finished_at"]),
        trick_pause_ms=DEFAULT_TRICK_PAUSE_MS if row["trick_pause_ms"] is None else row["trick_pause_ms"],
        claim_window_ms=DEFAULT_CLAIM_WINDOW_MS if row["claim_window_ms"] is None else row["claim_window_ms"],
        end_reason=row["end_reason"], host_token_sha256=row["host_token_sha256"],
        hints=row["hints"] is not False,
    )


@dataclass(slots=True)
class _Job:
    write: Write
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():  # the awaiting request was cancelled; the write stands (or failed) all the same
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


class GroupCommitWriter:
    """One thread that commits every waiting write in one transaction.

    ``await writer.write(item)`` returns once the transaction holding ``item`` is committed (durably:
    see the module docstring), or raises its error. A batch that fails is retried one write per
    transaction, so one bad write fails alone.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._checkpointer: threading.Thread | None = None
        self._dirty = threading.Event()
        self._stopping = threading.Event()
        #: commits made, writes carried, and the durations of recent commits (seconds)
        self.commits = 0
        self.writes = 0
        self.commit_seconds: deque[float] = deque(maxlen=20_000)

    def start(self) -> None:
        if self._thread is None:
            self._stopping.clear()
            self._thread = threading.Thread(target=self._run, name="gamenight-db-writer", daemon=True)
            self._thread.start()
            if self.storage.is_sqlite:
                self._checkpointer = threading.Thread(
                    target=self._checkpoints, name="gamenight-db-checkpoint", daemon=True)
                self._checkpointer.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None
        if self._checkpointer is not None:
            self._stopping.set()
            self._dirty.set()
            self._checkpointer.join()
            self._checkpointer = None
            self._checkpoint("TRUNCATE")

    def _checkpoints(self) -> None:
        """Checkpoint the WAL at most every CHECKPOINT_EVERY_S while commits come in, so the WAL
        stays short and no move's commit pays for a checkpoint."""
        while not self._stopping.is_set():
            self._dirty.wait()
            if self._stopping.wait(CHECKPOINT_EVERY_S):
                return
            self._dirty.clear()
            self._checkpoint("PASSIVE")

    def _checkpoint(self, mode: str) -> None:
        try:
            self.storage.checkpoint(mode)
        except Exception as e:  # a busy or failing checkpoint is retried next time; commits go on
            log.warning("WAL checkpoint failed: %s", e)

    async def write(self, write: Write) -> None:
        if self._thread is None:
            raise RuntimeError("the storage writer is not running")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._jobs.put(_Job(write, loop, future))
        await future

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self._jobs.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stopping = True
                    break
                batch.append(job)
            self._commit(batch)

    def _commit(self, batch: list[_Job]) -> None:
        errors: list[BaseException | None]
        started = time.perf_counter()
        try:
            with self.storage.engine.begin() as conn:
                Storage.write_batch(conn, [job.write for job in batch])
                self._announce(conn, [job.write for job in batch])
            errors = [None] * len(batch)
            self.commits += 1
            took = time.perf_counter() - started
            self.commit_seconds.append(took)
            if took > SLOW_COMMIT_S:
                log.warning("slow commit: %d writes took %.0f ms", len(batch), took * 1000)
        except Exception as batch_error:
            # one write per transaction, so one bad write fails alone
            errors = [batch_error] if len(batch) == 1 else [self._commit_one(job) for job in batch]
        self.writes += len(batch)
        self._dirty.set()
        for job, error in zip(batch, errors, strict=True):
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                job.loop.call_soon_threadsafe(_settle, job.future, error)

    def _announce(self, conn: Connection, writes: Sequence[Write]) -> None:
        """Tell the other processes what this commit changed, in its own transaction: PostgreSQL
        delivers a NOTIFY at commit and never for a rolled-back one, so no process hears of a move
        that is not on disk."""
        if self.storage.announce is not None:
            self.storage.announce(conn, writes)

    def _commit_one(self, job: _Job) -> BaseException | None:
        try:
            with self.storage.engine.begin() as conn:
                Storage.write_batch(conn, [job.write])
                self._announce(conn, [job.write])
        except Exception as error:
            log.warning("storage write failed: %s", error)
            return error
        self.commits += 1
        return None


__all__ = [
    "ABANDONED",
    "CHAT_KEPT",
    "DEFAULT_CLAIM_WINDOW_MS",
    "DEFAULT_TRICK_PAUSE_MS",
    "ChatRow",
    "GroupCommitWriter",
    "MoveRow",
    "RematchRow",
    "SeatRecord",
    "SeatsUpdate",
    "Storage",
    "StoredTable",
    "TablePeople",
    "TableRecord",
    "Write",
    "default_data_dir",
    "default_db_url",
    "normalise_db_url",
    "utc_now",
]
