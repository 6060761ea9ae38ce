"""The Hearts score pad: a pad filled from a played match gives the engine's own sheet (the kitty,
POWER), impossible hands are refused in words, a correction recomputes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.hearts_record import play_match
from tests.pad.record import refused


@pytest.mark.parametrize(("players", "seed", "preset", "options"), [
    (4, 0, None, {}),  # the book: a kitty of four, to 100
    (4, 1, "standard", {}),  # no kitty
    (3, 2, None, {"target": 30, "moon": "self_minus_26"}),  # a POWER hand
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(
        players: int, seed: int, preset: str | None, options: dict[str, Any]) -> None:
    s, hands = play_match(players, seed, preset=preset, options=options)
    pad = Pad.create("hearts", s.names, preset=preset, options=options)
    for entry in hands:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    if options.get("moon"):
        assert any(r.note.startswith("POWER by ") for r in sheet.sheet.rows)
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(outcome.winners)
    assert sheet.over["reason"] == outcome.reason



def test_impossible_hands_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("hearts", ["Ann", "Bob", "Cid", "Dee"])
    kitty = {"kitty_taker": 1, "kitty_0": "2H", "kitty_1": "QS", "kitty_2": "5C", "kitty_3": "KD"}
    hand = pad.form_for(1).blank() | {"hearts": [3, 4, 6, 0], "queen": 1} | kitty
    assert refused(pad, hand | {"hearts": [3, 4, 6, 1]}) == \
        "Deal 1: The deck holds 13 hearts and all are taken in a hand; the entry counts 14."
    assert refused(pad, hand | {"kitty_3": "2H"}) == \
        "Deal 1: The kitty names a card twice: the deck holds each card once."
    assert refused(pad, hand | {"kitty_3": None}) == "Deal 1: The kitty held 4 cards: name each of them."
    assert refused(pad, hand | {"queen": 2}) == \
        "Deal 1: The queen of spades was in the kitty, so Bob, who took the kitty, took her."
    assert refused(pad, hand | {"hearts": [3, 0, 6, 4]}) == \
        "Deal 1: The kitty held 1 heart, and they count for Bob, who took 0."
    row = pad.add(hand).sheet.rows[0]
    assert (row.label, row.points, row.details, row.note) == (
        "Deal 1 (pass left)", [3, 17, 6, 0], ["3♥", "4♥ + Q♠", "6♥", "—"], "kitty to Bob: 2♥ Q♠ 5♣ K♦")
    second = hand | {"hearts": [13, 0, 0, 0], "queen": 0, "kitty_taker": 0}
    assert pad.add(second).sheet.rows[1].points == [0, 26, 26, 26]  # POWER: the book's way
    corrected = pad.replace(0, hand | {"hearts": [4, 3, 6, 0]}).sheet
    assert corrected.totals == [4, 42, 32, 26]
