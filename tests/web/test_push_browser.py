"""Push in real Chromium, played by clicking: a person at North makes his moves the way a person
does (the push and the take as buttons, a contract's melds by selecting their cards and pressing
the button naming the meld), three bots play the rest. The page shows every player's contract and
the melds in front of the player who laid them, with no script error. Whole matches are the
engine tests' and the golden log's."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    open_first_seat,
    play_by_clicking,
    wait_for_version,
)

#: moves the person makes before the test looks at the page
MOVES = 8


def choose(view: dict[str, Any]) -> str:
    """A newcomer who knows the point of the game: lay melds when he can, else push, else the
    first move offered."""
    legal: list[str] = view["legal_moves"]
    melds = [m for m in legal if m.startswith("meld")]
    if melds:
        return melds[0]
    return "push" if "push" in legal else legal[0]


def test_a_few_turns_are_played_by_clicking(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, "push", 4, trick_pause_ms=0)
    made = play_by_clicking(api, page, table_id, token, choose, lambda view, made: len(made) >= MOVES)
    assert any(m in ("push", "draw") or m.startswith("take") for m in made)
    final = api.snapshot(table_id, token)
    wait_for_version(page, final["version"])
    text = page.inner_text("body")
    for contract in final["view"]["contracts"]:
        assert contract in text  # every player's contract is on the table
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "push_first_turns.png"), full_page=True)
    page.close()
    assert not errors, errors
