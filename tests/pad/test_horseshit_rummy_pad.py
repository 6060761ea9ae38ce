"""The Horseshit Rummy score pad: a pad filled from a played match gives the engine's sheet, an
impossible round is refused in words, a correction recomputes.

The engine's label names who went out ("Round 2: Ann goes out"); the pad's label is the round's,
with who went out first in the note. Points, totals and details must be equal exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.rummy_record import play_horseshit, sweep

THREE_ROUNDS = {"max_rounds": 3}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, rounds = play_horseshit(3, 3, THREE_ROUNDS)
    pad = Pad.create("horseshit-rummy", s.names, options=THREE_ROUNDS)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    engine = [r.to_json() for r in s.score_sheet.rows]
    for row in engine:  # who went out, from the label to the note
        row["label"], how = row["label"].split(": ", 1)
        row["note"] = f"{how}; {row['note']}"
    assert [r.to_json() for r in sheet.sheet.rows] == engine
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners) and sheet.over["reason"] == s.outcome.reason



def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("horseshit-rummy", ["Ann", "Bob", "Cid"], options=THREE_ROUNDS)
    blank = pad.form_for(1).blank()
    first: Entry = blank | {"wild": 9, "out": 0, "front_wild": [1, 0, 0], "front_high": [3, 3, 0],
                            "front_low": [0, 0, 4], "held_aces": [0, 1, 0], "held_low": [0, 2, 1]}
    assert refused(pad, first | {"held_high": [1, 0, 0]}) == \
        "Round 1: Ann went out, so no cards were left in his hand."
    # jacks wild: three decks hold twelve jacks, and the tens, queens and kings are 36
    assert refused(pad, first | {"front_wild": [13, 0, 0]}) == ("Round 1: With jacks wild the decks hold 12 "
                                                               "cards of the wild rank, and the entry counts "
                                                               "13 in front and in hand.")
    assert pad.entries == []
    assert pad.add(first).sheet.rows[0].details == ["130 in front − 0 in hand", "30 in front − 110 in hand",
                                                    "20 in front − 5 in hand"]
    pad.add(blank | {"wild": 12, "out": 1, "front_wild": [0, 4, 0]})  # aces wild: 100 each
    assert pad.sheet().sheet.totals == [130, -80 + 400, 15]
    corrected = first | {"held_aces": [0, 0, 0]}  # Bob held no ace after all
    assert pad.replace(0, corrected).sheet.totals == [130, 20 + 400, 15]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {"max_rounds": 3}
    sweep("horseshit-rummy", lambda n, seed: play_horseshit(n, seed, options), options, (2, 6))
