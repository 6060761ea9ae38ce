"""The web service in-process (FastAPI's TestClient, HTTP and WebSocket): the public API's happy
paths, every refusal with its code and sentence (and the table unchanged after it), bots through
the move path, durability settings, the storage writer, and a restart on the same database.

Euchre is the game played where one is needed (four seats, a heuristic bot); the tests that must
hold for every game are in ``test_hidden.py``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

import gamenight
from gamenight.bots import seat_bots
from gamenight.core.errors import IllegalMove
from gamenight.core.rules_text import for_the_table, options_for_the_table
from gamenight.server import create_app
from gamenight.server.app import MAX_BODY
from gamenight.server.assets import asset_version, versioned_prefix
from gamenight.server.service import LiveTable, TableService
from gamenight.server.storage import GroupCommitWriter, MoveRow, SeatRecord, Storage, TableRecord, utc_now
from tests.asyncrun import run_async
from tests.server.clocked import advance, clocked_client

with warnings.catch_warnings():  # starlette warns about its httpx transport on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

GAME = "euchre"
HUMANS4 = [{"kind": "human"}] * 4


def service_of(client: TestClient) -> TableService:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    return service


def live(client: TestClient, table_id: str) -> LiveTable:
    return service_of(client).tables[table_id]


def create(client: TestClient, seats: list[dict[str, Any]] | None = None, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": GAME, "seats": seats or HUMANS4, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def tokens_of(created: dict[str, Any]) -> list[str]:
    return [s["token"] for s in created["seats"]]


def get(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}", params={"token": token} if token else None)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def acting_seat(client: TestClient, table_id: str) -> int:
    (seat,) = get(client, table_id)["view"]["to_act"]
    return int(seat)


def move(client: TestClient, table_id: str, token: str | None, text_: str, version: int) -> Any:
    body: dict[str, Any] = {"move": text_, "version": version}
    if token is not None:
        body["token"] = token
    return client.post(f"/api/tables/{table_id}/moves", json=body)


def play_first_legal(client: TestClient, created: dict[str, Any]) -> int:
    """The seat to act plays its first legal move over HTTP; returns the new version."""
    table_id = created["table_id"]
    seat = acting_seat(client, table_id)
    token = tokens_of(created)[seat]
    snap = get(client, table_id, token)
    r = move(client, table_id, token, snap["view"]["legal_moves"][0], snap["version"])
    assert r.status_code == 200, r.text
    version: int = r.json()["version"]
    assert version == snap["version"] + 1
    return version


def all_views(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    """The table as every seat and the spectator see it now."""
    table_id = created["table_id"]
    return [get(client, table_id, t) for t in tokens_of(created)] + [get(client, table_id)]


def error_of(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code
    assert error["message"]
    return error


def wait_for(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


# ---- games and tables ---------------------------------------------------------------------------


def test_games_lists_every_registered_game_with_its_schema(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == [s.id for s in gamenight.games()]
    for g, spec in zip(games, gamenight.games(), strict=True):
        # the rules as people read them at a table: the docstring without its citations, its
        # examples' cards drawn as players write them (and so the options' help and choices)
        info = spec.to_json()
        table = {**info, "options": options_for_the_table(info["options"]),
                 "rules": for_the_table(spec.rules), "bots": seat_bots(spec.id)}
        assert g == json.loads(json.dumps(table))
        assert g["rules"] and g["options"]
        fields = {"name", "default", "label", "help", "type", "choices", "minimum", "maximum"}
        assert fields <= set(g["options"][0])


def test_the_fingerprint_of_the_files_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;")
    first = asset_version.__wrapped__(tmp_path)
    assert asset_version.__wrapped__(tmp_path) == first
    (tmp_path / "js" / "a.js").write_text("export const a = 2;")
    assert asset_version.__wrapped__(tmp_path) != first


def test_one_game_is_its_entry_of_the_list_and_an_unknown_one_is_not_found(client: TestClient) -> None:
    """A table's page fetches its own game's entry (a tenth of the list's 220 KB on a phone)."""
    listed = client.get("/api/games").json()
    for g in (listed[0], listed[-1]):
        assert client.get(f"/api/games/{g['id']}").json() == g
    error = error_of(client.get("/api/games/no-such-game"), 404, "not_found")
    assert "no such game" in error["message"]


def test_create_table_with_humans_and_bots(client: TestClient) -> None:
    created = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                              {"kind": "human"}, {"kind": "bot", "bot": "random"}], bot_delay_ms=0)
    table_id = created["table_id"]
    # shared links are absolute (issue 10): here built on the request's own host
    assert created["spectator_link"] == f"http://testserver/t/{table_id}"
    kinds = [(s["seat"], s["kind"], s["bot"]) for s in created["seats"]]
    assert kinds == [(0, "human", None), (1, "bot", "heuristic"), (2, "human", None), (3, "bot", "random")]
    for s in created["seats"]:
        if s["kind"] == "human":
            assert len(s["token"]) >= 20 and s["link"] == f"http://testserver/t/{table_id}?token={s['token']}"
        else:
            assert s["token"] is None and s["link"] is None
    assert [s["name"] for s in created["seats"]] == ["North", "East", "South", "West"]
    snap = get(client, table_id, created["seats"][2]["token"])
    assert snap["seat"] == 2 and snap["view"]["seat"] == 2 and snap["game"] == GAME
    assert snap["seed"] is None and snap["seed_commitment"] == created["seed_commitment"]
    assert snap["seats"][1] == {"seat": 1, "kind": "bot", "name": "East", "bot": "heuristic",
                                "connected": True, "default_name": "East"}


