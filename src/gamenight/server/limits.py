"""What one client may ask of the server, and how long a table may last: the settings of
``gamenight serve`` (each a flag, or a ``GAMENIGHT_*`` environment variable: ``--max-moves`` or
``GAMENIGHT_MAX_MOVES``) and the counters that enforce them.

A *client* is the address a request comes from (``scope["client"]``; behind a reverse proxy that
sets ``X-Forwarded-For`` and that ``serve --forwarded-allow-ips`` names, uvicorn's proxy-headers
support makes it the real one; the header is believed from no one else). Rates are token
buckets: a client may spend its whole allowance at once, then earns it back evenly over the period.
A refused request is answered 429 ``too_many_requests`` with ``Retry-After`` (over a WebSocket:
an error frame with ``retry_after``, and close code 4429 when the connection itself was refused).
A limit of 0 means no limit.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

#: a bucket map is pruned of full buckets once it holds this many clients
PRUNE_AT = 4096


@dataclass(frozen=True, slots=True)
class Limits:
    """Every limit the server enforces; the defaults suit a family's server on a home network or the
    internet (generous for people, tight for a script that floods)."""

    #: tables one client may create per minute
    tables_per_minute: int = 30
    #: moves one client may send per minute, over HTTP and WebSockets together (bots are not counted)
    moves_per_minute: int = 1200
    #: seat renames one client may make per minute (each one rewords the table's sentences and is saved)
    renames_per_minute: int = 20
    #: WebSockets one client may hold open at once
    connections_per_client: int = 64
    #: WebSockets one table may have open at once (every seat and spectator together)
    connections_per_table: int = 64
    #: moves a table may reach before it ends as abandoned (a game that never ends)
    max_moves: int = 20_000
    #: seconds a table nobody watches and nothing changes stays in memory; it stays in storage and
    #: loads again on first use (finished and abandoned tables are archived so)
    archive_after_s: float = 3600.0
    #: seconds a client has to send a request's headers, from connecting or from its last response
    header_timeout_s: float = 10.0
    #: seconds a client has to send a request's body, from its headers' arrival (0: no limit)
    body_timeout_s: float = 10.0
    #: HTTP requests one client may have in progress at once (each holds a connection)
    requests_per_client: int = 64
    #: HTTP connections one address may hold open at once, idle or not (a named proxy's: no cap)
    http_connections_per_client: int = 128
    #: seconds an idle keep-alive connection is kept open (uvicorn's timeout_keep_alive)
    keep_alive_s: int = 5
    #: the token that opens GET /api/stats to clients other than this machine (None: local only)
    admin_token: str | None = None


class TooMany(Exception):
    """A client over one of its limits: try again after ``retry_after`` seconds."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(what)
        self.what = what
        self.retry_after = retry_after

    @property
    def retry_after_header(self) -> str:
        """Whole seconds, at least one (HTTP's Retry-After has no fractions)."""
        return str(max(1, math.ceil(self.retry_after)))


class RateLimit:
    """A token bucket per client: ``per_period`` requests at once, earned back over ``period_s``."""

    def __init__(self, per_period: int, period_s: float, what: str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = float(per_period)
        self.rate = per_period / period_s if per_period else 0.0
        self.what = what
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, client: str) -> None:
        """Spend one request of ``client``'s allowance, or raise :class:`TooMany`."""
        if not self.capacity:
            return
        now = self.clock()
        tokens, then = self._buckets.get(client, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            raise TooMany(self.what, (1.0 - tokens) / self.rate)
        self._buckets[client] = (tokens - 1.0, now)
        if len(self._buckets) > PRUNE_AT:
            self._prune(now)

    def _prune(self, now: float) -> None:
        """Forget the clients whose bucket has filled up again: they are as if never seen."""
        full = [c for c, (tokens, then) in self._buckets.items()
                if tokens + (now - then) * self.rate >= self.capacity]
        for client in full:
            del self._buckets[client]


class ConnectionCount:
    """Open WebSockets (or requests in progress: ``what``) per client, up to ``limit`` each."""

    def __init__(self, limit: int, what: str = "open connections") -> None:
        self.limit = limit
        self.what = what
        self._open: Counter[str] = Counter()

    def acquire(self, client: str) -> None:
        if self.limit and self._open[client] >= self.limit:
            raise TooMany(f"at most {self.limit} {self.what} per client", 5.0)
        self._open[client] += 1

    def held(self, client: str) -> int:
        return self._open[client]

    def release(self, client: str) -> None:
        self._open[client] -= 1
        if self._open[client] <= 0:
            del self._open[client]


class ClientLimits:
    """The per-client counters of one server."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        """``clock``: monotonic seconds, the server's clock's ``now`` (``create_app`` passes it)."""
        self.limits = limits
        self.tables = RateLimit(limits.tables_per_minute, 60.0, f"at most {limits.tables_per_minute} new "
                                                               "tables a minute", clock)
        self.moves = RateLimit(limits.moves_per_minute, 60.0, f"at most {limits.moves_per_minute} moves a "
                                                             "minute", clock)
        self.renames = RateLimit(limits.renames_per_minute, 60.0, f"at most {limits.renames_per_minute} "
                                 "renames a minute", clock)
        self.connections = ConnectionCount(limits.connections_per_client)
        self.requests = ConnectionCount(limits.requests_per_client, "requests in progress")


__all__ = ["ClientLimits", "ConnectionCount", "Limits", "RateLimit", "TooMany"]
