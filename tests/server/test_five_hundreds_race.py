"""Two people at one Five Hundreds table race to claim the same discard ("Rummy!") and exactly one
gets it, under either way of settling claims: the real game through the real server, both claims
sent at once for the same version.

Four people play a hand through the API (each move the first meld, lay-off or discard a simple
player would choose) until a playable discard opens a claim window to two of them at once."""

from __future__ import annotations

import asyncio
import warnings
from typing import Any

import pytest

from gamenight.core.moves import Move
from gamenight.families.draw_discard import FIRST_CLICK, TURN_ORDER, DrawDiscardState
from gamenight.server.service import ServiceError
from tests.server.test_claim_window import live, service_of

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PEOPLE = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy", "Di")]


def simple_choice(state: DrawDiscardState, seat: int) -> Move:
    """Meld and lay off whenever possible (so claims come early), claim nothing yet, draw from the
    stock, discard the first card listed."""
    legal = state.legal_moves(seat)
    for verb in ("pass", "meld", "layoff", "draw", "discard"):
        found = [m for m in legal if m.verb == verb]
        if found:
            return found[0]
    return legal[0]


def play_to_a_contested_claim(client: TestClient, table_id: str) -> DrawDiscardState:
    """Play until a claim window is open to two people or more (a new hand is dealt where the
    first ends without one)."""
    table = live(client, table_id)
    service = service_of(client)
    for _ in range(5000):
        state = table.state
        assert isinstance(state, DrawDiscardState) and not state.is_over
        if state.claim is not None and len(state.claim.waiting()) >= 2:
            return state
        seat = min(state.to_act)
        move = simple_choice(state, seat)
        assert client.portal is not None
        client.portal.call(service.submit, table, seat, str(move), table.version)
    raise AssertionError("no discard was open to two claims")


@pytest.mark.parametrize("resolution", [TURN_ORDER, FIRST_CLICK])
def test_two_people_race_to_claim_a_discard_and_exactly_one_gets_it(client: TestClient,
                                                                     resolution: str) -> None:
    r = client.post("/api/tables", json={"game": "five-hundreds", "seats": PEOPLE, "claim_window_ms": 0,
                                         "options": {"claim_resolution": resolution}})
    assert r.status_code == 201, r.text
    table_id = r.json()["table_id"]
    state = play_to_a_contested_claim(client, table_id)
    claim = state.claim
    assert claim is not None
    card = claim.card
    first, second = claim.order[0], claim.order[1]  # first nearer the discarder's left
    moves = {s: str(state.legal_moves(s)[0]) for s in (first, second)}
    assert all(m.startswith("claim") for m in moves.values()), moves
    before = [list(state.table_cards(s)) for s in range(4)]
    deal = state.deal_no  # read now: ``state`` is the table's own, which the race moves on
    table = live(client, table_id)
    service = service_of(client)
    version = table.version
    start = len(table.state.events)

    async def race() -> tuple[int | BaseException, int | BaseException]:
        # the seat further from the discarder's left sends first: under turn order it still loses
        return await asyncio.gather(service.submit(table, second, moves[second], version),
                                    service.submit(table, first, moves[first], version),
                                    return_exceptions=True)

    assert client.portal is not None
    results = client.portal.call(race)
    assert all(isinstance(x, (int, ServiceError)) for x in results), results
    after: Any = table.state
    # exactly one of them takes the card and lays it off (its event says who; where that was the
    # hand's last discard, the next deal has begun and the cards in front are gathered again)
    taken = [e.seat for e in after.events[start:] if e.kind == "claim"]
    assert len(taken) == 1, (taken, results)
    winner = taken[0]
    assert winner == (first if resolution == TURN_ORDER else second)
    if after.deal_no == deal:
        gained = [s for s in range(4) if after.table_cards(s).count(card) > before[s].count(card)]
        assert gained == [winner], gained
    assert after.claim is None
    snapshot = client.get(f"/api/tables/{table_id}").json()
    assert snapshot["view"]["phase"] != "claim"
