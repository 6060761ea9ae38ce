"""The domino games in real Chromium, played by clicking the picture: a person at seat 0 and a bot.
The page draws Mexican Train's trains radiating from the engine, and Chicken Foot's four arms of
the centre double with every chicken foot's toes, as SVG; the person selects a tile in his hand
and clicks the open end of the line it goes on (a train, the Mexican train, an arm, a toe) — once
by the keyboard alone — or draws (or passes) when he cannot play, and the tile lands on that line
in the picture. Both on a phone-sized page."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    CORNER,
    Api,
    make_move,
    open_first_seat,
    settled_snapshot,
    wait_for_api_past,
    wait_for_version,
)

#: tiles the person lays by clicking
PLAYS = 3


def train_line(target: str) -> str:
    """Mexican Train: the picture's line a move's target names (``mexican``, or a seat's train from 1)."""
    return "mexican" if target == "mexican" else f"train/{int(target) - 1}"


def arm_line(target: str) -> str:
    """Chicken Foot: arms 1-4 of the centre double, then the toes, numbered on from 5."""
    return f"line/{int(target) - 1}"


GAMES: list[tuple[str, Callable[[str], str]]] = [("mexican-train", train_line), ("chicken-foot", arm_line)]


@pytest.mark.parametrize(("game", "line_of"), GAMES, ids=[g for g, _ in GAMES])
def test_a_domino_is_played_by_clicking_a_tile_then_its_line(server: str, browser: Any, game: str,
                                                             line_of: Callable[[str], str]) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, game, 2)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.wait_for_selector("#felt svg.dominoes-svg")
    played: list[str] = []
    deadline = time.monotonic() + 60
    while len(played) < PLAYS:
        assert time.monotonic() < deadline, played
        snap = settled_snapshot(api, page, table_id, token)
        view = snap["view"]
        if view["is_over"]:
            break
        plays = [m for m in view["legal_moves"] if m.startswith("play ")]
        if not plays:  # a draw (the boneyard tapped, then its button) or a pass (a plain button)
            make_move(page, view["legal_moves"][0], view.get("hand") or [], view)
            wait_for_api_past(api, table_id, token, snap["version"])
            continue
        move = plays[0]
        _, tile, target = move.split()
        by_keys = len(played) == 1  # the second tile by keys alone: Enter on the tile, then on the end
        if by_keys:
            page.focus(f"#hand button.hand-card[data-card='{tile}']")
            page.keyboard.press("Enter")
        else:
            page.click(f"#hand button.hand-card[data-card='{tile}']", position=CORNER)
        slot = page.wait_for_selector(f"#felt .domino-slot-live.felt-target[data-target='{target}']")
        assert slot is not None
        words = next(m["words"] for m in view["moves"] if m["text"] == move)
        if by_keys:  # Enter selects the end; Enter again makes the one move the selection makes
            slot.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector(f"#felt .domino-slot.selected[data-target='{target}']")
            page.focus(f"#felt .domino-slot.selected[data-target='{target}']")
            page.keyboard.press("Enter")
        else:  # a tap selects the end; the action bar's button, in words, makes the move
            slot.click()
            button = page.wait_for_selector(f"#move-buttons button[data-move='{move}']:not([disabled])")
            assert button is not None and button.inner_text() == words
            button.click()
        after = wait_for_api_past(api, table_id, token, snap["version"])
        wait_for_version(page, after["version"])
        line = f"#felt g.domino[data-line='{line_of(target)}']"
        laid = page.eval_on_selector_all(line, "els => els.length")
        assert laid >= 1, (move, laid)
        played.append(move)
    assert len(played) == PLAYS, played
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{game.replace('-', '_')}_phone.png"), full_page=True)
    page.close()
    assert not errors, errors