def test_a_table_made_with_a_seed_deals_that_seed_every_time(client: TestClient) -> None:
    seed = 2**63 - 1
    first, second = create(client, seed=seed), create(client, seed=seed)
    committed = hashlib.sha256(str(seed).encode()).hexdigest()
    assert first["seed_commitment"] == second["seed_commitment"] == committed
    assert [v["view"] for v in all_views(client, first)] == [v["view"] for v in all_views(client, second)]
    assert create(client, seed=0)["seed_commitment"] == hashlib.sha256(b"0").hexdigest()
    unseeded = create(client)["seed_commitment"]
    assert unseeded not in (first["seed_commitment"], hashlib.sha256(b"0").hexdigest())
    for bad in (-1, 2**63, "12", True, 1.5):
        r = client.post("/api/tables", json={"game": GAME, "seats": HUMANS4, "seed": bad})
        assert error_of(r, 422, "bad_request")["message"].startswith("seed"), (bad, r.text)
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateTable"]["properties"]
    assert "seed" in schema and "foresee" in schema["seed"]["description"]


def test_views_by_token_and_as_spectator(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    state = live(client, table_id).state
    for seat, token in enumerate(tokens_of(created)):
        snap = get(client, table_id, token)
        assert snap["seat"] == seat
        assert snap["view"] == state.view(seat)
        assert snap["view"]["hand"] and snap["version"] == 0
    spectator = get(client, table_id)
    assert spectator["seat"] is None and spectator["view"] == state.view(None)
    assert spectator["view"]["hand"] is None and spectator["view"]["legal_moves"] == []


def test_preset_options_and_players_are_applied(client: TestClient) -> None:
    created = create(client, preset="standard", options={"target": 5}, players=4)
    view = get(client, created["table_id"])["view"]
    assert view["preset"] == "standard" and view["options"]["target"] == 5


def test_moves_over_http_advance_the_version(client: TestClient) -> None:
    created = create(client)
    for expected in range(1, 6):
        assert play_first_legal(client, created) == expected
    assert live(client, created["table_id"]).state.view(0)["move_number"] == 5


def test_websocket_pushes_each_seat_its_own_view_after_every_change(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    tokens = tokens_of(created)
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as w0,
          client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as w1,
          client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[2]}") as w2,
          client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[3]}") as w3,
          client.websocket_connect(f"/ws/tables/{table_id}") as spectator):
        sockets = [w0, w1, w2, w3, spectator]
        for seat, ws in enumerate(sockets):
            frame = ws.receive_json()
            assert frame["type"] == "state" and frame["version"] == 0 and frame["seed"] is None
            assert frame["view"]["seat"] == (seat if seat < 4 else None)
        for version in range(1, 4):
            if version == 2:  # a move over the WebSocket, the others over HTTP
                seat = acting_seat(client, table_id)
                ws_move = get(client, table_id, tokens[seat])["view"]["legal_moves"][0]
                sockets[seat].send_json({"move": ws_move, "version": version - 1})
            else:
                play_first_legal(client, created)
            state = live(client, table_id).state
            for seat, ws in enumerate(sockets):
                frame = ws.receive_json()
                who = seat if seat < 4 else None
                assert [s["connected"] for s in frame.pop("seats")] == [True] * 4
                assert [w["seat"] for w in frame.pop("waiting")] == sorted(state.to_act)
                # Euchre's house rules may change mid-match: none proposed yet (test_amend_api.py)
                assert frame.pop("amendments") == {"may_propose": True, "proposals": []}
                assert frame == {"type": "state", "version": version, "view": state.view(who), "seed": None,
                                 "trick_pause_ms": 1500}


