"""The rules panel is written for players (issue 26): every game's rules, as the table page draws
them from what the server sends (``GET /api/games``: the rules without citations), read as
paragraphs and lists with no gap id, file path, seed number, code, identifier or markup left."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

from tests.core.test_rules_text import FORBIDDEN
from tests.web.test_browser import watch_errors

#: what the page must not leave in a player's reading: marks of markup and names from the code
LEFT_OVER = {
    "markup": re.compile(r"\*\*|`|</?\w+>|^#+ ", re.MULTILINE),
    "identifier": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "code": re.compile(r"\w\(\.\.\.\)|\(\)|\bgamenight\b|\.py\b|\bdef\b|\bNone\b"),
}

DRAW_EVERY_GAME = """async () => {
  const { rulesProse } = await import("/static/js/render.js");
  const games = await (await fetch("/api/games")).json();
  return games.map((game) => {
    const box = document.createElement("div");
    box.append(...rulesProse(game.rules));
    document.body.append(box);
    const text = box.innerText;
    const blocks = box.children.length;
    box.remove();
    return { id: game.id, text, blocks };
  });
}"""


def test_every_games_rules_panel_reads_as_words_for_players(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = watch_errors(page)
    page.goto(server + "/")
    drawn = page.evaluate(DRAW_EVERY_GAME)
    assert len(drawn) >= 34
    problems = {}
    for game in drawn:
        left = [m.group(0) for m in FORBIDDEN.finditer(game["text"])]
        left += [f"{name}: {m.group(0)}" for name, pattern in LEFT_OVER.items()
                 for m in pattern.finditer(game["text"])]
        if left or game["blocks"] < 2:
            problems[game["id"]] = left[:5] or ["fewer than two paragraphs"]
    assert not problems, problems
    assert not errors, errors
