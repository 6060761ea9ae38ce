"""Oklahoma Canasta in real Chromium, played by clicking: a person makes his moves the way a person
does — a meld with a wild card by selecting its cards and pressing the button that says what the
wild stands for ("Meld 5♣ 5♥ Joker (Joker as 5♦)"), one button for each card it may stand for —
and a bot plays the other seat. The page shows what every wild on the table stands for, with no
script error. Whole matches are the engine tests' and the golden log's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    card_label,
    open_first_seat,
    play_by_clicking,
    wait_for_version,
)


def choose(view: dict[str, Any]) -> str:
    """A newcomer keen on his wild cards: a meld with a named wild when he has one, else any meld,
    else the draw, else the first discard offered."""
    legal: list[str] = view["legal_moves"]
    rules: tuple[Callable[[str], bool], ...] = (lambda m: m.startswith("meld") and "=" in m,
                                                lambda m: m.startswith("meld"), lambda m: m == "draw")
    for wanted in rules:
        found = [m for m in legal if wanted(m)]
        if found:
            return found[0]
    return legal[0]


def named_meld_made(view: dict[str, Any], made: list[str]) -> bool:
    return any(m.startswith("meld") and "=" in m for m in made)


def test_a_meld_with_a_named_wild_is_made_by_clicking(server: str, browser: Any) -> None:
    api = Api(server)
    named_seen = False
    deal_of_meld: list[Any] = []  # the deal of each move the person made
    for _ in range(4):  # a deal without a wild card in reach of a meld: a new table
        page, errors, table_id, token = open_first_seat(api, browser, "oklahoma-canasta", 2)
        deal_of_meld.clear()
        made = play_by_clicking(api, page, table_id, token, choose, named_meld_made, seconds=60,
                                after=lambda view, move: deal_of_meld.append(view["deal"]))
        named_seen = named_meld_made({}, made)
        if named_seen:
            break
        page.close()
    assert named_seen, "no deal in four gave the person a meld with a wild card"
    wild_meld = next(m for m in made if m.startswith("meld") and "=" in m)
    wild, stands_for = next(w for w in wild_meld.split() if "=" in w).split("=")
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    text = page.inner_text("body")
    if final["view"]["deal"] == deal_of_meld[-1]:  # the hand goes on: the meld is on the table
        # the table's list of what each wild stands for names it
        wild_label = "Joker" if wild == "JK" else card_label(wild)
        assert f"{wild_label} as {card_label(stands_for)}" in text
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "oklahoma_canasta_named_wild.png"), full_page=True)
    page.close()
    assert not errors, errors
