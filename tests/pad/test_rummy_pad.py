"""The Rummy score pad: a pad filled from a played match gives the engine's sheet, an impossible
hand is refused in words, a correction recomputes.

The engine's row names who went out in its label ("Deal 2: Ann goes out") and the deadwood cards
in its details ("3♥ A♦ = 4"); the pad's label is the deal's ("Deal 2"), with who went out first in
the note, and the count it was given ("4 counted"). Points and totals must be equal exactly."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from gamenight.core.scoring import ScoreRow
from gamenight.pad import Entry, Pad, PadError
from tests.pad.record import refused
from tests.pad.rummy_record import play_rummy, sweep


def as_pad_writes_it(row: ScoreRow) -> dict[str, Any]:
    """The engine's row as the pad writes it: the label's "how" moved to the note, each count
    without the cards."""
    label, how = row.label.split(": ", 1)
    details = [d if d == "out" else re.sub(r"^.* = (\d+)$", r"\1 counted", d) for d in row.details or []]
    note = f"{how}; {row.note}" if row.note else how
    return {"label": label, "points": row.points, "totals": row.totals, "details": details, "note": note}


@pytest.mark.parametrize(("players", "seed", "options"), [
    (4, 3, {"penalty_limit": 50}),  # two stock-outs and two hands gone out
    (3, 3, {"scoring": "winner_collects", "target": 60, "rummy_double": True}),
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(players: int, seed: int,
                                                                  options: dict[str, Any]) -> None:
    s, hands = play_rummy(players, seed, options)
    pad = Pad.create("rummy", s.names, options=options)
    for entry in hands:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert [r.to_json() for r in sheet.sheet.rows] == [as_pad_writes_it(r) for r in s.score_sheet.rows]
    assert sheet.sheet.totals == s.score_sheet.totals
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners)



def test_impossible_hands_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("rummy", ["Ann", "Bob", "Cid"], options={"rummy_double": True})
    first: Entry = {"out": 1, "rummy": False, "deadwood": [12, 0, 30]}
    assert refused(pad, first | {"deadwood": [12, 4, 30]}) == \
        "Deal 1: Bob went out, so no cards were left in his hand."
    assert refused(pad, first | {"out": None, "rummy": True}) == \
        "Deal 1: Nobody went out, so nobody went rummy."
    assert "at most 70" in refused(pad, first | {"deadwood": [71, 0, 0]})  # seven cards of ten at most
    assert pad.entries == []
    pad.add(first)
    pad.add({"out": 0, "rummy": False, "deadwood": [0, 5, 9]})
    assert pad.sheet().sheet.totals == [12, 5, 39]
    corrected = copy.deepcopy(first) | {"rummy": True}  # Bob went rummy: the others' points double
    sheet = pad.replace(0, corrected).sheet
    assert sheet.rows[0].points == [24, 0, 60] and sheet.rows[0].note == "Bob goes out; rummy: double points"
    assert sheet.totals == [24, 5, 69]
    with pytest.raises(PadError, match=re.escape("The match is over: Bob wins.")):
        pad.replace(0, corrected | {"deadwood": [60, 0, 60]})  # 120 penalty points: over before deal 2


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {"scoring": "winner_collects", "target": 60, "rummy_double": True,
                               "deadwood": "all_cards"}
    sweep("rummy", lambda n, seed: play_rummy(n, seed, options), options, (2, 5))
