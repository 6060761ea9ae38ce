"""Limits: per-client rates and connections (429 with Retry-After; 4429 on a WebSocket), a bound on
a table's moves (it ends as abandoned), archiving of quiet tables, and loading on first use (with
the recently active tables' bots resuming at start-up)."""

from __future__ import annotations

import warnings
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from gamenight.server import create_app
from gamenight.server.clock import ManualClock
from gamenight.server.limits import Limits, RateLimit, TooMany
from gamenight.server.storage import Storage, utc_now
from tests.helpers import assert_same_tables
from tests.server.clocked import advance
from tests.server.test_server import (
    HUMANS4,
    create,
    error_of,
    get,
    live,
    move,
    play_first_legal,
    service_of,
    tokens_of,
    wait_for,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect


def limited(tmp_path: Path, **limits: Any) -> TestClient:
    return TestClient(create_app(str(tmp_path / "tables.db"), Limits(**limits)))


def limited_on_a_clock(tmp_path: Path, **limits: Any) -> tuple[TestClient, ManualClock]:
    """The app within ``limits`` on a clock that moves only when the test advances it."""
    clock = ManualClock()
    return TestClient(create_app(str(tmp_path / "tables.db"), Limits(**limits), clock=clock)), clock


# ---- per-client rates and connections -----------------------------------------------------------


def test_a_token_bucket_spends_its_burst_then_earns_it_back() -> None:
    now = [0.0]
    bucket = RateLimit(3, 60.0, "three a minute", clock=lambda: now[0])
    for _ in range(3):
        bucket.take("a")
    with pytest.raises(TooMany) as refused:
        bucket.take("a")
    assert refused.value.retry_after == pytest.approx(20.0)
    assert refused.value.retry_after_header == "20"
    bucket.take("b")  # another client has its own allowance
    now[0] = 20.0
    bucket.take("a")
    with pytest.raises(TooMany):
        bucket.take("a")
    RateLimit(0, 60.0, "no limit").take("a")


def test_too_many_new_tables_from_one_client(tmp_path: Path) -> None:
    # the clock stands still, so Retry-After is exact
    client, _clock = limited_on_a_clock(tmp_path, tables_per_minute=2)
    with client:
        create(client)
        create(client)
        r = client.post("/api/tables", json={"game": "euchre", "seats": HUMANS4})
        error = error_of(r, 429, "too_many_requests")
        assert int(r.headers["retry-after"]) == 30 and error["retry_after"] == 30
    with limited(tmp_path, tables_per_minute=0) as client:  # 0: no limit
        for _ in range(5):
            create(client)


def test_the_rates_are_earned_back_on_the_servers_clock(tmp_path: Path) -> None:
    client, clock = limited_on_a_clock(tmp_path, tables_per_minute=2)
    with client:
        body = {"game": "euchre", "seats": HUMANS4}
        create(client)
        create(client)
        error_of(client.post("/api/tables", json=body), 429, "too_many_requests")
        advance(client, clock, 29.9)
        error_of(client.post("/api/tables", json=body), 429, "too_many_requests")
        advance(client, clock, 0.1)  # half a minute: one table's allowance earned back
        create(client)


def test_too_many_moves_from_one_client(tmp_path: Path) -> None:
    with limited(tmp_path, moves_per_minute=2) as client:
        created = create(client)
        table_id = created["table_id"]
        play_first_legal(client, created)
        play_first_legal(client, created)
        before = get(client, table_id)
        seat = min(before["view"]["to_act"])
        legal = get(client, table_id, tokens_of(created)[seat])["view"]["legal_moves"][0]
        r = move(client, table_id, tokens_of(created)[seat], legal, 2)
        error_of(r, 429, "too_many_requests")
        assert int(r.headers["retry-after"]) >= 1
        assert get(client, table_id) == before
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens_of(created)[seat]}") as ws:
            assert ws.receive_json()["version"] == 2
            ws.send_json({"move": legal, "version": 2})
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "too_many_requests"
            assert frame["retry_after"] >= 1
        assert get(client, table_id) == before


