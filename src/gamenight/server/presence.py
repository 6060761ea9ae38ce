"""Which seats have a page open, across several processes on one PostgreSQL (server.cluster).

A seat's page is connected to one process; the others would show the seat as absent, and the table
screen would offer its code to be scanned again. So each process announces, when it changes, which
seats of a table have a page open on it (``s ID ORIGIN 0,2`` on the cluster's tables channel), and a
process that loads a table asks (``q ID ORIGIN``); every process keeps the others' seats in
``People.elsewhere``, which ``seats_json`` adds to its own. A killed process says nothing: the
cluster's sweep asks PostgreSQL which processes are still connected (each control connection is
named ``gamenight-ORIGIN``) and forgets the seats of the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamenight.server.cluster import PostgresCluster
    from gamenight.server.live import LiveTable

log = logging.getLogger(__name__)

#: how long presence changes are gathered before they are announced together
FLUSH_EVERY_S = 0.1


class Presence:
    """One process's side of the presence announcements. Changes are gathered and sent together
    every :data:`FLUSH_EVERY_S` in one statement: a thousand tables' pages opening at once cost a
    few round trips, not one each on the control connection that ownership also waits for."""

    def __init__(self, cluster: PostgresCluster) -> None:
        self.cluster = cluster
        #: the seats with a page open here, as last announced, per table
        self.said: dict[str, frozenset[int]] = {}
        self._changed: dict[str, LiveTable] = {}
        self._asks: set[str] = set()
        self._flushing = False

    def present(self, table: LiveTable) -> None:
        """A page opened or closed here: the others are told if the seats open here changed."""
        self._changed[table.id] = table
        self._flush_soon()

    def ask(self, table: LiveTable) -> None:
        """A table loaded here: the processes with a page open on it say which seats."""
        self._asks.add(table.id)
        self._flush_soon()

    def asked(self, table: LiveTable) -> None:
        self.said.pop(table.id, None)
        self.present(table)

    def _flush_soon(self) -> None:
        if not self._flushing:
            self._flushing = True
            self.cluster._spawn(self._flush())

    async def _flush(self) -> None:
        try:
            await asyncio.sleep(FLUSH_EVERY_S)  # real time: gathering, not game time
            said = [f"q {t} {self.cluster.ident}" for t in self._asks]
            self._asks.clear()
            for table_id, table in self._changed.items():
                seats = frozenset(c.seat for c in table.connections if c.seat is not None)
                if self.said.get(table_id, frozenset()) != seats:
                    if seats:
                        self.said[table_id] = seats
                    else:
                        self.said.pop(table_id, None)
                    said.append(f"s {table_id} {self.cluster.ident} {','.join(map(str, sorted(seats)))}")
            self._changed.clear()
        finally:
            self._flushing = False
        if said:
            await asyncio.to_thread(self._say, said)

    def heard(self, table: LiveTable, origin: str, seats: str) -> None:
        """Another process said which seats have a page open on it: the pages here are told."""
        present = frozenset(int(s) for s in seats.split(",") if s)
        elsewhere = table.people.elsewhere
        if elsewhere.get(origin, frozenset()) == present:
            return
        if present:
            elsewhere[origin] = present
        else:
            elsewhere.pop(origin, None)
        self.cluster.service.people.presence_changed(table)

    def forget_gone(self) -> None:
        """In a worker thread: forget the seats of the processes no longer connected (killed)."""
        tables = list(self.cluster.service.tables.values())
        origins = {o for t in tables for o in t.people.elsewhere}
        if not origins:
            return
        with self.cluster._lock:
            try:
                rows = self.cluster._connection().execute(
                    "SELECT application_name FROM pg_stat_activity WHERE application_name = ANY(%s)",
                    ([f"gamenight-{o}" for o in origins],)).fetchall()
            except Exception as e:  # psycopg.Error: the next sweep asks again
                log.warning("cluster: could not list the live processes: %s", e)
                return
        gone = origins - {r[0].removeprefix("gamenight-") for r in rows}
        if gone and self.cluster._loop is not None:
            with contextlib.suppress(RuntimeError):
                self.cluster._loop.call_soon_threadsafe(self._drop, gone)

    def _drop(self, gone: set[str]) -> None:
        for table in list(self.cluster.service.tables.values()):
            if gone & table.people.elsewhere.keys():
                for origin in gone:
                    table.people.elsewhere.pop(origin, None)
                self.cluster.service.people.presence_changed(table)

    def _say(self, said: list[str]) -> None:
        from gamenight.server.cluster import TABLES_CHANNEL

        with contextlib.suppress(Exception):  # best effort: the next change says it again
            self.cluster._notify_all(TABLES_CHANNEL, said)


__all__ = ["Presence"]
