"""The lobby a family uses (issue 26), in real Chromium on a phone (390×844, touch) and a laptop
(1280×800): a search box finds a game however it is typed, the games stand in groups by kind, a
tapped game opens its setup where it was tapped with the book's rules and you and bots ready, so
Start seats you at the table (two taps); the tables started here are offered again at the top;
nothing on a phone scrolls sideways. The server and browser fixtures are test_browser's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

import gamenight
from tests.web.test_browser import Api, start_from_lobby, table_of, watch_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
SIZES: dict[str, dict[str, Any]] = {"phone": PHONE, "laptop": LAPTOP}


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> dict[str, Any]:
    return SIZES[request.param]


@pytest.fixture
def lobby(server: str, browser: Any, size: dict[str, Any]) -> Iterator[Any]:
    """The lobby in a fresh context (nothing remembered), its games drawn."""
    context = browser.new_context(**size)
    page = context.new_page()
    page.errors = watch_errors(page)
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    yield page
    assert not page.errors, page.errors
    context.close()


def shown_games(page: Any) -> list[str]:
    """The games the list shows, in the order a person sees them."""
    games: list[str] = page.eval_on_selector_all(
        ".game-item:not([hidden])",
        "els => els.filter(e => e.offsetParent !== null)"
        ".sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top"
        " || a.getBoundingClientRect().left - b.getBoundingClientRect().left).map(e => e.dataset.game)")
    return games


def search(page: Any, text: str) -> list[str]:
    page.fill("#search", text)
    return shown_games(page)


def tap(page: Any, selector: str) -> None:
    """A tap on a touch screen, a click elsewhere: one person's action either way."""
    if page.evaluate("'ontouchstart' in window"):
        page.tap(selector)
    else:
        page.click(selector)


