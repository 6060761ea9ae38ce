"""10 Dime Rummy in real Chromium, played by clicking: a person at seat 0 and three bots. The
person buys the discard with a dime (a plain button), lays the contract and lays off by selecting
cards and pressing the button that names the move, and discards; the page shows the round's
contract, whether each seat has laid it, the dimes and the pot, and the sets on the table."""

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

GAME = "ten-dime-rummy"
#: the person's moves: enough turns to buy, lay a contract and discard
MOVES = 14


def choose(view: dict[str, Any]) -> str:
    """A keen newcomer: buys while he can, lays what he can, then discards his first card."""
    legal = view["legal_moves"]
    for verb in ("buy", "meld", "layoff", "discard", "draw"):
        found = [m for m in legal if m.split()[0] == verb]
        if found and not (verb == "buy" and (view["bought_now"] or [])):
            return found[0]
    return legal[0]


def test_turns_are_played_by_clicking_with_dimes_and_contract_on_screen(server: str, browser: Any) -> None:
    api = Api(server)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    status, table = api.call("/api/tables", {"game": GAME, "players": 4, "seats": seats, "bot_delay_ms": 0})
    assert status == 201, table
    token = table["seats"][0]["token"]
    table_id = table["table_id"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#hand button.hand-card")
    made: list[str] = []
    deadline = time.monotonic() + 90
    while len(made) < MOVES:
        assert time.monotonic() < deadline, f"only {len(made)} moves made: {made}"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"]:
            break
        if 0 in view["to_act"] and view["legal_moves"]:
            wait_for_version(page, snap["version"])
            move = choose(view)
            make_move(page, move, view["hand"] or [])
            wait_for_api_past(api, table_id, token, snap["version"])
            made.append(move)
        else:
            time.sleep(0.02)
    assert any(m.startswith("buy") for m in made), made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ten_dime_rummy_4p.png"), full_page=True)
    text = page.inner_text("body")
    assert "Contract: " in text and "Pot" in text and "contract laid" in text.lower(), text
    page.close()
    assert not errors, errors
