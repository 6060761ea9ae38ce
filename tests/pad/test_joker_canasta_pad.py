"""The Joker Canasta score pad: a pad kept beside a played match gives the engine's own sheet,
impossible hands are refused in words, a correction recomputes."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.canasta_record import play_match
from tests.pad.record import refused
from tests.pad.test_canasta_pad import same_sheet


@pytest.mark.parametrize(("seed", "bot", "options"), [
    (0, "heuristic", {"max_hands": 2}),
    (1, "random", {"max_hands": 1, "threes_table": "cumulative"}),
])
def test_a_pad_kept_beside_a_played_match_gives_the_engines_sheet(seed: int, bot: str,
                                                                  options: dict[str, Any]) -> None:
    s, pad, hands = play_match("joker-canasta", 4, seed, bot, None, options)
    same_sheet(s, pad, hands)



def test_wild_canastas_and_threes_by_colour_score_and_impossible_hands_are_refused() -> None:
    pad = Pad.create("joker-canasta", ["Ann", "Bob", "Cid", "Dee"])
    good = pad.form_for(1).blank() | {"natural": [1, 0], "four_jokers": [1, 0], "melded_jokers": [4, 0],
                                      "melded_twos": [3, 0], "melded_aces": [7, 0], "melded_high": [0, 3],
                                      "red_threes": [2, 1], "black_threes_laid": [1, 0], "out": 0}
    assert refused(pad, good | {"four_jokers": [0, 0], "seven_twos": [1, 0]}) == (
        "Hand 1: Ann–Cid: its wild canastas hold at least 7 twos, and the side melded 3.")
    assert refused(pad, good | {"natural": [0, 0]}) == (
        "Hand 1: Ann cannot have gone out: going out needs 2 canastas.")
    assert "no field 'melded_black_threes'" in refused(pad, good | {"melded_black_threes": [3, 0]})
    row = pad.add(good).sheet.rows[0]
    # threes: red 100 + 300 and black 100, plus with a canasta; Bob–Dee's one red three minus
    assert row.points == [100 + 500 + 3000 + 500 + 200 + 60 + 140, -100 + 30]
    assert row.details is not None and row.details[1] == "threes -100, cards melded +30"
    assert pad.sheet().extras[0]["caption"] == "First meld 100"
    pad.propose(1, {"threes_table": "cumulative"}, "Ann")
    for p in ("Bob", "Cid", "Dee"):
        pad.vote(0, p, True)
    # cumulative: red 300 (two), black 100 (one)
    assert pad.sheet().sheet.rows[0].points[0] == 100 + 500 + 3000 + 400 + 200 + 60 + 140


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_matches() -> None:
    """Seeded matches, random and heuristic: a hand that happened is never refused, and the pad's
    sheet is the engine's."""
    for seed in range(4):
        for bot in ("random", "heuristic"):
            s, pad, hands = play_match("joker-canasta", 4, seed, bot, None, {"max_hands": 3})
            same_sheet(s, pad, hands)