def test_websocket_reconnect_gets_the_current_state(client: TestClient) -> None:
    created = create(client)
    table_id = created["table_id"]
    token = tokens_of(created)[1]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["version"] == 0
    play_first_legal(client, created)
    play_first_legal(client, created)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        frame = ws.receive_json()
        assert frame["version"] == 2 and frame["view"] == live(client, table_id).state.view(1)


# ---- bots ---------------------------------------------------------------------------------------


def test_bots_play_a_whole_game_through_the_move_path_and_the_seed_is_revealed(client: TestClient) -> None:
    created = create(client, [{"kind": "bot"}] * 4, bot_delay_ms=0)
    table_id = created["table_id"]
    assert client.get(f"/api/tables/{table_id}/log").json()["error"]["code"] in ("not_over",)
    wait_for(lambda: get(client, table_id)["view"]["is_over"], timeout=30)
    snap = get(client, table_id)
    assert snap["seed"] is not None
    assert hashlib.sha256(snap["seed"].encode()).hexdigest() == created["seed_commitment"]
    log = client.get(f"/api/tables/{table_id}/log").json()
    assert str(log["seed"]) == snap["seed"] and len(log["moves"]) == snap["version"]
    replayed = gamenight.replay(log)
    assert replayed.is_over and replayed.view(None) == snap["view"]


def test_bots_wait_for_the_table_delay(db: str) -> None:
    with clocked_client(db) as (client, clock):
        created = create(client, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}],
                         bot_delay_ms=300, seed=3)
        table_id = created["table_id"]
        if acting_seat(client, table_id) == 0:
            play_first_legal(client, created)
        version = get(client, table_id)["version"]
        advance(client, clock, 0.299)
        assert get(client, table_id)["version"] == version
        advance(client, clock, 0.001)
        assert get(client, table_id)["version"] == version + 1


def test_several_bots_act_in_a_simultaneous_phase(db: str) -> None:
    """Hearts passes all at once: the three bots each choose three cards while the person thinks."""
    with clocked_client(db) as (client, clock):
        r = client.post("/api/tables", json={"game": "hearts", "preset": "standard", "bot_delay_ms": 0,
                                             "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3})
        created = r.json()
        table_id = created["table_id"]
        advance(client, clock)
        assert get(client, table_id)["version"] == 9
        view = get(client, table_id, created["seats"][0]["token"])["view"]
        assert view["phase"] == "pass" and view["to_act"] == [0]
        assert view["passes_chosen"] == [0, 3, 3, 3] and view["my_pass"] == []
        advance(client, clock, 30.0)
        assert get(client, table_id)["version"] == 9  # nobody moves for the person
        assert not live(client, table_id).bot_tasks


def test_a_person_cannot_move_for_a_bot(client: TestClient) -> None:
    created = create(client, [{"kind": "human"}] + [{"kind": "bot"}] * 3, bot_delay_ms=60_000)
    table_id = created["table_id"]
    if acting_seat(client, table_id) == 0:
        play_first_legal(client, created)
    snap = get(client, table_id)
    assert snap["view"]["to_act"] != [0]
    r = move(client, table_id, created["seats"][0]["token"], "pass", snap["version"])
    error_of(r, 409, "not_your_turn")


# ---- refusals: each has its code and sentence, and changes nothing ------------------------------


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    created = create(client)
    play_first_legal(client, created)
    play_first_legal(client, created)
    return created


def unchanged(client: TestClient, created: dict[str, Any], before: list[dict[str, Any]]) -> None:
    after = all_views(client, created)
    assert after == before
    assert [a["version"] for a in after] == [2] * 5


def test_malformed_json_is_a_bad_request(client: TestClient, table: dict[str, Any]) -> None:
    before = all_views(client, table)
    headers = {"content-type": "application/json"}
    moves_url = f"/api/tables/{table['table_id']}/moves"
    error_of(client.post(moves_url, content=b'{"move": "pass",', headers=headers), 400, "bad_request")
    error_of(client.post("/api/tables", content=b"[not json", headers=headers), 400, "bad_request")
    error = error_of(client.post(f"/api/tables/{table['table_id']}/moves", json={"move": "pass"}), 422,
                     "bad_request")
    assert "version" in error["message"]
    alien = {"game": GAME, "seats": [{"kind": "alien"}]}
    error_of(client.post("/api/tables", json=alien), 422, "bad_request")
    unchanged(client, table, before)


def test_unknown_game_and_bad_options_use_the_engine_sentence(client: TestClient) -> None:
    error = error_of(client.post("/api/tables", json={"game": "snap", "seats": HUMANS4}), 400, "unknown_game")
    assert "No game 'snap'" in error["message"] and "euchre" in error["message"]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"options": {"target": "ten"}}, "Option 'target' takes a whole number, not 'ten'."),
        ({"options": {"colour": "red"}}, "Unknown option 'colour'"),
        ({"preset": "nope"}, "Unknown preset 'nope'"),
        ({"players": 5, "seats": [{"kind": "human"}] * 5}, "Euchre is played by 4 players, not 5."),
    ]
    for extra, sentence in cases:
        body = {"game": GAME, "seats": HUMANS4, **extra}
        error = error_of(client.post("/api/tables", json=body), 422, "bad_options")
        assert sentence in error["message"]
    assert service_of(client).tables == {}


