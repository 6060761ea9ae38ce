"""The lobby's rules form speaks to players (issue 10): each choice of an option reads as its
sentence from the game's schema while the value sent stays the engine's, and a whole number
says its bounds. In real Chromium; the server and browser fixtures are test_browser's."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

import gamenight
from tests.web.test_browser import Api, start_from_lobby, table_of, watch_errors


def test_the_rules_form_shows_each_choice_as_its_sentence_and_sends_its_value(server: str,
                                                                               browser: Any) -> None:
    spec = next(s for s in gamenight.games() if s.id == "euchre")
    info = next(o for o in spec.options if o.name == "dealer_partner_forced_alone")
    assert info.choice_labels is not None and info.choices is not None
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors = watch_errors(page)
    page.goto(server + "/")
    page.click(".game-card[data-game='euchre']")
    page.click(".rules-fold summary")  # the rules are folded: the book's, unless the person opens them
    shown = page.eval_on_selector_all("#opt-dealer_partner_forced_alone option",
                                      "els => els.map(e => [e.value, e.textContent])")
    assert shown == [[value, info.choice_labels[value]] for value in info.choices]
    assert "round1_only" not in page.inner_text("#setup")  # no value is shown as the engine spells it
    assert "From 1 to 100." in page.inner_text("#opt-target-help")
    page.select_option("#opt-dealer_partner_forced_alone", "both_rounds")
    page.select_option("#bot-delay", "0")
    table = start_from_lobby(page)  # you and bots: straight to your seat
    table_id, token = table_of(table["seats"][0]["link"])
    options = Api(server).snapshot(table_id, token)["view"]["options"]
    assert options["dealer_partner_forced_alone"] == "both_rounds"
    assert not errors, errors


def test_the_table_page_names_a_deal_with_the_games_word(server: str, browser: Any) -> None:
    """Gin calls a deal a round: the score sheet's first column says so, as the headline and the log
    do (the word comes from the layout, not from the page)."""
    api = Api(server)
    status, table = api.call("/api/tables", {"game": "gin-rummy", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201, table
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#sheet thead th")
    assert page.inner_text("#sheet thead th >> nth=0") == "Round"
    assert errors == []
    page.close()
