"""The 10,000 score pad: a pad filled from a played match (each turn's count) gives the engine's own
sheet, an impossible round is refused in words, a correction recomputes the banks after it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from gamenight.pad import Pad, PadError
from tests.pad.ten_thousand_record import play_match


@pytest.mark.parametrize(("preset", "options"), [
    (None, {}),  # to 10,000, the first there wins at once
    ("published", {"target": 3000}),  # last turns in the round the target is reached
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(preset: str | None,
                                                                   options: dict[str, Any]) -> None:
    s, rounds = play_match(3, 0, preset, options)
    pad = Pad.create("ten-thousand", s.names, preset=preset, options=options)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(outcome.winners)
    if preset:
        assert any(rounds[-1]["last"]), "the match chosen plays last turns"


def test_impossible_rounds_are_refused_and_a_correction_rebanks() -> None:
    pad = Pad.create("ten-thousand", ["Ann", "Bob", "Cid"], options={"target": 3000})
    with pytest.raises(PadError, match=re.escape("Round 1: Bob: 1,020 cannot be a count, every scoring "
                                                 "die or set is worth a multiple of 50.")):
        pad.add({"turn": [0, 1020, 0]})
    pad.add({"turn": [650, 1000, 0]})  # Ann below the opening count: nothing
    assert pad.add({"turn": [400, 350, 2000]}).sheet.totals == [0, 1350, 2000]
    assert pad.replace(0, {"turn": [1000, 1000, 0]}).sheet.totals == [1400, 1350, 2000]  # on the board
    with pytest.raises(PadError, match=re.escape("Round 3: Bob and Cid cannot both have reached 3,000: "
                                                 "the first to reach it wins at once.")):
        pad.add({"turn": [0, 2000, 1000]})
    assert pad.add({"turn": [0, 0, 1000]}).over == {"winners": [2], "reason": "3,000 is reached first.",
                                                     "text": "Cid wins. 3,000 is reached first."}
    last = Pad.create("ten-thousand", ["Ann", "Bob"], preset="published", options={"target": 3000})
    with pytest.raises(PadError, match=re.escape("Round 1: Ann: a last turn comes only after someone else "
                                                 "reached 3,000 this round.")):
        last.add({"turn": [3000, 500], "last": [500, 0]})


@pytest.mark.slow
@pytest.mark.parametrize(("players", "preset", "options"), [
    (2, None, {}), (3, "published", {}), (6, None, {"target": 3000, "meld_threshold": 500}),
])
def test_no_played_round_is_refused_and_every_sheet_matches(players: int, preset: str | None,
                                                             options: dict[str, Any]) -> None:
    """Eight seeded matches a rule set (about 1 s of CPU): no round that happened is refused, and
    the pad's sheet is the engine's."""
    for seed in range(8):
        s, rounds = play_match(players, seed, preset, options)
        pad = Pad.create("ten-thousand", s.names, preset=preset, options=options)
        for entry in rounds:
            pad.add(entry)
        assert pad.sheet().sheet.to_json() == s.score_sheet.to_json(), seed
