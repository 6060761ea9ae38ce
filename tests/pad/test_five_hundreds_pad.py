"""The Five Hundreds score pad: a pad filled from a played match gives the engine's sheet, an
impossible hand is refused in words, a correction recomputes.

The engine's label names who went out ("Hand 2: Ann goes out"); the pad's label is the hand's,
with who went out in the note. Points, totals and details must be equal exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.rummy_record import play_five_hundreds, sweep

THREE_HANDS = {"max_hands": 3}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, hands = play_five_hundreds(3, 3, THREE_HANDS)
    pad = Pad.create("five-hundreds", s.names, options=THREE_HANDS)
    for entry in hands:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    engine = [r.to_json() for r in s.score_sheet.rows]
    for row in engine:  # who went out, from the label to the note
        row["label"], row["note"] = row["label"].split(": ", 1)
    assert [r.to_json() for r in sheet.sheet.rows] == engine
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners) and sheet.over["reason"] == s.outcome.reason



def test_impossible_hands_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("five-hundreds", ["Ann", "Bob", "Cid"], options=THREE_HANDS)
    blank = pad.form_for(1).blank()
    first: Entry = blank | {"out": 2, "laid_aces": [3, 0, 0], "laid_high": [0, 4, 3],
                            "held_low": [1, 2, 0], "held_aces": [0, 1, 0]}
    assert refused(pad, first | {"held_high": [0, 0, 1]}) == \
        "Hand 1: Cid went out, so no cards were left in his hand."
    assert refused(pad, first | {"held_aces": [0, 2, 0]}) == \
        "Hand 1: The deck holds 4 aces, and the entry counts 5 laid and held."
    assert pad.entries == []
    assert pad.add(first).sheet.rows[0].details == ["75 laid − 5 held", "40 laid − 35 held",
                                                    "30 laid − 0 held"]
    pad.add(blank | {"out": 0, "laid_low": [4, 0, 0], "held_high": [0, 1, 1]})
    assert pad.sheet().sheet.totals == [70 + 20, 5 - 10, 30 - 10]
    corrected = first | {"held_aces": [0, 0, 0], "laid_aces": [3, 1, 0]}  # Bob had laid his ace off
    assert pad.replace(0, corrected).sheet.totals == [90, 65 - 10 - 10, 20]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {"max_hands": 3}
    sweep("five-hundreds", lambda n, seed: play_five_hundreds(n, seed, options), options, (2, 4))
