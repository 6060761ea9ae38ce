"""The stock and the discard pile tapped where they lie, on a phone, in real Chromium.

A move made from a pile as a whole has a place of its own in the view (the move's ``at``: Golf's
draw, the stock; Canasta's pickup, the pile's top card), so the page makes the stock and the pile
tap targets: a tap on the stock selects the draw (the action bar then names it, and a second tap on
the stock sends it); a pickup is the hand cards it needs selected, then the pile tapped. No button
reads as a raw move, and neither move waits as a plain button."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import Api, select_cards, settled_snapshot, wait_for_api_past
from tests.web.test_tap_pieces_browser import open_phone, raw_buttons

#: a four-player Canasta deal where North's first turn may take the pile (with the pair of kings)
PICKUP_SEED = 63


def no_plain_button(page: Any, move: str) -> bool:
    """No button of the bar makes ``move`` before anything is selected (it waits on the felt)."""
    return not page.query_selector(f"#move-buttons button.move:not(.action)[data-move='{move}']")


def test_a_golf_draw_by_tapping_the_stock(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "golf", 2)
    snap = settled_snapshot(api, page, table_id, token)
    view = snap["view"]
    draw = next(m for m in view["moves"] if m["text"] == "draw")
    assert draw["at"] == {"zone": "stock"}
    assert no_plain_button(page, "draw") and not raw_buttons(page, view)
    stock = page.locator("#felt .felt-pile.felt-target[data-at='stock']")
    stock.click()
    page.wait_for_selector("#felt .felt-pile.selected[data-at='stock']")
    button = page.locator("#move-buttons button.action[data-move='draw']")
    assert button.is_enabled() and button.inner_text() == draw["words"]
    stock.click()  # the second tap on the stock sends the one move it makes
    after = wait_for_api_past(api, table_id, token, snap["version"])
    assert after["view"]["move_number"] == view["move_number"] + 1
    assert all(m["verb"] != "draw" for m in after["view"]["moves"])  # drawn: now to place it
    context.close()
    assert not errors, errors


def test_a_canasta_pickup_by_selecting_the_cards_and_tapping_the_pile(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "canasta", 4, seed=PICKUP_SEED)
    snap = settled_snapshot(api, page, table_id, token)
    view = snap["view"]
    pickup = next(m for m in view["moves"] if m["verb"] == "pickup")
    assert pickup["at"]["zone"] == "discards"
    assert no_plain_button(page, pickup["text"]) and not raw_buttons(page, view)
    select_cards(page, [a["value"] for a in pickup["args"]])
    page.click(f"#felt .felt-target[data-at='discards#{pickup['at']['index']}']")
    button = page.locator(f"#move-buttons button.action[data-move='{pickup['text']}']")
    button.wait_for()
    assert button.is_enabled() and button.inner_text() == pickup["words"]
    button.click()
    after = wait_for_api_past(api, table_id, token, snap["version"])
    pile = next(z for z in after["view"]["layout"]["zones"] if z["key"] == "discards")
    assert pile["count"] == 0  # the whole pile taken
    context.close()
    assert not errors, errors
