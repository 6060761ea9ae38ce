"""Pieces tapped where they lie, on a phone, in real Chromium (seeded tables: conftest.BROWSER_SEED).

Each game is played by a person at seat 0 as the page invites: the pieces a move names are tapped
where they are drawn (a Golf grid's card, the dice rolled, a face-up Sweep card, a train's open
end, a marble on the track), then the action bar's button, which reads the move in the engine's
words. No button ever reads as a raw move ("flip 3", "keep 1 5"), nor carries one as its title.
A selection that leads nowhere says the engine's sentence on the button, and nothing is sent."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.web.test_browser import (
    ARTIFACTS,
    PATIENCE_MS,
    Api,
    make_move,
    scored,
    select_cards,
    settled_snapshot,
    wait_for_api_past,
    watch_errors,
)

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def open_phone(api: Api, browser: Any, game: str, players: int,
               **table: Any) -> tuple[Any, Any, list[str], str, str]:
    """A person at seat 0 and heuristic bots, the person's page open on a phone."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
    status, made = api.call("/api/tables", {"game": game, "players": players, "seats": seats,
                                            "bot_delay_ms": 0, **table})
    assert status == 201, made
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(made["seats"][0]["link"])
    page.wait_for_selector("#felt .seat")
    return context, page, errors, made["table_id"], made["seats"][0]["token"]


def raw_buttons(page: Any, view: dict[str, Any]) -> list[str]:
    """The buttons on the page whose text or title is a move's raw text."""
    raw = set(view["legal_moves"])
    shown: list[list[str]] = page.eval_on_selector_all(
        "button", "els => els.map(e => [e.textContent.trim(), e.getAttribute('title') || ''])")
    return [text for text, title in shown if text in raw or title in raw]


def play(api: Api, page: Any, table_id: str, token: str, choose: Callable[[dict[str, Any]], str | None],
         enough: Callable[[dict[str, Any], list[str]], bool], steps: int = 60) -> list[str]:
    """Seat 0's moves as ``choose`` picks them, each made by tapping (make_move), until ``enough``;
    at every turn no button reads as a raw move."""
    made: list[str] = []
    for _ in range(steps):
        snap = settled_snapshot(api, page, table_id, token)
        view = snap["view"]
        if view["is_over"] or enough(view, made):
            return made
        assert not raw_buttons(page, view), raw_buttons(page, view)
        move = choose(view) or view["legal_moves"][0]
        make_move(page, move, view.get("hand") or [], view)
        wait_for_api_past(api, table_id, token, snap["version"])
        made.append(move)
    return made


def placed(view: dict[str, Any], move: str) -> bool:
    entry = next(m for m in view["moves"] if m["text"] == move)
    return any("at" in a for a in entry["args"])


def first_of(view: dict[str, Any], *verbs: str) -> str | None:
    return next((m for verb in verbs for m in view["legal_moves"] if m.split()[0] == verb), None)


def test_a_golf_hole_by_tapping_the_grid(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "golf", 3)

    def choose(view: dict[str, Any]) -> str | None:
        return first_of(view, "draw", "flip", "exchange")

    made = play(api, page, table_id, token, choose, scored, steps=40)
    tapped = [m for m in made if m.split()[0] in ("flip", "exchange")]
    assert tapped, made
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tap_golf_phone.png"), full_page=True)
    context.close()
    assert not errors, errors


def test_a_ten_thousand_turn_by_tapping_dice(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "ten-thousand", 4)

    def choose(view: dict[str, Any]) -> str | None:
        keep = first_of(view, "keep")
        return keep if keep else first_of(view, "roll")

    def kept(made: list[str]) -> int:
        return sum(m.startswith("keep") for m in made)

    made = play(api, page, table_id, token, choose, lambda v, m: kept(m) >= 2)
    assert kept(made) >= 2 or api.snapshot(table_id, token)["view"]["is_over"], made
    context.close()
    assert not errors, errors


def test_a_sweep_play_by_tapping_the_face_up_card(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "sweep", 4)

    def choose(view: dict[str, Any]) -> str | None:
        ups = [m for m in view["legal_moves"] if " up " in f" {m} "]
        return ups[0] if ups else None

    made = play(api, page, table_id, token, choose, lambda v, m: any(" up " in f" {x} " for x in m))
    assert any(" up " in f" {m} " for m in made), made
    context.close()
    assert not errors, errors


