"""The smaller promises of the HTTP API: JSON bodies only (415), ``Allow`` on 405s, deep JSON
refused with an error on the WebSocket too, the same strict types over HTTP and WebSocket, views
never cached, ``/docs`` without the internet, statistics for the operator only, a private database
file, and ``gamenight serve`` passing its limits on."""

from __future__ import annotations

import json
import os
import stat
import warnings
from pathlib import Path
from typing import Any

import pytest

from gamenight.server import create_app
from gamenight.server.limits import Limits
from tests.server.test_server import HUMANS4, create, error_of, get, tokens_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


BODY = json.dumps({"game": "euchre", "seats": HUMANS4}).encode()


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x"])
def test_a_body_not_declared_json_is_refused(client: TestClient, content_type: str | None) -> None:
    headers = {"content-type": content_type} if content_type else {}
    error_of(client.post("/api/tables", content=BODY, headers=headers), 415, "unsupported_media_type")
    created = create(client)
    body = b'{"move": "pass", "version": 0, "token": "%s"}' % tokens_of(created)[1].encode()
    r = client.post(f"/api/tables/{created['table_id']}/moves", content=body, headers=headers)
    error_of(r, 415, "unsupported_media_type")
    assert get(client, created["table_id"])["version"] == 0
    ok = client.post("/api/tables", content=BODY, headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 201


def test_405s_say_what_is_allowed(client: TestClient) -> None:
    r = client.delete("/api/tables")
    error_of(r, 405, "method_not_allowed")
    assert r.headers["allow"] == "POST"
    r = client.put("/api/tables/abc")
    assert r.status_code == 405 and r.headers["allow"] == "GET"


def test_deep_json_is_refused_with_an_error(client: TestClient) -> None:
    created = create(client)
    deep = "[" * 5000 + "]" * 5000
    r = client.post("/api/tables", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()
    with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={tokens_of(created)[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(deep)
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "bad_request"
        ws.send_text('{"move": "no such move", "version": 0}')  # the connection is still open
        assert ws.receive_json()["code"] in ("illegal_move", "not_your_turn")


@pytest.mark.parametrize("version", ["0", True, 0.0, None, -1])
def test_versions_are_strict_over_http_and_websocket_alike(client: TestClient, version: Any) -> None:
    created = create(client)
    table_id = created["table_id"]
    seat = min(get(client, table_id)["view"]["to_act"])
    token = tokens_of(created)[seat]
    legal = get(client, table_id, token)["view"]["legal_moves"][0]
    r = client.post(f"/api/tables/{table_id}/moves", json={"token": token, "move": legal, "version": version})
    error_of(r, 422, "bad_request")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"move": legal, "version": version})
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "bad_request" and "version" in frame["message"]
    assert get(client, table_id)["version"] == 0
    r = client.post("/api/tables", json={"game": "euchre", "seats": HUMANS4, "bot_delay_ms": "600"})
    error_of(r, 422, "bad_request")


def test_the_api_is_never_cached(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    token = tokens_of(created)[0]
    responses = [
        client.post("/api/tables", json={"game": "euchre", "seats": HUMANS4}),
        client.get(f"/api/tables/{table_id}?token={token}"),
        client.get(f"/api/tables/{table_id}"),
        client.post(f"/api/tables/{table_id}/moves", json={"token": token, "move": "x", "version": 0}),
        client.get(f"/api/tables/{table_id}/log"),
        client.get("/api/tables/nosuchtable"),
        client.get("/api/games"),
    ]
    assert [r.headers.get("cache-control") for r in responses] == ["no-store"] * len(responses)


def test_docs_are_served_without_the_internet(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "cdn" not in page.text and "https://" not in page.text.split("<body>")[0]
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        assert f"/docs/assets/{asset}" in page.text
        r = client.get(f"/docs/assets/{asset}")
        assert r.status_code == 200 and len(r.content) > 10_000
    assert client.get("/redoc").status_code == 404  # ReDoc would need the internet: not offered


def test_stats_are_for_this_machine_or_the_admin_token(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "tables.db"), Limits(admin_token="op-secret"))
    with TestClient(app, client=("127.0.0.1", 40000)) as local:
        assert local.get("/api/stats").json()["tables_live"] == 0
    with TestClient(app, client=("::1", 40000)) as local6:
        assert local6.get("/api/stats").status_code == 200
    with TestClient(app, client=("192.168.1.20", 40000)) as remote:
        error_of(remote.get("/api/stats"), 403, "forbidden")
        error_of(remote.get("/api/stats", headers={"Authorization": "Bearer wrong"}), 403, "forbidden")
        assert remote.get("/api/stats", headers={"Authorization": "Bearer op-secret"}).status_code == 200
    with TestClient(create_app(str(tmp_path / "tables.db")), client=("192.168.1.20", 1)) as remote:
        error_of(remote.get("/api/stats", headers={"Authorization": "Bearer "}), 403, "forbidden")


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_the_database_file_is_private(tmp_path: Path) -> None:
    db = tmp_path / "data" / "tables.db"
    with TestClient(create_app(str(db))) as client:
        create(client)
    for path in (db, *db.parent.glob("tables.db-*")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    db.chmod(0o644)  # made by an older version: narrowed at start-up
    with TestClient(create_app(str(db))):
        pass
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_serve_passes_its_limits_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from gamenight import cli
    from gamenight.server import app as app_module

    calls: dict[str, Any] = {}
    made: list[Limits] = []
    real_create = app_module.create_app

    def recording_create(url: str, limits: Limits, **kw: Any) -> Any:
        made.append(limits)
        return real_create(url, limits, **kw)

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.update(app=app, **kw))
    monkeypatch.setattr(app_module, "tune_gc", lambda: None)
    monkeypatch.setattr(app_module, "create_app", recording_create)
    monkeypatch.setenv("GAMENIGHT_MAX_MOVES", "500")
    monkeypatch.setenv("GAMENIGHT_ADMIN_TOKEN", "from-env")
    flags = ["--tables-per-minute", "7", "--header-timeout", "3", "--keep-alive", "9",
             "--archive-after", "120"]
    result = CliRunner().invoke(cli.app, ["serve", "--db", str(tmp_path / "t.db"), *flags])
    assert result.exit_code == 0, result.output
    assert made[-1] == Limits(tables_per_minute=7, max_moves=500, archive_after_s=120.0, header_timeout_s=3.0,
                              keep_alive_s=9, admin_token="from-env")
    assert calls["timeout_keep_alive"] == 9
    assert calls["http"].header_timeout == 3.0
    result = CliRunner().invoke(cli.app, ["serve", "--db", str(tmp_path / "t.db"), "--max-moves", "-1"])
    assert result.exit_code == 2
