"""A timed window in a real browser (Chromium through Playwright): the seats that may claim a discard
out of turn get a prominent button naming the claim, "Let it go" and a countdown; everybody else
reads who is being waited for, with the seconds left; at the deadline the server lets the window
lapse and the buttons disappear. A click on the claim makes it; the lobby sets the table's window.

The server runs in a subprocess with the test-only game Claim Count registered
(tests/core/window_game.py): three players discard in turn, the others may claim each discard.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_browser import ARTIFACTS, Api, Server, table_of, watch_errors


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("window") / "tables.db"
    running = Server(db, test_games=("tests.core.window_game",)).start()
    try:
        yield running.base
    finally:
        running.stop()


def claim_table(api: Api, **body: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]
    status, table = api.call("/api/tables", {"game": "claim-count", "seats": seats, **body})
    assert status == 201, table
    return table  # type: ignore[no-any-return]


def discard(api: Api, table: dict[str, Any], seat: int = 0) -> int:
    token = table["seats"][seat]["token"]
    snap = api.snapshot(table["table_id"], token)
    body = {"token": token, "move": snap["view"]["legal_moves"][0], "version": snap["version"]}
    status, answer = api.call(f"/api/tables/{table['table_id']}/moves", body)
    assert status == 200, answer
    version: int = answer["version"]
    return version


def open_page(browser: Any, link: str, errors: list[str]) -> Any:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    watch_errors(page, errors)
    page.goto(link)
    page.wait_for_selector("#headline .game-title")
    return page


def countdown(page: Any) -> int:
    return int(page.get_attribute("#window", "data-left") or -1)


def bar_width(page: Any) -> float:
    width: float = page.eval_on_selector("#window .window-fill", "el => parseFloat(el.style.width)")
    return width


def test_the_window_shows_a_claim_button_and_a_countdown_until_it_lapses(server: str, browser: Any) -> None:
    api = Api(server)
    window_s = 6  # long enough to read the page on a loaded machine
    table = claim_table(api, claim_window_ms=window_s * 1000)
    errors: list[str] = []
    bob = open_page(browser, table["seats"][1]["link"], errors)
    watcher = open_page(browser, table["spectator_link"], errors)
    assert bob.is_hidden("#window") and watcher.is_hidden("#window")
    started = time.monotonic()
    discard(api, table)
    bob.wait_for_selector("#window.mine button.claim")
    first_left, first_width = countdown(bob), bar_width(bob)
    claims = bob.eval_on_selector_all("#window button.claim",
                                      "els => els.map(e => [e.dataset.move, e.innerText])")
    assert claims == [["claim 8H", "Claim 8♥"]]
    assert bob.inner_text("#window button.let-go") == "Let it go"
    assert bob.get_attribute("#window button.let-go", "data-move") == "pass"
    assert bob.is_hidden("#move-buttons")  # the window's buttons stand in for the action bar
    assert "claim it or let it go" in bob.inner_text("#turn")
    assert 0 < first_left <= window_s and 0 < first_width <= 100
    watcher.wait_for_selector("#window .window-wait")
    line = watcher.inner_text("#window .window-wait")
    assert line.startswith("Waiting for Bob and Cy to claim or let it go (") and line.endswith(" s)"), line
    assert watcher.query_selector("#window button") is None
    ARTIFACTS.mkdir(exist_ok=True)
    bob.screenshot(path=str(ARTIFACTS / "claim-window.png"))
    # counting down, on the page's own clock
    bob.wait_for_function("n => Number(document.querySelector('#window').dataset.left) < n", arg=first_left)
    assert bar_width(bob) < first_width
    # the deadline: the server lets Bob's and Cy's windows lapse, and the buttons go
    bob.wait_for_selector("#window", state="hidden", timeout=30_000)
    watcher.wait_for_selector("#window", state="hidden", timeout=30_000)
    assert time.monotonic() - started >= window_s - 0.5
    snap = api.snapshot(table["table_id"], table["seats"][1]["token"])
    assert snap["version"] == 3 and snap["window"] is None
    assert "Nobody takes the 8♥." in bob.inner_text("#log")
    bob.wait_for_selector("#move-buttons button[data-move='discard QS']")  # Bob's turn now
    assert not errors, errors


def test_a_click_on_the_claim_makes_it_and_closes_the_window_for_everyone(server: str, browser: Any) -> None:
    api = Api(server)
    table = claim_table(api, claim_window_ms=20_000)
    errors: list[str] = []
    bob = open_page(browser, table["seats"][1]["link"], errors)
    cy = open_page(browser, table["seats"][2]["link"], errors)
    discard(api, table)
    cy.wait_for_selector("#window.mine button.claim")
    bob.click("#window button.claim")
    bob.wait_for_selector("#window", state="hidden")
    cy.wait_for_selector("#window", state="hidden")
    snap = api.snapshot(table["table_id"], table["seats"][0]["token"])
    assert snap["view"]["claims"] == [0, 1, 0] and snap["version"] == 2
    assert "Bob takes the 8♥." in cy.inner_text("#log")
    assert not errors, errors


def test_the_lobby_sets_the_tables_claim_window_in_seconds(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors = watch_errors(page)
    page.goto(server + "/#claim-count")
    page.click(".seats-fold summary")  # who plays is folded: the lobby's default is you and bots
    page.wait_for_selector("#seat-rows .seat-row")
    for seat in (1, 2):  # the test-only game has no heuristic bot for the lobby's default
        page.select_option(f"#seat-{seat}", "human")
    page.click(".advanced summary")
    assert page.input_value("#claim-window") == "4"
    page.fill("#claim-window", "2.5")
    page.click("#create")
    page.wait_for_selector("#created a.button[data-seat='0'], #create-error:not([hidden])")
    assert page.is_hidden("#create-error"), page.inner_text("#create-error")
    link = page.get_attribute("#created a.button[data-seat='0']", "href")
    assert link is not None
    table_id, token = table_of(server + link if link.startswith("/") else link)
    assert Api(server).snapshot(table_id, token)["claim_window_ms"] == 2500
    assert not errors, errors
