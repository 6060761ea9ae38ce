"""Issue 31's HTTP findings, against the app served by uvicorn in a thread of the test (a real socket,
uvicorn's own protocols and proxy-headers support; no subprocess to start)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

#: seconds a condition may take before a test fails (a safety net, never the test)
PATIENCE_S = 10.0


def wait_for(condition: Any, what: str, patience: float = PATIENCE_S) -> None:
    deadline = time.monotonic() + patience
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.005)


class Served:
    """The app under uvicorn on a free loopback port, in a daemon thread."""

    def __init__(self, app: FastAPI, **config: Any) -> None:
        config = {"log_level": "warning", **config, "host": "127.0.0.1", "port": 0}
        self.server = uvicorn.Server(uvicorn.Config(app, **config))
        self.thread = threading.Thread(target=self.server.run, name="served-app", daemon=True)

    def __enter__(self) -> Served:
        self.thread.start()
        wait_for(lambda: self.server.started or not self.thread.is_alive(), "uvicorn started")
        assert self.server.started, "uvicorn did not start"
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(PATIENCE_S)

    @property
    def port(self) -> int:
        port: int = self.server.servers[0].sockets[0].getsockname()[1]
        return port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def served_app(db: str) -> Iterator[Served]:
    from gamenight.server import create_app

    with Served(create_app(db)) as served:
        yield served
