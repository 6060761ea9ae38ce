"""The timed window (``State.lapse_moves``: seats that may claim a discard out of turn) in the server,
through the real app in-process, with the test-only game Claim Count (tests/core/window_game.py):

* the table's ``claim_window_ms`` is chosen at creation, stored (an older database gains it), sent
  with snapshots, and carried into a rematch;
* at the deadline the server makes each remaining seat's lapse move through the move path (saved,
  published); a seat answering does not restart the clock, a new discard gets a fresh one; frames
  carry the window with the time left;
* a claim before the deadline wins and the timer then does nothing; two claims at once at a
  first-click window make exactly one move; the timer racing a claim makes exactly one take effect;
* a restart (or a table archived and visited again) gives an open window its whole time again,
  and a table is not archived while its window is yet to lapse;
* bots answer in a window after the table's delay, not at the deadline.
"""

from __future__ import annotations

import asyncio
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamenight.core.registry import _REGISTRY
from gamenight.server import create_app
from gamenight.server.clock import ManualClock
from gamenight.server.service import LiveTable, ServiceError, TableService
from gamenight.server.storage import DEFAULT_CLAIM_WINDOW_MS, Storage
from tests.core.window_game import SPEC as CLAIM_COUNT
from tests.server.clocked import advance, clocked_client

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

HUMANS3 = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]
#: the app, and the clock it reads (moved only by the test)
Clocked = tuple[TestClient, ManualClock]


