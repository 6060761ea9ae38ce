"""The trick-taking family's newer games in real Chromium, played by clicking: a person at seat 0
makes the first moves of the first deal the way a person does (cards selected, then the button
that names the move; bids from the number box), bots play the rest, the person's remaining moves
of the deal go through the API with the page still open, and the deal is scored on the page's
score sheet with no script error. Whole matches are the engine tests' and the golden logs'.

Why not every move of the deal by clicking: the later tricks are clicked exactly as the first
ones are (the same hand, the same buttons), and clicking a whole deal cost about a sixth of the
browser tests' CPU; the deal's end, drawn on the page the person watches, is still checked."""

from __future__ import annotations

import time
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


#: the person's moves made by clicking: the auction's and the first tricks' (or draws and discards)
CLICKED_MOVES = 6


def clicked_enough(view: dict[str, Any], made: list[str]) -> bool:
    return scored(view, made) or len(made) >= CLICKED_MOVES


def finish_the_deal_through_the_api(api: Api, table_id: str, token: str, seconds: float = 90) -> None:
    """Seat 0's moves after the clicked ones, sent as a program sends them, until the deal is scored."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the first deal was not scored in time"
        snap = api.snapshot(table_id, token)
        view = snap["view"]
        if view["is_over"] or scored(view, []):
            return
        if 0 in view["to_act"] and view["legal_moves"]:
            api.call(f"/api/tables/{table_id}/moves",
                     {"token": token, "move": choose(view), "version": snap["version"]})
        else:
            time.sleep(0.02)


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
    made = play_by_clicking(api, page, table_id, token, choose, clicked_enough)
    assert made
    finish_the_deal_through_the_api(api, table_id, token)
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    page.wait_for_selector("#sheet table.sheet tbody tr")
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"{game}_{preset or 'book'}_{players}p_first_deal.png"
    page.screenshot(path=str(shot), full_page=True)
    page.close()
    assert not errors, errors
