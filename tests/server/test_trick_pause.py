"""The table's trick pause (``trick_pause_ms``): chosen at creation, stored with the table (a
database made before the setting existed gains its column and the default), sent with every
snapshot and state frame, and honoured by the bots: after a trick is gathered at a table where a
person sits, no bot plays before the pause is over."""

from __future__ import annotations

import sqlite3
import warnings
from pathlib import Path
from typing import Any

from gamenight.server import create_app
from gamenight.server.storage import DEFAULT_TRICK_PAUSE_MS, Storage
from tests.server.clocked import advance, clocked_client
from tests.server.test_server import create, get

with warnings.catch_warnings():  # starlette warns about its httpx transport on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_the_pause_is_chosen_at_creation_and_sent_with_every_state(client: TestClient) -> None:
    default = create(client)
    assert get(client, default["table_id"])["trick_pause_ms"] == DEFAULT_TRICK_PAUSE_MS == 1500
    fast = create(client, trick_pause_ms=0)
    snap = get(client, fast["table_id"], fast["seats"][0]["token"])
    assert snap["trick_pause_ms"] == 0
    with client.websocket_connect(f"/ws/tables/{fast['table_id']}?token={fast['seats'][0]['token']}") as ws:
        frame = ws.receive_json()
    assert frame["type"] == "state" and frame["trick_pause_ms"] == 0
    r = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4,
                                         "trick_pause_ms": 60_000})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    assert "trick_pause_ms" in r.json()["error"]["message"]


def test_the_pause_is_stored_with_the_table(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    with TestClient(create_app(db)) as client:
        created = create(client, trick_pause_ms=400)
    with TestClient(create_app(db)) as client:
        assert get(client, created["table_id"])["trick_pause_ms"] == 400


def test_a_database_from_before_the_setting_gains_it_with_the_default(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with TestClient(create_app(str(db))) as client:
        created = create(client)
    with sqlite3.connect(db) as conn:  # the table as the previous version stored it
        conn.execute("ALTER TABLE tables DROP COLUMN trick_pause_ms")
    with sqlite3.connect(db) as conn:
        assert "trick_pause_ms" not in {row[1] for row in conn.execute("PRAGMA table_info(tables)")}
    Storage(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as conn:
        assert "trick_pause_ms" in {row[1] for row in conn.execute("PRAGMA table_info(tables)")}
    with TestClient(create_app(str(db))) as client:
        assert get(client, created["table_id"])["trick_pause_ms"] == DEFAULT_TRICK_PAUSE_MS


def gathered(snap: dict[str, Any]) -> int:
    done = snap["view"]["trick_done"]
    return 0 if done is None else int(done["number"])


def test_bots_hold_the_next_card_for_the_pause_where_a_person_sits(tmp_path: Path) -> None:
    """Euchre with a person in seat 0 who answers at once: after a trick is gathered and a bot is to
    lead, no card comes before the pause is over, and one comes as it ends."""
    with clocked_client(str(tmp_path / "tables.db")) as (client, clock):
        created = create(client, [{"kind": "human"}] + [{"kind": "bot"}] * 3, bot_delay_ms=0,
                         trick_pause_ms=800, seed=7)
        table_id = created["table_id"]
        token = created["seats"][0]["token"]
        for _ in range(200):
            advance(client, clock)  # the bots play what is theirs to play now
            snap = get(client, table_id, token)
            view = snap["view"]
            if 0 in view["to_act"]:
                client.post(f"/api/tables/{table_id}/moves", json={
                    "token": token, "move": view["legal_moves"][0], "version": snap["version"]})
                continue
            done = view["trick_done"]
            just_gathered = done is not None and done["deal"] == view["deal"] and view["trick"] == []
            if just_gathered and view["phase"] == "play":
                break  # a trick was just gathered and a bot leads the next
            advance(client, clock, 0.8)  # a pause the test does not look at (a deal's last trick)
        else:
            raise AssertionError("no trick was gathered with a bot to lead")
        advance(client, clock, 0.799)
        assert get(client, table_id)["version"] == snap["version"], "a bot played within the pause"
        advance(client, clock, 0.001)
        assert get(client, table_id)["version"] > snap["version"]


def test_a_table_of_bots_alone_plays_on_without_pausing(tmp_path: Path) -> None:
    with clocked_client(str(tmp_path / "tables.db")) as (client, clock):
        created = create(client, [{"kind": "bot"}] * 4, bot_delay_ms=0, trick_pause_ms=5000, seed=7)
        advance(client, clock)  # the clock stands still: no pause is waited for
        assert gathered(get(client, created["table_id"])) >= 3