def overflow(page: Any) -> int:
    """How far the page reaches past the screen's width (0: nothing to scroll sideways)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return width


# ---- search ----------------------------------------------------------------------------------------


def test_search_finds_hearts_however_it_is_typed_and_says_when_nothing_matches(lobby: Any) -> None:
    everything = shown_games(lobby)
    assert len(everything) == len(gamenight.games())
    for typed in ("hearts", "Hearts", "HÉARTS", "  heart ", "hea"):
        found = search(lobby, typed)
        assert found and found[0] == "hearts", (typed, found)  # the title match leads
        assert "euchre" not in found
    assert search(lobby, "10000")[0] == "ten-thousand"  # "10,000" without its comma, the title first
    assert search(lobby, "oh hell") == ["oh-hell"]
    assert set(search(lobby, "dominoes")) >= {"mexican-train", "chicken-foot"}  # the kind's words count
    assert lobby.is_hidden("#no-match")
    assert search(lobby, "xylophone") == []
    assert "No game matches “xylophone”." in lobby.inner_text("#no-match")
    assert lobby.locator(".game-group:not([hidden])").count() == 0
    tap(lobby, "#clear-search")
    assert lobby.input_value("#search") == ""
    assert shown_games(lobby) == everything
    assert lobby.is_hidden("#no-match")


def test_the_games_stand_in_groups_by_kind_each_under_its_heading(lobby: Any) -> None:
    headings = lobby.eval_on_selector_all(".game-group h2", "els => els.map(e => e.firstChild.textContent)")
    assert headings[:6] == ["Trick taking", "Rummy", "Canasta", "Dice and dominoes", "Board games",
                            "Money games"]
    group_of = lobby.eval_on_selector_all(
        ".game-item", "els => Object.fromEntries(els.map(e => [e.dataset.game, "
        "e.closest('.game-group').querySelector('h2').firstChild.textContent]))")
    kinds = {spec.id: spec.to_json()["kind"] for spec in gamenight.games()}
    assert group_of == kinds
    # compact cards: a title, the players, one line of what the game is
    card = lobby.locator(".game-card[data-game='hearts']")
    assert card.locator(".game-players").inner_text() == "3–8 players"
    line = card.locator(".game-line").bounding_box()
    assert line is not None and line["height"] < 30


# ---- three taps ---------------------------------------------------------------------------------------


def test_a_game_then_start_seats_you_at_the_table_in_two_taps(lobby: Any) -> None:
    spec = next(s for s in gamenight.games() if s.id == "gin-rummy")  # far down the list
    tap(lobby, f".game-card[data-game='{spec.id}']")  # tap 1
    # its setup opens where it was tapped, in view, the book's rules and you and bots ready
    height = lobby.viewport_size["height"]
    start = lobby.locator("#create").bounding_box()
    assert start is not None and start["y"] >= 0 and start["y"] + start["height"] <= height, start
    assert lobby.input_value("#players") == str(spec.default_players)
    assert lobby.input_value("#preset") == ""
    seats = [lobby.input_value(f"#seat-{i}") for i in range(spec.default_players)]
    assert seats[0] == "human" and all(s.startswith("bot:") for s in seats[1:])
    assert lobby.inner_text(".seats-fold summary").endswith(f"You and {spec.default_players - 1} bot"
                                                            + ("s" if spec.default_players > 2 else ""))
    assert lobby.is_hidden("#seat-rows") and lobby.is_hidden("#preset")  # folded, one tap away
    table = start_from_lobby(lobby)  # tap 2
    table_id, _ = table_of(table["seats"][0]["link"])
    lobby.wait_for_selector("#my-seat .seat-me")
    assert f"/t/{table_id}" in lobby.url


def test_a_game_named_in_the_address_opens_at_once(lobby: Any, server: str) -> None:
    lobby.goto("about:blank")  # a new visit: a change of the hash alone would not load the page
    lobby.goto(server + "/#mexican-train")
    lobby.wait_for_selector("#setup #create")
    assert lobby.get_attribute(".game-card[data-game='mexican-train']", "aria-expanded") == "true"
    tap(lobby, ".game-card[data-game='mexican-train']")  # a second tap folds it again
    assert lobby.locator("#setup").count() == 0


# ---- played lately -------------------------------------------------------------------------------------


def test_the_tables_started_here_are_offered_again_at_the_top(lobby: Any, server: str) -> None:
    assert lobby.is_hidden("#recent")
    tap(lobby, ".game-card[data-game='hearts']")
    lobby.select_option("#bot-delay", "0")
    table = start_from_lobby(lobby)
    link = table["seats"][0]["link"]
    lobby.goto(server + "/")
    lobby.wait_for_selector("#recent .recent-table")
    assert "Hearts" in lobby.inner_text("#recent .recent-table")
    back = lobby.locator("#recent .recent-table a.button")
    assert back.inner_text() == "Back to your seat"
    assert back.get_attribute("href") == link
    # a table started for people lists each person's seat by name
    tap(lobby, ".game-card[data-game='euchre']")
    tap(lobby, ".seats-fold summary")
    lobby.select_option("#seat-2", "human")
    lobby.fill("#seat-name-2", "Cy")
    tap(lobby, "#create")
    lobby.wait_for_selector("#created a.button[data-seat='2']")
    lobby.wait_for_function("() => document.querySelectorAll('#recent .recent-table').length === 2")
    newest = lobby.locator("#recent .recent-table").first.inner_text()
    assert "Euchre" in newest and "North" in newest and "Cy" in newest
    # the games played lately open their setup in one tap
    assert lobby.eval_on_selector_all("#recent-games button", "els => els.map(e => e.textContent)") == [
        "Euchre", "Hearts"]
    tap(lobby, "#recent-games button[data-game='hearts']")
    lobby.wait_for_selector(".game-item.open[data-game='hearts'] #create")
    tap(lobby, "#forget-recent")
    assert lobby.is_hidden("#recent")


def test_a_seat_opened_from_someone_elses_link_is_offered_again(lobby: Any, server: str) -> None:
    status, table = Api(server).call("/api/tables", {"game": "oh-hell", "bot_delay_ms": 60_000, "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]})
    assert status == 201, table
    link = table["seats"][1]["link"]
    lobby.goto(link)  # the invite link someone sent
    lobby.wait_for_selector("#my-seat .seat-me")
    lobby.goto(server + "/")
    # the server names the game of a table known only by its link
    lobby.wait_for_function("() => document.querySelector('#recent .recent-table')"
                            "?.innerText.includes('Oh Hell!')")
    assert lobby.get_attribute("#recent .recent-table a.button", "href") == link
    games = lobby.eval_on_selector_all("#recent-games button", "els => els.map(e => e.textContent)")
    assert games == ["Oh Hell!"]


@pytest.mark.parametrize("size", [PHONE], ids=["phone"])  # the same list on a laptop
def test_the_newest_three_tables_show_and_the_older_ones_wait_one_tap_away(lobby: Any, server: str) -> None:
    for _ in range(4):  # few: the server allows a client 30 new tables a minute
        tap(lobby, ".game-card[data-game='thirty-one']")
        tap(lobby, ".seats-fold summary")
        lobby.select_option("#seat-1", "human")  # two people: the links stay on the lobby
        tap(lobby, "#create")
        lobby.wait_for_selector("#created a.button[data-seat='1']")
        tap(lobby, ".game-card[data-game='thirty-one']")  # folded again
    lobby.reload()
    lobby.wait_for_selector("#recent .recent-table")
    assert lobby.locator("#recent-list > .recent-table").count() == 3
    assert lobby.inner_text(".recent-more summary") == "1 more table"
    assert lobby.locator(".recent-more .recent-table").first.is_hidden()
    tap(lobby, ".recent-more summary")
    assert lobby.locator(".recent-more .recent-table").first.is_visible()


# ---- a phone's width ------------------------------------------------------------------------------------


def test_nothing_scrolls_sideways_with_the_longest_setup_open(lobby: Any) -> None:
    assert overflow(lobby) == 0
    tap(lobby, ".game-card[data-game='canasta']")  # the most options
    for fold in (".seats-fold", ".rules-fold", ".advanced"):
        tap(lobby, f"{fold} summary")
    assert overflow(lobby) == 0
    tap(lobby, ".game-card[data-game='court-whist']")  # the most seats
    lobby.click(".seats-fold summary")
    lobby.select_option("#players", "16")
    lobby.select_option("#seat-1", "human")
    lobby.select_option("#bot-delay", "0")
    tap(lobby, "#create")
    lobby.wait_for_selector("#created img.qr")
    assert overflow(lobby) == 0


# ---- accessibility ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [PHONE], ids=["phone"])  # the laptop's page is the same page
def test_the_lobby_has_no_serious_accessibility_violation_searched_open_and_remembered(lobby: Any) -> None:
    from tests.web.test_browser_table import serious

    lobby.fill("#search", "xylophone")  # the "nothing matches" box
    assert serious(lobby) == []
    tap(lobby, "#clear-search")
    tap(lobby, ".game-card[data-game='canasta']")
    tap(lobby, ".seats-fold summary")
    lobby.select_option("#seat-1", "human")
    tap(lobby, "#create")
    lobby.wait_for_selector("#created img.qr")
    lobby.wait_for_selector("#recent .recent-table")  # the table just started, at the top
    tap(lobby, ".game-card[data-game='canasta']")  # folded,
    tap(lobby, ".game-card[data-game='canasta']")  # and open again, with every fold open
    for fold in (".seats-fold", ".rules-fold", ".advanced"):
        tap(lobby, f"{fold} summary")
    assert serious(lobby) == []
