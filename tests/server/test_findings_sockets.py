"""Issue 31's socket findings: a people message (chat, name) nested thousands of levels deep, from a
seat or a spectator, is answered ``bad_request`` on its connection, which stays open, and is logged;
before, a ``RecursionError`` escaped and closed the socket with no word."""

from __future__ import annotations

import json
import logging
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.test_findings_http import PATIENCE_S, Served, served_app

__all__ = ["served_app"]  # the fixture, imported for these tests

#: deep enough that Python's JSON parser recurses past its limit (the probe's 3,000 levels, 6 KB)
DEPTH = 3000


def nested(kind: str, key: str) -> str:
    return f'{{"type": "{kind}", "{key}": {"[" * DEPTH}{"]" * DEPTH}}}'


def receive_until(ws: Any, kind: str, limit: int = 10) -> dict[str, Any]:
    for _ in range(limit):
        frame: dict[str, Any] = json.loads(ws.recv(timeout=PATIENCE_S))
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


def test_a_deeply_nested_people_message_is_answered_and_the_socket_stays(
        served_app: Served, caplog: pytest.LogCaptureFixture) -> None:
    created = httpx.post(f"{served_app.url}/api/tables",
                         json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
    ws_url = f"ws://127.0.0.1:{served_app.port}/ws/tables/{created['table_id']}"
    seated = f"{ws_url}?token={created['seats'][0]['token']}"
    with caplog.at_level(logging.INFO, logger="gamenight"):
        for url, kind, key in [(seated, "chat", "text"), (seated, "name", "name"), (ws_url, "chat", "text")]:
            with connect(url) as ws:
                receive_until(ws, "state")
                ws.send(nested(kind, key))
                answer = json.loads(ws.recv(timeout=PATIENCE_S))
                assert answer["type"] == "error" and answer["code"] == "bad_request", answer
                assert "nest" in answer["message"]
                ws.send(json.dumps({"type": "chat", "text": 7}))  # the connection is still served
                assert json.loads(ws.recv(timeout=PATIENCE_S))["type"] == "people_error"
    assert sum("nested" in r.getMessage() for r in caplog.records) == 3, caplog.text
