"""Jokers Wild in real Chromium: a person at seat 0 against a bot moves marbles by selecting a card,
tapping the marble where it lies on the page's SVG track (once with the keyboard: the marble
focused, Enter) and pressing the action bar's button, which reads the move in the engine's words;
the track shows the marble moved; a card with no move
is thrown away with the page's own buttons; on a phone's width the track fits."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    make_move,
    open_first_seat,
    select_cards,
    settled_snapshot,
    wait_for_api_past,
    wait_for_version,
)

GAME = "jokers-wild"


def a_marble_move(view: dict[str, Any]) -> tuple[int, str] | None:
    """The first move of one card and one marble on the track (the marble where it lies: ``at``)."""
    for move in view["moves"]:
        placed = [a for a in move["args"] if "at" in a]
        if move["verb"] == "move" and len(placed) == 1:
            return placed[0]["at"]["index"], move["text"]
    return None


def test_marbles_move_by_clicking_the_track(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 2)
    page.wait_for_selector("svg.track-svg .track-marble")
    clicked = 0
    for _ in range(30):
        snap = settled_snapshot(api, page, table_id, token)
        view = snap["view"]
        if view["is_over"] or clicked >= 2:
            break
        if any(m.startswith("out ") for m in view["legal_moves"]):  # the game's words, not the verb's
            assert "select a card to bring a marble out" in page.inner_text("#turn")
        found = a_marble_move(view)
        if found is None:  # no card moves a marble: throw one away with the page's buttons
            make_move(page, view["legal_moves"][0], view["hand"])
            wait_for_api_past(api, table_id, token, snap["version"])
            continue
        hole, move = found
        select_cards(page, [move.split()[1]])  # the card, then the marble where it lies
        marble = f"svg.track-svg .track-marble.felt-target[data-at='track#{hole}']"
        if clicked == 1:
            page.focus(marble)
            page.keyboard.press("Enter")
        else:
            page.click(marble)
        page.wait_for_selector(f"{marble}[aria-pressed='true']")
        button = f"#move-buttons button[data-move='{move}']:not([disabled])"
        page.wait_for_selector(button)
        assert page.inner_text(button) == next(m["words"] for m in view["moves"] if m["text"] == move)
        if clicked == 0:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "jokers_wild_chosen.png"))
        page.click(button)
        after = wait_for_api_past(api, table_id, token, snap["version"])
        assert after["view"]["holes"] != view["holes"], (move, after["view"]["events"][-3:])
        wait_for_version(page, after["version"])
        clicked += 1
    assert clicked == 2
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jokers_wild_desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.querySelector('svg.track-svg').getBoundingClientRect().width")
    assert 0 < width <= 390
    page.screenshot(path=str(ARTIFACTS / "jokers_wild_phone.png"), full_page=True)
    page.close()
    assert not errors, errors
