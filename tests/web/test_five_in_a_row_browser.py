"""5 in a Row in real Chromium: a person at seat 0 against a bot puts discs on the board by
selecting a card and clicking its space on the page's SVG board: the first tap only chooses the
space (no disc on a stray tap), a second tap on it places the disc (once with the keyboard: the
space focused, then Enter twice; once by the button the choice marks), and the board shows the disc;
on a phone's width the board fits."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    open_first_seat,
    select_cards,
    settled_snapshot,
    wait_for_api_past,
    wait_for_version,
)

GAME = "five-in-a-row"


def a_placement(view: dict[str, Any]) -> str:
    """A card's own space rather than a jack's (whose spaces are most of the board)."""
    legal: list[str] = view["legal_moves"]
    plays = [m for m in legal if m.startswith("play ") and m.split()[1][0] != "J"]
    return (plays or [m for m in legal if m.startswith("play ")])[0]


def disc_on(view: dict[str, Any], space: str) -> Any:
    return next(sp["disc"] for sp in view["board"]["spaces"] if sp["space"] == space)


def test_discs_are_placed_by_clicking_the_board(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 2)
    page.wait_for_selector("svg.board-svg [data-space='4,2']")
    for turn in range(3):
        snap = settled_snapshot(api, page, table_id, token)
        view = snap["view"]
        if view["is_over"]:
            break
        move = a_placement(view)
        _, card, space = move.split()
        select_cards(page, [card])
        target = f"svg.board-svg [data-space='{space}']"
        page.wait_for_selector(f"{target}.board-target")
        if turn == 1:
            page.focus(target)
            page.keyboard.press("Enter")
        else:
            page.click(target)
        # the first tap chooses the space and marks the button that confirms its move (the action
        # bar's, or a prompt's where the bar lists none); nothing is sent yet
        page.wait_for_selector(f"{target}.board-chosen[aria-pressed=true]")
        confirm = "#board-choice .board-choice-send, #move-buttons button.move-chosen"
        page.wait_for_selector(confirm)
        assert api.snapshot(table_id, token)["version"] == snap["version"]
        if turn == 0:
            page.click(target)
        elif turn == 1:
            page.keyboard.press("Enter")
        else:
            page.click(confirm)
        after = wait_for_api_past(api, table_id, token, snap["version"])
        assert disc_on(after["view"], space) == view["side"], (move, after["view"]["events"][-3:])
        wait_for_version(page, after["version"])
        label = page.get_attribute(target, "aria-label") or ""
        assert "disc of" in label, label
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "five_in_a_row_desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.querySelector('svg.board-svg').getBoundingClientRect().width")
    assert 0 < width <= 390
    page.screenshot(path=str(ARTIFACTS / "five_in_a_row_phone.png"), full_page=True)
    page.close()
    assert not errors, errors
