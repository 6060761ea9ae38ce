"""10,000 in real Chromium: a person and a bot. The person rolls with the plain "roll" button,
then holds dice by tapping them where they lie on the felt (one of them by the keyboard) and
presses the action bar's button, which reads the keep in the engine's words; the held dice are
drawn apart, and the page never names the game (the view asks for a dice picture)."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    wait_for_api_past,
    wait_for_version,
    watch_errors,
)

KEEPS = 3


def click_keep(page: Any, move: str, view: dict[str, Any], *, keyboard: bool) -> None:
    """Select the dice a keep names among the rolled dice, then press its button (in words)."""
    rolled = view["dice"]["rolled"]
    faces = [int(f) for f in move.split()[1:]]
    free = list(range(len(rolled)))
    for face in faces:
        i = next(j for j in free if rolled[j] == face)
        free.remove(i)
        die = f"#felt .felt-target[data-at='dice#{i}']"
        if keyboard:
            page.focus(die)
            page.keyboard.press("Enter")
        else:
            page.click(die)
        page.wait_for_selector(f"{die}[aria-pressed='true']")
    button = f"#move-buttons button[data-move='{move}']"
    assert page.is_enabled(button)
    words = next(m["words"] for m in view["moves"] if m["text"] == move)
    assert page.inner_text(button) == words
    page.click(button)


def test_dice_are_held_by_clicking_and_rolled(server: str, browser: Any) -> None:
    api = Api(server)
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    status, made = api.call("/api/tables", {"game": "ten-thousand", "players": 2, "seats": seats,
                                            "bot_delay_ms": 0})
    assert status == 201, made
    table_id, token = made["table_id"], made["seats"][0]["token"]
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    kept: list[str] = []
    saw_held = False
    deadline = time.monotonic() + 60
    while len(kept) < KEEPS:
        assert time.monotonic() < deadline, kept
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"]:
            break
        legal = view["legal_moves"]
        if 0 not in view["to_act"] or not legal:
            time.sleep(0.02)
            continue
        wait_for_version(page, snap["version"])
        if view["dice"]["held"]:
            assert page.query_selector_all(".dice-table .dice-held .die-svg")
            saw_held = True
        keeps = [m for m in legal if m.startswith("keep")]
        if keeps:
            assert page.query_selector_all(".dice-table .dice-rolled svg circle")  # pips drawn
            click_keep(page, keeps[0], view, keyboard=len(kept) == 1)
            kept.append(keeps[0])
        else:
            move = "stop" if "stop" in legal and view["turn_total"] >= 1000 else "roll"
            page.click(f"#move-buttons button[data-move='{move}']")
        wait_for_api_past(api, table_id, token, snap["version"])
    assert len(kept) == KEEPS or api.snapshot(table_id, token)["view"]["is_over"]
    assert saw_held or len(kept) < 2  # after a keep the held dice are drawn apart
    assert "Score" in page.inner_text("body") and not errors, errors
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ten_thousand_phone.png"), full_page=True)
    page.close()
