"""Issue 31's storage findings: a move's id is stored with the move, so a retry after a restart gets
the first answer (on SQLite and PostgreSQL); an SQLite database's -wal and -shm files already on disk
are narrowed to 0600 with the database."""

from __future__ import annotations

import sqlite3
import warnings
from pathlib import Path
from typing import Any

from gamenight.server import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def as_seat(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_move_id_retried_after_a_restart_gets_the_first_answer(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
        table_id, tokens = created["table_id"], [s["token"] for s in created["seats"]]
        moves = f"/api/tables/{table_id}/moves"
        token = tokens[client.get(f"/api/tables/{table_id}").json()["view"]["to_act"][0]]
        legal = client.get(f"/api/tables/{table_id}", headers=as_seat(token)).json()["view"]["legal_moves"]
        body: dict[str, Any] = {"move": legal[0], "version": 0, "move_id": "phone-1:move-1"}
        first = client.post(moves, headers=as_seat(token), json=body)
        assert first.status_code == 200, first.text
    with TestClient(create_app(db_url)) as client:  # the answer was lost; the server restarted
        again = client.post(moves, headers=as_seat(token), json=body)
        assert again.status_code == 200 and again.json() == first.json(), again.text
        assert client.get(f"/api/tables/{table_id}").json()["version"] == 1  # made once
        other = client.post(moves, headers=as_seat(token), json={**body, "move": legal[1]})
        assert other.status_code == 422 and "already used" in other.json()["error"]["message"], other.text


def test_wal_and_shm_files_already_on_disk_are_narrowed_to_the_owner(tmp_path: Path) -> None:
    from gamenight.server.storage import Storage

    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    database = folder / "tables.db"
    files = [database, folder / "tables.db-wal", folder / "tables.db-shm"]
    # a server killed mid-game (its WAL not yet checkpointed away) by an older version, or a copy,
    # left the three files readable by everyone
    killed = sqlite3.connect(database)
    try:
        killed.execute("PRAGMA journal_mode=WAL")
        killed.execute("CREATE TABLE left_behind (x INTEGER)")
        killed.commit()
        for path in files:
            path.chmod(0o644)
        storage = Storage(f"sqlite:///{database}")
        try:
            assert {p.name: oct(p.stat().st_mode & 0o777) for p in files} == {p.name: "0o600" for p in files}
        finally:
            storage.close()
    finally:
        killed.close()
