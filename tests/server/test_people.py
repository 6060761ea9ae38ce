"""The people at a table, through the real app in-process: names (chosen at creation or later), the
chat (stored, rate-limited, read-only for spectators), speech where a game counts it, presence and
waiting stamps, and rematches with their series tally; every one of them across a restart."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import gamenight
from gamenight.core.registry import _REGISTRY
from gamenight.server import create_app
from gamenight.server import live as live_module
from gamenight.server import service as service_module
from gamenight.server.people import CHAT_BURST, MAX_CHAT_CHARS, rematch_token
from gamenight.server.service import TableService
from tests.core.quiet_game import SPEC as QUIET

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture(autouse=True)
def quiet_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only game whose rules count speech (tests/core/quiet_game.py), for these tests only."""
    monkeypatch.setitem(_REGISTRY, QUIET.id, QUIET)


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def snap(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table_id}", params={"token": token} if token else None)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def token(created: dict[str, Any], seat: int) -> str:
    value: str = created["seats"][seat]["token"]
    return value


def quiet_table(client: TestClient, names: tuple[str | None, str | None] = ("Ann", "Bob")) -> dict[str, Any]:
    return create(client, "quiet-count", [{"kind": "human", "name": name} for name in names])


def count(client: TestClient, created: dict[str, Any], times: int = 1) -> int:
    """The seat to act counts, ``times`` times; returns the version."""
    table_id = created["table_id"]
    version = 0
    for _ in range(times):
        s = snap(client, table_id)
        (seat,) = s["view"]["to_act"]
        r = client.post(f"/api/tables/{table_id}/moves",
                        json={"token": token(created, seat), "move": "count", "version": s["version"]})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
    return version


def play_out(client: TestClient, created: dict[str, Any]) -> None:
    while not snap(client, created["table_id"])["view"]["is_over"]:
        count(client, created)


def service_of(client: TestClient) -> TableService:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    return service


def receive_until(ws: Any, kind: str, limit: int = 10) -> dict[str, Any]:
    """The next frame of ``kind`` (others, such as presence, may come first)."""
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


# ---- names --------------------------------------------------------------------------------------


def test_names_chosen_at_creation_are_used_everywhere(client: TestClient) -> None:
    created = create(client, "hearts", [{"kind": "human", "name": "  Ann  "}, {"kind": "bot", "name": "Robo"},
                                        {"kind": "human"}, {"kind": "bot"}], bot_delay_ms=60_000)
    assert [s["name"] for s in created["seats"]] == ["Ann", "Robo", "South", "West"]
    s = snap(client, created["table_id"], token(created, 2))
    assert s["view"]["players"] == ["Ann", "Robo", "South", "West"]
    assert s["view"]["score_sheet"]["columns"] == ["Ann", "Robo", "South", "West"]
    assert [x["default_name"] for x in s["seats"]] == ["North", "East", "South", "West"]
    dealt = s["view"]["events"][0]  # the dealer's sentence, written as the game was set up
    assert "North" not in dealt and "East" not in dealt and " deals " in dealt


def test_bad_names_are_refused_with_a_sentence(client: TestClient) -> None:
    seats: list[dict[str, Any]] = [{"kind": "human"}] * 4
    for names, why in [(["Ann", "ann", None, None], "cannot both be called"),
                       (["East", None, None, None], "cannot both be called"),  # seat 1 is East
                       (["x" * 25, None, None, None], "at most 24"),
                       (["\u200b\u202e", None, None, None], "at least one letter")]:
        r = client.post("/api/tables", json={"game": "euchre", "seats": [
            {**seat, "name": name} for seat, name in zip(seats, names, strict=True)]})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name", r.text
        assert why in r.json()["error"]["message"]


