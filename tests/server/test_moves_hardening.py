"""Moves that must be made exactly once, and errors that must change nothing and cost little:

* a retried ``{move, version}`` is never made twice (the seat's own move makes its version stale even
  where its choices look the same), and a ``move_id`` sent again gets the first answer;
* an engine failure before the move is recorded answers 500 with no replay at all; one after it is
  rebuilt in a worker thread, never on the event loop; an unexpected failure anywhere is JSON;
* a view the fast encoder cannot write (an integer past 64 bits) neither fails the saved move nor
  kills the table's WebSockets.
"""

from __future__ import annotations

import asyncio
import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gamenight
from gamenight.core.state import State
from gamenight.server import create_app, wire
from gamenight.server import service as service_module
from gamenight.server.live import replay_table
from tests.helpers import assert_same_tables
from tests.server.test_server import (
    HUMANS4,
    create,
    error_of,
    get,
    live,
    move,
    play_first_legal,
    tokens_of,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "tables.db"))) as c:
        yield c


# ---- a retried move -----------------------------------------------------------------------------


def twin_card_position(game: str, seed: int) -> tuple[list[tuple[int, str]], str]:
    """Moves from the start of ``game`` (seed ``seed``, random play) up to a position where the seat
    to act has a move after which its legal moves are exactly the same (two identical cards), and
    that move."""
    state = gamenight.new(game, seed=seed)
    rng = random.Random(seed)
    played: list[tuple[int, str]] = []
    while not state.is_over and len(played) < 400:
        seat = min(state.to_act)
        legal = state.legal_moves(seat)
        for candidate in legal:
            after = state.clone()
            after.play(candidate, seat)
            if seat in after.to_act and after.legal_moves(seat) == legal:
                return played, str(candidate)
        choice = legal[rng.randrange(len(legal))]
        state.play(choice, seat)
        played.append((seat, str(choice)))
    raise AssertionError(f"no position with twin cards in {game} seed {seed}")


@pytest.fixture
def twin_table(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], int, str]:
    """A Hand and Foot table (seed 0) brought, over HTTP, to a move that leaves its seat's choices
    unchanged; returns the table, the seat and that move."""
    played, twin = twin_card_position("hand-and-foot", 0)
    with monkeypatch.context() as patch:
        patch.setattr("gamenight.server.service.secrets.randbits", lambda _bits: 0)
        created = create(client, HUMANS4, game="hand-and-foot")
    tokens = tokens_of(created)
    for version, (seat, text_) in enumerate(played):
        assert move(client, created["table_id"], tokens[seat], text_, version).status_code == 200
    to_act = live(client, created["table_id"]).state.to_act
    (acting,) = to_act
    return created, acting, twin


def test_the_same_move_and_version_sent_twice_is_made_once(
        client: TestClient, twin_table: tuple[dict[str, Any], int, str]) -> None:
    created, seat, twin = twin_table
    table_id = created["table_id"]
    token = tokens_of(created)[seat]
    version = get(client, table_id)["version"]
    assert move(client, table_id, token, twin, version).json() == {"version": version + 1}
    legal_after = get(client, table_id, token)["view"]["legal_moves"]
    assert twin in legal_after  # the second copy could be played: only the version check can stop it
    error = error_of(move(client, table_id, token, twin, version), 409, "stale_version")
    assert error["version"] == version + 1
    assert get(client, table_id)["version"] == version + 1
    # chosen again from the new version, the same move is a new move
    assert move(client, table_id, token, twin, version + 1).json() == {"version": version + 2}


def test_a_move_id_sent_again_gets_the_first_answer(
        client: TestClient, twin_table: tuple[dict[str, Any], int, str]) -> None:
    created, seat, twin = twin_table
    table_id = created["table_id"]
    token = tokens_of(created)[seat]
    version = get(client, table_id)["version"]
    body = {"token": token, "move": twin, "version": version, "move_id": "4f1c-retry"}
    first = client.post(f"/api/tables/{table_id}/moves", json=body)
    again = client.post(f"/api/tables/{table_id}/moves", json=body)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"version": version + 1}
    assert get(client, table_id)["version"] == version + 1
    other = get(client, table_id, token)["view"]["legal_moves"][-1]
    reused = client.post(f"/api/tables/{table_id}/moves",
                         json={**body, "move": other, "version": version + 1})
    assert error_of(reused, 422, "bad_request")["message"].startswith("Move id '4f1c-retry' was already used")
    assert get(client, table_id)["version"] == version + 1


def test_a_move_id_sent_again_over_the_websocket_is_made_once(
        client: TestClient, twin_table: tuple[dict[str, Any], int, str]) -> None:
    created, seat, twin = twin_table
    table_id = created["table_id"]
    token = tokens_of(created)[seat]
    protocols = ["gamenight", f"gamenight.token.{token}"]
    with client.websocket_connect(f"/ws/tables/{table_id}", subprotocols=protocols) as ws:
        version = ws.receive_json()["version"]
        message = {"move": twin, "version": version, "move_id": "a1"}
        ws.send_json(message)
        assert ws.receive_json()["version"] == version + 1
        ws.send_json(message)  # the answer was "lost": the client sends it again
        ws.send_json({"move": "nonsense", "version": version + 1})  # to see the socket's next answer
        assert ws.receive_json()["code"] == "illegal_move"
    assert get(client, table_id)["version"] == version + 1


