"""A house-rule amendment at a played table in real Chromium, on two phones (issue 30): Ana proposes
from the More panel's "House rules" form, Ben sees the banner on his page and accepts, and both
score sheets say from which hand the change applies. The answer to Ana's proposal is lost on the
way (the server made it, the page saw the network fail): the page sends it again with the same
request id, and the table still has one proposal."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from playwright.sync_api import expect

from tests.web.test_browser import PATIENCE_MS, Api, wait_for_version, watch_errors

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
    sent: list[dict[str, Any]] = []

    def lose_the_first_answer(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(route.request.post_data_json)
        if len(sent) == 1:
            route.fetch()  # the server makes the proposal...
            route.abort("failed")  # ...and its answer never reaches the page
        else:
            route.continue_()

    ana.route("**/amendments", lose_the_first_answer)

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
    for _ in range(PATIENCE_MS // 50):  # the page sends it again after half a second
        if len(sent) == 2:
            break
        ana.wait_for_timeout(50)
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["request_id"]  # the same request again
    status, listed = Api(server).call(f"/api/tables/{made['table_id']}/amendments")
    assert status == 200 and len(listed["amendments"]["proposals"]) == 1, listed
    assert not [e for e in errors if "Failed to load resource" not in e], errors
