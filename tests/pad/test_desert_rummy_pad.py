"""The Desert Rummy score pad: a pad filled from a played match gives the engine's sheet exactly,
an impossible hand is refused in words, a correction recomputes, the last meld ends the game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from gamenight.pad import Entry, Pad, PadError
from tests.pad.record import refused
from tests.pad.rummy_record import play_desert, sweep

FOUR_HANDS = {"max_hands": 4}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, hands = play_desert(2, 3, FOUR_HANDS)
    pad = Pad.create("desert-rummy", s.names, options=FOUR_HANDS)
    for entry in hands:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners) and sheet.over["reason"] == s.outcome.reason



def test_impossible_hands_are_refused_a_correction_recomputes_and_the_last_meld_wins() -> None:
    pad = Pad.create("desert-rummy", ["Ann", "Bob"])
    hand: Entry = {"laid": [True, False], "out": 0, "last_meld": None}
    assert refused(pad, hand | {"out": 1}) == "Hand 1: Bob went out, so he laid his meld this hand."
    assert refused(pad, hand | {"out": None, "last_meld": 0}) == "Hand 1: Ann is not on the last meld yet."
    for _ in range(10):
        pad.add(hand)
    assert pad.sheet().sheet.rows[-1].details == ["laid level 10, went out", "repeats level 1"]
    assert refused(pad, hand | {"last_meld": 0}) == \
        "Hand 11: The game ended when the last meld was laid: nobody went out after it."
    done = pad.add(hand | {"out": None, "last_meld": 0})
    assert done.sheet.rows[-1].note == "Ann laid the last meld" and done.sheet.totals == [11, 0]
    assert done.over is not None and done.over["winners"] == [0]
    with pytest.raises(PadError, match=re.escape("Hand 11: Ann is not on the last meld yet.")):
        pad.replace(0, {"laid": [False, True], "out": 1, "last_meld": None})  # Ann a meld behind
    corrected = pad.replace(1, {"laid": [True, True], "out": 1, "last_meld": None}).sheet
    assert corrected.rows[1].details == ["laid level 2", "laid level 1, went out"]
    assert corrected.rows[2].details == ["laid level 3, went out", "repeats level 2"]
    assert corrected.totals == [11, 1]


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {"max_hands": 4, "win_timing": "end_of_hand"}
    sweep("desert-rummy", lambda n, seed: play_desert(n, seed, options), options, (3, 8))
