"""The Push score pad: a pad filled from a played match gives the engine's sheet, an impossible
deal is refused in words, a correction recomputes.

The engine's label names who went out ("Deal 2: East goes out"); the pad's label is the deal's,
with who went out first in the note. Points, totals and details must be equal exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.rummy_record import play_push, sweep


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, deals = play_push(3)
    pad = Pad.create("push", s.names)
    for entry in deals:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    engine = [r.to_json() for r in s.score_sheet.rows]
    for row in engine:  # who went out, from the label to the note
        row["label"], how = row["label"].split(": ", 1)
        row["note"] = f"{how}; {row['note']}" if "note" in row else how
    assert sheet.sheet.columns == s.score_sheet.columns == ["North–South", "East–West"]
    assert [r.to_json() for r in sheet.sheet.rows] == engine
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == sorted({w % 2 for w in s.outcome.winners})
    assert sheet.over["reason"] == s.outcome.reason



def test_impossible_deals_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("push", ["Ann", "Bob", "Cid", "Dee"])
    blank = pad.form_for(1).blank()
    first: Entry = blank | {"out": 2, "wild": [1, 2, 0, 0], "high": [0, 1, 0, 3], "low": [2, 0, 0, 1]}
    assert refused(pad, first | {"aces": [0, 0, 1, 0]}) == \
        "Deal 1: Cid went out, so no cards were left in his hand."
    assert refused(pad, first | {"wild": [12, 1, 0, 0]}) == \
        "Deal 1: The two decks hold 12 wild cards (jokers and twos), and the entry counts 13."
    assert pad.entries == []
    row = pad.add(first).sheet.rows[0]
    assert row.points == [0, 50 + 10 + 30 + 5] and row.details == ["went out", "Bob 60, Dee 35"]
    none_out = blank | {"out": None, "aces": [1, 0, 1, 0]}
    row = pad.add(none_out).sheet.rows[1]
    assert row.points == [40, 0]
    assert row.note == "the stock ran out; nobody went out: both teams count their hands"
    corrected = first | {"out": 0, "wild": [0, 2, 1, 0], "low": [0, 0, 2, 1]}  # Ann went out, not Cid
    assert pad.replace(0, corrected).sheet.totals == [40, 95]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {}
    sweep("push", lambda n, seed: play_push(seed), options, (4,))
