"""The trick-taking family's newer games in real Chromium, played by clicking: a person at seat 0
makes every move of the first deal the way a person does (cards selected, then the button that
names the move; bids from the number box), bots play the rest, and the deal is scored on the
page's score sheet with no script error. Whole matches are the engine tests' and the golden logs'."""

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

#: (game, players, preset, options)
TABLES = [
    ("five-hundred-rummy", 4, None, {}),
    ("rook", 4, None, {}),
    ("rook", 4, "rook_deck", {}),
    ("rook", 5, "partner_card", {}),
    ("canadian-salad", 5, None, {}),
    ("saskatchewan", 4, None, {}),
    ("court-whist", 4, None, {"first_game": 3}),  # Conspiracy: the dealer's last card turned for trumps
]


def choose(view: dict[str, Any]) -> str:
    """The move a cautious newcomer makes: pass an auction, else the first legal move."""
    legal = view["legal_moves"]
    return "pass" if "pass" in legal else legal[0]


@pytest.mark.parametrize(("game", "players", "preset", "options"), TABLES,
                         ids=[f"{g}-{p or 'book'}-{n}p" for g, n, p, _ in TABLES])
def test_a_first_deal_is_played_by_clicking_and_scored(server: str, browser: Any, game: str, players: int,
                                                       preset: str | None, options: dict[str, Any]) -> None:
    api = Api(server)
    extra: dict[str, Any] = {"preset": preset} if preset else {}
    page, errors, table_id, token = open_first_seat(api, browser, game, players, trick_pause_ms=0,
                                                    options=options, **extra)
    made = play_by_clicking(api, page, table_id, token, choose, scored)
    assert made
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    page.wait_for_selector("#sheet table.sheet tbody tr")
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"{game}_{preset or 'book'}_{players}p_first_deal.png"
    page.screenshot(path=str(shot), full_page=True)
    page.close()
    assert not errors, errors
