"""Two real ``gamenight serve`` processes on one PostgreSQL database (issue 31, several processes).

A table made on one process is played from the other: the move reaches the table's owner, every
process's sockets see it, and a move id is made once wherever it is sent again. Then the owner is
killed with SIGKILL: the other process takes its tables over (a person's on their next move, a
table of bots by itself), and no acknowledged move is lost or made twice. House-rule amendments
proposed and voted at either process are decided by the owner, seen on every process's sockets,
made once when sent again, and applied at the next deal everywhere. Every wait is for a
condition; a receive timeout is only a safety net.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.conftest import PostgresServer
from tests.server.test_restart import Server, free_port, snapshot, watch_until

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


@pytest.fixture
def two_servers(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    name = postgres_server.new_database()
    url = postgres_server.url(name)
    servers = (Server(url, free_port(), tmp_path / "a.log"), Server(url, free_port(), tmp_path / "b.log"))
    try:
        yield servers
    finally:
        for s in servers:
            s.stop()
        postgres_server.drop_database(name)


def move(client: httpx.Client, created: dict[str, Any], move_id: str) -> tuple[int, dict[str, Any]]:
    """The seat to act plays its first legal move with ``move_id``: the acknowledged version, and the
    request's body (to send it again)."""
    table_id = created["table_id"]
    (seat,) = snapshot(client, table_id, None)["view"]["to_act"]
    token = created["seats"][seat]["token"]
    snap = snapshot(client, table_id, token)
    body = {"token": token, "move": snap["view"]["legal_moves"][0], "version": snap["version"],
            "move_id": move_id}
    return again(client, table_id, body), body


def again(client: httpx.Client, table_id: str, body: dict[str, Any]) -> int:
    r = client.post(f"/api/tables/{table_id}/moves", json=body)
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    return version


