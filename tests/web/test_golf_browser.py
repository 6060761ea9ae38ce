"""Golf in real Chromium, played by clicking: a person at seat 0 and two bots. The page draws each
player's two rows of four with the face-down cards as backs and the two bottom corners the person
may look at marked as his alone (no other seat's corners show), the pot and the money; the person
draws, turns a card up or exchanges, and knocks, all by pressing the buttons that name the moves,
until the first hole is scored."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    play_by_clicking,
    scored,
    wait_for_version,
    watch_errors,
)

GAME = "golf"
BOT_DELAY_MS = 100


def choose(view: dict[str, Any]) -> str:
    """A newcomer: knocks on his third turn, draws from the stock, turns up his first face-down
    card (or exchanges the first card when he took from the pile)."""
    legal: list[str] = view["legal_moves"]
    if "knock" in legal and sum(view["face_up"][0]) >= 2:
        return "knock"
    for verb in ("draw", "flip", "exchange"):
        found = [m for m in legal if m.split()[0] == verb]
        if found:
            return found[0]
    return legal[0]


def open_first_seat(api: Api, browser: Any, players: int) -> tuple[Any, list[str], str, str]:
    """A person at seat 0 and heuristic bots, his page open with his grid drawn (a Golf player
    holds no hand before he draws, so the page is ready when the grid is)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
    status, made = api.call("/api/tables", {"game": GAME, "players": players, "seats": seats,
                                            "bot_delay_ms": BOT_DELAY_MS})
    assert status == 201, made
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("[data-zone='grid/0'] .grid-cards")
    return page, errors, made["table_id"], made["seats"][0]["token"]


def test_the_grid_its_corners_and_the_pot_on_the_page(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, 3)
    snap = api.snapshot(table_id, token)
    wait_for_version(page, snap["version"])
    mine = page.query_selector("[data-zone='grid/0'] .grid-cards")
    assert mine is not None
    assert len(mine.query_selector_all(".grid-cell")) == 8
    peeked = [c.get_attribute("data-place") for c in mine.query_selector_all(".grid-peeked")]
    assert peeked == ["5", "8"]
    corners = snap["view"]["my_corners"]
    assert [c.get_attribute("data-card") for c in mine.query_selector_all(".grid-peeked")] == corners
    other = page.query_selector("[data-zone='grid/1'] .grid-cards")
    assert other is not None and not other.query_selector_all(".grid-peeked")
    assert len(other.query_selector_all(".grid-down")) >= 6
    made = play_by_clicking(api, page, table_id, token, choose, scored)
    assert any(m.startswith("flip") for m in made) and "knock" in made, made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "golf_3p.png"), full_page=True)
    text = page.inner_text("body")
    assert "Pot" in text and "Hole" in text, text
    page.close()
    assert not errors, errors
