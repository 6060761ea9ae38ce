"""``POST /api/tables/{id}/hint``: what the strong bot would play, for the seat to act only, where
the table allows hints; the answer is one of the seat's legal moves, as the view lists it, with a
sentence, and nothing on the table changes. The table's ``hints`` setting is stored with it."""

from __future__ import annotations

import warnings
from typing import Any

from tests.server.test_people import play_out, quiet_registered, quiet_table, token
from tests.server.test_server import create, error_of, get, tokens_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

__all__ = ["quiet_registered"]  # the test-only game of test_people, registered for these tests too


def ask(client: TestClient, table_id: str, token: str | None) -> Any:
    return client.post(f"/api/tables/{table_id}/hint", json={} if token is None else {"token": token})


def test_the_seat_to_act_gets_one_of_its_legal_moves_with_a_sentence(client: TestClient) -> None:
    created = create(client)
    table_id, tokens = created["table_id"], tokens_of(created)
    seat = get(client, table_id)["view"]["to_act"][0]
    before = get(client, table_id, tokens[seat])
    assert before["hints"] is True  # on unless the table was started without them
    r = ask(client, table_id, tokens[seat])
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["version"] == before["version"]
    assert answer["move"] in before["view"]["legal_moves"]
    assert answer["entry"] in before["view"]["moves"] and answer["entry"]["text"] == answer["move"]
    assert answer["sentence"].startswith("The strong bot would play: ")
    assert answer["entry"]["words"] in answer["sentence"]  # the move in words, never its code alone
    assert ask(client, table_id, tokens[seat]).json() == answer  # asked again: the same hint, kept
    assert get(client, table_id)["version"] == before["version"]  # nothing was made


def test_a_hint_is_refused_to_a_seat_not_to_act_and_without_a_token(client: TestClient) -> None:
    created = create(client)
    table_id, tokens = created["table_id"], tokens_of(created)
    acting = get(client, table_id)["view"]["to_act"]
    waiting = next(s for s in range(4) if s not in acting)
    refused = error_of(ask(client, table_id, tokens[waiting]), 409, "not_your_turn")
    assert refused["message"] == "A hint is for your turn, and it is not your turn now."
    error_of(ask(client, table_id, None), 403, "bad_token")
    error_of(ask(client, table_id, "not-a-token"), 403, "bad_token")


def test_a_table_started_without_hints_refuses_them_and_keeps_the_setting(db: str) -> None:
    from starlette.testclient import TestClient as Client

    from gamenight.server import create_app

    with Client(create_app(db)) as client:
        created = create(client, hints=False)
        table_id, tokens = created["table_id"], tokens_of(created)
        seat = get(client, table_id)["view"]["to_act"][0]
        refused = error_of(ask(client, table_id, tokens[seat]), 403, "hints_off")
        assert refused["message"] == "Hints are switched off at this table."
    with Client(create_app(db)) as again:  # the server started again on the same database
        assert get(again, table_id, tokens[seat])["hints"] is False
        error_of(ask(again, table_id, tokens[seat]), 403, "hints_off")


def test_hints_must_be_a_boolean(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4, "hints": "no"})
    error_of(r, 422, "bad_request")


def test_a_rematch_keeps_the_setting_and_a_game_without_a_strong_bot_says_so(client: TestClient) -> None:
    created = quiet_table(client)  # a test-only game with no bot that plays to win
    table_id = created["table_id"]
    error_of(ask(client, table_id, token(created, 0)), 409, "no_hint")
    off = create_quiet(client, hints=False)
    play_out(client, off)
    r = client.post(f"/api/tables/{off['table_id']}/rematch", json={"token": token(off, 0)})
    assert r.status_code == 201, r.text
    assert get(client, r.json()["table_id"], r.json()["token"])["hints"] is False


def create_quiet(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "quiet-count", "seats": [{"kind": "human"}] * 2, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out
