"""Issue 31's rename finding: a rename replayed the whole game (33 ms on a 3,035-move table) and had
no rate limit. Now the name is stored and the state reworded in place, and renames are counted per
client like other writes."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from gamenight.server import create_app
from gamenight.server import live as live_module
from gamenight.server import service as service_module
from gamenight.server.limits import Limits

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_a_rename_does_not_replay_the_game_and_is_rate_limited(tmp_path: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(str(tmp_path / "t.db"), Limits(renames_per_minute=3))) as client:
        created = client.post("/api/tables", json={"game": "golf", "seats": [{"kind": "human"}] * 2}).json()
        table_id, token = created["table_id"], created["seats"][0]["token"]
        replays: list[str] = []
        honest = live_module.replay_table

        def counted(*args: Any) -> Any:
            replays.append("replay")
            return honest(*args)

        for module in (live_module, service_module):
            monkeypatch.setattr(module, "replay_table", counted)
        url = f"/api/tables/{table_id}/name"
        for name in ("Ann", "Bea", "Cy"):
            r = client.post(url, json={"token": token, "name": name})
            assert r.status_code == 200 and r.json()[0]["name"] == name, r.text
        assert replays == []  # stored and reworded in place, not replayed
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


def test_a_seat_renamed_in_place_reads_as_the_game_replayed_with_that_name() -> None:
    import gamenight

    state = gamenight.new("hearts", seed=3)
    for _ in range(12):  # the passes and the first trick's cards
        seat = min(state.to_act)
        state.play(str(state.legal_moves(seat)[0]), seat)
    log = dict(state.log)
    state.rename_seat(2, "Ann")
    replayed = gamenight.replay({**log, "names": [None, None, "Ann", None]})
    assert [state.view(s) for s in (None, 0, 2)] == [replayed.view(s) for s in (None, 0, 2)]
    assert state.log == replayed.log
    state.rename_seat(2, None)  # the game's own name again
    assert state.names == state.game_names() and "names" not in state.log
    assert state.view(None) == gamenight.replay(log).view(None)
