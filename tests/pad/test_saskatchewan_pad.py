"""The Saskatchewan score pad: a pad filled from a played game gives the engine's own money sheet
(the five trick hands paid into the pot, the sevens paying it out), impossible hands are refused
in words, a correction recomputes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.record import refused
from tests.pad.saskatchewan_record import play_match


@pytest.mark.parametrize(("players", "seed", "options"), [
    (4, 0, {}),
    (3, 1, {"three_player_payout": "second_gets_half"}),  # the last player left is third
])
def test_a_pad_filled_from_a_played_game_gives_the_engines_sheet(
        players: int, seed: int, options: dict[str, Any]) -> None:
    s, hands = play_match(players, seed, options=options)
    pad = Pad.create("saskatchewan", s.names, options=options)
    for entry in hands:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert sheet.sheet.unit == "cents"
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(outcome.winners)
    assert sheet.over["reason"] == outcome.reason



def test_impossible_hands_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("saskatchewan", ["Ann", "Bob", "Cid", "Dee"])
    tricks = {"tricks": [4, 3, 3, 3]}
    assert refused(pad, {"tricks": [4, 3, 3, 4]}) == \
        "Hand 1: 13 tricks are played in a hand, and the entry counts 14."
    row = pad.add(tricks).sheet.rows[0]
    assert (row.label, row.points, row.note) == ("Hand 1: tricks", [-20, -15, -15, -15], "pot $0.65")
    assert refused(pad, {"hearts": [13, 1, 0, 0]}) == \
        "Hand 2: The deck holds 13 hearts and all are taken, and the entry counts 14."
    pad.add({"hearts": [13, 0, 0, 0]})
    queens = pad.form_for(3).blank() | {"queen_S": 2}
    assert pad.add(queens).sheet.rows[2].details == ["Q♣ Q♦ Q♥", "—", "Q♠", "—"]
    pad.add({"taker": 1})
    pad.add({"taker": 3})
    assert refused(pad, {"first": 1, "second": 1, "third": 2, "passes": [0, 0, 0, 0]}) == \
        "Hand 6: A player goes out once: the places name him twice."
    over = pad.add({"first": 1, "second": 0, "third": 2, "passes": [2, 0, 0, 1]})
    assert over.sheet.rows[5].note == "pot $2.60" and over.sheet.totals == [-60, 90, 40, -70]
    assert over.sheet.rows[5].details == ["second out; 2 passes", "first out; 0 passes",
                                          "third out; 0 passes", "1 pass"]
    assert pad.replace(0, {"tricks": [3, 4, 3, 3]}).sheet.totals == [-55, 85, 40, -70]
