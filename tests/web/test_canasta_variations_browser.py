"""What the canasta variations add to the table, read off a spectator's page in real Chromium opened at
the end of a one-hand match of four heuristic bots: Samba's sequences (each described as the
engine says it, "a sequence of hearts 8–10", "a samba of clubs 6–Q") beside its groups, and what
its sides need to go out; Mexicana's first-meld bonus of thirteen cards (who drew it) and its
going-out requirement; Joker Canasta's threes, black ones laid out like red. Playing by clicking
is Canasta's and Oklahoma's browser tests'; every variation draws through the same kernel view."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import ARTIFACTS, Api, wait_for_version, watch_errors


def one_hand_on_a_spectators_page(api: Api, browser: Any, game: str,
                                  **table: Any) -> tuple[Any, list[str], dict[str, Any]]:
    """Four heuristic bots play a one-hand match, then a spectator's page opens on it:
    (the page, its script errors, the final spectator snapshot). The page opens once the hand is
    over: bots with no delay publish hundreds of versions a hand, and a page open through them
    spent most of these tests' CPU drawing frames nobody reads (following a table live is the
    clicking tests'; these read what the finished hand leaves on the table)."""
    seats = [{"kind": "bot", "bot": "heuristic"}] * 4
    status, made = api.call("/api/tables", {"game": game, "players": 4, "seats": seats, "bot_delay_ms": 0,
                                            "trick_pause_ms": 0, "options": {"max_hands": 1}, **table})
    assert status == 201, made
    deadline = time.monotonic() + 90
    while True:
        status, snap = api.call(f"/api/tables/{made['table_id']}")
        assert status == 200, snap
        if snap["view"]["is_over"]:
            break
        assert time.monotonic() < deadline, "the bots did not finish the hand in time"
        time.sleep(0.1)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(page)
    page.goto(made["spectator_link"])
    page.wait_for_selector("#headline .game-title")
    wait_for_version(page, snap["version"])
    return page, errors, snap


def finish(page: Any, errors: list[str], name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    page.close()
    assert not errors, errors


@pytest.mark.parametrize("preset", [None, "bolivia"])
def test_samba_sequences_and_groups_are_described_on_the_table(server: str, browser: Any,
                                                                preset: str | None) -> None:
    api = Api(server)
    runs = 0
    for _ in range(4):  # a hand with no sequence left on the table shows only groups: deal again
        page, errors, snap = one_hand_on_a_spectators_page(api, browser, "samba", preset=preset)
        view = snap["view"]
        text = page.inner_text("body")
        books = [b for side in view["team_books"] for b in side["books"]]
        assert books, "nobody melded in a whole hand"
        for book in books:
            assert book["text"] in text, book["text"]  # "a sequence of hearts 8–10 (3 cards)" ...
        assert view["need"] in text  # "2 canastas or sambas in all", "... a samba"
        runs = sum(b["kind"] in ("sequence", "samba") for b in books)
        finish(page, errors, f"samba_{preset or 'book'}_one_hand")
        if runs:
            break
    assert runs, "four hands left no sequence on the table"


def test_mexicana_shows_who_drew_the_thirteen_card_bonus(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, snap = one_hand_on_a_spectators_page(api, browser, "mexicana")
    view = snap["view"]
    text = page.inner_text("body")
    assert "Drew the first-meld bonus" in text
    drew = [name for name in view["bonus_drawn"] if name != "not yet"]
    assert drew, view["bonus_drawn"]  # a side that melded drew it
    assert all(name in text for name in drew)
    assert "To go out" in text
    finish(page, errors, "mexicana_one_hand")


def test_joker_canasta_lays_its_threes_out_where_everyone_sees_them(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, snap = one_hand_on_a_spectators_page(api, browser, "joker-canasta")
    view = snap["view"]
    laid = [side for side in view["team_books"] if side["red_threes"]]
    assert laid, "no three was laid out in a whole hand"
    for side in laid:  # the row, named "threes" (black ones lie there too), under the side's name
        area = page.locator(f"section.team-area[data-group='{side['group']}']")
        assert side["name"] in area.inner_text()
        row = area.locator(".area-row[data-zone^='red3/']")
        assert row.locator(".area-row-label").inner_text() == "threes"
        shown = row.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(side["red_threes"])
    finish(page, errors, "joker_canasta_one_hand")
