"""Issue 31's HTTP findings, against the app served by uvicorn in a thread of the test (a real socket,
uvicorn's own protocols and proxy-headers support; no subprocess to start)."""

from __future__ import annotations

import logging
import select
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

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


class Lines(logging.Handler):
    """The records a logger writes, as its handlers get them (after its filters: redacted)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def access_log() -> Iterator[Lines]:
    lines = Lines()
    names = ("uvicorn.access", "uvicorn.error")
    for name in names:
        logging.getLogger(name).addHandler(lines)
    yield lines
    for name in names:
        logging.getLogger(name).removeHandler(lines)


def test_a_percent_encoded_token_key_opens_nothing_and_is_never_logged(db: str, access_log: Lines) -> None:
    from gamenight.server import create_app

    with Served(create_app(db), log_level="info", log_config=None) as served, httpx.Client(
            base_url=served.url) as client:
        created = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
        table_id, token = created["table_id"], created["seats"][0]["token"]
        for key in ("tok%65n", "%74oken", "%74%6F%6B%65%6E"):
            r = client.get(f"/api/tables/{table_id}?{key}={token}")
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text
            assert client.get(f"/t/{table_id}?{key}={token}").status_code == 400
            with pytest.raises(InvalidStatus):
                connect(f"ws://127.0.0.1:{served.port}/ws/tables/{table_id}?x=1&{key}={token}").close()
        assert client.get(f"/api/tables/{table_id}?token={token}").json()["seat"] == 0  # spelled plainly
        wait_for(lambda: sum(f"/ws/tables/{table_id}" in line for line in access_log.lines) >= 3,
                 "the refused sockets were logged")
    logged = "\n".join(access_log.lines)
    assert "%74oken=[redacted]" in logged and "tok%65n=[redacted]" in logged
    assert token not in logged, logged


def test_redaction_decodes_query_keys_as_the_router_does() -> None:
    from gamenight.server.redact import redact

    for key in ("token", "Token", "tok%65n", "%74oken", "host%5Ftoken", "host_tok%45n", "tok%65n"):
        line = f'127.0.0.1:5 - "GET /api/tables/T1?a=b&{key}=SECRET&c=d HTTP/1.1" 200'
        assert redact(line) == line.replace("SECRET", "[redacted]"), key
    assert redact("/t/T1?tokens=KEEP&x=tok%65n") == "/t/T1?tokens=KEEP&x=tok%65n"


def serve_settings(monkeypatch: pytest.MonkeyPatch, db: str, *flags: str) -> tuple[FastAPI, dict[str, Any]]:
    """What ``gamenight serve FLAGS`` hands uvicorn (the app and its settings), without serving."""
    from typer.testing import CliRunner

    from gamenight.cli.commands import app as cli
    from gamenight.server import app as server_app

    got: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda application, **settings: got.update(settings, app=application))
    monkeypatch.setattr(server_app, "tune_gc", lambda: None)  # not this test process's collector
    result = CliRunner().invoke(cli, ["serve", "--db", db, *flags])
    assert result.exit_code == 0, result.output
    application = got.pop("app")
    for where in ("host", "port"):
        got.pop(where)
    return application, got


def tables_created(served: Served, forwarded: list[str]) -> int:
    with httpx.Client(base_url=served.url) as client:
        return sum(client.post("/api/tables", headers={"X-Forwarded-For": address},
                               json={"game": "euchre", "seats": [{"kind": "bot"}] * 4,
                                     "bot_delay_ms": 60_000}).status_code == 201 for address in forwarded)


@pytest.mark.parametrize("proxy", [None, "127.0.0.1"])
def test_x_forwarded_for_is_trusted_only_from_a_proxy_named(monkeypatch: pytest.MonkeyPatch, db: str,
                                                           proxy: str | None) -> None:
    flags = ["--tables-per-minute", "2", *(["--forwarded-allow-ips", proxy] if proxy else [])]
    application, settings = serve_settings(monkeypatch, db, *flags)
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    with Served(application, **settings) as served:
        created = tables_created(served, [f"203.0.113.{i}" for i in range(4)])
    assert created == (4 if proxy else 2)  # by default one bucket, the socket's peer's


def held_open(served: Served, request: bytes) -> socket.socket:
    """A connection that sent ``request`` (headers, maybe a first byte of the body) and no more."""
    conn = socket.create_connection(("127.0.0.1", served.port), timeout=PATIENCE_S)
    conn.sendall(request)
    return conn


def answer_status(conn: socket.socket) -> int:
    """The status of the server's answer (waits for it: the socket's timeout is the safety net)."""
    head = conn.recv(4096)
    assert head.startswith(b"HTTP/1.1 "), head
    return int(head.split()[1])


SLOW_POST = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
             b"Content-Length: 200\r\n\r\n{")


def test_a_body_that_dribbles_in_is_timed_out_with_408(db: str) -> None:
    from gamenight.server import create_app
    from gamenight.server.limits import Limits

    with Served(create_app(db, Limits(body_timeout_s=0.3))) as served, held_open(served, SLOW_POST) as slow:
        started = time.monotonic()
        while not select.select([slow], [], [], 0.05)[0]:  # a byte every 50 ms, as long as it is let
            assert time.monotonic() - started < PATIENCE_S, "the slow body was never timed out"
            slow.sendall(b" ")
        assert answer_status(slow) == 408
        wait_for(lambda: slow.recv(4096) == b"", "the connection closed after the 408")


def test_a_client_may_have_only_so_many_requests_in_progress(db: str) -> None:
    from gamenight.server import create_app
    from gamenight.server.limits import Limits

    app = create_app(db, Limits(requests_per_client=2, body_timeout_s=PATIENCE_S))
    requests = app.state.clients.requests
    with Served(app) as served, held_open(served, SLOW_POST) as first, held_open(served, SLOW_POST) as second:
        wait_for(lambda: requests.held("127.0.0.1") == 2, "both slow requests reached the app")
        with held_open(served, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n") as third:
            assert answer_status(third) == 429
        first.close()
        wait_for(lambda: requests.held("127.0.0.1") == 1, "the first one's end was counted")
        assert httpx.get(f"{served.url}/api/games").status_code == 200
        assert second.fileno() >= 0


@pytest.mark.parametrize("proxy", [None, "127.0.0.0/8"])
def test_an_address_may_hold_only_so_many_connections_unless_it_is_the_proxy(db: str, proxy: str | None
                                                                              ) -> None:
    from gamenight.server import create_app
    from gamenight.server.protocols import header_timeout_protocol

    protocol: Any = header_timeout_protocol(PATIENCE_S, per_peer=2, trusted=[proxy] if proxy else [])
    counted = protocol.connections_open
    with Served(create_app(db), http=protocol) as served:
        idle = [socket.create_connection(("127.0.0.1", served.port), timeout=PATIENCE_S) for _ in "ab"]
        if proxy is None:
            wait_for(lambda: counted["127.0.0.1"] == 2, "both connections counted")
        with held_open(served, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n") as third:
            assert answer_status(third) == (200 if proxy else 503)
        for conn in idle:
            conn.close()
        wait_for(lambda: not counted, "closed connections stop counting")
        assert httpx.get(f"{served.url}/api/games").status_code == 200
        with connect(f"ws://127.0.0.1:{served.port}/ws/tables/none"):
            wait_for(lambda: not counted, "a connection stops counting once it is a WebSocket")
