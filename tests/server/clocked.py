"""The server in process on a :class:`~gamenight.server.clock.ManualClock`: time moves only when a
test advances it, so a test says when a bot's delay, a trick's pause or a claim window is over, and
that nothing happened before then, without waiting on the wall clock."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gamenight.server import create_app
from gamenight.server.clock import ManualClock

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@contextmanager
def clocked_client(db: str, clock: ManualClock | None = None,
                   **app: Any) -> Iterator[tuple[TestClient, ManualClock]]:
    """The app on ``db`` reading ``clock`` (a new one by default), and that clock."""
    clock = clock or ManualClock()
    with TestClient(create_app(db, clock=clock, **app)) as client:
        yield client, clock


def advance(client: TestClient, clock: ManualClock, seconds: float = 0.0) -> None:
    """Move the server's time on by ``seconds``: when this returns, all it made happen has happened
    (a sleep of nothing is due too: bots with no delay move now)."""
    assert client.portal is not None
    client.portal.call(clock.advance, seconds)
