"""Desert Rummy in real Chromium: a person at seat 0 of four plays turns by clicking (cards
selected, then the button naming the move: the draw, the groups of the meld, lay-offs and
discards), bots play the rest, and the page shows every player's level and meld, the melds in
front of the player who laid them, and the score sheet's row when the first hand ends."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    open_first_seat,
    play_by_clicking,
    scored,
    wait_for_version,
)


def choose(legal: list[str]) -> str:
    """A keen newcomer: the meld's groups as soon as he can, then lay-offs, else the first move."""
    for verb in ("meld", "layoff"):
        for move in legal:
            if move.startswith(verb + " "):
                return move
    return legal[0]


def test_turns_are_played_by_clicking_and_the_levels_and_melds_are_on_the_page(server: str,
                                                                                 browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, "desert-rummy", 4)
    text = page.inner_text("body")
    assert "Your contract" in text and "Two sets of three" in text and "Level" in text
    ARTIFACTS.mkdir(exist_ok=True)
    shots: list[str] = []

    def shoot_the_melds(view: dict[str, Any], move: str) -> None:
        if view["made"][0] and len(view["melds"]) >= 2 and not shots:
            shots.append(move)
            page.screenshot(path=str(ARTIFACTS / "desert_rummy_melds.png"), full_page=True)

    made = play_by_clicking(api, page, table_id, token, lambda view: choose(view["legal_moves"]), scored,
                            seconds=120, after=shoot_the_melds)
    verbs = {m.split()[0] for m in made}
    assert made and "draw" in verbs
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    page.wait_for_selector("#sheet table.sheet tbody tr")
    sheet = page.inner_text("#sheet")
    assert "level 1" in sheet  # each player's level on the score sheet
    body = page.inner_text("body")
    assert all(f"{name}: " in body for name in final["view"]["players"])  # every player's level
    page.screenshot(path=str(ARTIFACTS / "desert_rummy_first_hand.png"), full_page=True)
    page.close()
    assert not errors, errors
