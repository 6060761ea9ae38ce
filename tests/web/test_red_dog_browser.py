"""Red Dog in real Chromium, played by clicking: a person at seat 0 and two bots against the house.
The person bets (a row of buttons), raises on a wide spread and stands on a narrow one, for a
few rounds; the page shows the spread marker and its payout, the payout table, the odds of
raising, each seat's bet, the purses and the bets on the table, and the cards the dealer turned."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    play_by_clicking,
    wait_for_version,
    watch_errors,
)

GAME = "red-dog"
ROUNDS = 3


def choose(view: dict[str, Any]) -> str:
    """A newcomer who reads the odds: bets $2, raises the most when raising pays, else stands."""
    legal: list[str] = view["legal_moves"]
    if "bet 200" in legal:
        return "bet 200"
    raises = [m for m in legal if m.startswith("raise")]
    ev = view.get("raise_ev")
    if raises and ev and ev[0] > 0:
        return raises[-1]
    return "stand" if "stand" in legal else legal[0]


def test_rounds_are_played_by_clicking_with_spread_payouts_and_purses(server: str, browser: Any) -> None:
    api = Api(server)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 2
    status, made = api.call("/api/tables", {"game": GAME, "players": 3, "seats": seats, "bot_delay_ms": 0,
                                            "options": {"rounds": ROUNDS + 2}})
    assert status == 201, made
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#move-buttons button[data-move='bet 200']")
    table_id, token = made["table_id"], made["seats"][0]["token"]
    seen_raise_odds: list[str] = []

    def after(view: dict[str, Any], move: str) -> None:
        if view.get("raise_odds"):
            seen_raise_odds.append(view["raise_odds"])

    def enough(view: dict[str, Any], moves: list[str]) -> bool:
        return len(view["score_sheet"]["rows"]) >= ROUNDS

    moves = play_by_clicking(api, page, table_id, token, choose, enough, after=after, seconds=60)
    assert moves.count("bet 200") >= ROUNDS, moves
    snap = api.snapshot(table_id, token)
    wait_for_version(page, snap["version"])
    text = page.inner_text("body")
    assert "Spread" in text and "pays" in text and "5 to 1" in text and "11 to 1" in text, text
    assert "Bets pot" in text and "$" in text and "The house" in text, text
    assert "Left card" in text and "Right card" in text, text
    assert snap["view"]["money"]["seats"][0]["text"] in text
    if seen_raise_odds:  # the odds of raising were on the page while the person decided
        assert "a unit" in seen_raise_odds[0]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "red_dog_3p.png"), full_page=True)
    page.close()
    assert not errors, errors
