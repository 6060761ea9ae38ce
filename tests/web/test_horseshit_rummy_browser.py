"""Horseshit Rummy in real Chromium, played by clicking: a person at seat 0 and three bots. The
person digs the spread discard pile whenever the rules let him (a plain button naming the depth and
the card dug to), lays sets and lays off by selecting cards and pressing the button that names the
move, and discards; the page shows every player's face-up first card, the round's wild rank, the
spread pile card by card, and the cards in front of each player."""

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

GAME = "horseshit-rummy"
#: the bots wait this long before each move, so the round the page shows cannot end (a bot going
#: out) between the test's last look at the table and its reading of the page
BOT_DELAY_MS = 200


def choose(view: dict[str, Any]) -> str:
    """A keen newcomer: digs whenever he may, lays what he can, then discards his first card."""
    legal: list[str] = view["legal_moves"]
    for verb in ("dig", "meld", "layoff", "take", "discard", "draw"):
        found = [m for m in legal if m.split()[0] == verb]
        if found:
            return found[-1] if verb == "dig" else found[0]
    return legal[0]


def test_turns_are_played_by_clicking_with_the_pile_spread_and_the_cards_in_front(server: str,
                                                                                     browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, GAME, 4, bot_delay_ms=BOT_DELAY_MS)
    first = api.snapshot(table_id, token)["view"]
    text = page.inner_text("body")
    assert "Turned up" in text and "Wild" in text and first["wilds"] in text.lower()
    ARTIFACTS.mkdir(exist_ok=True)
    shots: list[str] = []

    def shoot_the_dig(view: dict[str, Any], move: str) -> None:
        if move.startswith("dig") and not shots:
            shots.append(move)
            after = api.snapshot(table_id, token)
            wait_for_version(page, after["version"])
            assert "Dug to" in page.inner_text("body")  # the card to meld first
            page.screenshot(path=str(ARTIFACTS / "horseshit_rummy_dig.png"), full_page=True)

    piles: list[list[str]] = []

    def look_then_choose(view: dict[str, Any]) -> str:
        """On the person's turn (the bots wait for him, so the page holds still), the spread pile: every
        card of it drawn, oldest first, as the rules let anyone read it."""
        if len(view["discard_pile"]) >= 2 and not piles:
            drawn = [c.get_attribute("data-card") for c in page.locator(".spread-cards [data-card]").all()]
            assert drawn == view["discard_pile"], (drawn, view["discard_pile"])
            piles.append(drawn)
        return choose(view)

    def scored_and_seen(view: dict[str, Any], made: list[str]) -> bool:
        return bool(scored(view, made)) and bool(piles)  # a hand may end before any pile of two

    made = play_by_clicking(api, page, table_id, token, look_then_choose, scored_and_seen, seconds=150,
                            after=shoot_the_dig)
    assert piles, "the person never saw a pile of two cards or more"
    verbs = {m.split()[0] for m in made}
    assert verbs & {"draw", "take", "dig"} and verbs & {"meld", "discard"}, made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    assert "In front" in page.inner_text("body")
    page.screenshot(path=str(ARTIFACTS / "horseshit_rummy_round.png"), full_page=True)
    page.close()
    assert not errors, errors
