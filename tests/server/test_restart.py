"""A real server killed with SIGKILL mid-game and started again on the same database loses nothing
it acknowledged: every seat sees the same version and view, play goes on, WebSocket clients
reconnect to the current state, and bots resume their tables by themselves.

The server runs as ``python -m gamenight serve`` on a free loopback port, on each database the
``db_url`` fixture gives (a temporary SQLite file, a fresh database in a real PostgreSQL server: see
``conftest.py``); only the gamenight server is killed, never the database server.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``gamenight serve`` in a subprocess."""

    def __init__(self, db_url: str, port: int, log: Path, flags: Sequence[str] = (),
                 env: Mapping[str, str] | None = None) -> None:
        self.db_url = db_url
        self.port = port
        self.log = log
        self.flags = tuple(flags)
        self.env = dict(env or {})
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{port}"

    def start(self) -> httpx.Client:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gamenight", "serve", "--port", str(self.port), "--db", self.db_url,
                 *self.flags],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env})
        client = httpx.Client(base_url=self.url, timeout=10)
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, self.log.read_text()
            try:
                if client.get("/api/games").status_code == 200:
                    return client
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start:\n" + self.log.read_text()
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        assert self.proc.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    s = Server(db_url, free_port(), tmp_path / "server.log")
    yield s
    s.stop()


def snapshot(client: httpx.Client, table_id: str, token: str | None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}", params={"token": token} if token else None)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def play_one(client: httpx.Client, created: dict[str, Any]) -> int:
    """The seat to act plays its first legal move; returns the acknowledged version."""
    table_id = created["table_id"]
    (seat,) = snapshot(client, table_id, None)["view"]["to_act"]
    token = created["seats"][seat]["token"]
    snap = snapshot(client, table_id, token)
    r = client.post(f"/api/tables/{table_id}/moves",
                    json={"token": token, "move": snap["view"]["legal_moves"][0], "version": snap["version"]})
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    return version


def everyone(client: httpx.Client, created: dict[str, Any]) -> list[dict[str, Any]]:
    table_id = created["table_id"]
    seats = [snapshot(client, table_id, s["token"]) for s in created["seats"]]
    return [*seats, snapshot(client, table_id, None)]


def same_after_restart(after: list[dict[str, Any]], before: list[dict[str, Any]]) -> bool:
    """Equal snapshots, but for when each seat to act started being waited for: in memory it is the
    moment the move was acknowledged, after a restart the stored time of that move (a moment before)."""
    for old, new in zip(before, after, strict=True):
        stamps = list(zip(old["waiting"], new["waiting"], strict=True))
        assert all(a["seat"] == b["seat"] and abs(a["since"] - b["since"]) < 1 for a, b in stamps), stamps
    return [{**s, "waiting": None} for s in after] == [{**s, "waiting": None} for s in before]


def watch_until(server: Server, table_id: str, version: int) -> int:
    """Watch the table as a spectator until a state frame at ``version`` or later arrives (the bots got
    there); returns that frame's version. The receive timeout is a safety net, never the test."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}") as ws:
        while True:
            frame = json.loads(ws.recv(timeout=30))
            if frame.get("type") == "state" and frame["version"] >= version:
                seen: int = frame["version"]
                return seen


def ws_url(server: Server, table_id: str, token: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}"


def test_sigkill_and_restart_lose_nothing(server: Server) -> None:
    client = server.start()
    humans = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
    bots = client.post("/api/tables", json={"game": "hearts", "seats": [{"kind": "bot"}] * 4,
                                            "bot_delay_ms": 20}).json()
    table_id = humans["table_id"]
    for expected in range(1, 7):
        assert play_one(client, humans) == expected
    before = everyone(client, humans)
    assert {b["version"] for b in before} == {6}
    token0 = humans["seats"][0]["token"]
    with connect(ws_url(server, table_id, token0)) as ws:
        first = json.loads(ws.recv(timeout=5))
        assert first["version"] == 6 and first["view"] == before[0]["view"]
        watch_until(server, bots["table_id"], 3)  # the bots play a few moves
        bots_before = snapshot(client, bots["table_id"], None)["version"]
        assert bots_before >= 3
        server.kill()
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=5)
    client = server.start()

    assert same_after_restart(everyone(client, humans), before)
    with connect(ws_url(server, table_id, token0)) as ws:
        frame = json.loads(ws.recv(timeout=5))
        assert frame["type"] == "state" and frame["version"] == 6 and frame["view"] == before[0]["view"]
        assert play_one(client, humans) == 7
        assert json.loads(ws.recv(timeout=5))["version"] == 7
    assert snapshot(client, bots["table_id"], None)["version"] >= bots_before
    assert watch_until(server, bots["table_id"], bots_before + 6) > bots_before + 5  # the bots resumed


def test_no_acknowledged_move_is_lost_when_killed_mid_stream(server: Server) -> None:
    """Moves stream in from a client thread while the server is killed: after the restart the table
    holds every acknowledged move (and at most the one in flight besides)."""
    client = server.start()
    body = {"game": "whist-with-10s", "seats": [{"kind": "human"}] * 4}
    created = client.post("/api/tables", json=body).json()
    acked: list[int] = []
    stop = threading.Event()
    moved = threading.Condition()

    def stream() -> None:
        mover = httpx.Client(base_url=server.url, timeout=5)
        try:
            while not stop.is_set():
                version = play_one(mover, created)
                with moved:
                    acked.append(version)
                    moved.notify_all()
        except (httpx.TransportError, AssertionError):
            return
        finally:
            with moved:
                stop.set()  # stopped by itself: nothing more will come
                moved.notify_all()

    thread = threading.Thread(target=stream)
    thread.start()
    with moved:  # kill once a few moves are in, and more keep coming (60 s: a safety net on a loaded machine)
        moved.wait_for(lambda: len(acked) >= 8 or stop.is_set(), timeout=60)
    server.kill()
    stop.set()
    thread.join(timeout=10)
    assert len(acked) >= 5, "the client made too few moves to test anything"
    client = server.start()
    version = snapshot(client, created["table_id"], None)["version"]
    assert acked[-1] <= version <= acked[-1] + 1
    assert play_one(client, created) == version + 1
