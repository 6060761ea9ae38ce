"""Sticks in real Chromium, played by clicking: a person at seat 0 plays the first turns of a
hand against heuristic bots as a person does (cards selected, then the button naming the move),
sees his own stick in words and never another's hidden one, and the page reports no script error."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    browser,
    make_move,
    server,
    wait_for_api_past,
    wait_for_version,
    watch_errors,
)

__all__ = ["browser", "server"]  # fixtures, used by name

#: one stick for everyone, so the hidden one is known to the test (not to the page)
CATALOGUE = "S3+S3, R4[H]"


def test_a_few_turns_of_sticks_by_clicking(server: str, browser: Any) -> None:
    api = Api(server)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    status, table = api.call("/api/tables", {"game": "sticks", "players": 4, "seats": seats,
                                             "bot_delay_ms": 0, "options": {"catalogue": CATALOGUE}})
    assert status == 201, table
    token = table["seats"][0]["token"]
    table_id = table["table_id"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#hand button.hand-card")
    turns = 0
    deadline = time.monotonic() + 90
    while turns < 3:
        assert time.monotonic() < deadline, f"only {turns} turns were played"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"]:
            break
        if 0 in view["to_act"] and view["legal_moves"]:
            wait_for_version(page, snap["version"])
            legal = view["legal_moves"]
            melds = [m for m in legal if m.startswith("meld")]
            discards = [m for m in legal if m.startswith("discard")]
            move = "draw" if "draw" in legal else (melds or discards or legal)[0]
            make_move(page, move, view["hand"] or [])
            wait_for_api_past(api, table_id, token, snap["version"])
            if move.startswith("discard"):
                turns += 1
        else:
            time.sleep(0.02)
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    text = page.inner_text("body")
    mine = final["view"]["my_contract"]
    assert mine and mine in text  # his own stick, in words
    hidden = [c for s, c in enumerate(final["view"]["contract_codes"]) if s and c is None]
    assert final["view"]["contracts"][0] is not None and len(hidden) == sum(
        final["view"]["stick_hidden"][1:])  # the others' face-down sticks are not in his view
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sticks_first_turns.png"), full_page=True)
    page.close()
    assert not errors, errors