def test_a_seat_names_itself_later_and_every_sentence_follows(client: TestClient, db: str) -> None:
    created = quiet_table(client, (None, None))
    table_id = created["table_id"]
    count(client, created, 2)
    r = client.post(f"/api/tables/{table_id}/name", json={"token": token(created, 0), "name": "Zoë\n"})
    assert r.status_code == 200, r.text
    assert [s["name"] for s in r.json()] == ["Zoë", "Player 2"]
    events = snap(client, table_id)["view"]["events"]
    assert events[:2] == ["Zoë starts the count.", "Zoë counts 1."]  # the past is reworded too
    r = client.post(f"/api/tables/{table_id}/name", json={"token": token(created, 1), "name": "zoë"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name"
    r = client.post(f"/api/tables/{table_id}/name", json={"name": "Spy"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{table_id}/name", json={"token": "wrong", "name": "Spy"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    with TestClient(create_app(db)) as again:  # a restart keeps the name
        assert snap(again, table_id)["view"]["players"] == ["Zoë", "Player 2"]


def test_a_name_over_the_websocket_reaches_every_page(client: TestClient) -> None:
    created = quiet_table(client, (None, None))
    table_id = created["table_id"]
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 1)}") as mine,
          client.websocket_connect(f"/ws/tables/{table_id}") as watcher):
        receive_until(mine, "state")
        receive_until(watcher, "state")
        mine.send_json({"type": "name", "name": "Bea"})
        for ws in (mine, watcher):
            frame = receive_until(ws, "state")
            assert frame["version"] == 0 and frame["seats"][1]["name"] == "Bea"
            assert frame["view"]["players"] == ["Player 1", "Bea"]
        mine.send_json({"type": "name", "name": ""})
        error = receive_until(mine, "people_error")
        assert error["code"] == "bad_name"


# ---- chat ----------------------------------------------------------------------------------------


def test_chat_reaches_every_subscribed_page_and_spectators_only_read(client: TestClient) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 0)}") as ann,
          client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 1)}") as bob,
          client.websocket_connect(f"/ws/tables/{table_id}") as watcher):
        for ws in (ann, bob, watcher):
            receive_until(ws, "state")
            ws.send_json({"type": "hello"})
            assert receive_until(ws, "chat") == {"type": "chat", "history": True, "messages": []}
        ann.send_json({"type": "chat", "text": "<b>Your turn!</b>"})
        for ws in (ann, bob, watcher):
            frame = receive_until(ws, "chat")
            assert frame["history"] is False
            (message,) = frame["messages"]
            # stored and sent as written: the page shows it as text, never as markup
            assert message["text"] == "<b>Your turn!</b>"
            assert message["name"] == "Ann" and message["seat"] == 0
        watcher.send_json({"type": "chat", "text": "psst"})
        assert receive_until(watcher, "people_error")["code"] == "spectator"
    r = client.get(f"/api/tables/{table_id}/chat")
    assert [m["text"] for m in r.json()["messages"]] == ["<b>Your turn!</b>"]
    assert "Good game" in r.json()["quick"]


def test_a_page_that_did_not_subscribe_gets_no_chat(client: TestClient) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 1)}") as program:
        receive_until(program, "state")
        r = client.post(f"/api/tables/{table_id}/chat", json={"token": token(created, 0), "text": "hi"})
        assert r.status_code == 201
        count(client, created)
        frame = program.receive_json()  # the next frame is the move's state, not the chat
        assert frame["type"] == "state" and frame["version"] == 1


def test_chat_limits_length_and_pace(client: TestClient) -> None:
    created = quiet_table(client)
    url = f"/api/tables/{created['table_id']}/chat"
    ann = token(created, 0)
    r = client.post(url, json={"token": ann, "text": "x" * (MAX_CHAT_CHARS + 1)})
    assert r.status_code == 422 and r.json()["error"]["code"] == "too_long"
    r = client.post(url, json={"token": ann, "text": " \n\t "})
    assert r.status_code == 422
    for i in range(CHAT_BURST):
        assert client.post(url, json={"token": ann, "text": f"m{i}"}).status_code == 201
    r = client.post(url, json={"token": ann, "text": "one more"})
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    bob = token(created, 1)
    assert client.post(url, json={"token": bob, "text": "me too"}).status_code == 201  # per seat
    r = client.post(url, json={"text": "spectator"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "spectator"


def test_an_oversized_chat_message_is_refused_as_too_large(client: TestClient) -> None:
    created = quiet_table(client)
    with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={token(created, 0)}") as ws:
        receive_until(ws, "state")
        ws.send_json({"type": "chat", "text": "x" * 20_000})
        answer = ws.receive_json()  # no hello: nothing but the answer comes
        assert answer["type"] == "error" and answer["code"] == "too_large"
        ws.send_json({"type": "chat", "text": "x" * 300})
        answer = ws.receive_json()
        assert answer["type"] == "people_error" and answer["code"] == "too_long"
    assert client.get(f"/api/tables/{created['table_id']}/chat").json()["messages"] == []


def test_chat_history_survives_a_restart(client: TestClient, db: str) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    for i, line in enumerate(["hello", "Thinking…", "Oops"]):
        r = client.post(f"/api/tables/{table_id}/chat", json={"token": token(created, i % 2), "text": line})
        assert r.status_code == 201 and r.json()["n"] == i + 1
    with TestClient(create_app(db)) as again:
        with again.websocket_connect(f"/ws/tables/{table_id}") as ws:
            receive_until(ws, "state")
            ws.send_json({"type": "hello"})
            history = receive_until(ws, "chat")
        assert [(m["n"], m["name"], m["text"]) for m in history["messages"]] == [
            (1, "Ann", "hello"), (2, "Bob", "Thinking…"), (3, "Ann", "Oops")]
        r = again.post(f"/api/tables/{table_id}/chat", json={"token": token(created, 1), "text": "back"})
        assert r.json()["n"] == 4


# ---- speech ---------------------------------------------------------------------------------------


def test_chat_counts_as_speech_where_the_rules_say_so(client: TestClient, db: str) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    url = f"/api/tables/{table_id}/chat"
    assert client.post(url, json={"token": token(created, 1), "text": "good luck"}).status_code == 201
    assert snap(client, table_id)["version"] == 0  # before play starts, speech is free
    count(client, created)
    assert client.post(url, json={"token": token(created, 1), "text": "Oops"}).status_code == 201
    s = snap(client, table_id)
    assert s["version"] == 2 and s["view"]["penalties"] == [0, 3]
    assert "Bob loses 3 points for speaking." in s["view"]["events"]
    play_out(client, created)
    log = client.get(f"/api/tables/{table_id}/log").json()
    assert [1, "speak"] in log["moves"] and log["names"] == ["Ann", "Bob"]
    assert gamenight.replay(log).view(None)["penalties"] == [0, 3]
    with TestClient(create_app(db)) as again:
        assert snap(again, table_id)["view"]["penalties"] == [0, 3]


def test_chat_in_a_game_that_does_not_count_speech_changes_nothing(client: TestClient) -> None:
    created = create(client, "euchre", [{"kind": "human"}] * 4)
    url = f"/api/tables/{created['table_id']}/chat"
    r = client.post(url, json={"token": token(created, 2), "text": "hi"})
    assert r.status_code == 201 and snap(client, created["table_id"])["version"] == 0


# ---- presence and waiting ----------------------------------------------------------------------------


def test_presence_is_told_to_subscribed_pages(client: TestClient) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    assert [s["connected"] for s in snap(client, table_id)["seats"]] == [False, False]
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        receive_until(watcher, "state")
        watcher.send_json({"type": "hello"})
        assert [s["connected"] for s in receive_until(watcher, "seats")["seats"]] == [False, False]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 1)}") as bob:
            receive_until(bob, "state")
            assert [s["connected"] for s in receive_until(watcher, "seats")["seats"]] == [False, True]
            assert [s["connected"] for s in snap(client, table_id)["seats"]] == [False, True]
        assert [s["connected"] for s in receive_until(watcher, "seats")["seats"]] == [False, False]


