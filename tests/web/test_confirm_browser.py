"""Safe taps in real Chromium on a phone (issue 26): a knock in Golf, ordering up alone in Euchre
and a bet in Red Dog each need a second tap. The first tap sends nothing — the button reads "Tap
again to …" and the engine's question shows — and the table's version stays where it was (read
from the server's own snapshot); the second tap sends the move. A tap anywhere else disarms."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from playwright.sync_api import expect

import gamenight
from tests.web.conftest import BROWSER_SEED
from tests.web.test_browser import Api, wait_for_api_past, wait_for_version, watch_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def open_first_to_act(api: Api, browser: Any, game: str, players: int,
                      **table: Any) -> tuple[Any, list[str], str, str]:
    """A table of ``game`` with a person in the seat that acts first (by the browser tests' seed)
    and heuristic bots in the others, the person's page open on a phone: (page, the page's script
    errors, table id, the person's token). ``table``: more of the request (options)."""
    first = min(gamenight.new(game, players=players, seed=BROWSER_SEED, options=table.get("options")).to_act)
    seats = [{"kind": "bot", "bot": "heuristic"}] * players
    seats[first] = {"kind": "human"}
    status, made = api.call("/api/tables", {"game": game, "players": players, "seats": seats,
                                            "bot_delay_ms": 0, **table})
    assert status == 201, made
    page = browser.new_context(**PHONE).new_page()
    errors = watch_errors(page)
    page.goto(made["seats"][first]["link"])
    token = made["seats"][first]["token"]
    snap = api.snapshot(made["table_id"], token)
    assert first in snap["view"]["to_act"], snap["view"]["to_act"]
    wait_for_version(page, snap["version"])
    return page, errors, made["table_id"], token


def two_taps(api: Api, page: Any, table_id: str, token: str, move: str, again: str) -> dict[str, Any]:
    """Tap ``move``'s button twice: after the first the button reads ``again``, the question shows
    and the server's version has not moved; after the second the move is made. The snapshot after."""
    before = api.snapshot(table_id, token)
    question = next(m["confirm"] for m in before["view"]["moves"] if m["text"] == move)
    button = page.locator(f"button[data-move='{move}']").first
    button.tap()
    expect(button).to_have_attribute("data-confirming", "1")
    expect(button).to_have_text(again)
    expect(page.locator("#confirm-prompt")).to_contain_text(question)
    assert api.snapshot(table_id, token)["version"] == before["version"], "the first tap sent the move"
    button.tap()
    after = wait_for_api_past(api, table_id, token, before["version"])
    expect(page.locator("#confirm-prompt")).to_be_hidden()
    return after


def test_a_golf_knock_needs_a_second_tap_and_a_tap_elsewhere_disarms_it(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_to_act(api, browser, "golf", 2)
    before = api.snapshot(table_id, token)
    knock = page.locator("button[data-move='knock']").first
    label = knock.inner_text()
    knock.tap()
    expect(knock).to_have_text("Tap again to knock")
    page.locator("#headline").tap()  # any other tap: nothing is sent, the button is itself again
    expect(knock).to_have_text(label)
    expect(page.locator("#confirm-prompt")).to_be_hidden()
    assert api.snapshot(table_id, token)["version"] == before["version"]
    after = two_taps(api, page, table_id, token, "knock", "Tap again to knock")
    assert any("knocks" in e for e in after["view"]["events"]), after["view"]["events"][-3:]
    assert not errors, errors


def test_ordering_up_alone_in_euchre_needs_a_second_tap(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_to_act(api, browser, "euchre", 4)
    after = two_taps(api, page, table_id, token, "order alone", "Tap again to go alone")
    assert any("alone" in e for e in after["view"]["events"]), after["view"]["events"][-3:]
    assert not errors, errors


def test_a_red_dog_bet_needs_a_second_tap_from_the_prompt_too(server: str, browser: Any) -> None:
    """And the session's end is told against the house: what the house and the player won or lost,
    never "You win!" for a player who lost money."""
    api = Api(server)
    page, errors, table_id, token = open_first_to_act(api, browser, "red-dog", 1, options={"rounds": 1})
    before = api.snapshot(table_id, token)
    bet = page.locator("button[data-move='bet 200']").first
    bet.tap()
    expect(bet).to_have_text("Tap again to bet $2.00")
    assert api.snapshot(table_id, token)["version"] == before["version"], "the first tap sent the bet"
    page.locator("#confirm-prompt button.confirm-yes").tap()  # the prompt's own button is the second tap
    after = wait_for_api_past(api, table_id, token, before["version"])
    assert any("bets $2.00" in e for e in after["view"]["events"]), after["view"]["events"][-3:]
    if not after["view"]["is_over"]:  # a spread: stand, and the third card ends the one round
        wait_for_version(page, after["version"])
        page.locator("button[data-move='stand']").first.tap()
        after = wait_for_api_past(api, table_id, token, after["version"])
    outcome = after["view"]["outcome"]
    assert outcome is not None and outcome["headline"].startswith("The house ")
    expect(page.locator("#outcome")).to_contain_text(outcome["headline"])
    expect(page.locator("#outcome")).not_to_contain_text("wins")
    expect(page.locator("#outcome .verdict")).not_to_have_text("You win!")
    assert not errors, errors