def state_at(ws: ClientConnection, version: int) -> dict[str, Any]:
    """The next state frames until one at ``version`` (none beyond it may come first)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if frame.get("type") == "state":
            assert frame["version"] <= version, frame["version"]
            if frame["version"] == version:
                return frame


def seats_until(ws: ClientConnection, present: dict[int, bool]) -> None:
    """The frames (state or seats) until one shows each seat of ``present`` connected or not."""
    while True:
        frame = json.loads(ws.recv(timeout=30))
        seats = frame.get("seats")
        if seats and all(seats[i]["connected"] == on for i, on in present.items()):
            return


def test_two_processes_share_tables_and_outlive_the_owner(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    on_a, on_b = a.start(), b.start()
    humans = on_a.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
    bots = on_a.post("/api/tables", json={"game": "hearts", "seats": [{"kind": "bot"}] * 4,
                                          "bot_delay_ms": 100}).json()
    table_id = humans["table_id"]
    with connect(f"ws://127.0.0.1:{a.port}/ws/tables/{table_id}") as watcher_a, \
            connect(f"ws://127.0.0.1:{b.port}/ws/tables/{table_id}") as watcher_b:
        state_at(watcher_a, 0)
        state_at(watcher_b, 0)
        watcher_a.send(json.dumps({"type": "hello"}))  # the chat and seat changes too
        assert move(on_b, humans, "first")[0] == 1  # made at B, by A (the owner)
        assert state_at(watcher_a, 1)["view"] == snapshot(on_a, table_id, None)["view"]
        assert state_at(watcher_b, 1)["view"] == snapshot(on_b, table_id, None)["view"]
        second, second_body = move(on_a, humans, "second")  # the owner's own move, seen at B
        assert second == 2 and state_at(watcher_b, 2)["version"] == 2
        third, third_body = move(on_b, humans, "third")
        assert third == 3 and again(on_b, table_id, third_body) == again(on_a, table_id, third_body) == 3
        assert again(on_b, table_id, second_body) == 2  # an id is the same move wherever it comes again
        assert state_at(watcher_a, 3)["view"] == state_at(watcher_b, 3)["view"]
        seat0 = humans["seats"][0]["token"]  # a name and a message given at B reach A's pages
        named = on_b.post(f"/api/tables/{table_id}/name", json={"token": seat0, "name": "Ann"})
        assert named.status_code == 200, named.text
        chat = on_b.post(f"/api/tables/{table_id}/chat", json={"token": seat0, "text": "hi"})
        assert chat.status_code == 201, chat.text
        renamed, heard = False, list[str]()
        while not (renamed and heard):  # in either order
            frame = json.loads(watcher_a.recv(timeout=30))
            if frame["type"] == "state":
                renamed = renamed or frame["seats"][0]["name"] == "Ann"
            elif frame["type"] == "chat" and not frame["history"]:
                heard += [m["text"] for m in frame["messages"]]
        assert heard == ["hi"]
        seat_url = f"/ws/tables/{table_id}?token={humans['seats'][1]['token']}"
        with connect(f"ws://127.0.0.1:{b.port}{seat_url}"):  # a seat's page on B is present on A
            seats_until(watcher_a, {1: True})
        seats_until(watcher_a, {1: False})
    stats = [c.get("/api/stats").json() for c in (on_a, on_b)]
    assert stats[0]["process"]["id"] != stats[1]["process"]["id"]
    assert stats[0]["tables_owned"] == 2 and stats[1]["tables_followed"] == 1
    bots_seen = watch_until(b, bots["table_id"], 3)  # B follows A's bots on a socket of its own

    spy_b = connect(f"ws://127.0.0.1:{b.port}/ws/tables/{table_id}")
    spy_b.send(json.dumps({"type": "hello"}))
    seat_on_a = connect(f"ws://127.0.0.1:{a.port}/ws/tables/{table_id}?token={humans['seats'][2]['token']}")
    seats_until(spy_b, {2: True})
    a.kill()
    seats_until(spy_b, {2: False})  # a killed process's pages are gone: B's sweep forgets them
    spy_b.close()
    seat_on_a.close()
    fourth, fourth_body = move(on_b, humans, "after-the-owner-died")  # B takes the table over
    assert fourth == 4 and again(on_b, table_id, fourth_body) == 4
    assert again(on_b, table_id, third_body) == 3 and again(on_b, table_id, second_body) == 2  # read back
    token = humans["seats"][0]["token"]
    assert [snapshot(on_b, table_id, t)["version"] for t in (None, token)] == [4, 4]
    assert watch_until(b, bots["table_id"], bots_seen + 5) >= bots_seen + 5  # A's bots play on at B


def test_serve_workers_share_one_address_and_refuse_sqlite(postgres_server: PostgresServer,
                                                           tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from gamenight import cli

    refused = CliRunner().invoke(cli.app, ["serve", "--workers", "2", "--db", str(tmp_path / "t.db")])
    assert refused.exit_code != 0 and "needs a PostgreSQL database" in refused.output
    name = postgres_server.new_database()
    server = Server(postgres_server.url(name), free_port(), tmp_path / "workers.log",
                    flags=["--workers", "2"])
    try:
        client = server.start()
        created = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
        for expected in range(1, 4):  # each on a new connection: whichever worker takes it
            fresh = httpx.Client(base_url=server.url, timeout=10)
            assert move(fresh, created, f"m{expected}")[0] == expected
            fresh.close()
        deadline = time.monotonic() + 60  # the second worker may still be starting: a safety net
        while server.log.read_text().count("Application startup complete") < 2:
            assert time.monotonic() < deadline, server.log.read_text()
            time.sleep(0.05)
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.proc.terminate()  # the watcher stops its workers
            assert server.proc.wait(timeout=30) == 0
        postgres_server.drop_database(name)


def test_speech_at_a_process_that_does_not_own_the_table_is_heard_once_by_its_owner(
        postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two apps in this process on one database are two processes to the cluster (each has its own
    connections, so its own locks): a chat message counted as speech at the one that does not own
    the table is made by the owner, once, and both see it."""
    from starlette.testclient import TestClient

    from gamenight.core.registry import _REGISTRY
    from gamenight.server import create_app
    from tests.core.quiet_game import SPEC as QUIET
    from tests.server.test_people import count, quiet_table, snap, token

    monkeypatch.setitem(_REGISTRY, QUIET.id, QUIET)
    name = postgres_server.new_database()
    url = postgres_server.url(name)
    try:
        with TestClient(create_app(url)) as a, TestClient(create_app(url)) as b:
            created = quiet_table(a)
            table_id = created["table_id"]
            assert count(b, created) == 1
            said = b.post(f"/api/tables/{table_id}/chat", json={"token": token(created, 1), "text": "Oops"})
            assert said.status_code == 201, said.text
            for client in (b, a):
                s = snap(client, table_id)
                assert s["version"] == 2 and s["view"]["penalties"] == [0, 3]
    finally:
        postgres_server.drop_database(name)