def test_the_seat_to_act_is_stamped_when_it_starts_being_waited_for(client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    unix_time = [1_800_000_000.0]  # the waiting stamps' wall time, moved by the test
    monkeypatch.setattr(service_module, "now", lambda: unix_time[0])
    monkeypatch.setattr(live_module, "now", lambda: unix_time[0])
    created = quiet_table(client)
    table_id = created["table_id"]
    assert snap(client, table_id)["waiting"] == [{"seat": 0, "since": 1_800_000_000.0}]
    unix_time[0] += 7.5
    count(client, created)
    (waiting,) = snap(client, table_id)["waiting"]
    assert waiting == {"seat": 1, "since": 1_800_000_007.5}
    unix_time[0] += 3.0
    client.post(f"/api/tables/{table_id}/chat", json={"token": token(created, 0), "text": "hurry"})
    assert snap(client, table_id)["waiting"] == [waiting]  # speech is no move: Bob is still waited for
    play_out(client, created)
    assert snap(client, table_id)["waiting"] == []


# ---- rematch ------------------------------------------------------------------------------------------


def test_rematch_only_once_over_and_only_for_seated_players(client: TestClient) -> None:
    created = quiet_table(client)
    url = f"/api/tables/{created['table_id']}/rematch"
    r = client.post(url, json={"token": token(created, 0)})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    play_out(client, created)
    assert client.post(url, json={}).status_code == 403
    assert client.post(url, json={"token": "wrong"}).status_code == 403


def test_a_rematch_moves_every_page_to_its_own_seat_and_keeps_the_tally(client: TestClient, db: str) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    play_out(client, created)
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={token(created, 1)}") as bob,
          client.websocket_connect(f"/ws/tables/{table_id}") as watcher):
        receive_until(bob, "state")
        receive_until(watcher, "state")
        r = client.post(f"/api/tables/{table_id}/rematch", json={"token": token(created, 0)})
        assert r.status_code == 201, r.text
        new_id, ann_new = r.json()["table_id"], r.json()["token"]
        assert r.json()["link"] == f"http://testserver/t/{new_id}?token={ann_new}"
        bob_frame = receive_until(bob, "state")
        watcher_frame = receive_until(watcher, "state")
    bob_link = bob_frame["rematch"]["link"]
    assert bob_frame["rematch"]["table_id"] == new_id and bob_link.startswith(f"/t/{new_id}?token=")
    bob_new = bob_link.split("token=")[1]
    assert bob_new == rematch_token(token(created, 1), new_id) and bob_new != token(created, 1)
    assert watcher_frame["rematch"] == {"table_id": new_id, "link": f"/t/{new_id}"}
    # each new token opens its own seat; the old tokens open nothing there
    assert snap(client, new_id, ann_new)["seat"] == 0 and snap(client, new_id, bob_new)["seat"] == 1
    r = client.get(f"/api/tables/{new_id}", params={"token": token(created, 1)})
    assert r.status_code == 403
    new = snap(client, new_id)
    assert new["view"]["players"] == ["Ann", "Bob"] and new["game"] == "quiet-count"
    assert new["series"] == {"matches": 1, "playing": True, "tally": [
        {"label": "Ann", "seats": [0], "wins": 1}, {"label": "Bob", "seats": [1], "wins": 1}]}  # a tie
    # asking again (Bob, or Ann twice) answers the same rematch
    again = client.post(f"/api/tables/{table_id}/rematch", json={"token": token(created, 1)}).json()
    assert again["table_id"] == new_id and again["token"] == bob_new
    second = {"table_id": new_id, "seats": [{"token": ann_new}, {"token": bob_new}]}
    count(client, second)
    client.post(f"/api/tables/{new_id}/chat", json={"token": bob_new, "text": "oops"})  # Bob pays 3
    play_out(client, second)
    tally = snap(client, new_id)["series"]
    assert tally["matches"] == 2 and not tally["playing"]
    assert [t["wins"] for t in tally["tally"]] == [2, 1]
    with TestClient(create_app(db)) as restarted:
        assert snap(restarted, table_id, token(created, 1))["rematch"]["link"] == bob_link
        assert snap(restarted, new_id)["series"] == tally


