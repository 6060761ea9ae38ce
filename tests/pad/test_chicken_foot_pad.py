"""The Chicken Foot score pad: a pad filled from a played match gives the engine's own sheet (the
domino pad's form and refusals are Mexican Train's, tested there), one refusal, a correction."""

from __future__ import annotations

import json
import re

import pytest

from gamenight.pad import Pad, PadError
from tests.pad.dominoes_record import play_match


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, rounds = play_match("chicken-foot", 3, 2)
    assert len(rounds) == 10 and any(r["out"] is None for r in rounds)  # a double-nine set; a blocked round
    assert any(r["double_blank"] is not None for r in rounds)
    pad = Pad.create("chicken-foot", s.names)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners)


def test_a_double_nine_round_is_checked_and_corrected() -> None:
    pad = Pad.create("chicken-foot", ["Ann", "Bob", "Cid"], options={"rounds": 2})
    good = {"tiles": [0, 2, 4], "pips": [0, 9, 20], "double_blank": 2, "out": 0}
    with pytest.raises(PadError, match=re.escape("Round 1: The double blank is this round's centre double")):
        pad.add(good)  # the 0-0 starts the first round
    pad.add(good | {"double_blank": None})
    assert pad.add(good | {"double_blank": None, "pips": [0, 9, 34]}).over is not None  # two rounds
    with pytest.raises(PadError, match=re.escape("Round 2: Cid: 4 tiles hold at most 51 pips, not 52.")):
        pad.replace(1, good | {"pips": [0, 9, 52]})  # the 0-0 among them: at most 9-9, 8-9, 7-9
    assert pad.replace(1, good).sheet.totals == [0, 18, 90]
