"""The lobby's rules form speaks to players (issue 10): each choice of an option reads as its
sentence from the game's schema while the value sent stays the engine's, and a whole number
says its bounds. In real Chromium; the server and browser fixtures are test_browser's."""

from __future__ import annotations

import re
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


#: what a person must never read in the lobby: units and codes of the engine and the server
FORBIDDEN = (
    (re.compile(r"millisecond", re.I), "a pause in milliseconds"),
    (re.compile(r"\bSeat \d+: "), "a seat counted and then named"),
    # "(0: never)" says what 0 does; "0: by the player count" did not say what the count gives
    (re.compile(r"by the player count"), "a rule that does not say what it gives"),
    (re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"), "an option key or value as the engine spells it"),
    (re.compile(r"\bbot:|heuristic|\bhuman\b", re.I), "a seat's kind as the server spells it"),
)


def forbidden_words(text: str) -> list[str]:
    return [f"{why}: {m.group(0)!r}" for pattern, why in FORBIDDEN for m in pattern.finditer(text)]


def test_every_games_setup_reads_in_players_words_with_every_fold_open(server: str, browser: Any) -> None:
    """No milliseconds, no "Seat 1: North", no "0: by the player count", no option key, preset key
    or bot kind as the engine spells it, in any game's setup, its seats, rules and settings open."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = watch_errors(page)
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready]")
    found = {"the list": forbidden_words(page.inner_text("main"))}
    # each game opened, at its largest table (a label for every seat), every fold open: all in the
    # page at once (tapping them is test_lobby_browser's), then everything the panel reads
    texts = page.evaluate("""games => Object.fromEntries(games.map(([id, players]) => {
        document.querySelector(`.game-card[data-game="${id}"]`).click();
        const count = document.querySelector('#players');
        count.value = String(players);
        count.dispatchEvent(new Event('change'));
        document.querySelectorAll('#game-panel details').forEach((d) => { d.open = true; });
        const panel = document.querySelector('#game-panel');
        const options = [...panel.querySelectorAll('option')].map((o) => o.textContent);
        return [id, panel.innerText + '\\n' + options.join('\\n')];
    }))""", [[spec.id, max(spec.players)] for spec in gamenight.games()])
    assert set(texts) == {spec.id for spec in gamenight.games()}
    # the folds' text was read: seats, rules and settings
    euchre = texts["euchre"]
    assert all(w in euchre for w in ("West", "Dealer's partner", "Pause after each trick")), euchre
    found.update({game: forbidden_words(text) for game, text in texts.items()})
    assert {where: words for where, words in found.items() if words} == {}
    assert not errors, errors


def test_the_seats_are_named_once_as_the_table_names_them(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server + "/#euchre")
    page.click(".seats-fold summary")
    assert page.eval_on_selector_all("#seat-rows label", "els => els.map(e => e.textContent)") == [
        "North", "East", "South", "West"]
    page.goto(server + "/#hearts")
    page.reload()  # a new visit: the hash alone would not load the page again
    page.click(".seats-fold summary")
    page.select_option("#players", "3")
    assert page.eval_on_selector_all("#seat-rows label", "els => els.map(e => e.textContent)") == [
        "Player 1", "Player 2", "Player 3"]
    assert page.eval_on_selector_all("#bot-delay option", "els => els.map(e => e.textContent)") == [
        "Instant", "Quick (0.3 s a move)", "Normal (0.7 s a move)", "Slow (1.5 s a move)"]
    page.close()