def test_the_sweep_runs_on_the_services_clock_and_takes_up_bots_nobody_holds(
        postgres_server: PostgresServer) -> None:
    """A table of bots whose process stopped is taken up by another process's sweep, which waits on
    that process's clock: moved by the test, not slept through."""
    from starlette.testclient import TestClient

    from gamenight.server import create_app
    from gamenight.server.cluster import SWEEP_EVERY_S, PostgresCluster
    from gamenight.server.limits import Limits
    from gamenight.server.storage import utc_now
    from tests.server.clocked import advance, clocked_client
    from tests.server.test_server import service_of

    def owned() -> int:
        got: int = b.get("/api/stats", headers={"Authorization": "Bearer op"}).json()["tables_owned"]
        return got

    name = postgres_server.new_database()
    url = postgres_server.url(name)
    try:
        with clocked_client(url, limits=Limits(admin_token="op")) as (b, clock):
            with TestClient(create_app(url)) as a:
                created = a.post("/api/tables", json={"game": "hearts", "seats": [{"kind": "bot"}] * 4,
                                                      "bot_delay_ms": 60_000}).json()
                assert created["table_id"], created
            assert owned() == 0  # A's lock went with A
            # PostgreSQL frees it once A's connection's server process has ended, a moment after A
            # closed it: a sweep before then would find the table held (polled, with a limit)
            since, on_b = utc_now() - timedelta(hours=1), service_of(b).cluster
            assert isinstance(on_b, PostgresCluster)
            deadline = time.monotonic() + 30
            while created["table_id"] not in on_b.unowned_with_bots(since):
                assert time.monotonic() < deadline, "A's lock on its table was never freed"
                time.sleep(0.02)
            advance(b, clock, SWEEP_EVERY_S - 0.01)
            assert owned() == 0  # no sweep before its time
            advance(b, clock, 0.01)
            # the sweep is due now; what it does is a round trip to PostgreSQL on a worker thread,
            # which the clock does not wait for: polled, with a limit (not a timed assertion)
            deadline = time.monotonic() + 30
            while owned() != 1:
                assert time.monotonic() < deadline, "the sweep never took up the table of bots"
                time.sleep(0.02)
    finally:
        postgres_server.drop_database(name)


