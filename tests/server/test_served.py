"""``gamenight serve`` as a person runs it (a subprocess on a loopback port): what it writes to its
log, how it treats a client that trickles its headers, and its limits set by flags and variables."""

from __future__ import annotations

import json
import select
import socket
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.test_restart import Server, free_port

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")


class Serve(Server):
    """``gamenight serve`` on a fresh database, with extra flags and environment variables."""

    def __init__(self, tmp_path: Path, *flags: str, **env: str) -> None:
        super().__init__(str(tmp_path / "tables.db"), free_port(), tmp_path / "server.log", flags, env)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    s = Serve(tmp_path, "--header-timeout", "1", "--tables-per-minute", "3",
              GAMENIGHT_CONNECTIONS_PER_TABLE="2")
    yield s
    s.stop()


def test_no_token_reaches_the_log(serve: Serve) -> None:
    client = serve.start()
    created = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
    table_id = created["table_id"]
    secrets = [s["token"] for s in created["seats"]] + [created["host_token"]]
    token = secrets[0]
    assert client.get(created["seats"][0]["link"]).status_code == 200  # the invite link, as a person opens it
    assert client.get(f"/api/tables/{table_id}", params={"token": token}).json()["seat"] == 0
    assert client.get(f"/api/tables/{table_id}?token=nonsense-{token}").status_code == 403
    with connect(f"ws://127.0.0.1:{serve.port}/ws/tables/{table_id}?token={urllib.parse.quote(token)}") as ws:
        assert json.loads(ws.recv(timeout=5))["view"]["seat"] == 0
    with connect(f"ws://127.0.0.1:{serve.port}/ws/tables/{table_id}",
                 subprotocols=["gamenight", f"gamenight.token.{secrets[1]}"]) as ws:  # type: ignore[list-item]
        assert json.loads(ws.recv(timeout=5))["view"]["seat"] == 1
    r = client.post(f"/api/tables/{table_id}/seats/0/link",
                    headers={"Authorization": f"Bearer {secrets[-1]}"})
    secrets.append(r.json()["token"])
    log = log_once_it_shows(serve, "/seats/0/link")  # the access log is written after each response
    assert f"/t/{table_id}?token=[redacted]" in log  # the requests were logged, their secrets not
    assert "WebSocket /ws/tables/" in log
    for secret in secrets:
        assert secret not in log


def log_once_it_shows(serve: Serve, text: str, timeout: float = 30.0) -> str:
    """The server's log, once ``text`` is in it (uvicorn writes a request's line after answering it);
    the timeout is a safety net, never the test."""
    deadline = time.monotonic() + timeout
    while text not in (log := serve.log.read_text()):
        assert time.monotonic() < deadline, f"{text!r} never reached the log:\n{log}"
        time.sleep(0.02)
    return log


def test_a_client_that_trickles_its_headers_is_disconnected(serve: Serve) -> None:
    client = serve.start()
    with socket.create_connection(("127.0.0.1", serve.port), timeout=10) as slow:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        for _ in range(20):  # one header line every 0.2 s, never the blank line that ends them
            try:
                slow.sendall(b"X-Slow: 1\r\n")
                # the client's pace, or sooner: the server hung up
                closed, _, _ = select.select([slow], [], [], 0.2)
                if closed and slow.recv(1) == b"":
                    break
            except OSError:
                break
        took = time.monotonic() - started
    assert took < 3.5, f"the connection was held {took:.1f} s"
    # a client that sends its request in time, and again on the same connection, is served
    assert client.get("/api/games").status_code == 200
    assert client.get("/api/games").status_code == 200


def test_limits_come_from_flags_and_environment_variables(serve: Serve) -> None:
    client = serve.start()
    body = {"game": "euchre", "seats": [{"kind": "human"}] * 4}
    created = [client.post("/api/tables", json=body) for _ in range(3)]
    assert [r.status_code for r in created] == [201, 201, 201]
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_requests"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    table_id = created[0].json()["table_id"]
    url = f"ws://127.0.0.1:{serve.port}/ws/tables/{table_id}"
    with connect(url) as first, connect(url) as second:
        for ws in (first, second):
            assert json.loads(ws.recv(timeout=5))["type"] == "state"
        with connect(url) as third:  # GAMENIGHT_CONNECTIONS_PER_TABLE=2
            assert json.loads(third.recv(timeout=5))["code"] == "too_many_requests"
            with pytest.raises(ConnectionClosed):
                third.recv(timeout=5)
            assert third.close_code == 4429
