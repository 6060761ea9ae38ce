"""Safe taps (issue 26): a move that ends the turn early or commits the hand carries, in the view's
move entries, the question a player confirms with a second tap (``confirm``); every other move is
sent on one tap and carries none."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import gamenight
from gamenight.core.phases import ALONE_QUESTION
from gamenight.core.state import State
from gamenight.core.view_schema import view_schema
from gamenight.games.ten_thousand import TenThousand

Entry = dict[str, Any]


def first_view_with(game: str, players: int, wanted: Callable[[Entry], bool], seed: int = 1,
                    steps: int = 800) -> tuple[State, dict[str, Any]]:
    """Play a seeded game at random until the seat to act may make a move ``wanted`` picks: that
    state and the seat's view."""
    s = gamenight.new(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assert not s.is_over, f"{game} ended before the move came up"
        seat = min(s.to_act)
        view = s.view(seat, layout=False)
        if any(wanted(m) for m in view["moves"]):
            return s, view
        s.play(rng.choice(s.legal_moves(seat)), seat)
    raise AssertionError(f"no such move in {steps} steps of {game}")


def verb(name: str, word: str | None = None) -> Callable[[Entry], bool]:
    return lambda m: m["verb"] == name and (word is None or any(a["value"] == word for a in m["args"]))


CASES = [
    ("golf", 2, verb("knock"), "Knock?"),
    ("thirty-one", 3, verb("knock"), "Knock?"),
    ("gin-rummy", 2, verb("knock"), "Knock with"),
    ("euchre", 4, verb("order", "alone"), ALONE_QUESTION),
    ("red-dog", 3, verb("bet"), "It cannot be taken back."),
    ("five-hundreds", 3, verb("claim"), "Call Rummy on"),
    ("canasta", 4, verb("ask"), "Ask to go out?"),
    ("ten-thousand", 2, verb("stop"), "You are not on the board yet"),
]


@pytest.mark.parametrize(("game", "players", "wanted", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_move_that_commits_the_hand_asks_before_it_is_sent(
        game: str, players: int, wanted: Callable[[Entry], bool], words: str) -> None:
    _, view = first_view_with(game, players, wanted)
    asked = [m for m in view["moves"] if wanted(m)]
    assert asked and all(words in m.get("confirm", "") for m in asked), asked
    for m in asked:  # a question a person reads: a sentence, never the move's text
        assert m["confirm"].endswith((".", "?")) and m["text"] not in m["confirm"]


def test_an_ordinary_move_is_sent_on_one_tap() -> None:
    _, view = first_view_with("golf", 2, verb("knock"))
    draw = [m for m in view["moves"] if m["verb"] == "draw"]
    assert draw and all("confirm" not in m for m in draw)


def test_ordering_up_asks_only_when_alone() -> None:
    _, view = first_view_with("euchre", 4, verb("order", "alone"))
    plain = [m for m in view["moves"] if m["text"] == "order"]
    assert plain and "confirm" not in plain[0]


def test_a_stop_that_banks_asks_nothing() -> None:
    s, view = first_view_with("ten-thousand", 2, verb("stop"))
    stop = next(m for m in view["moves"] if m["verb"] == "stop")
    assert isinstance(s, TenThousand)
    banked = s.banks(view["seat"], s.turn_total)
    assert ("confirm" in stop) == (not banked)


def test_the_schema_declares_the_question() -> None:
    entry = view_schema()["$defs"]["MoveEntry"]
    assert entry["properties"]["confirm"]["type"] == "string"
    assert "confirm" not in entry.get("required", [])