@pytest.fixture(autouse=True)
def claim_count_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only game with a claim window, for these tests only."""
    monkeypatch.setitem(_REGISTRY, CLAIM_COUNT.id, CLAIM_COUNT)


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[Clocked]:
    """The app on a clock that moves only when the test advances it."""
    with clocked_client(str(tmp_path / "tables.db")) as pair:
        yield pair


def service_of(client: TestClient) -> TableService:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    return service


def live(client: TestClient, table_id: str) -> LiveTable:
    return service_of(client).tables[table_id]


def create(client: TestClient, seats: list[dict[str, Any]] | None = None, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": CLAIM_COUNT.id, "seats": seats or HUMANS3, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def token(created: dict[str, Any], seat: int) -> str:
    value: str = created["seats"][seat]["token"]
    return value


def snap(client: TestClient, table_id: str, tok: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}", params={"token": tok} if tok else None)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def move(client: TestClient, created: dict[str, Any], seat: int, text: str, version: int) -> Any:
    return client.post(f"/api/tables/{created['table_id']}/moves",
                       json={"token": token(created, seat), "move": text, "version": version})


def discard(client: TestClient, created: dict[str, Any]) -> int:
    """The seat to discard discards (the only move it has); returns the new version."""
    s = snap(client, created["table_id"])
    (seat,) = s["view"]["to_act"]
    legal = snap(client, created["table_id"], token(created, seat))["view"]["legal_moves"]
    r = move(client, created, seat, legal[0], s["version"])
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    return version


def stored_moves(client: TestClient, table_id: str) -> list[tuple[int, str]]:
    stored = service_of(client).storage.load_table(table_id)
    assert stored is not None
    return stored.moves


# ---- the setting --------------------------------------------------------------------------------


def test_the_window_is_chosen_at_creation_stored_and_returned(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    with TestClient(create_app(db)) as client:
        default = create(client)
        assert snap(client, default["table_id"])["claim_window_ms"] == DEFAULT_CLAIM_WINDOW_MS == 4000
        quick = create(client, claim_window_ms=250)
        assert snap(client, quick["table_id"])["claim_window_ms"] == 250
        for bad in (-1, 30_001, "250", 2.5):
            body = {"game": CLAIM_COUNT.id, "seats": HUMANS3, "claim_window_ms": bad}
            r = client.post("/api/tables", json=body)
            assert r.status_code == 422, (bad, r.text)
            assert "claim_window_ms" in r.json()["error"]["message"]
        schema = client.get("/openapi.json").json()["components"]["schemas"]
        assert "claim_window_ms" in schema["CreateTable"]["properties"]
        assert "window" in schema["TableSnapshot"]["properties"]
    with TestClient(create_app(db)) as client:  # a restart reads it back
        assert snap(client, quick["table_id"])["claim_window_ms"] == 250


def test_a_database_from_before_the_setting_gains_it_with_the_default(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with TestClient(create_app(str(db))) as client:
        created = create(client, claim_window_ms=100)
    with sqlite3.connect(db) as conn:  # the table as the previous version stored it
        conn.execute("ALTER TABLE tables DROP COLUMN claim_window_ms")
    Storage(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as conn:
        assert "claim_window_ms" in {row[1] for row in conn.execute("PRAGMA table_info(tables)")}
    with TestClient(create_app(str(db))) as client:
        assert snap(client, created["table_id"])["claim_window_ms"] == DEFAULT_CLAIM_WINDOW_MS


def test_a_rematch_keeps_the_table_settings(client: TestClient) -> None:
    created = create(client, claim_window_ms=1200, trick_pause_ms=300, bot_delay_ms=50,
                     options={"discards": 1})
    table_id = created["table_id"]
    version = discard(client, created)
    assert move(client, created, 1, "pass", version).status_code == 200
    assert move(client, created, 2, "pass", version + 1).status_code == 200
    assert snap(client, table_id)["view"]["is_over"]
    r = client.post(f"/api/tables/{table_id}/rematch", json={"token": token(created, 0)})
    assert r.status_code == 201, r.text
    new = snap(client, r.json()["table_id"])
    assert (new["claim_window_ms"], new["trick_pause_ms"], new["bot_delay_ms"]) == (1200, 300, 50)


# ---- the clock ----------------------------------------------------------------------------------


def test_at_the_deadline_each_seat_left_lets_the_window_lapse_saved_and_published(
        clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, claim_window_ms=400)
    table_id = created["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 1)}") as bob, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        assert "window" not in bob.receive_json() and "window" not in spectator.receive_json()
        discard(client, created)
        opened = bob.receive_json()
        watched = spectator.receive_json()
        assert opened["version"] == 1 and opened["view"]["window"] == [1, 2]
        assert opened["window"] == {"seats": [1, 2], "ms": 400, "remaining_ms": 400, "lapse": "pass"}
        assert watched["window"] == {"seats": [1, 2], "ms": 400, "remaining_ms": 400}  # nobody's pass
        advance(client, clock, 0.1)
        seen = snap(client, table_id, token(created, 2))["window"]
        assert seen == {"seats": [1, 2], "ms": 400, "remaining_ms": 300, "lapse": "pass"}  # counted when sent
        advance(client, clock, 0.299)
        assert stored_moves(client, table_id) == [(0, "discard 8H")]  # not yet: a millisecond is left
        advance(client, clock, 0.001)
        # the server has let it lapse, seat by seat, each a move of its own
        lapses = [bob.receive_json(), bob.receive_json()]
    assert [f["version"] for f in lapses] == [2, 3]
    assert lapses[0]["window"]["seats"] == [2] and "lapse" not in lapses[0]["window"]  # Bob answered
    assert "window" not in lapses[1] and lapses[1]["view"]["window"] == []
    assert stored_moves(client, table_id) == [(0, "discard 8H"), (1, "pass"), (2, "pass")]
    view = snap(client, table_id)["view"]
    assert view["to_act"] == [1] and "Nobody takes the 8♥." in view["events"]
    assert snap(client, table_id)["window"] is None


def test_an_answer_does_not_restart_the_clock_and_a_new_window_gets_its_own(
        clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, claim_window_ms=1500)
    table_id = created["table_id"]
    version = discard(client, created)
    table = live(client, table_id)
    first = table.window
    assert first is not None and first.seats == {1, 2} and first.deadline == clock.now() + 1.5
    deadline = first.deadline
    advance(client, clock, 0.3)
    assert move(client, created, 1, "pass", version).status_code == 200
    assert table.window is first and first.deadline == deadline and first.seats == {2}
    left = snap(client, table_id)["window"]["remaining_ms"]
    assert left == 1200, "Bob's pass gave the window its time again"
    with client.websocket_connect(f"/ws/tables/{table_id}") as late:  # the version's frame, sent later
        advance(client, clock, 0.2)
        assert late.receive_json()["window"]["remaining_ms"] == 1200
    with client.websocket_connect(f"/ws/tables/{table_id}") as later:
        assert later.receive_json()["window"]["remaining_ms"] == 1000
    advance(client, clock, 0.999)
    assert table.window is first
    advance(client, clock, 0.001)
    assert table.window is None and stored_moves(client, table_id)[-1] == (2, "pass")
    discard(client, created)  # Bob discards: a new window, its whole time ahead
    second = table.window
    assert second is not None and second is not first and second.seats == {2, 0}
    assert second.deadline == clock.now() + 1.5


def test_no_time_limit_waits_for_every_seat(clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, claim_window_ms=0)
    table_id = created["table_id"]
    version = discard(client, created)
    assert snap(client, table_id, token(created, 1))["window"] == {
        "seats": [1, 2], "ms": 0, "remaining_ms": None, "lapse": "pass"}
    assert live(client, table_id).window_pending is False
    advance(client, clock, 30.0)  # longer than any window may be
    assert snap(client, table_id)["version"] == version  # nobody's answer was made for them
    assert move(client, created, 2, "pass", version).status_code == 200
    assert move(client, created, 1, "claim 8H", version + 1).status_code == 200
    assert snap(client, table_id)["view"]["claims"] == [0, 1, 0]


# ---- claims and races ---------------------------------------------------------------------------


def test_a_claim_before_the_deadline_wins_and_the_timer_does_nothing(
        clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, claim_window_ms=300, options={"resolve": "first"})
    table_id = created["table_id"]
    version = discard(client, created)
    assert move(client, created, 1, "claim 8H", version).status_code == 200
    assert snap(client, table_id)["window"] is None and live(client, table_id).window is None
    advance(client, clock, 0.5)  # past the deadline
    assert stored_moves(client, table_id) == [(0, "discard 8H"), (1, "claim 8H")]
    late = move(client, created, 2, "claim 8H", version)
    assert late.status_code == 409 and late.json()["error"]["code"] == "not_your_turn"
    assert late.json()["error"]["message"] == ("Too late, Cy: another move was made first (you chose at "
                                               "version 1; the table is at 2). Waiting for Bob.")
    assert snap(client, table_id)["view"]["claims"] == [0, 1, 0]


def test_a_claim_after_the_lapse_is_refused_saying_time_ran_out(clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, claim_window_ms=150)
    table_id = created["table_id"]
    version = discard(client, created)
    advance(client, clock, 0.15)
    assert live(client, table_id).window is None
    late = move(client, created, 2, "claim 8H", version)
    assert late.status_code == 409 and late.json()["error"]["code"] == "not_your_turn"
    assert late.json()["error"]["message"] == ("Too late, Cy: the time to answer ran out, so “pass” was "
                                               "played for you.")
    assert snap(client, table_id)["view"]["claims"] == [0, 0, 0]


def test_two_claims_at_once_at_a_first_click_window_make_one_move(client: TestClient) -> None:
    created = create(client, claim_window_ms=5000, options={"resolve": "first"})
    table_id = created["table_id"]
    version = discard(client, created)
    service = service_of(client)
    table = live(client, table_id)

    async def both() -> tuple[int | BaseException, int | BaseException]:
        return await asyncio.gather(service.submit(table, 1, "claim 8H", version),
                                    service.submit(table, 2, "claim 8H", version), return_exceptions=True)

    assert client.portal is not None
    results = client.portal.call(both)
    made = [r for r in results if isinstance(r, int)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert made == [2] and len(refused) == 1, results
    # Cy, too late, is not to act; Bob, too late, is to discard next: his claim's view is out of date
    expected = {("not_your_turn", "Too late,"), ("stale_version", "The table")}
    assert (refused[0].code, refused[0].message[:9]) in expected, refused[0].message
    assert sum(snap(client, table_id)["view"]["claims"]) == 1
    assert len(stored_moves(client, table_id)) == 2 and table.window is None


def test_the_timer_racing_a_claim_lets_exactly_one_take_effect(clocked: Clocked) -> None:
    """The first seat of each window claims just as the window runs out, discard after discard: before
    the deadline is reached, after it, and in the same moment (the claim and the clock's advance
    started together on the server's loop). Either the claim is made (and the timer finds the window
    closed) or the lapse is (and the claim is refused, saying so), never both, never twice."""
    client, clock = clocked
    created = create(client, claim_window_ms=60, options={"discards": 6})
    table_id = created["table_id"]
    service = service_of(client)
    table = live(client, table_id)
    state: Any = table.state
    refused = 0
    assert client.portal is not None
    for turn in range(6):
        version = discard(client, created)
        window = table.window
        assert window is not None and window.deadline == clock.now() + 0.06
        claimant, claim = state.window_order[0], f"claim {state.offer}"

        async def claim_at_the_deadline(order: int = turn % 3, seat: int = claimant, move: str = claim,
                                        seen: int = version) -> int | ServiceError:
            async def claiming() -> int | ServiceError:
                try:
                    return await service.submit(table, seat, move, seen)
                except ServiceError as e:
                    return e

            if order == 0:  # the claim, then the deadline
                made = await claiming()
                await clock.advance(0.06)
                return made
            if order == 1:  # the deadline, then the claim
                await clock.advance(0.06)
                return await claiming()
            made, _ = await asyncio.gather(claiming(), clock.advance(0.06))
            return made

        outcome = client.portal.call(claim_at_the_deadline)
        assert table.window is None
        answers = [m for s, m in stored_moves(client, table_id)[version:] if s == claimant]
        if isinstance(outcome, ServiceError):
            refused += 1
            # not to act any more, or to act afresh (to discard next): refused either way, saying why
            assert outcome.code in ("not_your_turn", "stale_version") and outcome.message.startswith(
                "Too late"), outcome.message
            assert answers == ["pass"]
        else:
            assert answers == [claim] and outcome == version + 1
    assert state.is_over
    assert len(stored_moves(client, table_id)) == table.version == len(state.moves)
    # the claim made first won, the deadline reached first refused it
    assert 2 <= refused <= 4 and sum(state.claims) == 6 - refused


# ---- restarts and archiving ---------------------------------------------------------------------


def test_a_restart_gives_an_open_window_its_whole_time_again(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    with clocked_client(db) as (client, clock):
        created = create(client, claim_window_ms=1500)
        table_id = created["table_id"]
        discard(client, created)
        advance(client, clock, 1.0)  # most of the window used up, then the server stops
    with clocked_client(db, clock) as (client, _):
        assert stored_moves(client, table_id) == [(0, "discard 8H")]  # stopping made nobody's move
        window = snap(client, table_id, token(created, 1))["window"]  # the visit loads the table
        assert window["seats"] == [1, 2] and window["remaining_ms"] == 1500, window  # not the 0.5 s left
        advance(client, clock, 1.499)
        assert snap(client, table_id)["version"] == 1
        advance(client, clock, 0.001)
        assert snap(client, table_id)["version"] == 3
        assert stored_moves(client, table_id)[1:] == [(1, "pass"), (2, "pass")]


def test_a_table_is_not_archived_while_its_window_is_yet_to_lapse(clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, claim_window_ms=400)
    table_id = created["table_id"]
    service = service_of(client)
    discard(client, created)
    long_after = clock.now() + 10 * service.limits.archive_after_s
    assert service.archive_idle(long_after) == 0 and table_id in service.tables
    advance(client, clock, 0.4)
    assert live(client, table_id).window is None
    assert service.archive_idle(long_after) == 1 and table_id not in service.tables
    assert snap(client, table_id)["version"] == 3  # loaded again from storage, the lapse kept


def test_a_table_archived_with_an_untimed_window_comes_back_with_it(client: TestClient) -> None:
    created = create(client, claim_window_ms=0)
    table_id = created["table_id"]
    service = service_of(client)
    version = discard(client, created)
    assert service.archive_idle(service.clock.now() + 10 * service.limits.archive_after_s) == 1
    assert snap(client, table_id)["window"]["seats"] == [1, 2]
    assert move(client, created, 1, "claim 8H", version).status_code == 200


# ---- bots ---------------------------------------------------------------------------------------


def test_bots_answer_after_the_table_delay_not_at_the_deadline(clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, [HUMANS3[0], {"kind": "bot"}, {"kind": "bot"}], bot_delay_ms=300,
                     claim_window_ms=20_000)
    table_id = created["table_id"]
    discard(client, created)
    table = live(client, table_id)
    advance(client, clock, 0.299)
    assert len(table.state.moves) == 1, "a bot answered before the table's delay"
    advance(client, clock, 0.001)
    assert table.window is None, "the bots waited for the deadline"
    answers = stored_moves(client, table_id)[1:]
    assert answers and {s for s, _ in answers} <= {1, 2}
    assert {m for _, m in answers} <= {"claim 8H", "pass"}


def test_bots_alone_claim_and_finish_the_game(clocked: Clocked) -> None:
    client, clock = clocked
    created = create(client, [{"kind": "bot"}] * 3, bot_delay_ms=0, claim_window_ms=5000,
                     options={"discards": 8}, seed=1)
    table_id = created["table_id"]
    advance(client, clock)  # bots with no delay: the whole game, the clock standing still
    assert snap(client, table_id)["view"]["is_over"]
    moves = [m for _, m in stored_moves(client, table_id)]
    assert sum(m.startswith("claim") for m in moves) >= 1
    assert sum(snap(client, table_id)["view"]["claims"]) >= 1