def test_a_mexican_train_tile_onto_a_trains_end(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "mexican-train", 4)

    def choose(view: dict[str, Any]) -> str | None:
        return first_of(view, "play")

    made = play(api, page, table_id, token, choose, lambda v, m: any(x.startswith("play") for x in m))
    assert any(m.startswith("play") for m in made), made
    context.close()
    assert not errors, errors


def test_a_jokers_wild_marble_moved_where_it_lies(server: str, browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "jokers-wild", 4)

    marbles = ("move", "swap", "split")

    def choose(view: dict[str, Any]) -> str | None:
        moves = [m for m in view["legal_moves"] if m.split()[0] in marbles and placed(view, m)]
        return moves[0] if moves else None

    made = play(api, page, table_id, token, choose, lambda v, m: any(x.split()[0] in marbles for x in m))
    assert any(m.split()[0] in marbles for m in made), made
    context.close()
    assert not errors, errors


def test_a_selection_leading_nowhere_says_the_engines_sentence_and_sends_nothing(server: str,
                                                                                 browser: Any) -> None:
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "sweep", 4)
    for _ in range(30):
        snap = settled_snapshot(api, page, table_id, token)
        view = snap["view"]
        by_rank: dict[str, str] = {}
        for card in view["hand"]:
            by_rank.setdefault(card[:-1], card)
        if len(by_rank) >= 2 and any(len(m.split()) > 2 for m in view["legal_moves"]):
            break
        make_move(page, view["legal_moves"][0], view["hand"], view)  # on to a turn with a choice of sets
        wait_for_api_past(api, table_id, token, snap["version"])
    two = list(by_rank.values())[:2]
    select_cards(page, two)
    pattern = "#move-buttons button[data-kind='pattern']"
    button = page.locator(pattern)
    page.wait_for_function("(sel) => { const b = document.querySelector(sel);"
                           " return b && !b.textContent.includes('checking'); }", arg=pattern)
    assert button.is_disabled()
    assert "A set is cards of one rank only." in button.inner_text()
    button.click(force=True)  # a tap on it anyway
    assert api.snapshot(table_id, token)["version"] == snap["version"]  # nothing was sent
    context.close()
    assert not errors, errors


def books_of(value: Any) -> list[list[str]]:
    """Every book's cards anywhere in a view (the teams' areas)."""
    if isinstance(value, dict):
        own = [value["cards"]] if isinstance(value.get("cards"), list) and "rank" in value else []
        return own + [b for v in value.values() for b in books_of(v)]
    if isinstance(value, list):
        return [b for v in value for b in books_of(v)]
    return []


def test_a_canasta_meld_of_five_cards_is_one_action(server: str, browser: Any) -> None:
    """Seed 50: the first player, after drawing, holds three jacks, another and a joker: all five
    selected make one button, checked by the server first, and one book of five is laid."""
    api = Api(server)
    context, page, errors, table_id, token = open_phone(api, browser, "canasta", 4, seed=50)
    snap = settled_snapshot(api, page, table_id, token)
    make_move(page, "draw", [], snap["view"])
    after = wait_for_api_past(api, table_id, token, snap["version"])
    snap = settled_snapshot(api, page, table_id, token)
    five = ["JC", "JC", "JD", "JH", "JK"]
    assert sorted(snap["view"]["hand"]).count("JC") == 2 and after["version"] == snap["version"]
    select_cards(page, five)
    button = page.wait_for_selector("#move-buttons button[data-kind='pattern']:not([disabled])")
    assert button is not None and button.inner_text().startswith("Meld three jacks"), button.inner_text()
    assert not raw_buttons(page, snap["view"])
    button.click()
    # the meld, then each card added: three moves from one tap
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while not any(sorted(book) == sorted(five) for book in books_of(snap["view"])):
        assert time.monotonic() < deadline, (books_of(snap["view"]), page.inner_text("#error"))
        snap = wait_for_api_past(api, table_id, token, snap["version"])
    context.close()
    assert not errors, errors
