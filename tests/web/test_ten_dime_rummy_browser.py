"""10 Dime Rummy in real Chromium, played by clicking: a person at seat 0 and three bots. The
person buys the discard with a dime (a plain button), lays the contract and lays off by selecting
cards and pressing the button that names the move, and discards; the page shows the round's
contract, whether each seat has laid it, the dimes and the pot, and the sets on the table."""

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

GAME = "ten-dime-rummy"
#: the most moves the person makes: he buys, then lays his contract as soon as he can
MOVES = 40
#: the bots wait this long before each move, so the round the page shows cannot end (a bot going
#: out) between the test's last look at the table and its reading of the page
BOT_DELAY_MS = 200


def choose(view: dict[str, Any]) -> str:
    """A keen newcomer: buys while he can, lays what he can, then discards his first card."""
    legal: list[str] = view["legal_moves"]
    for verb in ("buy", "meld", "layoff", "discard", "draw"):
        found = [m for m in legal if m.split()[0] == verb]
        if found and not (verb == "buy" and (view["bought_now"] or [])):
            return found[0]
    return legal[0]


def laid_or_enough(view: dict[str, Any], made: list[str]) -> bool:
    """The person's contract is down (so "contract laid" is on his page), or enough moves made."""
    return bool(view["made"][0]) or len(made) >= MOVES


def test_turns_are_played_by_clicking_with_dimes_and_contract_on_screen(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 4, bot_delay_ms=BOT_DELAY_MS)
    made = play_by_clicking(api, page, table_id, token, choose, laid_or_enough)
    assert any(m.startswith("buy") for m in made), made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "ten_dime_rummy_4p.png"), full_page=True)
    text = page.inner_text("body")
    assert "Contract: " in text and "Pot" in text and "contract laid" in text.lower(), text
    page.close()
    assert not errors, errors
