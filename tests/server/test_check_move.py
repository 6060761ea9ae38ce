"""``POST /api/tables/{id}/check``: would this move be made? The engine's answer, the very sentence
a move refused would get, and nothing on the table changed."""

from __future__ import annotations

import warnings

from tests.server.test_server import create, error_of, get, tokens_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_a_move_is_judged_as_it_would_be_made(client: TestClient) -> None:
    created = create(client)
    table_id, tokens = created["table_id"], tokens_of(created)
    first = get(client, table_id, tokens[0])
    seat = first["view"]["to_act"][0]
    legal = get(client, table_id, tokens[seat])["view"]["legal_moves"][0]
    check = f"/api/tables/{table_id}/check"
    r = client.post(check, json={"token": tokens[seat], "move": legal})
    assert r.status_code == 200 and r.json() == {"legal": True, "reason": ""}
    for token, move in [(tokens[seat], "play 9Z"), (tokens[seat], "bid 99"), (tokens[(seat + 1) % 4], legal)]:
        answer = client.post(check, json={"token": token, "move": move}).json()
        assert answer["legal"] is False and answer["reason"], (move, answer)
        if token == tokens[seat]:  # the sentence the move itself is refused with
            made = client.post(f"/api/tables/{table_id}/moves",
                               json={"token": token, "move": move, "version": first["version"]})
            assert error_of(made, 422, "illegal_move")["message"] == answer["reason"]
    assert get(client, table_id)["version"] == first["version"]  # nothing was made


def test_checking_needs_a_seat(client: TestClient) -> None:
    created = create(client)
    error_of(client.post(f"/api/tables/{created['table_id']}/check", json={"move": "pass"}), 403, "bad_token")
