"""Storage on both databases, and the rules of the PostgreSQL test fixture itself.

The durability tests (SIGKILL, restart, group commit) take ``db_url`` and so run on SQLite and on
PostgreSQL; these check what differs between the two: a row read back exactly as written (time
zones, JSON, 63-bit seeds, the longest move text), the URL forms PostgreSQL users write, and that
CI cannot silently skip PostgreSQL.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from gamenight.server.service import MAX_MOVE_CHARS
from gamenight.server.storage import MoveRow, SeatRecord, Storage, TableRecord, make_engine
from tests.server import conftest


def test_a_table_reads_back_exactly_as_written(db_url: str) -> None:
    storage = Storage(db_url)
    record = TableRecord(
        id="A-b_c" * 6, game="hand-and-foot", preset="ultimate",
        options={"rounds": 4, "nested": {"x": [1, "two"]}}, players=6, seed=2**63 - 1, bot_delay_ms=0,
        created_at=datetime(2024, 2, 29, 23, 59, 58, 123456, tzinfo=UTC),
        seats=(SeatRecord("human", token_sha256="ab" * 32), SeatRecord("bot", bot="heuristic")) * 3,
    )
    moves = [MoveRow(record.id, 1, 0, "x" * MAX_MOVE_CHARS),
             MoveRow(record.id, 2, 5, "meld é ♠", finished=True)]
    with storage.engine.begin() as conn:
        Storage.write_batch(conn, [record, *moves])
    stored = storage.load_table(record.id)
    assert stored is not None
    assert stored.moves == [(0, "x" * MAX_MOVE_CHARS), (5, "meld é ♠")]
    finished_at = stored.record.finished_at
    assert finished_at is not None and finished_at.tzinfo is not None
    assert stored.record == TableRecord(**{**_fields(record), "finished_at": finished_at})
    assert storage.resumable_ids(active_since=datetime(2000, 1, 1, tzinfo=UTC)) == []  # it is over
    storage.close()


def _fields(record: TableRecord) -> dict[str, Any]:
    return {name: getattr(record, name) for name in TableRecord.__slots__}


@pytest.mark.parametrize("url", ["postgresql://u@h/db", "postgres://u@h/db"])
def test_postgresql_urls_use_the_driver_the_postgres_extra_installs(url: str) -> None:
    """The ``postgres`` extra installs psycopg 3; SQLAlchemy 2.0 would look for psycopg2 by default,
    and knows no ``postgres://`` (the form many hosts hand out)."""
    engine = make_engine(url)
    assert engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"
    assert make_url(url).database == engine.url.database
    engine.dispose()


def test_a_missing_postgresql_skips_locally_but_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="not found"):
        conftest.unavailable("initdb not found")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="not found"):
        conftest.unavailable("initdb not found")


def test_a_missing_driver_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # what an uninstalled package looks like to import
    with pytest.raises(ModuleNotFoundError, match=r"gamenight\[postgres\]"):
        make_engine("postgresql://u@h/db")
