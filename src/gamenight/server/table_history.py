"""Played tables in the family's match history (issue 30): a table's result, written once, with the
move that ends its match (:class:`~gamenight.server.storage.MoveRow`'s ``result``, stored in
``table_history`` in the same transaction), and the history read back beside the pads'.

The result is recorded when the match ends because the tables store keeps none: listing finished
tables afterwards would mean replaying every one. Keyed by the table's id, so a table replayed after a
restart, followed by a rematch (a table of its own), or finished by a replica process too is
listed once. Tables finished before this was kept are not listed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.engine import Engine

from gamenight.pad.history import played_match
from gamenight.server.links import spectator_path
from gamenight.server.storage import table_history_table

if TYPE_CHECKING:
    from gamenight.server.live import LiveTable

log = logging.getLogger(__name__)


def table_result(table: LiveTable) -> dict[str, Any] | None:
    """The history's line for ``table``, whose match its last move just ended: a person counts wins
    only where a person sits and chose a name (not a bot, nor a seat left as "North"). ``None``
    (logged) if it cannot be read: the history never stops a game's last move being saved."""
    people = [s.name if s.kind == "human" else None for s in table.record.seats]
    try:
        return played_match(table.state, table.record.preset, people)
    except Exception:
        log.exception("table %s: its result could not be written to the match history", table.id)
        return None


def played_tables(engine: Engine, limit: int) -> list[tuple[Any, dict[str, Any]]]:
    """The newest ``limit`` finished tables as (when it finished, its line), newest first."""
    h = table_history_table
    with engine.connect() as conn:
        rows = conn.execute(select(h).order_by(h.c.finished_at.desc(), h.c.table_id).limit(limit)).all()
    return [(row.finished_at, {**row.result, "table_id": row.table_id, "link": spectator_path(row.table_id)})
            for row in rows]


__all__ = ["played_tables", "table_result"]
