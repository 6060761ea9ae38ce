"""Canasta in real Chromium, played by clicking: a person at North plays his turns the way a person
does (the draw as a button; a meld, and a pickup of the pile with the cards it needs, by selecting
the cards and pressing the button naming the move; the discard by a card), beside a bot partner
against two bots, until his side has melded. The page says whether the pile is frozen and why,
and shows each side's melds, with no script error. Whole matches are the engine tests' and the
golden log's; every canasta game draws through the same kernel view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    Api,
    open_first_seat,
    play_by_clicking,
    settled_snapshot,
)


def newcomer() -> Callable[[dict[str, Any]], str]:
    """A newcomer who knows the point of the game: take the pile or meld when he can, else draw,
    else his first move (a discard). Melds he had to take back (short of his side's minimum) he
    does not try again that turn: laying and taking back would go on for ever."""
    holding = [False]  # took his melds back this turn: no more laying until he discards

    def choose(view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_moves"]
        # holding back, he ends the turn: the first listed move may be the meld just taken back
        verbs = ("draw", "discard") if holding[0] else ("pickup", "meld", "add", "draw")
        found = [m for verb in verbs for m in legal if m.split()[0] == verb]
        move = found[0] if found else legal[0]
        if move.startswith("retract"):
            holding[0] = True
        elif move.startswith("discard"):
            holding[0] = False
        return move

    return choose


def side_melded(view: dict[str, Any], made: list[str]) -> bool:
    """Four turns played (a draw, a meld or a pickup, a discard each) and the side has melded, or
    twenty turns."""
    turns = sum(1 for m in made if m.split()[0] == "discard")
    return turns >= 20 or (turns >= 4 and bool(view["team_books"][0]["books"]))


def test_a_side_melds_by_clicking_and_the_pile_says_why_it_is_frozen(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, "canasta", 4, trick_pause_ms=0)
    text = page.inner_text("body")
    first = api.snapshot(table_id, token)["view"]
    assert first["pile_state"] in text  # "frozen for your side: it has not melded", or why not
    made = play_by_clicking(api, page, table_id, token, newcomer(), side_melded, seconds=120)
    assert "draw" in made and any(m.startswith("discard") for m in made)
    view = settled_snapshot(api, page, table_id, token)["view"]
    text = page.inner_text("body")
    assert view["pile_state"] in text
    if view["team_books"][0]["books"]:
        assert "Canasta" in text or "meld" in text.lower()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "canasta_first_melds.png"), full_page=True)
    page.close()
    assert not errors, errors
