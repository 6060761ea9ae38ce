"""Five Hundreds in real Chromium: a person at seat 0 of four plays the first turns by clicking — the
draw or a dig into the spread discard pile (a plain button naming the dig), melds and lay-offs
(cards selected, then the button naming the move), a Rummy claim when one is offered, and the
discard — and the page shows the whole discard pile card by card, every player's melds and the
cards he laid off in front of him, and the first hand's row on the score sheet."""

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

GAME = "five-hundreds"
#: the bots wait this long before each move, so the page the test reads is the one it looked at
BOT_DELAY_MS = 150


def choose(view: dict[str, Any]) -> str:
    """A keen newcomer: claims and digs whenever he may, lays what he can, then discards his first
    card (or draws)."""
    legal: list[str] = view["legal_moves"]
    for verb in ("claim", "dig", "meld", "layoff", "discard", "draw"):
        found = [m for m in legal if m.split()[0] == verb]
        if found:
            return found[0]
    return legal[0]


def test_turns_are_played_by_clicking_with_the_spread_pile_and_the_melds_in_front(server: str,
                                                                                    browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 4, bot_delay_ms=BOT_DELAY_MS)
    ARTIFACTS.mkdir(exist_ok=True)
    seen: dict[str, Any] = {}

    def look(view: dict[str, Any], move: str) -> None:
        """After each of the person's moves, which the page shows by now: the spread pile reads card
        by card, oldest first (``view`` is the one the move was chosen from; a dig or a claim takes
        cards from the pile, so the page may show none to read)."""
        pile = view["discard_pile"]
        if len(pile) >= 3 and "pile" not in seen and move.split()[0] not in ("dig", "claim"):
            cards = page.locator(".spread-cards").first.inner_text()
            seen["pile"] = (pile, cards)
        if view["melds"] and "melds" not in seen:
            seen["melds"] = page.inner_text("body")
            page.screenshot(path=str(ARTIFACTS / "five_hundreds_melds.png"), full_page=True)

    def done(view: dict[str, Any], made: list[str]) -> bool:
        """The first hand scored and the spread pile read (a keen digger can leave the pile short
        all through a hand: then he plays on into the next)."""
        return scored(view, made) and "pile" in seen

    made = play_by_clicking(api, page, table_id, token, choose, done, seconds=150, after=look)
    verbs = {m.split()[0] for m in made}
    assert "discard" in verbs and ("draw" in verbs or "dig" in verbs), made
    pile, shown = seen["pile"]
    assert shown.count("\n") + 1 >= len(pile) or len(shown.split()) >= len(pile), (pile, shown)
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    page.wait_for_selector("#sheet table.sheet tbody tr")
    sheet = page.inner_text("#sheet")
    assert "Hand 1" in sheet and "laid" in sheet and "held" in sheet, sheet
    body = page.inner_text("body")
    assert "Discard pile" in body and "On the table" in body, body
    if "melds" in seen:
        assert "Meld 1" in seen["melds"], seen["melds"]
    page.screenshot(path=str(ARTIFACTS / "five_hundreds_first_hand.png"), full_page=True)
    page.close()
    assert not errors, errors
