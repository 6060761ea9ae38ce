"""Arizona Rummy in real Chromium, played by clicking: a person at seat 0 and three bots. Every
player's discard pile lies in front of him on the page; the person takes the top card of another
player's pile (a plain button naming the player and the card), melds by selecting cards and
pressing the button that names the move, and discards."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    open_first_seat,
    play_by_clicking,
    wait_for_version,
)

GAME = "arizona-rummy"
#: the most moves the person makes
MOVES = 12
#: the bots wait this long before each move, so the page can be read between their moves
BOT_DELAY_MS = 200


def choose(view: dict[str, Any]) -> str:
    """A newcomer who likes the piles: takes the top of another player's pile when one is there,
    lays what he can, then discards his first card."""
    legal: list[str] = view["legal_moves"]
    others = [m for m in legal if m.startswith("take ") and m.split()[1] != str(view["seat"] + 1)]
    if others:
        return others[0]
    for verb in ("meld", "discard", "done", "draw"):
        found = [m for m in legal if m.split()[0] == verb]
        if found:
            return found[0]
    return legal[0]


def took_or_enough(view: dict[str, Any], made: list[str]) -> bool:
    return (any(m.startswith("take ") for m in made) and len(made) >= 4) or len(made) >= MOVES


def test_turns_are_played_by_clicking_taking_another_players_pile(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 4, bot_delay_ms=BOT_DELAY_MS)
    made = play_by_clicking(api, page, table_id, token, choose, took_or_enough)
    assert any(m.startswith("take ") for m in made), made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "arizona_rummy_4p.png"), full_page=True)
    text = page.inner_text("body")
    assert "Pile" in text and "Wild" in text, text
    # each pile is drawn in its player's box
    assert page.locator('[data-zone="pile/1"]').count() + page.locator('[data-zone="pile/2"]').count() >= 1
    page.close()
    assert not errors, errors
