"""The 10 Dime Rummy score pad: a pad filled from a played match gives the engine's sheet, an
impossible round is refused in words, a correction recomputes.

The engine's label names who went out ("Round 2: S3+S3, Ann goes out"); the pad's label is the
round's and its contract, with who went out first in the note. Points, totals and details (the
dimes bought among them) must be equal exactly, and the pot in the note."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.rummy_record import play_ten_dime, sweep


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, rounds = play_ten_dime(3, 3)
    pad = Pad.create("ten-dime-rummy", s.names)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    engine = [r.to_json() for r in s.score_sheet.rows]
    for row in engine:  # who went out, from the label to the note
        row["label"], how = row["label"].split(", ", 1)
        row["note"] = f"{how}; {row['note']}"
    assert any(sum(e["bought"]) for e in rounds)  # a discard was bought: the pot grows
    assert [r.to_json() for r in sheet.sheet.rows] == engine
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners) and sheet.over["reason"] == s.outcome.reason



def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("ten-dime-rummy", ["Ann", "Bob"], options={"start_dimes": 3})
    blank = pad.form_for(1).blank()
    first: Entry = blank | {"out": 0, "made": [True, False], "bought": [2, 0], "laid_high": [4, 0],
                            "held_low": [0, 3]}
    assert refused(pad, first | {"laid_twos": [0, 1]}) == \
        "Round 1: S3: Bob laid cards, so he laid the contract first."
    assert refused(pad, first | {"laid_high": [2, 0]}) == \
        "Round 1: S3: Ann: the contract takes at least 3 cards, and the entry counts 2 laid."
    assert refused(pad, first | {"held_aces": [1, 0]}) == \
        "Round 1: S3: Ann went out: he laid the contract and holds no card."
    row = pad.add(first).sheet.rows[0]
    assert row.details == ["40 laid − 0 held; bought 2", "0 laid − 15 held; no contract"]
    assert row.note == "Ann goes out; pot 2 dimes ($0.20)"
    second = pad.form_for(2).blank() | {"out": None, "bought": [1, 1]}
    assert refused(pad, second | {"bought": [2, 0]}) == "Round 2: S3+S3: Ann has spent more than his 3 dimes."
    assert pad.add(second).sheet.rows[1].note == "the stock ran out; pot 4 dimes ($0.40)"
    corrected = pad.replace(0, first | {"bought": [0, 0], "laid_jokers": [1, 0]}).sheet
    assert corrected.rows[1].note == "the stock ran out; pot 2 dimes ($0.20)"
    assert corrected.totals == [90, -15]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {}
    sweep("ten-dime-rummy", lambda n, seed: play_ten_dime(n, seed), options, (2, 6))