def test_move_ids_are_checked(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    body = {"token": tokens_of(created)[1], "move": "pass", "version": 0, "move_id": "no spaces allowed"}
    error_of(client.post(f"/api/tables/{table_id}/moves", json=body), 422, "bad_request")


# ---- errors that change nothing -----------------------------------------------------------------


def test_an_engine_failure_before_the_move_is_recorded_answers_500_without_replaying(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = create(client)
    table_id = created["table_id"]
    play_first_legal(client, created)
    before = get(client, table_id, tokens_of(created)[0])
    seat = min(live(client, table_id).state.to_act)
    replays: list[str] = []
    monkeypatch.setattr(service_module, "replay_table", lambda *a: replays.append("replayed"))

    def broken_parse(self: State, text_: str) -> Any:
        raise ValueError("a bug in the move reader")

    monkeypatch.setattr(type(live(client, table_id).state), "parse", broken_parse)
    for _ in range(3):
        error_of(move(client, table_id, tokens_of(created)[seat], "pass", 1), 500, "internal_error")
    assert replays == []
    monkeypatch.undo()
    assert_same_tables({table_id: before}, {table_id: get(client, table_id, tokens_of(created)[0])})
    assert play_first_legal(client, created) == 2


def test_an_engine_failure_after_the_move_is_recorded_is_rebuilt_off_the_event_loop(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = create(client)
    table_id = created["table_id"]
    play_first_legal(client, created)
    before = get(client, table_id, tokens_of(created)[0])
    state = live(client, table_id).state
    seat = min(state.to_act)
    legal = str(state.legal_moves(seat)[0])
    on_loop: list[bool] = []
    real_replay = replay_table  # the service's own, patched below

    def watched_replay(*args: Any) -> State:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:  # a worker thread: no event loop runs here
            on_loop.append(False)
        return real_replay(*args)

    def half_applied(self: State, seat_: int, move_: Any) -> None:
        raise RuntimeError("a bug halfway through a move")

    monkeypatch.setattr(service_module, "replay_table", watched_replay)
    with monkeypatch.context() as patch:
        patch.setattr(type(state), "_apply", half_applied)
        error_of(move(client, table_id, tokens_of(created)[seat], legal, 1), 500, "internal_error")
    assert on_loop == [False]
    assert_same_tables({table_id: before}, {table_id: get(client, table_id, tokens_of(created)[0])})
    assert len(live(client, table_id).state.moves) == 1
    assert play_first_legal(client, created) == 2


def test_any_unexpected_failure_is_a_json_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(str(tmp_path / "t.db")), raise_server_exceptions=False) as client:
        created = create(client)

        async def broken_snapshot(*_args: Any) -> Any:
            raise KeyError("a bug")

        monkeypatch.setattr(service_module.TableService, "snapshot", broken_snapshot)
        r = client.get(f"/api/tables/{created['table_id']}")
        error_of(r, 500, "internal_error")
        assert r.headers["content-type"] == "application/json"


# ---- views the fast encoder refuses -------------------------------------------------------------


def test_dumps_writes_integers_past_64_bits() -> None:
    pytest.importorskip("orjson")
    value = {"option": 2**64, "negative": -(2**70), "list": [1, "x"]}
    assert wire._make_dumps()(value) == json.dumps(value, separators=(",", ":"))
    assert json.loads(wire.dumps(value)) == value


def test_a_view_past_64_bits_fails_neither_the_move_nor_the_sockets(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = create(client)
    table_id = created["table_id"]
    state = live(client, table_id).state
    real_view = type(state).view

    def huge_view(self: State, seat: int | None = None, *, layout: bool = True) -> dict[str, Any]:
        return {**real_view(self, seat, layout=layout), "huge": 2**64}

    monkeypatch.setattr(type(state), "view", huge_view)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert ws.receive_json()["view"]["huge"] == 2**64
        seat = min(state.to_act)
        legal = str(state.legal_moves(seat)[0])
        assert move(client, table_id, tokens_of(created)[seat], legal, 0).json() == {"version": 1}
        frame = ws.receive_json()
        assert frame["version"] == 1 and frame["view"]["huge"] == 2**64


def test_a_view_that_fails_after_a_saved_move_does_not_fail_the_move(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = create(client)
    table_id = created["table_id"]
    state = live(client, table_id).state
    seat = min(state.to_act)
    legal = str(state.legal_moves(seat)[0])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert ws.receive_json()["version"] == 0

        def broken_view(self: State, seat: int | None = None, *, layout: bool = True) -> dict[str, Any]:
            raise RuntimeError("a bug in the view")

        with monkeypatch.context() as patch:
            patch.setattr(type(state), "view", broken_view)
            assert move(client, table_id, tokens_of(created)[seat], legal, 0).json() == {"version": 1}
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == "internal_error"
        assert get(client, table_id)["version"] == 1
