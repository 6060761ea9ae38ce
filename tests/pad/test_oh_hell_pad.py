"""The Oh Hell! score pad: a pad filled from a played match gives the engine's own sheet (the whole
schedule, the score formulas), impossible rounds are refused in words, a correction recomputes."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.oh_hell_record import play_match
from tests.pad.record import check_pad_matches, refused


@pytest.mark.parametrize(("players", "seed", "preset", "options"), [
    (3, 0, None, {}),  # the book: nineteen rounds, 1 to 10 and back
    (4, 1, "standard", {"max_cards": 3}),
    (5, 0, None, {"max_cards": 3, "score_formula": "concatenate", "order": "down_up", "peak_twice": True}),
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(
        players: int, seed: int, preset: str | None, options: dict[str, Any]) -> None:
    s, rounds = play_match(players, seed, preset=preset, options=options)
    check_pad_matches(s, rounds, preset=preset, options=options)



def test_impossible_rounds_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("oh-hell", ["Ann", "Bob", "Cid"], options={"max_cards": 2})
    one = pad.form_for(1).blank() | {"trump": 3, "bids": [1, 0, 0], "tricks": [1, 0, 0]}
    assert refused(pad, one | {"tricks": [1, 1, 0]}) == \
        "Round 1: 1 trick is played this round, and the entry counts 2."
    assert "at most 1" in refused(pad, one | {"bids": [2, 0, 0]})
    pad.add(one)  # a secret round: the bids may total the tricks
    two = pad.form_for(2).blank() | {"trump": 0, "bids": [1, 1, 0], "tricks": [1, 1, 0]}
    assert refused(pad, two) == ("Round 2: The bids total 2, the tricks this round: the dealer bids last "
                                 "and may not make them fit, so somebody must miss.")
    sheet = pad.add(two | {"bids": [1, 1, 1]}).sheet
    assert sheet.rows[1].label == "Round 2: 2 cards, clubs trumps"
    assert sheet.rows[1].details == ["bid 1 / took 1", "bid 1 / took 1", "bid 1 / took 0"]
    assert sheet.totals == [22, 21, 10]
    assert pad.replace(0, one | {"bids": [0, 0, 0]}).sheet.totals == [11, 21, 10]
    over = pad.add(one).over  # the schedule 1, 2, 1 is played
    assert over is not None and over["reason"] == "All 3 rounds are played."