def test_too_many_connections_from_one_client_or_to_one_table(tmp_path: Path) -> None:
    with limited(tmp_path, connections_per_client=2, connections_per_table=0) as client:
        table_id = create(client)["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as a, \
                client.websocket_connect(f"/ws/tables/{table_id}") as b:
            assert a.receive_json()["type"] == b.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/tables/{table_id}") as c:
                assert c.receive_json()["code"] == "too_many_requests"
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert closed.value.code == 4429
        with client.websocket_connect(f"/ws/tables/{table_id}") as again:  # the others closed: room again
            assert again.receive_json()["type"] == "state"
    with limited(tmp_path, connections_per_client=0, connections_per_table=1) as client:
        table_id = create(client)["table_id"]
        other = create(client)["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as a:
            assert a.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/tables/{table_id}") as b:
                assert b.receive_json()["code"] == "too_many_requests"
            with client.websocket_connect(f"/ws/tables/{other}") as elsewhere:
                assert elsewhere.receive_json()["type"] == "state"


# ---- a table's move bound -----------------------------------------------------------------------


def test_a_table_at_its_move_bound_ends_as_abandoned(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    clock = ManualClock()
    with TestClient(create_app(db, Limits(max_moves=3), clock=clock)) as client:
        created = create(client)
        table_id = created["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["version"] == 0
            for _ in range(3):
                play_first_legal(client, created)
            frames = [ws.receive_json() for _ in range(3)]
        assert [f.get("ended") for f in frames] == [None, None, "abandoned"]
        assert frames[-1]["seed"] is not None
        snap = get(client, table_id)
        assert snap["ended"] == "abandoned" and snap["seed"] is not None and not snap["view"]["is_over"]
        seat = min(snap["view"]["to_act"])
        legal = get(client, table_id, tokens_of(created)[seat])["view"]["legal_moves"][0]
        error = error_of(move(client, table_id, tokens_of(created)[seat], legal, 3), 409, "not_your_turn")
        assert "abandoned after 3 moves" in error["message"]
        log = client.get(f"/api/tables/{table_id}/log").json()
        assert len(log["moves"]) == 3
        bots = create(client, [{"kind": "bot"}] * 4, bot_delay_ms=0)
        advance(client, clock)
        assert get(client, bots["table_id"]).get("ended") == "abandoned"
        advance(client, clock, 30.0)
        assert get(client, bots["table_id"])["version"] == 3  # its bots stopped
        assert not live(client, bots["table_id"]).bot_tasks
    with TestClient(create_app(db, Limits(max_moves=3))) as client:  # stored as abandoned
        assert service_of(client).tables == {}
        assert get(client, table_id)["ended"] == "abandoned"
        assert get(client, table_id)["version"] == 3


# ---- memory: archiving and loading on first use -------------------------------------------------


def test_quiet_tables_are_archived_and_load_again_on_first_use(tmp_path: Path) -> None:
    client, clock = limited_on_a_clock(tmp_path, archive_after_s=60)
    with client:
        service = service_of(client)
        finished = create(client, [{"kind": "bot"}] * 4, bot_delay_ms=0)
        advance(client, clock)  # bots with no delay play the whole game, the clock standing still
        assert get(client, finished["table_id"])["view"]["is_over"]
        watched = create(client)
        playing = create(client)
        play_first_legal(client, playing)
        before = {t["table_id"]: get(client, t["table_id"]) for t in (finished, watched, playing)}
        with client.websocket_connect(f"/ws/tables/{watched['table_id']}") as ws:
            ws.receive_json()
            assert service.archive_idle(clock.now() + 30) == 0  # not quiet for long enough yet
            assert service.archive_idle(clock.now() + 61) == 2  # the watched table stays
            assert set(service.tables) == {watched["table_id"]}
        assert service.stats()["tables_archived"] == 2
        # kept in storage: each loads again on first use, as it was; the finished one's log still served
        assert_same_tables(before, {t: get(client, t) for t in before})
        assert len(client.get(f"/api/tables/{finished['table_id']}/log").json()["moves"]) > 0
        assert play_first_legal(client, playing) == 2


def test_the_archiver_runs_by_itself(tmp_path: Path) -> None:
    client, clock = limited_on_a_clock(tmp_path, archive_after_s=0.2)
    with client:
        service = service_of(client)
        created = create(client)
        advance(client, clock, 0.15)
        assert created["table_id"] in service.tables  # quiet for less than archive_after_s
        advance(client, clock, 0.2)
        assert created["table_id"] not in service.tables
        assert get(client, created["table_id"])["version"] == 0


def test_a_move_racing_the_archiver_goes_to_the_stored_table(tmp_path: Path) -> None:
    with limited(tmp_path) as client:
        service = service_of(client)
        created = create(client)
        table = live(client, created["table_id"])
        service.archive_idle(service.clock.now() + 10_000)  # archived after the request found it
        assert table.closed and created["table_id"] not in service.tables
        seat = min(table.state.to_act)
        legal = str(table.state.legal_moves(seat)[0])
        portal = client.portal
        assert portal is not None
        version = portal.call(service.submit, table, seat, legal, 0)
        assert version == 1 and get(client, created["table_id"])["version"] == 1


def test_start_up_loads_only_recently_active_tables_with_bots(db: str) -> None:
    with TestClient(create_app(db)) as client:
        people = create(client)
        bots = create(client, [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "human"}])
        old_bots = create(client, [{"kind": "bot"}] * 4, bot_delay_ms=60_000)
    storage = Storage(f"sqlite:///{db}")
    with storage.engine.begin() as conn:  # the third table has not moved for two days
        from gamenight.server.storage import tables_table
        conn.execute(tables_table.update().where(tables_table.c.id == old_bots["table_id"])
                     .values(created_at=utc_now() - timedelta(days=2)))
    assert storage.resumable_ids(utc_now() - timedelta(hours=1)) == [bots["table_id"]]
    storage.close()
    with TestClient(create_app(db)) as client:
        service = service_of(client)
        wait_for(lambda: bots["table_id"] in service.tables)
        assert people["table_id"] not in service.tables and old_bots["table_id"] not in service.tables
        assert get(client, old_bots["table_id"])["version"] == 0  # loads, and its bots resume, on first use
        assert service.tables[old_bots["table_id"]].bot_tasks