def test_a_player_away_at_the_rematch_finds_it_on_coming_back(client: TestClient, db: str) -> None:
    created = quiet_table(client)
    table_id = created["table_id"]
    play_out(client, created)
    r = client.post(f"/api/tables/{table_id}/rematch", json={"token": token(created, 0)})
    new_id = r.json()["table_id"]
    bob_new = rematch_token(token(created, 1), new_id)
    # Bob's seat at the rematch opens only once his old token was seen again
    assert client.get(f"/api/tables/{new_id}", params={"token": bob_new}).status_code == 403
    with TestClient(create_app(db)) as later:  # even after a restart
        back = snap(later, table_id, token(created, 1))
        assert back["rematch"] == {"table_id": new_id, "link": f"/t/{new_id}?token={bob_new}"}
        assert snap(later, new_id, bob_new)["seat"] == 1


def test_a_team_game_tallies_by_team(client: TestClient) -> None:
    created = create(client, "euchre", [{"kind": "bot"}] * 4, bot_delay_ms=0)
    table = service_of(client).tables[created["table_id"]]
    table.people.rematch_id = "next"  # as if a rematch had started: the table is in a series
    from gamenight.server.people import series_json

    series = series_json(table)
    assert series is not None
    teams = [(t["label"], t["seats"]) for t in series["tally"]]
    assert teams == [("North/South", [0, 2]), ("East/West", [1, 3])]


# ---- the small rules, alone ---------------------------------------------------------------------------


def test_names_and_messages_are_cleaned_to_one_printable_line() -> None:
    from gamenight.server.people import PeopleError, clean_chat, clean_name

    assert clean_name("  Ann\tMarie \n") == "Ann Marie"
    assert clean_name("Zoe\u0301") == "Zoé"  # composed (NFC): the same name however it was typed
    assert clean_name("A\u202eB\u200bC") == "ABC"  # no bidi overrides or zero-width tricks
    assert clean_chat("line one\nline two") == "line one line two"
    with pytest.raises(PeopleError, match="at most 24"):
        clean_name("n" * 25)


def test_the_rate_limit_is_a_sliding_window_per_seat() -> None:
    from gamenight.server.people import ChatLimiter, PeopleError

    limiter = ChatLimiter(burst=2, window=10.0)
    limiter.allow(0, 100.0)
    limiter.allow(0, 101.0)
    with pytest.raises(PeopleError, match=r"try again in 8 s") as refused:
        limiter.allow(0, 102.0)
    assert refused.value.status == 429
    limiter.allow(1, 102.0)  # another seat is not held back
    limiter.allow(0, 110.0)  # the first message left the window
    with pytest.raises(PeopleError):
        limiter.allow(0, 110.5)


def test_a_seat_that_must_act_again_after_its_own_move_is_waited_for_afresh() -> None:
    from gamenight.server.people import People

    people = People()
    people.stamp_waiting(frozenset({0, 1}), None, 10.0)
    people.stamp_waiting(frozenset({0, 1}), 1, 20.0)  # seat 1 moved and must move again
    assert people.waiting_since == {0: 10.0, 1: 20.0}
    people.stamp_waiting(frozenset({2}), 0, 30.0)
    assert people.waiting_since == {2: 30.0}
