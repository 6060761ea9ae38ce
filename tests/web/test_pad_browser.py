"""The score pad in the browser: a Hand and Foot pad for four players kept on one phone by tapping,
followed live on two others, an impossible round refused in words, a round corrected, a house-rule
change accepted by everyone (one player on her own phone, from her own link; the others' recorded by
the scorekeeper) showing on the sheet from its round on; a finished match's printed
sheet laid out as the book marks a round down, and the match in the family's history."""

from __future__ import annotations

import re
from typing import Any

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def tap(page: Any, section: str, label: str, times: int = 1) -> None:
    """Tap a stepper's + in a section of the form ("Red canastas, Ann–Cid")."""
    button = page.locator("fieldset", has=page.locator("legend", has_text=section)).get_by_role(
        "button", name=f"{label}: one more", exact=True)
    for _ in range(times):
        button.tap()


def test_a_pad_kept_on_one_phone_is_followed_live_on_two(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    keeper_context = browser.new_context(**PHONE)
    keeper = keeper_context.new_page()
    keeper.goto(f"{server}/pad")  # the scorekeeper starts the pad on the page
    keeper.locator("#setup-game").select_option(label="Hand and Foot")  # other games have pads too
    keeper.locator("#setup-count").select_option("4")
    for seat, name in enumerate(["Ann", "Bob", "Cid", "Dee"], start=1):
        keeper.get_by_label(f"Player {seat}'s name").fill(name)
    keeper.get_by_role("button", name="Start the score pad").tap()
    keeper.wait_for_url("**/p/*")
    keeper.locator("summary", has_text="Follow on other phones").tap()
    expect(keeper.locator("#share-qr")).to_have_attribute("src", re.compile("^data:image/svg"))
    follow_link = keeper.locator("#share-link").get_attribute("href")
    assert follow_link is not None and "token" not in follow_link
    followers = []
    for _ in range(2):
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(follow_link)
        expect(page.locator("#conn")).to_have_text("Live")
        expect(page.locator("#role")).to_contain_text("You follow this pad")
        expect(page.locator("#entry")).to_be_hidden()
        followers.append((context, page))
    try:
        expect(keeper).to_have_url(follow_link)  # the token left the address, kept on the phone
        tap(keeper, "Canastas", "Red canastas, Ann–Cid")
        keeper.get_by_role("button", name="Enter round 1").tap()
        expect(keeper.locator("#refusal")).to_have_text("Round 1: Ann–Cid: 1 canasta takes at least 7 cards, "
                                                        "and the team melded 0 (threes never make books).")
        tap(keeper, "Cards melded", "Eights to kings, Ann–Cid", 7)
        tap(keeper, "Cards melded", "Aces, Bob–Dee", 3)
        tap(keeper, "Cards left in hand and foot", "Jokers, Bob–Dee")
        keeper.get_by_role("button", name="Enter round 1").tap()
        expect(keeper.locator("#refusal")).to_be_hidden()
        expect(keeper.locator("#entry-title")).to_have_text("Round 2")
        for _context, page in followers:
            row = page.locator(".pad-table tbody tr[data-hand]")
            expect(row).to_have_count(1)
            expect(row.first).to_contain_text("+570 = 570")
            # the book's sheet: the bonuses marked down, then the card count, a line each
            expect(row.first.locator("td").first.locator(".pad-part")).to_have_text(["canastas +500",
                                                                                   "cards melded +70"])
            expect(page.locator(".pad-table tfoot")).to_contain_text("10")
        # a phone's screen holds the page: nothing to scroll sideways, the sheet included
        assert keeper.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        keeper.get_by_role("button", name="Correct round 1").tap()
        expect(keeper.locator("#entry-title")).to_have_text("Correct round 1")
        tap(keeper, "Cards melded", "Aces, Bob–Dee", 1)
        keeper.get_by_role("button", name="Save round 1").tap()
        for _context, page in followers:
            expect(page.locator(".pad-table tbody tr[data-hand]").first).to_contain_text("+30 = 30")
        expect(keeper.locator("#entry-title")).to_have_text("Round 2")

        # the Kali Effect: Cid proposes twos at 50 from round 2; once all four accept, it applies there
        amend = keeper.locator("#amendments")
        amend.get_by_label("House rule").select_option(label="Two's value")
        amend.get_by_label("New value").fill("50")
        amend.get_by_label("Proposed by").select_option("Cid")
        amend.get_by_role("button", name="Propose").tap()
        # Dee answers on her own phone, from her own link (a code per player on the scorekeeper's)
        keeper.locator("summary", has_text="Each player votes on their own phone").tap()
        expect(keeper.locator(".pad-voter img")).to_have_count(4)
        dee_link = keeper.locator(".pad-voter[data-player='Dee'] a").get_attribute("href")
        assert dee_link is not None and dee_link.startswith(f"{follow_link}?token=")
        dee = followers[1][1]
        dee.goto(dee_link)
        expect(dee.locator("#role")).to_contain_text("You answer house-rule changes as Dee.")
        expect(dee).to_have_url(follow_link)  # her token left the address too
        expect(dee.locator(".pad-vote")).to_have_count(1)  # her own answer only: no pen, no other vote
        # she may propose a change herself, in her own name only
        proposer = dee.locator("#amendments").get_by_label("Proposed by")
        expect(proposer).to_be_disabled()
        expect(proposer).to_have_value("Dee")
        for player in ("Ann", "Bob"):  # no phone: the scorekeeper records theirs
            amend.locator(".pad-vote", has_text=f"{player}: ").get_by_role("button", name="Accepts").tap()
            expect(amend.locator(".pad-vote", has_text=f"{player}: ")).to_have_count(0)
        dee.get_by_role("button", name="I accept").tap()
        expect(amend).to_contain_text("From round 2: Two's value: 50 — proposed by Cid. "
                                      "Accepted by everyone.")
        expect(dee.locator(".pad-voted")).to_have_text(
            "Ann accepts (recorded by the scorekeeper); Bob accepts (recorded by the scorekeeper); "
            "Dee accepts.")
        tap(keeper, "Cards melded", "Twos, Ann–Cid", 1)
        tap(keeper, "Cards melded", "Fours to sevens, Ann–Cid", 2)
        keeper.get_by_role("button", name="Enter round 2").tap()
        for _context, page in followers:
            second = page.locator(".pad-table tbody tr[data-hand]").nth(1)
            expect(second).to_contain_text("House rule changed: From round 2: Two's value: 50")
            expect(second).to_contain_text("+60 = 630")  # the two counts 50 from round 2 on
            expect(page.locator(".pad-table tbody tr[data-hand]").first).to_contain_text("First meld 90")
    finally:
        keeper_context.close()
        for context, _page in followers:
            context.close()


def finished_pad(server: str) -> str:
    """A finished Hand and Foot pad, entered through the API (an open pad: no token needed)."""
    from tests.pad.test_history import ROUNDS
    from tests.web.test_browser import Api

    api = Api(server)
    status, made = api.call("/api/pads", {"game": "hand-and-foot", "players": ["Ann", "Bob", "Cid", "Dee"],
                                          "open": True})
    assert status == 201, made
    blank = made["view"]["blank"]
    for entry in ROUNDS:
        status, body = api.call(f"/api/pads/{made['pad_id']}/entries", {"entry": {**blank, **entry}})
        assert status == 200, body
    assert body["view"]["sheet"]["over"]["winners"] == [0]
    return str(made["pad_id"])


def test_the_printed_sheet_is_laid_out_as_the_book_marks_a_round_down(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    pad = finished_pad(server)
    context = browser.new_context(viewport={"width": 794, "height": 1123})  # an A4 page's width
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{pad}")
        expect(page.locator(".pad-table tbody tr[data-hand]")).to_have_count(4)  # the screen's sheet first
        page.emulate_media(media="print")
        expect(page.locator(".pad-table-wrap")).to_be_hidden()
        expect(page.locator("#pad .pad-tools")).to_be_hidden()
        sheet = page.locator(".pad-print-table")
        expect(sheet).to_be_visible()
        expect(sheet.locator("thead th")).to_have_text(["", "Ann–Cid", "Bob–Dee"])  # a column per team
        # a block per round, headed by its first-meld minimum as the book's table gives them
        expect(sheet.locator(".pad-print-label")).to_have_text(["Round 1", "Round 2", "Round 3", "Round 4"])
        expect(sheet.locator(".pad-print-caption")).to_have_text(
            ["First meld 90", "First meld 120", "First meld 150", "First meld 180"])
        first = sheet.locator("tbody[data-hand='1'] tr")
        # the bonuses marked down, then the card count on the table, less the cards left; then the totals
        expect(first.locator("th")).to_have_text([
            "Round 1First meld 90Ann went out", "Going out", "Red threes", "Red canastas", "Black canastas",
            "Wild canastas", "Cards melded", "Cards left in hand and foot", "Round score", "Running total"])
        expect(first.nth(5).locator("td")).to_have_text(["2000", ""])
        expect(first.nth(7).locator("td")).to_have_text(["", "−20"])
        expect(first.nth(8).locator("td")).to_have_text(["3440", "10"])
        expect(sheet.locator("tbody[data-hand='2'] .pad-print-total td")).to_have_text(["3430", "100"])
        expect(sheet.locator(".pad-print-final")).to_have_text(re.compile(r"^Final score\s*3475\s*980$"))
        expect(page.locator(".pad-over")).to_have_text("Match over: Ann–Cid wins. After 4 rounds.")
        assert page.evaluate("document.documentElement.scrollWidth") <= 794  # nothing cut off the page
    finally:
        context.close()


def test_a_finished_match_is_in_the_history_a_tap_away_from_its_pad(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    pad = finished_pad(server)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{pad}")
        page.get_by_role("link", name="Match history").tap()
        page.wait_for_url("**/pad/history")
        match = page.locator(f".pad-history-match[data-pad='{pad}']")  # other tests' pads may be listed too
        expect(match.locator("li")).to_have_text(["Ann–Cid3475won", "Bob–Dee980"])
        expect(match).to_contain_text("Ann–Cid wins. After 4 rounds.")
        expect(page.locator(".pad-history-wins tbody tr", has_text="Dee")).to_contain_text("Hand and Foot")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        match.get_by_role("link", name="The sheet").tap()
        expect(page.locator(".pad-over")).to_have_text("Match over: Ann–Cid wins. After 4 rounds.")
    finally:
        context.close()
