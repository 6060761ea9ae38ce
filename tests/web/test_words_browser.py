"""Plain words on the table page (issue 26). The rules panel is written for players: every game's
rules, as the page draws them from what the server sends (``GET /api/games``: the rules without
citations), read as paragraphs and lists with no gap id, file path, seed number, code, identifier
or markup left. Teams go by their players' names, and the status line says moves in words."""

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


WORDS = """async () => {
  const { teamName, numberLabel, movesSentence } = await import("/static/js/render.js");
  const players = ["Mia", "Leo", "Grandma", "Dad"];
  const bet = (cents, dollars) => ({ text: `bet ${cents}`, verb: "bet", words: `Bet ${dollars}`,
    args: [{ kind: "number", value: cents, text: String(cents) }] });
  return {
    team: teamName("North–South", players),
    other: teamName("East–West", players),
    unnamed: teamName("North–South", ["North", "East", "South", "West"]),
    own: teamName("Mia", players),
    button: numberLabel(bet(200, "$2.00")),
    bets: movesSentence({ moves: [bet(100, "$1.00"), bet(200, "$2.00")] }),
    golf: movesSentence({ moves: [
      { text: "draw", verb: "draw", words: "Draw from the stock", args: [] },
      { text: "take JD", verb: "take", words: "Take J♦ from the discard pile",
        args: [{ kind: "card", value: "JD", text: "JD" }] },
      { text: "knock", verb: "knock", args: [],
        words: "Knock instead of drawing (everyone else has one more turn)" },
    ] }),
  };
}"""


def test_teams_by_their_players_names_and_moves_in_words(server: str, browser: Any) -> None:
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    said = page.evaluate(WORDS)
    assert said["team"] == "Mia & Grandma" and said["other"] == "Leo & Dad"
    assert said["unnamed"] == "North–South" and said["own"] == "Mia"  # nobody renamed; one seat alone
    assert said["button"] == "$2.00" and said["bets"] == "bet $1.00 to $2.00"
    assert said["golf"] == "draw from the stock, take J♦ from the discard pile or knock instead of drawing"
    assert not errors, errors
