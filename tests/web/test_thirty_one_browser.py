"""Thirty One in real Chromium, played by clicking: a person at seat 0 and three bots. The person
draws (a plain button), then knocks as he discards by selecting a card and pressing "Knock …", or
discards; the page shows the pot, each purse, each player's lives and the count of his hand, and
after the first round the counts shown and who paid a quarter into the pot and why."""

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

GAME = "thirty-one"
BOT_DELAY_MS = 50


def choose(view: dict[str, Any]) -> str:
    """A bold newcomer: draws from the stock, knocks with his first card when he may, else discards it."""
    legal: list[str] = view["legal_moves"]
    for verb in ("draw", "knock", "discard"):
        found = [m for m in legal if m.split()[0] == verb]
        if found:
            return found[0]
    return legal[0]


def round_scored(view: dict[str, Any], made: list[str]) -> bool:
    """A round is on the score sheet (its first row is the ante) after the person's own moves."""
    return len(view["score_sheet"]["rows"]) >= 2 and bool(made)


def test_a_round_is_played_by_clicking_with_pot_purses_and_lives_on_screen(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 4, bot_delay_ms=BOT_DELAY_MS)
    text = page.inner_text("body")
    assert "Pot" in text and "Quarters" in text and "3 + face" in text, text
    made = play_by_clicking(api, page, table_id, token, choose, round_scored)
    assert any(m.startswith("knock") or m.startswith("discard") for m in made), made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "thirty_one_4p.png"), full_page=True)
    text = page.inner_text("body")
    assert "Pot" in text and "Quarters" in text and "into the pot" in text, text
    page.close()
    assert not errors, errors
