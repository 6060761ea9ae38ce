"""Desert Rummy in real Chromium: a person at seat 0 of four plays turns by clicking (cards
selected, then the button naming the move: the draw, the groups of the meld, lay-offs and
discards), bots play the rest, and the page shows every player's level and meld, the melds in
front of the player who laid them, and the score sheet's row when the first hand ends."""

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


def choose(legal: list[str]) -> str:
    """A keen newcomer: the meld's groups as soon as he can, then lay-offs, else the first move."""
    for verb in ("meld", "layoff"):
        for move in legal:
            if move.startswith(verb + " "):
                return move
    return legal[0]


def test_turns_are_played_by_clicking_and_the_levels_and_melds_are_on_the_page(server: str,
                                                                                 browser: Any) -> None:
    api = Api(server)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    status, table = api.call("/api/tables", {"game": "desert-rummy", "players": 4, "seats": seats,
                                             "bot_delay_ms": 0})
    assert status == 201, table
    token, table_id = table["seats"][0]["token"], table["table_id"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#hand button.hand-card")
    text = page.inner_text("body")
    assert "Your contract" in text and "Two sets of three" in text and "Level" in text
    ARTIFACTS.mkdir(exist_ok=True)
    clicks, verbs = 0, set()
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, f"the first hand did not end ({clicks} moves made)"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["score_sheet"]["rows"] or view["is_over"]:
            break
        if 0 in view["to_act"] and view["legal_moves"]:
            wait_for_version(page, snap["version"])
            move = choose(view["legal_moves"])
            make_move(page, move, view["hand"] or [])
            wait_for_api_past(api, table_id, token, snap["version"])
            verbs.add(move.split()[0])
            clicks += 1
            if view["made"][0] and len(view["melds"]) >= 2 and "meld-shot" not in verbs:
                verbs.add("meld-shot")
                page.screenshot(path=str(ARTIFACTS / "desert_rummy_melds.png"), full_page=True)
        else:
            time.sleep(0.02)
    assert clicks > 0 and "draw" in verbs
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    page.wait_for_selector("#sheet table.sheet tbody tr")
    sheet = page.inner_text("#sheet")
    assert "level 1" in sheet  # each player's level on the score sheet
    body = page.inner_text("body")
    assert all(f"{name}: " in body for name in final["view"]["players"])  # every player's level
    page.screenshot(path=str(ARTIFACTS / "desert_rummy_first_hand.png"), full_page=True)
    page.close()
    assert not errors, errors
