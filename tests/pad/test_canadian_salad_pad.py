"""The Canadian Salad score pad: a pad filled from a played match gives the engine's own sheet (two
decks, a clean sweep; the six-hand game), impossible rounds are refused in words, a correction
recomputes."""

from __future__ import annotations

import json

import pytest

from gamenight.pad import Pad
from tests.pad.canadian_salad_record import play_match
from tests.pad.record import refused


@pytest.mark.parametrize(("players", "seed", "preset"), [
    (6, 0, None),  # two decks, and a clean sweep
    (4, 0, "standard"),  # the six hands, the last one counting everything at once
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(
        players: int, seed: int, preset: str | None) -> None:
    s, rounds = play_match(players, seed, preset=preset)
    pad = Pad.create("canadian-salad", s.names, preset=preset)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    if preset is None:
        assert any(r.note.startswith("clean sweep by ") for r in sheet.sheet.rows)
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(outcome.winners)
    assert sheet.over["reason"] == outcome.reason



def test_impossible_rounds_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("canadian-salad", ["Ann", "Bob", "Cid", "Dee"])
    red = pad.form_for(1).blank()
    assert len(red) == 26 and red["card_AH"] == 0
    first = red | {k: 1 for k in ("card_2H", "card_5D", "card_KH")} | {"card_AD": 3}
    row = pad.add(first).sheet.rows[0]
    assert (row.label, row.points[1:], row.details) == (
        "Round 1: Red cards", [15, 0, 5], ["22 cards", "5♦ 2♥ K♥", "—", "A♦"])
    assert pad.add(pad.form_for(2).blank()).sheet.rows[1].note == \
        "clean sweep by Ann: everyone else scores 100"
    tricks = pad.form_for(3).blank()
    assert set(tricks) == {"tricks"}
    assert refused(pad, tricks | {"tricks": [5, 5, 2, 2]}) == \
        "Round 3: 13 tricks are played in a round, and the entry counts 14."
    assert pad.sheet().sheet.totals == [110, 115, 100, 105]
    assert pad.replace(0, first | {"card_AD": 1}).sheet.totals == [110, 120, 100, 100]  # Bob took the A♦
