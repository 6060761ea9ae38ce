"""The Arizona Rummy score pad: a pad filled from a played match gives the engine's sheet, an
impossible round is refused in words, a correction recomputes.

The engine's details name the cards left ("left 9♥ Q♦"); the pad is given them counted by kind
and writes what they count ("15 left"). Labels, points, totals and notes must be equal exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.rummy_record import play_arizona, sweep


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, rounds = play_arizona(3, 3)
    pad = Pad.create("arizona-rummy", s.names)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    engine = [r.to_json() for r in s.score_sheet.rows]
    for row in engine:  # the count in place of the cards
        row["details"] = [f"{p} left" if d.startswith("left ") else d
                          for d, p in zip(row["details"], row["points"], strict=True)]
    assert [r.to_json() for r in sheet.sheet.rows] == engine
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners) and sheet.over["reason"] == s.outcome.reason



def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("arizona-rummy", ["Ann", "Bob", "Cid"])
    blank = pad.form_for(1).blank()
    first: Entry = blank | {"out": 1, "jokers": [1, 0, 0], "wild": [0, 0, 2], "low": [2, 0, 1]}
    assert refused(pad, first | {"aces": [0, 1, 0]}) == \
        "Round 1: 3 cards, threes wild: Bob went out, so no cards were left in his hand."
    assert refused(pad, first | {"high": [2, 0, 0]}).endswith(
        "Ann: a hand holds at most 4 cards at the end of this round, and the entry counts 5.")
    assert refused(pad, first | {"jokers": [4, 0, 3], "wild": [0] * 3, "low": [0] * 3}).endswith(
        "The decks hold 6 jokers this round, and the entry counts 7.")
    assert pad.entries == []
    assert pad.add(first).sheet.rows[0].points == [50 + 10, 0, 50 + 5]
    pad.add(blank | {"out": 0, "aces": [0, 2, 0], "high": [0, 0, 3]})
    assert pad.sheet().sheet.totals == [60, 40, 85]
    corrected = first | {"jokers": [0, 0, 0], "wild": [1, 0, 2]}  # a three, not a joker
    sheet = pad.replace(0, corrected).sheet
    assert sheet.rows[0].points == [25 + 10, 0, 55] and sheet.totals == [35, 40, 85]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {}
    sweep("arizona-rummy", lambda n, seed: play_arizona(n, seed), options, (2, 6))