def frame_until(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The state frames until one is ``wanted``."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if frame.get("type") == "state" and wanted(frame):
            return frame


def proposals(frame: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = (frame.get("amendments") or {}).get("proposals", [])
    return found


def test_amendments_at_either_process_are_decided_by_the_owner_and_seen_everywhere(
        two_servers: tuple[Server, Server]) -> None:
    """A proposal made at B (which only follows the table) is made by A and seen on both processes'
    sockets; votes at A and B; a proposal and a vote sent again with their ids are made once; the
    accepted change applies from the next deal at both; a refusal refuses at both."""
    a, b = two_servers
    on_a, on_b = a.start(), b.start()
    created = on_a.post("/api/tables", json={
        "game": "euchre", "seats": [{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2, "bot_delay_ms": 0,
    }).json()
    table_id, (ann, ben) = created["table_id"], [s["token"] for s in created["seats"][:2]]
    url = f"/api/tables/{table_id}/amendments"
    with connect(f"ws://127.0.0.1:{a.port}/ws/tables/{table_id}") as watcher_a, \
            connect(f"ws://127.0.0.1:{b.port}/ws/tables/{table_id}") as watcher_b:
        proposal = {"token": ann, "changes": {"stick_the_dealer": True}, "request_id": "stick"}
        made = on_b.post(url, json=proposal)
        assert made.status_code == 201, made.text
        assert made.json()["status"] == "pending" and made.json()["words"] == "Stick the dealer: on"
        assert [v["vote"] for v in made.json()["votes"]] == [True, None]
        for watcher in (watcher_a, watcher_b):
            frame_until(watcher, lambda f: [p["status"] for p in proposals(f)] == ["pending"])
        accepted = on_a.post(f"{url}/0/votes", json={"token": ben, "yes": True, "request_id": "ben-yes"})
        assert accepted.status_code == 200 and accepted.json()["status"] == "accepted", accepted.text
        for client in (on_b, on_a):  # sent again, to either process: the first answer, nothing doubled
            again_vote = client.post(f"{url}/0/votes", json={"token": ben, "yes": True,
                                                             "request_id": "ben-yes"})
            assert again_vote.status_code == 200 and again_vote.json() == accepted.json(), again_vote.text
            again_made = client.post(url, json=proposal)
            assert again_made.status_code == 201 and again_made.json() == accepted.json(), again_made.text
        for watcher in (watcher_a, watcher_b):
            frame_until(watcher, lambda f: [p["status"] for p in proposals(f)] == ["accepted"])

        with connect(f"ws://127.0.0.1:{a.port}/ws/tables/{table_id}") as bots_watcher:
            version = play_to_the_next_deal(on_a, on_b, created, bots_watcher)
        seen = [frame_until(w, lambda f: f["version"] == version) for w in (watcher_a, watcher_b)]
        assert seen[0]["view"] == seen[1]["view"] and seen[0]["view"]["options"]["stick_the_dealer"] is True
        assert [[p["applied"] for p in proposals(f)] for f in seen] == [[True], [True]]

        refused_at = on_a.post(url, json={"token": ben, "changes": {"loner_lead": "left_of_maker"}})
        assert refused_at.status_code == 201, refused_at.text
        refused = on_b.post(f"{url}/1/votes", json={"token": ann, "yes": False})
        assert refused.status_code == 200 and refused.json()["status"] == "refused", refused.text
        for watcher in (watcher_a, watcher_b):
            frame_until(watcher, lambda f: [p["status"] for p in proposals(f)] == ["accepted", "refused"])
        closed = on_b.post(f"{url}/1/votes", json={"token": ann, "yes": True})
        assert closed.status_code == 409 and closed.json()["error"]["code"] == "amendment_closed", closed.text
    for client in (on_a, on_b):
        listed = client.get(url).json()["amendments"]["proposals"]
        assert [p["status"] for p in listed] == ["accepted", "refused"]


def play_to_the_next_deal(on_a: httpx.Client, on_b: httpx.Client, created: dict[str, Any],
                          watcher: ClientConnection) -> int:
    """The two people play (their first legal move, posted to A and B in turn; the bots play at A)
    until the second deal has begun and a person is to act; returns that version."""
    table_id, turn = created["table_id"], 0
    while True:
        snap = snapshot(on_a, table_id, None)
        people = [s for s in snap["view"]["to_act"] if s < 2]
        if people and proposals(snap)[0]["applied"]:
            return int(snap["version"])
        if people:
            turn += 1
            token = created["seats"][people[0]]["token"]
            seen = snapshot(on_a, table_id, token)  # A's: B may not have played the bots' last move yet
            again((on_a, on_b)[turn % 2], table_id, {"token": token, "move": seen["view"]["legal_moves"][0],
                                                     "version": seen["version"], "move_id": f"deal-{turn}"})
        else:  # a bot is to act: its move comes to A's socket
            frame_until(watcher, later_than(int(snap["version"])))


def later_than(version: int) -> Callable[[dict[str, Any]], bool]:
    return lambda frame: int(frame["version"]) > version


def test_a_proposal_at_a_replica_takes_a_table_nobody_owns_and_long_announcements_are_read_back(
        postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two apps in this process are two processes to the cluster. With announcements too short to
    carry a proposal, a replica reads the proposals back (and its answer too); once the owner has
    stopped, a proposal at the replica takes the table and is made there, as a move would."""
    import warnings

    from gamenight.server import cluster, create_app
    from tests.server.test_amend_api import TWO, auth
    from tests.server.test_server import service_of

    with warnings.catch_warnings():  # starlette warns about its httpx transport on import
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    monkeypatch.setattr(cluster, "NOTIFY_CARRIES", 0)
    name = postgres_server.new_database()
    url = postgres_server.url(name)
    try:
        with TestClient(create_app(url)) as b:
            with TestClient(create_app(url)) as a:
                created = a.post("/api/tables", json={"game": "canasta", "players": 2, "seats": TWO,
                                                      "seed": 8}).json()
                table_id, (ana, ben) = created["table_id"], [s["token"] for s in created["seats"]]
                amend = f"/api/tables/{table_id}/amendments"
                assert b.get(f"/api/tables/{table_id}").status_code == 200  # B follows it
                made = b.post(amend, headers=auth(ana), json={"changes": {"out_bonus": 300}})
                assert made.status_code == 201 and made.json()["words"] == "Going out: 300", made.text
                accepted = b.post(f"{amend}/0/votes", headers=auth(ben), json={"yes": True})
                assert accepted.json()["status"] == "accepted", accepted.text
                replica = service_of(b).tables[table_id]
                deadline = time.monotonic() + 30  # B reads them on a worker thread: polled, with a limit
                while len(replica.state.amendments) != 1:
                    assert time.monotonic() < deadline, "B never made the accepted amendment"
                    time.sleep(0.02)
                assert [p.status for p in replica.proposals] == ["accepted"]
            assert replica.replica  # A stopped: its lock is free, and B's next proposal takes the table
            taken = b.post(amend, headers=auth(ben), json={"changes": {"mixed_bonus": 250}})
            assert taken.status_code == 201 and taken.json()["status"] == "pending", taken.text
            assert not replica.replica and table_id in service_of(b).cluster.owned
            assert [p["status"] for p in b.get(amend).json()["amendments"]["proposals"]] == ["accepted",
                                                                                              "pending"]
    finally:
        postgres_server.drop_database(name)
