"""Hints in real Chromium on a phone (issue 29): at a Hearts table, on the person's turn, a tap on
"Hint" shows the strong bot's sentence under the status line and selects the card it would pass,
as if tapped, and sends nothing (no move goes over the WebSocket, and the server's version stays
where it was). At a table started without hints there is no Hint to tap."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from playwright.sync_api import expect

import gamenight
from tests.web.conftest import BROWSER_SEED
from tests.web.test_browser import Api, wait_for_version, watch_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
GAME, PLAYERS = "hearts", 4


def open_table(api: Api, browser: Any, **table: Any) -> tuple[Any, list[str], list[str], str, str]:
    """A Hearts table with a person in the first seat to act and casual bots in the others, the
    person's page open on a phone and drawn: (page, its script errors, the moves it sent (over the
    WebSocket or HTTP), table id, token)."""
    first = min(gamenight.new(GAME, players=PLAYERS, seed=BROWSER_SEED).to_act)
    seats: list[dict[str, Any]] = [{"kind": "bot", "bot": "casual"}] * PLAYERS
    seats[first] = {"kind": "human"}
    # the bots wait a minute before passing: the table's version moves only if the page sends a move
    status, made = api.call("/api/tables", {"game": GAME, "players": PLAYERS, "seats": seats,
                                            "bot_delay_ms": 60_000, **table})
    assert status == 201, made
    page = browser.new_context(**PHONE).new_page()
    errors = watch_errors(page)
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))
                                          if "move_id" in str(frame) else None))
    page.on("request", lambda request: sent.append(request.url) if request.url.endswith("/moves") else None)
    page.goto(made["seats"][first]["link"])
    token = made["seats"][first]["token"]
    snap = api.snapshot(made["table_id"], token)
    assert first in snap["view"]["to_act"], snap["view"]["to_act"]
    wait_for_version(page, snap["version"])
    return page, errors, sent, made["table_id"], token


def test_a_hint_says_why_and_selects_the_card_sending_nothing(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, sent, table_id, token = open_table(api, browser)
    before = api.snapshot(table_id, token)
    button = page.locator(".hint-button")
    expect(button).to_be_visible()
    with page.expect_response("**/hint") as asked:
        button.tap()
    answer = asked.value.json()
    assert asked.value.status == 200, answer
    assert answer["move"] in before["view"]["legal_moves"]
    expect(page.locator("#hint-said")).to_have_text(answer["sentence"])
    assert answer["sentence"].startswith("The strong bot would play: ")
    (card,) = [a["value"] for a in answer["entry"]["args"] if a["kind"] == "card"]
    chosen = page.locator(f"#hand button.hand-card[data-card='{card}']")
    expect(chosen).to_have_attribute("aria-pressed", "true")  # selected, as a tap would
    expect(page.locator("#hand button.hand-card[aria-pressed='true']")).to_have_count(1)
    assert api.snapshot(table_id, token)["version"] == before["version"], "the hint made a move"
    assert not sent, sent  # nothing went to the server either way
    assert not errors, errors

    off_page, off_errors, _, off_id, off_token = open_table(api, browser, hints=False)
    assert api.snapshot(off_id, off_token)["hints"] is False
    expect(off_page.locator("#hand button.hand-card").first).to_be_visible()  # the turn is drawn
    expect(off_page.locator(".hint-button")).to_be_hidden()  # no hint at a table without them
    assert not off_errors, json.dumps(off_errors)
