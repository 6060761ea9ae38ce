"""Sweep in real Chromium, played by clicking: a person at seat 0 plays a few turns against three
heuristic bots (cards selected, then the button naming the move; a blind card or a pick-up by its
button), sees every seat's face-up cards lying on face-down blind cards — its own blind cards as
backs too — and the pile and the scores, and the page reports no script error."""

from __future__ import annotations

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


def choose(view: dict[str, Any]) -> str:
    """The longest play from the hand alone (selected card by card), else a blind card, else the first."""
    legal: list[str] = view["legal_moves"]
    from_hand = [m for m in legal if m.split()[0] in ("play", "add") and "up" not in m.split()]
    if from_hand:
        return max(from_hand, key=lambda m: len(m.split()))
    blinds = [m for m in legal if m.startswith("blind")]
    return (blinds or legal)[0]


def four_turns(view: dict[str, Any], made: list[str]) -> bool:
    return len(made) >= 4


def test_a_few_turns_of_sweep_by_clicking(server: str, browser: Any) -> None:
    api = Api(server)
    page, errors, table_id, token = open_first_seat(api, browser, "sweep", 4)
    made = play_by_clicking(api, page, table_id, token, choose, four_turns)
    assert made
    # the table as it waits for seat 0 again, the page drawn at that version: the bots play on after
    # the person's last move, so a snapshot taken at once could be older than the page read next
    final = settled_snapshot(api, page, table_id, token)
    view = final["view"]
    # every seat's blind cards drawn as backs, with its face-up cards lying on them
    for seat in range(4):
        zone = next(z for z in view["layout"]["zones"] if z["key"] == f"table/{seat}")
        box = page.locator(f".seat[data-seat='{seat}'] [data-zone='table/{seat}']")
        stacks = box.locator(".stack")
        assert stacks.count() == len(zone["stacks"])
        assert box.locator(".card-back").count() == zone["pieces"].count(None)
        shown = box.locator(".card[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(p for p in zone["pieces"] if p is not None)
    assert None in next(z for z in view["layout"]["zones"] if z["key"] == "table/0")["pieces"]
    text = page.inner_text("body")
    assert "On the pile" in text
    assert "Blind and face-up cards" in text
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sweep_first_turns.png"), full_page=True)
    page.close()
    assert not errors, errors
