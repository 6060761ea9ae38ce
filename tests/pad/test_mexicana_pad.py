"""The Mexicana score pad: a pad kept beside a played match gives the engine's own sheet, impossible
hands are refused in words (going out tied to the red threes), a correction recomputes."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.pad import Pad, PadError
from tests.pad.canasta_record import play_match
from tests.pad.record import refused
from tests.pad.test_canasta_pad import same_sheet


@pytest.mark.parametrize(("seed", "bot", "options"), [
    (2, "heuristic", {"max_hands": 2}),  # a side reaches 5,000 (the target) in two hands
    (0, "random", {"max_hands": 1, "mex_goout": "red3_ge_canastas"}),
])
def test_a_pad_kept_beside_a_played_match_gives_the_engines_sheet(seed: int, bot: str,
                                                                  options: dict[str, Any]) -> None:
    s, pad, hands = play_match("mexicana", 4, seed, bot, None, options)
    same_sheet(s, pad, hands)



def test_impossible_hands_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("mexicana", ["Ann", "Bob", "Cid", "Dee"])
    good = pad.form_for(1).blank() | {"natural": [1, 0], "sevens": [1, 0], "melded_low": [7, 0],
                                      "melded_high": [7, 3], "red_threes": [2, 0], "out": 0}
    assert refused(pad, good | {"red_threes": [3, 0]}) == (
        "Hand 1: Ann cannot have gone out: going out needs 3 canastas (at least 2, and one for each red "
        "three).")
    assert refused(pad, good | {"red_threes": [5, 2]}) == (
        "Hand 1: The decks hold 6 red threes, and the entry counts 7 in all.")
    row = pad.add(good).sheet.rows[0]
    assert row.points == [100 + 500 + 1000 + 200 + 35 + 70, 30]
    six = pad.replace(0, good | {"red_threes": [0, 6]}).sheet.rows[0]
    assert six.points == [100 + 500 + 1000 + 35 + 70, 30 + 1000]  # all six red threes: 1,000
    with pytest.raises(PadError, match="going out needs 2 canastas or more, and no more canastas than red"):
        Pad.create("mexicana", list("ABCD"), options={"mex_goout": "red3_ge_canastas"}).add(
            good | {"red_threes": [1, 0]})


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"max_hands": 3}, {"max_hands": 2, "mex_goout": "red3_ge_canastas",
                                                        "sevens_natural_only": True}])
def test_no_played_hand_is_refused_and_every_sheet_matches(options: dict[str, Any]) -> None:
    """Seeded matches, random and heuristic: a hand that happened is never refused, and the pad's
    sheet is the engine's."""
    for seed in range(3):
        for bot in ("random", "heuristic"):
            s, pad, hands = play_match("mexicana", 4, seed, bot, None, options)
            same_sheet(s, pad, hands)
