"""The Rook score pad: a pad filled from a played match gives the engine's own sheet (teams and the
widow; the five-player partner-card game and its buried cards), impossible hands are refused in
words, a correction recomputes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.record import refused
from tests.pad.rook_record import play_match


@pytest.mark.parametrize(("players", "seed", "preset", "options"), [
    (4, 2, None, {}),  # a side takes every trick
    (5, 0, None, {"target": 300}),  # the partner-card game
    (4, 0, "rook_deck", {"made_bid_scores": "points_taken", "max_hands": 3}),
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(
        players: int, seed: int, preset: str | None, options: dict[str, Any]) -> None:
    s, hands = play_match(players, seed, preset=preset, options=options)
    pad = Pad.create("rook", s.names, preset=preset, options=options)
    for entry in hands:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == sorted({pad.rules_for(1).column_of(w) for w in outcome.winners})
    assert sheet.over["reason"] == outcome.reason



def test_impossible_hands_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("rook", ["Ann", "Bob", "Cid", "Dee"])
    hand = pad.form_for(1).blank() | {"bidder": 1, "bid": 100, "tricks": [5, 8], "counters": [70, 110],
                                      "last": 3, "hidden_0": "5H"}
    assert refused(pad, hand | {"bid": 102}) == "Deal 1: Bids go up in fives: 102 is not one."
    assert refused(pad, hand | {"tricks": [5, 9]}) == \
        "Deal 1: 13 tricks are played in a hand, and the entry counts 14."
    assert refused(pad, hand | {"counters": [70, 100]}) == \
        "Deal 1: The cards hold 180 in counters, and the entry counts 170."
    assert refused(pad, hand | {"tricks": [0, 13]}) == \
        "Deal 1: Ann–Cid took no trick, so no counters and not the last trick."
    assert refused(pad, hand | {"hidden_0": None}) == "Deal 1: The widow held 1 card: name it."
    row = pad.add(hand).sheet.rows[0]
    assert (row.label, row.points, row.details, row.note) == (
        "Deal 1: Bob bid 100", [70, 100], ["70 points", "130 points"], "made; widow: 5♥")
    thrown = pad.form_for(2).blank() | {"result": "passed"}
    assert pad.add(thrown).sheet.rows[1].label == "Deal 2: thrown in"
    assert pad.replace(0, hand | {"bid": 150}).sheet.totals == [70, -150]  # Bob's side was set
