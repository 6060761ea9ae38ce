"""The Sticks score pad: a pad filled from a played match gives the engine's sheet, an impossible
deal is refused in words, a correction recomputes.

The engine's label says how the deal ended ("Hand 2: Ann goes out"); the pad's label is the
deal's, with how it ended first in the note. Points, totals and details must be equal exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.rummy_record import play_sticks, sweep

THREE_STICKS = {"target": 3}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, deals = play_sticks(2, 3, THREE_STICKS)
    pad = Pad.create("sticks", s.names, options=THREE_STICKS)
    for entry in deals:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    engine = [r.to_json() for r in s.score_sheet.rows]
    for row in engine:  # how the deal ended, from the label to the note
        row["label"], how = row["label"].split(": ", 1)
        row["note"] = f"{how}; {row['note']}" if "note" in row else how
    assert [r.to_json() for r in sheet.sheet.rows] == engine
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners)



def test_impossible_deals_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("sticks", ["Ann", "Bob"], options=THREE_STICKS)
    first: Entry = {"free": [1, 0], "laid": ["S3+S3", None], "out": 0}
    assert refused(pad, first | {"out": 1}) == "Hand 1: Bob went out, so he laid his stick this deal."
    assert refused(pad, first | {"free": [3, 0]}) == \
        "Hand 1: Ann: a FREE stick drawn as the last one does not count (it goes back)."
    row = pad.add(first).sheet.rows[0]
    assert row.points == [2, 0] and row.details == ["free: nothing to lay; two sets of exactly three", ""]
    assert refused(pad, {"free": [0, 1], "laid": [None, None], "out": None}) == \
        "Hand 2: Bob kept his face-down stick from the last deal, so he drew no stick before this one."
    assert refused(pad, {"free": [0, 0], "laid": ["S5", None], "out": 0}) == \
        "Hand 2: A last stick laid ended the game at once: nobody went out after it."
    done = pad.add({"free": [0, 0], "laid": ["S5", None], "out": None})
    assert done.sheet.rows[1].note == "a last stick turned up; the game ended mid-hand"
    assert done.over is not None and done.over["winners"] == [0]
    corrected = pad.replace(0, first | {"free": [0, 0]}).sheet  # the FREE stick was Bob's dream
    assert corrected.totals == [2, 0]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {"target": 3}
    sweep("sticks", lambda n, seed: play_sticks(n, seed, options), options, (2, 4))
