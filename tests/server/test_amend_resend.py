"""A proposal or vote sent again with its ``request_id`` is made once and answered as the first time
(server/amend_api.py), and what a replica does with the proposals it hears (server.amendments:
``heard``, ``make_due``): an accepted amendment is made at its move, once, never early."""

from __future__ import annotations

import warnings

import pytest

from gamenight.server import amendments, create_app
from gamenight.server.amendments import ACCEPTED, Proposal
from tests.server.test_amend_api import auth, canasta_for_two
from tests.server.test_server import error_of, live, service_of, tokens_of

with warnings.catch_warnings():  # starlette warns about its httpx transport on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_a_request_sent_again_with_its_id_is_made_once_and_answered_as_the_first_time(db: str) -> None:
    with TestClient(create_app(db)) as client:
        created = canasta_for_two(client)
        table_id, (ana, ben) = created["table_id"], tokens_of(created)
        url = f"/api/tables/{table_id}/amendments"
        proposal = {"changes": {"out_bonus": 300}, "request_id": "ana-1"}
        first = client.post(url, headers=auth(ana), json=proposal)
        assert first.status_code == 201 and first.json()["status"] == "pending", first.text
        assert client.post(url, headers=auth(ana), json=proposal).json() == first.json()
        vote = {"yes": True, "request_id": "ben-1"}
        accepted = client.post(f"{url}/0/votes", headers=auth(ben), json=vote)
        assert accepted.json()["status"] == "accepted", accepted.text
        again = client.post(f"{url}/0/votes", headers=auth(ben), json=vote)  # not "closed": the same vote
        assert again.status_code == 200 and again.json() == accepted.json()
        error_of(client.post(f"{url}/0/votes", headers=auth(ben), json={"yes": False, "request_id": "ben-1"}),
                 422, "bad_request")
        closed = client.post(f"{url}/0/votes", headers=auth(ben), json={"yes": True})  # no id: a new vote
        error_of(closed, 409, "amendment_closed")
        remade = client.post(url, headers=auth(ana), json=proposal)  # after it was decided: still one
        assert remade.status_code == 201 and remade.json() == accepted.json()
        assert len(live(client, table_id).proposals) == 1
        assert [p.made_by for p in amendments.load(service_of(client).storage, table_id)] == ["ana-1"]
        error_of(client.post(url, headers=auth(ana), json={**proposal, "request_id": "no spaces"}), 422,
                 "bad_request")
        for unbounded in ({"x" * 65: 1}, {"out_bonus": "x" * 65}, {"out_bonus": 10**10}):
            # bounded, so a proposal always fits in the notification that forwards it to its owner
            error_of(client.post(url, headers=auth(ana), json={"changes": unbounded}), 422, "bad_request")


def test_a_replica_makes_an_accepted_amendment_at_its_move_once_and_never_early(db: str) -> None:
    with TestClient(create_app(db)) as client:
        created = canasta_for_two(client)
        table = live(client, created["table_id"])
        state, here = table.state, len(table.state.moves)
        amendments.heard(table, Proposal(0, 0, {"out_bonus": 300}, status=ACCEPTED, move=here + 1,
                                         from_deal=2))
        assert amendments.make_due(table) and state.amendments == []  # accepted after a move not heard yet
        (seat,) = state.to_act
        state.play(state.legal_moves(seat)[0], seat)
        assert amendments.make_due(table) and amendments.make_due(table)
        assert [a.changes for a in state.amendments] == [{"out_bonus": 300}]  # made once
        amendments.heard(table, Proposal(1, 1, {"mixed_bonus": 250}, status=ACCEPTED, move=here, from_deal=2))
        assert not amendments.make_due(table)  # accepted at a move played past here: to be replayed
        with pytest.raises(ValueError, match="follows proposal 1"):
            amendments.heard(table, Proposal(3, 0, {"out_bonus": 200}))