def test_bad_seat_lists_are_refused(client: TestClient) -> None:
    error = error_of(client.post("/api/tables", json={"game": GAME, "players": 4, "seats": HUMANS4[:3]}),
                     422, "bad_seats")
    assert "needs 4 seats, not 3" in error["message"]
    genius = {"game": GAME, "seats": [{"kind": "bot", "bot": "genius"}, *HUMANS4[:3]]}
    error = error_of(client.post("/api/tables", json=genius), 422, "bad_seats")
    assert "Unknown bot 'genius'" in error["message"]
    error_of(client.post("/api/tables", json={"game": GAME, "seats": []}), 422, "bad_request")
    assert service_of(client).tables == {}


def test_wrong_or_missing_token(client: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table_id"]
    before = all_views(client, table)
    seat = acting_seat(client, table_id)
    legal = get(client, table_id, tokens_of(table)[seat])["view"]["legal_moves"][0]
    error_of(move(client, table_id, "not-a-token", legal, 2), 403, "bad_token")
    error_of(move(client, table_id, None, legal, 2), 403, "bad_token")
    other = create(client)  # a real token of another table opens nothing here
    error_of(move(client, table_id, tokens_of(other)[seat], legal, 2), 403, "bad_token")
    error_of(client.get(f"/api/tables/{table_id}", params={"token": "nope"}), 403, "bad_token")
    unchanged(client, table, before)


def test_out_of_turn(client: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table_id"]
    before = all_views(client, table)
    seat = acting_seat(client, table_id)
    other = (seat + 1) % 4
    error = error_of(move(client, table_id, tokens_of(table)[other], "pass", 2), 409, "not_your_turn")
    names = ["North", "East", "South", "West"]
    assert error["message"] == f"It is not your turn, {names[other]}: waiting for {names[seat]}."
    assert error["version"] == 2
    unchanged(client, table, before)


def test_stale_version(client: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table_id"]
    before = all_views(client, table)
    seat = acting_seat(client, table_id)
    legal = before[seat]["view"]["legal_moves"][0]
    for stale in (0, 1, 3):
        error = error_of(move(client, table_id, tokens_of(table)[seat], legal, stale), 409, "stale_version")
        assert error["version"] == 2
    unchanged(client, table, before)


def test_illegal_move_gets_the_engine_sentence(client: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table_id"]
    before = all_views(client, table)
    seat = acting_seat(client, table_id)
    state = live(client, table_id).state
    for attempt in ("play AS", "bid 99", "dance", "", "order order order"):
        expected = engine_refusal(state, attempt, seat)
        error = error_of(move(client, table_id, tokens_of(table)[seat], attempt, 2), 422, "illegal_move")
        assert error["message"] == expected and error["version"] == 2
    unchanged(client, table, before)


def engine_refusal(state: gamenight.State, text_: str, seat: int) -> str:
    try:
        state.clone().play(text_, seat)
    except IllegalMove as e:
        return str(e)
    raise AssertionError(f"{text_!r} is legal")


def test_oversize_bodies(client: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table_id"]
    before = all_views(client, table)
    big = json.dumps({"token": tokens_of(table)[0], "move": "x" * MAX_BODY, "version": 2}).encode()
    error = error_of(client.post(f"/api/tables/{table_id}/moves", content=big,
                                 headers={"content-type": "application/json"}), 413, "too_large")
    assert str(MAX_BODY) in error["message"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit is counted as the body arrives
        yield b'{"game": "euchre", "seats": ['
        for _ in range(2000):
            yield b'{"kind": "human"},'
        yield b'{"kind": "human"}]}'

    error_of(client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"}),
             413, "too_large")
    unchanged(client, table, before)
    assert len(service_of(client).tables) == 1


def test_unknown_table(client: TestClient) -> None:
    error_of(client.get("/api/tables/nosuchtable"), 404, "unknown_table")
    error_of(client.get("/api/tables/bad%20id!"), 404, "unknown_table")
    error_of(move(client, "nosuchtable", "x", "pass", 0), 404, "unknown_table")
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        frame = ws.receive_json()
        assert frame["type"] == "error" and frame["code"] == "unknown_table"


def test_websocket_refusals(client: TestClient, table: dict[str, Any]) -> None:
    """Each refused message gets an error frame on that connection only; the table is unchanged."""
    table_id = table["table_id"]
    before = all_views(client, table)
    seat = acting_seat(client, table_id)
    other = (seat + 1) % 4
    tokens = tokens_of(table)
    legal = before[seat]["view"]["legal_moves"][0]
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[seat]}") as mover,
          client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[other]}") as bystander,
          client.websocket_connect(f"/ws/tables/{table_id}") as spectator):
        for ws in (mover, bystander, spectator):
            assert ws.receive_json()["version"] == 2
        cases: list[tuple[Any, str, Any]] = [
            (mover, "bad_request", "{not json"),
            (mover, "bad_request", json.dumps(["move", "pass"])),
            (mover, "bad_request", json.dumps({"move": legal})),
            (mover, "bad_request", json.dumps({"move": 3, "version": 2})),
            (mover, "too_large", json.dumps({"move": "x" * MAX_BODY, "version": 2})),
            (mover, "stale_version", json.dumps({"move": legal, "version": 1})),
            (mover, "illegal_move", json.dumps({"move": "play AS", "version": 2})),
            (bystander, "not_your_turn", json.dumps({"move": "pass", "version": 2})),
            (spectator, "bad_token", json.dumps({"move": legal, "version": 2})),
        ]
        for ws, code, message in cases:
            ws.send_text(message)
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["code"] == code and frame["message"], (code, frame)
            assert frame["version"] == 2
        mover.send_bytes(b"\x00binary")
        assert mover.receive_json()["code"] == "bad_request"
        # the others heard nothing: the next frame each receives is the state after a real move
        mover.send_json({"move": legal, "version": 2})
        for ws in (mover, bystander, spectator):
            frame = ws.receive_json()
            waiting = frame.pop("waiting")  # the people's part (server.people), checked in test_people
            assert len(frame.pop("seats")) == 4
            assert frame.pop("amendments")["proposals"] == []
            assert frame == {"type": "state", "version": 3, "seed": None, "trick_pause_ms": 1500,
                             "view": live(client, table_id).state.view(
                                 seat if ws is mover else other if ws is bystander else None)}
            assert [w["seat"] for w in waiting] == frame["view"]["to_act"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token=wrong") as ws:
        assert ws.receive_json()["code"] == "bad_token"


# ---- durability ---------------------------------------------------------------------------------


def test_a_move_that_cannot_be_saved_is_not_made(client: TestClient, table: dict[str, Any],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = table["table_id"]
    before = all_views(client, table)
    seat = acting_seat(client, table_id)
    legal = before[seat]["view"]["legal_moves"][0]

    def broken_disk(*_args: Any) -> None:
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        assert spectator.receive_json()["version"] == 2
        with monkeypatch.context() as patch:
            patch.setattr(Storage, "write_batch", staticmethod(broken_disk))
            error_of(move(client, table_id, tokens_of(table)[seat], legal, 2), 503, "storage_error")
        unchanged(client, table, before)
        assert len(live(client, table_id).state.moves) == 2
        r = move(client, table_id, tokens_of(table)[seat], legal, 2)
        assert r.status_code == 200 and r.json() == {"version": 3}
        assert spectator.receive_json()["version"] == 3  # no frame was sent for the failed move


def test_sqlite_runs_in_wal_mode_with_full_sync(db: str) -> None:
    storage = Storage(f"sqlite:///{db}")
    with storage.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    storage.close()


def test_tokens_are_stored_only_as_hashes(db: str) -> None:
    with TestClient(create_app(db)) as client:
        created = create(client)
        play_first_legal(client, created)
    raw = b"".join(p.read_bytes() for p in Path(db).parent.iterdir() if p.name.startswith("tables.db"))
    for token in tokens_of(created):
        assert token.encode() not in raw
        assert hashlib.sha256(token.encode()).hexdigest().encode() in raw


def test_group_commit_fails_only_the_bad_write(db_url: str) -> None:
    """Twenty moves commit together; the one that repeats a move number fails alone."""
    storage = Storage(db_url)
    writer = GroupCommitWriter(storage)
    writer.start()
    record = TableRecord(id="t1", game=GAME, preset=None, options={}, players=4, seed=1,
                         seats=(SeatRecord("bot", "random"),) * 4, bot_delay_ms=0, created_at=utc_now())

    async def many() -> list[BaseException | None]:
        await writer.write(record)
        jobs = [writer.write(MoveRow("t1", 5 if i == 11 else i + 1, 0, "pass")) for i in range(20)]
        return list(await asyncio.gather(*jobs, return_exceptions=True))

    results = run_async(many())
    writer.stop()
    assert [r is None for r in results] == [i != 11 for i in range(20)]
    stored = storage.load_table("t1")
    assert stored is not None and len(stored.moves) == 19
    storage.close()


def test_restart_in_process_replays_live_and_finished_tables(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = create(client)
        for _ in range(7):
            play_first_legal(client, created)
        before = all_views(client, created)
        finished = create(client, [{"kind": "bot"}] * 4, bot_delay_ms=0)
        wait_for(lambda: get(client, finished["table_id"])["view"]["is_over"], timeout=30)
        finished_before = get(client, finished["table_id"])
    with TestClient(create_app(db_url)) as client:
        service = service_of(client)
        assert service.tables == {}  # tables without bots, and finished ones, load on first use
        after = all_views(client, created)
        assert set(service.tables) == {created["table_id"]}
        # the seat to act is still waited for since the last move: the stored time of that move
        for old, new in zip(before, after, strict=True):
            assert [w["seat"] for w in old["waiting"]] == [w["seat"] for w in new["waiting"]]
            stamps = zip(old.pop("waiting"), new.pop("waiting"), strict=True)
            assert all(abs(a["since"] - b["since"]) < 1 for a, b in stamps)
        assert after == before
        assert play_first_legal(client, created) == 8
        assert get(client, finished["table_id"]) == finished_before
        assert finished_before["seed"] is not None


# ---- pages --------------------------------------------------------------------------------------


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    web = Path(gamenight.__file__).parent / "web"
    table_id = client.post("/api/tables", json={"game": "hearts", "seats": HUMANS4}).json()["table_id"]
    for url, name in (("/", "index.html"), (f"/t/{table_id}", "table.html")):
        r = client.get(url)
        if (web / name).is_file():
            # the page as written, its files named under their fingerprint (server/assets.py)
            assert r.status_code == 200
            assert r.text == (web / name).read_text().replace('"/static/', f'"{versioned_prefix()}')
            assert r.headers["cache-control"] == "no-cache"
            assert r.headers["content-type"].startswith("text/html")
            assert "default-src 'self'" in r.headers["content-security-policy"]
            assert r.headers["referrer-policy"] == "no-referrer"
        else:
            assert r.status_code == 404
    for path in sorted(web.rglob("*.js"))[:3]:
        r = client.get(f"/static/{path.relative_to(web).as_posix()}")
        assert r.status_code == 200 and "javascript" in r.headers["content-type"]
        assert r.headers["cache-control"] == "no-cache"  # asked for again each time
        kept = client.get(f"{versioned_prefix()}{path.relative_to(web).as_posix()}")
        assert kept.status_code == 200 and kept.text == r.text
        assert kept.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert client.get(f"{versioned_prefix()}../server/app.py").status_code == 404
    assert client.get("/static/../server/app.py").status_code == 404
    assert client.get("/openapi.json").json()["paths"]["/api/tables"]["post"]["summary"] == "Start a table"


def test_a_link_to_no_table_answers_404_in_words(client: TestClient) -> None:
    """A mistyped or archived table link says so and leads back to the lobby, rather than a table page
    that loads and then fails."""
    for url in ("/t/nope", "/t/0123456789abcdef0123"):
        r = client.get(url)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
        assert "There is no table at this link" in r.text and 'href="/"' in r.text
        assert "default-src 'self'" in r.headers["content-security-policy"]


def test_a_secret_choice_made_meanwhile_does_not_make_a_move_stale(client: TestClient) -> None:
    """In Hearts everybody passes at once: East's pass, made after North looked, leaves North's choices
    as they were, so North's move (chosen at the older version) stands; North's own earlier pass does
    not, as it changed what North may pass."""
    r = client.post("/api/tables", json={"game": "hearts", "preset": "standard", "seats": HUMANS4})
    created = r.json()
    table_id = created["table_id"]
    tokens = tokens_of(created)
    north, east = (get(client, table_id, tokens[s]) for s in (0, 1))
    assert north["view"]["phase"] == "pass" and north["version"] == east["version"] == 0
    assert move(client, table_id, tokens[1], east["view"]["legal_moves"][0], 0).json() == {"version": 1}
    assert move(client, table_id, tokens[0], north["view"]["legal_moves"][0], 0).json() == {"version": 2}
    second = north["view"]["legal_moves"][1]
    error = error_of(move(client, table_id, tokens[0], second, 1), 409, "stale_version")
    assert error["version"] == 2
    assert move(client, table_id, tokens[0], second, 2).json() == {"version": 3}


# ---- the serve command --------------------------------------------------------------------------


def test_serve_command_runs_the_app_under_uvicorn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn
    from fastapi import FastAPI
    from typer.testing import CliRunner

    from gamenight import cli
    from gamenight.server import app as app_module

    calls: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.update(app=app, **kw))
    monkeypatch.setattr(app_module, "tune_gc", lambda: calls.update(tuned=True))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = CliRunner().invoke(cli.app, ["serve"])
    assert result.exit_code == 0, result.output
    assert calls["host"] == "127.0.0.1" and calls["port"] == 8000 and isinstance(calls["app"], FastAPI)
    assert calls["tuned"]
    assert (tmp_path / "data" / "gamenight" / "gamenight.db").is_file()  # the user's data folder
    assert "http://127.0.0.1:8000/" in result.output
    result = CliRunner().invoke(cli.app, ["serve", "--host", "0.0.0.0", "--port", "9001",
                                          "--db", f"sqlite:///{tmp_path / 'other.db'}"])
    assert result.exit_code == 0 and calls["host"] == "0.0.0.0" and calls["port"] == 9001
    assert (tmp_path / "other.db").is_file()
    result = CliRunner().invoke(cli.app, ["serve", "--db", "nosuchdialect://x"])
    assert result.exit_code == 2 and "Cannot use the database" in result.output


def test_default_data_folder_follows_the_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from gamenight.server import storage

    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr("gamenight.server.storage.sys.platform", "linux")
    assert storage.default_data_dir() == tmp_path / ".local" / "share" / "gamenight"
    monkeypatch.setattr("gamenight.server.storage.sys.platform", "darwin")
    assert storage.default_data_dir() == tmp_path / "Library" / "Application Support" / "gamenight"
    monkeypatch.setattr("gamenight.server.storage.sys.platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    assert storage.default_data_dir() == tmp_path / "Local" / "gamenight"
    assert storage.normalise_db_url("postgresql://u@h/db") == "postgresql://u@h/db"
    assert storage.normalise_db_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
