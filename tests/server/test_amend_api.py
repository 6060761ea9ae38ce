"""House-rule amendments at a played table, over HTTP (server/amend_api.py): proposed by one person,
voted by the other, applied from the next hand, marked on the sheet, kept through a restart."""

from __future__ import annotations

import json
import random
import warnings
from dataclasses import replace
from typing import Any

import gamenight
from gamenight.server import amendments, create_app
from gamenight.server.amendments import ACCEPTED, Proposal
from gamenight.server.storage import SeatRecord, Storage, TableRecord, utc_now
from tests.server.test_server import error_of, get, live, tokens_of

with warnings.catch_warnings():  # starlette warns about its httpx transport on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]


def canasta_for_two(client: TestClient) -> dict[str, Any]:
    """A two-handed Canasta table of two people, Ana and Ben, dealt from seed 8: as created."""
    created: dict[str, Any] = client.post("/api/tables", json={"game": "canasta", "players": 2, "seats": TWO,
                                                               "seed": 8}).json()
    return created


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_to_the_next_hand(client: TestClient, table_id: str, tokens: list[str]) -> None:
    """Random legal moves by whoever is to act, over HTTP, until the second hand is dealt."""
    rng = random.Random(4)
    table = live(client, table_id)
    while table.state.deal_no == 1:
        (seat,) = table.state.to_act
        legal = table.state.legal_moves(seat)
        r = client.post(f"/api/tables/{table_id}/moves", headers=auth(tokens[seat]),
                        json={"move": str(legal[rng.randrange(len(legal))]), "version": table.version})
        assert r.status_code == 200, r.text


def test_a_proposal_accepted_by_both_applies_from_the_next_hand_and_survives_a_restart(db: str) -> None:
    with TestClient(create_app(db)) as client:
        created = canasta_for_two(client)
        table_id, (ana, ben) = created["table_id"], tokens_of(created)
        url = f"/api/tables/{table_id}/amendments"
        offered = client.get(url).json()["options"]
        assert {"label": "Going out", "value": 100}.items() <= next(
            o for o in offered if o["name"] == "out_bonus").items()
        error_of(client.post(url, headers=auth(ana), json={"changes": {"hand_size": 12}}), 422, "bad_options")
        r = client.post(url, headers=auth(ana), json={"changes": {"out_bonus": 300}, "note": "Kali says so"})
        assert r.status_code == 201, r.text
        assert r.json()["words"] == "Going out: 300" and r.json()["status"] == "pending"
        error_of(client.post(url, headers=auth(ben), json={"changes": {"out_bonus": 0}}), 409,
                 "amendment_pending")
        pending = get(client, table_id, ben)["amendments"]["proposals"][0]
        assert pending["by"] == "Ana" and [v["vote"] for v in pending["votes"]] == [True, None]
        refuses_a_proposal_where_nothing_may_change(client)
        r = client.post(f"{url}/0/votes", headers=auth(ben), json={"yes": True})
        assert r.json()["status"] == "accepted" and r.json()["from"] == "hand 2"
        again = client.post(f"{url}/0/votes", headers=auth(ben), json={"yes": False})
        error_of(again, 409, "amendment_closed")
        view = get(client, table_id, ana)["view"]
        assert "From hand 2: Going out: 300." in view["events"] and view["options"]["out_bonus"] == 100

        play_to_the_next_hand(client, table_id, [ana, ben])
        state = live(client, table_id).state
        assert state.options.out_bonus == 300  # type: ignore[attr-defined]
        marks = get(client, table_id)["view"]["score_sheet"]["marks"]
        assert marks == [{"row": 1, "text": "From hand 2: Going out: 300"}]
        log = json.loads(json.dumps(state.log))
        version = live(client, table_id).version
        r = client.post(url, headers=auth(ben), json={"changes": {"mixed_bonus": 250}})
        client.post(f"{url}/1/votes", headers=auth(ana), json={"yes": False})

    with TestClient(create_app(db)) as client:  # the server again, on the same database
        snap = get(client, table_id, ana)
        assert snap["version"] == version and snap["view"]["score_sheet"]["marks"] == marks
        assert [p["status"] for p in snap["amendments"]["proposals"]] == ["accepted", "refused"]
        again = live(client, table_id).state
        assert again.log == log and again.options.out_bonus == 300  # type: ignore[attr-defined]
        assert gamenight.replay(log).view(0) == again.view(0)
        live(client, table_id).record = replace(live(client, table_id).record, end_reason="abandoned")
        published = client.get(f"/api/tables/{table_id}/log").json()  # (published once play has stopped)
        assert published["amendments"] == log["amendments"] and gamenight.replay(published).log == log


def refuses_a_proposal_where_nothing_may_change(client: TestClient) -> None:
    four = [{"kind": "human"}] * 4
    created = client.post("/api/tables", json={"game": "whist-with-10s", "seats": four}).json()
    table_id = created["table_id"]
    assert get(client, table_id)["amendments"] is None
    r = client.post(f"/api/tables/{table_id}/amendments", headers=auth(tokens_of(created)[0]),
                    json={"changes": {"low_nt_ranking": "reversed"}})
    error_of(r, 409, "not_amendable")
    r = client.post(f"/api/tables/{table_id}/amendments", json={"changes": {"low_nt_ranking": "reversed"}})
    error_of(r, 403, "bad_token")


def test_a_proposal_is_stored_and_read_back_as_it_was_on_either_database(db_url: str) -> None:
    storage = Storage(db_url)
    record = TableRecord(id="amended", game="canasta", preset=None, options={}, players=2, seed=1,
                         bot_delay_ms=0, created_at=utc_now(), seats=(SeatRecord("human"), SeatRecord("bot")))
    with storage.engine.begin() as conn:
        Storage.write_batch(conn, [record])
    proposal = Proposal(0, 0, {"out_bonus": 300, "concealed_minimum": False}, "é ♠", {0: True, 1: True})
    amendments.save(storage, record.id, proposal)
    proposal.status, proposal.move, proposal.from_deal = ACCEPTED, 7, 2
    amendments.save(storage, record.id, proposal)  # the same row, updated
    assert amendments.load(storage, record.id) == [proposal]
    assert amendments.accepted_log([proposal], 6) == []
    assert amendments.accepted_log([proposal], 7) == [{"move": 7, "changes": proposal.changes}]
    storage.close()
