"""A house-rule amendment at a played table in real Chromium, on two phones (issue 30): Ana proposes
from the More panel's "House rules" form, Ben sees the banner on his page and accepts, and both
score sheets say from which hand the change applies."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from playwright.sync_api import expect

from tests.web.test_browser import Api, wait_for_version, watch_errors

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_one_proposes_the_other_accepts_and_the_sheet_says_from_which_hand(server: str, browser: Any) -> None:
    status, made = Api(server).call("/api/tables", {"game": "canasta", "players": 2, "seats": [
        {"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]})
    assert status == 201, made
    pages: list[Any] = []
    errors: list[str] = []
    for seat in made["seats"]:
        page = browser.new_context(**PHONE).new_page()
        watch_errors(page, errors)
        page.goto(seat["link"])
        wait_for_version(page, 0)
        pages.append(page)
    ana, ben = pages

    ana.locator("nav.panel-menu [data-sheet='info-panel more-panel']").tap()
    ana.locator("#amend-panel summary").tap()
    ana.locator("#amend-out_bonus").fill("300")
    ana.locator("#amend-note").fill("Kali says so")
    ana.locator("#amend-propose").tap()

    banner = ben.locator("#amend-banner")
    expect(banner).to_contain_text("Ana proposes: Going out: 300 — from hand 2. “Kali says so”")
    expect(ana.locator("#amend-banner")).to_contain_text("Waiting for Ben.")  # she voted by proposing
    banner.locator("button[data-vote='yes']").tap()
    expect(banner).to_be_hidden()
    for page in pages:
        coming = page.locator("#sheet .amend-coming")
        expect(coming).to_have_text("From hand 2: Going out: 300 (agreed by everyone).")
        past = page.locator("#amend-panel .amend-item")
        expect(past).to_contain_text("Ana: Going out: 300 — from hand 2, accepted.")
    assert not errors, errors
