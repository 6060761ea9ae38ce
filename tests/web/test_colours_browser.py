"""Never by colour alone (issue 26, item 9), in real Chromium on a phone: Jokers Wild's marbles each
carry their side's letter and the legend says it, and the loop fits a 360×740 felt unscrolled; the
four-colour deck, a switch of the page's menu kept on the device, draws clubs green and diamonds
blue, on the cards and after a reload."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import Api
from tests.web.test_tap_pieces_browser import open_phone

#: the suits' fills, as the page's style sheet gives them (gamenight.css: --red, --black, --clubs, --diamonds)
RED, BLACK, GREEN, BLUE = "rgb(192, 18, 48)", "rgb(20, 20, 20)", "rgb(27, 122, 46)", "rgb(20, 86, 196)"

FILLS = """() => Object.fromEntries(['C', 'D', 'H', 'S'].map((s) => {
  const card = document.querySelector(`svg.gn-suit-${s}`);
  return [s, card ? getComputedStyle(card).fill : null];
}))"""

#: the felt shows all it holds (no scrolling inside it) with the track drawn at a phone's size
FITS = """() => { const f = document.querySelector('.felt-area');
  return f.scrollHeight <= f.clientHeight + 1 && document.querySelector('.track-svg').clientWidth < 300; }"""


def test_marbles_carry_letters_and_the_four_colour_deck_is_remembered(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, _, _ = open_phone(api, browser, "jokers-wild", 4)
    page.wait_for_selector("#felt .track-marble")
    marks = page.eval_on_selector_all("#felt .track-marble .side-mark", "els => els.map(e => e.textContent)")
    marbles = page.locator("#felt .track-marble").count()
    assert len(marks) == marbles and set(marks) == {"R", "B", "G", "Y"}, marks
    legend = page.inner_text("#felt .track-picture figcaption .board-key")
    for letter in "RBGY":
        assert f", {letter})" in legend, legend  # "Mia (blue, B)": the letter said beside the name
    # on the smallest phone the loop fits the felt: nothing to scroll to reach its bottom holes
    page.get_by_role("button", name="Not now").click()  # the name asked once: then the felt's room
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function(FITS)
    shown = page.evaluate(FILLS)
    assert {shown[s] for s in "DH" if shown[s]} <= {RED} and {shown[s] for s in "CS" if shown[s]} <= {BLACK}
    switch = page.locator("button.deck-toggle")
    assert switch.get_attribute("aria-pressed") == "false"  # off by default
    switch.click()
    page.wait_for_selector("html.four-colour")
    page.reload()
    page.wait_for_selector("#hand button.hand-card")
    assert page.locator("button.deck-toggle").get_attribute("aria-pressed") == "true"
    shown = page.evaluate(FILLS)
    expected = {"C": GREEN, "D": BLUE, "H": RED, "S": BLACK}
    drawn = {s: fill for s, fill in shown.items() if fill}
    assert drawn and drawn == {s: expected[s] for s in drawn}, drawn
    context.close()
    assert not errors, errors
