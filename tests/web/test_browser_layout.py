"""The table page draws from the view's layout description, in real Chromium: the hand from the
seat's hand zone, the trick from the trick zone, other seats' hands as counts and per-seat fields
by their labels. The server and browser fixtures are test_browser's."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    PLAY_DEADLINE,
    Api,
    wait_for_version,
    watch_errors,
)


def zone(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(z for z in view["layout"]["zones"] if z["key"] == key)


def test_a_trick_game_draws_hand_and_trick_from_the_layout(server: str, browser: Any) -> None:
    api = Api(server)
    bots = [{"kind": "bot", "bot": "heuristic"} for _ in range(3)]
    status, table = api.call("/api/tables", {"game": "euchre", "bot_delay_ms": 0, "trick_pause_ms": 0,
                                             "seats": [{"kind": "human"}, *bots]})
    assert status == 201, table
    token = table["seats"][0]["token"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])  # absolute: built on the request's host
    deadline = time.monotonic() + PLAY_DEADLINE
    checked_trick = False
    while not checked_trick:
        assert time.monotonic() < deadline, "no trick with cards on it reached this seat in time"
        snap = api.snapshot(table["table_id"], token)
        view = snap["view"]
        if 0 not in view["to_act"]:
            time.sleep(0.03)
            continue
        wait_for_version(page, snap["version"])
        hand = zone(view, "hand/0")
        assert page.get_attribute("#hand", "data-zone") == "hand/0"
        shown = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
        assert shown == hand["pieces"]
        east = zone(view, "hand/1")
        assert east["pieces"] is None
        count = page.inner_text("#felt .seat[data-seat='1'] .stat[data-zone='hand/1'] .count")
        assert count == str(east["count"])
        assert page.inner_text("#felt .seat[data-seat='1'] .stat[data-key='tricks_won'] dt") == "Tricks won"
        trick = zone(view, "trick")
        on_felt = page.eval_on_selector_all("#felt .trick[data-zone='trick'] .trick-card",
                                            "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])")
        assert on_felt == [[s, c] for s, c in zip(trick["seats"], trick["pieces"], strict=True)]
        checked_trick = bool(trick["pieces"])
        move = view["legal_moves"][0]
        status, body = api.call(f"/api/tables/{table['table_id']}/moves", {"token": token, "move": move,
                                                                           "version": snap["version"]})
        assert status in (200, 201, 409), body
    page.close()
    assert not errors, errors
