"""Seat tokens: carried outside URLs (a bearer header, a WebSocket subprotocol), never written to a
log line, and revocable by the table's host, who can re-issue a seat's link. Links already shared
(``?token=``) keep working."""

from __future__ import annotations

import io
import logging
import warnings
from typing import Any

import pytest

from gamenight.server import create_app
from gamenight.server.redact import RedactTokens, install_redaction, redact
from tests.server.test_server import create, error_of, get, tokens_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def socket_protocols(token: str) -> list[str]:
    return ["gamenight", f"gamenight.token.{token}"]


def test_a_bearer_header_opens_the_seat(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    tokens = tokens_of(created)
    snap = client.get(f"/api/tables/{table_id}", headers=bearer(tokens[2])).json()
    assert snap["seat"] == 2 and snap == get(client, table_id, tokens[2])
    error_of(client.get(f"/api/tables/{table_id}", headers=bearer("wrong")), 403, "bad_token")
    seat = min(snap["view"]["to_act"])
    legal = get(client, table_id, tokens[seat])["view"]["legal_moves"][0]
    r = client.post(f"/api/tables/{table_id}/moves", json={"move": legal, "version": 0},
                    headers=bearer(tokens[seat]))
    assert r.json() == {"version": 1}


def test_a_websocket_subprotocol_carries_the_token(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    token = tokens_of(created)[1]
    with client.websocket_connect(f"/ws/tables/{table_id}", subprotocols=socket_protocols(token)) as ws:
        assert ws.accepted_subprotocol == "gamenight"  # never the one carrying the secret
        assert ws.receive_json()["view"]["seat"] == 1
    with client.websocket_connect(f"/ws/tables/{table_id}", subprotocols=socket_protocols("wrong")) as ws:
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:  # links already shared
        assert ws.receive_json()["view"]["seat"] == 1


def test_the_redaction_filter_rewrites_uvicorn_lines() -> None:
    token = "Zx_9-secret-token"
    access = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", f"/t/abc?token={token}&x=1", "1.1", 200), None)
    handshake = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                                  '%s - "WebSocket %s" [accepted]',
                                  ("127.0.0.1:5000", f"/ws/tables/abc?token={token}"), None)
    direct = logging.LogRecord("x", logging.INFO, __file__, 1, f"offered gamenight.token.{token}, "
                               f"Authorization: Bearer {token}", None, None)
    for record in (access, handshake, direct):
        assert RedactTokens().filter(record)
        line = record.getMessage()
        assert token not in line and "[redacted]" in line
    assert access.getMessage() == '127.0.0.1:5000 - "GET /t/abc?token=[redacted]&x=1 HTTP/1.1" 200'
    assert redact("/api/tables/x?host_token=abc") == "/api/tables/x?host_token=[redacted]"


def test_the_filter_is_on_uvicorns_loggers_and_their_handlers() -> None:
    # The line is read from a handler of our own on uvicorn's access logger, not from caplog: once a
    # real uvicorn server has run in this worker, its logging config stops that logger propagating to
    # the root logger caplog listens on, and the test read an empty capture (CI, 2026-12-06).
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    access = logging.getLogger("uvicorn.access")
    level = access.level
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    try:
        install_redaction()
        install_redaction()  # twice: still one filter each
        for name in ("uvicorn.access", "uvicorn.error"):
            filters = [f for f in logging.getLogger(name).filters if isinstance(f, RedactTokens)]
            assert len(filters) == 1
        assert any(isinstance(f, RedactTokens) for f in handler.filters)
        access.info('%s - "%s %s HTTP/%s" %d', "1.2.3.4:1", "GET", "/api/tables/t?token=abcdef", "1.1", 200)
        assert "abcdef" not in stream.getvalue() and "token=[redacted]" in stream.getvalue()
    finally:
        access.removeHandler(handler)
        access.setLevel(level)


# ---- hosts and re-issued links ------------------------------------------------------------------


def reissue(client: TestClient, table_id: str, seat: int, host_token: str | None) -> Any:
    headers = bearer(host_token) if host_token else {}
    return client.post(f"/api/tables/{table_id}/seats/{seat}/link", headers=headers)


def test_the_host_re_issues_a_seat_link_and_the_old_one_is_refused(db: str) -> None:
    with TestClient(create_app(db)) as client:
        fresh, created, old = re_issue_seat_2(client)
    # the new token is stored: it outlives a restart, and the old one stays refused
    with TestClient(create_app(db)) as again:
        assert get(again, created["table_id"], fresh["token"])["seat"] == 2
        error_of(again.get(f"/api/tables/{created['table_id']}", headers=bearer(old)), 403, "bad_token")


def re_issue_seat_2(client: TestClient) -> tuple[dict[str, Any], dict[str, Any], str]:
    created = create(client, [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "human"}])
    table_id = created["table_id"]
    host = created["host_token"]
    assert host and host not in tokens_of(created)
    old = tokens_of(created)[2]
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url, subprotocols=socket_protocols(old)) as open_socket:
        assert open_socket.receive_json()["view"]["seat"] == 2
        r = reissue(client, table_id, 2, host)
        assert r.status_code == 200, r.text
        fresh = r.json()
        assert fresh["seat"] == 2 and fresh["link"].endswith(f"/t/{table_id}?token={fresh['token']}")
        assert fresh["token"] != old
        frame = open_socket.receive_json()
        assert frame["type"] == "error" and frame["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            open_socket.receive_json()
        assert closed.value.code == 4403
    error_of(client.get(f"/api/tables/{table_id}", headers=bearer(old)), 403, "bad_token")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={old}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    assert get(client, table_id, fresh["token"])["seat"] == 2
    assert get(client, table_id, tokens_of(created)[0])["seat"] == 0  # the other seats keep theirs
    return fresh, created, old


def test_only_the_host_re_issues_and_only_a_persons_seat(client: TestClient) -> None:
    created = create(client, [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "human"}])
    table_id = created["table_id"]
    before = get(client, table_id, tokens_of(created)[0])
    error_of(reissue(client, table_id, 2, None), 403, "bad_token")
    error_of(reissue(client, table_id, 2, tokens_of(created)[0]), 403, "bad_token")  # a seat is no host
    error_of(reissue(client, table_id, 1, created["host_token"]), 422, "bad_seats")  # a bot's seat
    error_of(reissue(client, table_id, 9, created["host_token"]), 422, "bad_seats")
    error_of(reissue(client, "nosuchtable", 0, created["host_token"]), 404, "unknown_table")
    assert get(client, table_id, tokens_of(created)[0]) == before
    assert get(client, table_id, tokens_of(created)[2])["seat"] == 2
