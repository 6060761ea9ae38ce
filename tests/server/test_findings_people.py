"""Issue 31's rename finding (F5): a rename replays the whole game (33 ms on a 3,035-move table) and
had no rate limit, so one client's renames raised everyone's latency. Renames are now counted per
client like other writes (HTTP and the socket alike). The replay stays: rewording the state in
place read differently from a replay in 8 of 34 games (see server/people_service.py)."""

from __future__ import annotations

import warnings
from typing import Any

from gamenight.server import create_app
from gamenight.server.limits import Limits

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_renames_are_rate_limited_over_http_and_the_socket(tmp_path: Any) -> None:
    with TestClient(create_app(str(tmp_path / "t.db"), Limits(renames_per_minute=3))) as client:
        created = client.post("/api/tables", json={"game": "golf", "seats": [{"kind": "human"}] * 2}).json()
        table_id, token = created["table_id"], created["seats"][0]["token"]
        url = f"/api/tables/{table_id}/name"
        for name in ("Ann", "Bea", "Cy"):
            r = client.post(url, json={"token": token, "name": name})
            assert r.status_code == 200 and r.json()[0]["name"] == name, r.text
        seen = client.get(f"/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"}).json()
        assert seen["view"]["players"][0] == "Cy" and seen["seats"][0]["name"] == "Cy"
        r = client.post(url, json={"token": token, "name": "Dee"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_requests", r.text
        assert int(r.headers["Retry-After"]) >= 1
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "name", "name": "Dee"})
            refused = ws.receive_json()
            assert refused["type"] == "people_error" and refused["code"] == "too_many_requests", refused
    with TestClient(create_app(str(tmp_path / "t.db"))) as again:  # the name was stored
        assert again.get(f"/api/tables/{table_id}").json()["view"]["players"][0] == "Cy"
