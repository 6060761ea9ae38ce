"""The Mexican Train score pad: a pad filled from a played match (tiles and pips left, who went out)
gives the engine's own sheet, impossible rounds are refused in words, a correction recomputes."""

from __future__ import annotations

import json
import re

import pytest

from gamenight.pad import Pad, PadError
from tests.pad.dominoes_record import play_match
from tests.pad.record import refused

OPTIONS = {"double_blank": 50, "rounds": 2}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, rounds = play_match("mexican-train", 3, 4, OPTIONS)
    assert rounds[0]["out"] is None and rounds[1]["double_blank"] is not None  # blocked; the 0-0 held
    pad = Pad.create("mexican-train", s.names, options=OPTIONS)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners)



def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("mexican-train", ["Ann", "Bob", "Cid"], options={"double_blank": 50})
    good = {"tiles": [0, 3, 5], "pips": [0, 20, 31], "double_blank": 1, "out": 0}
    assert refused(pad, good | {"tiles": [0, 0, 5], "pips": [0, 0, 31]}) == (
        "Round 1: Bob has no tiles left, but Ann went out: the round ends when the first player lays "
        "his last tile.")
    assert refused(pad, good | {"out": None}) == ("Round 1: Ann has no tiles left, so he went out: the "
                                                   "round was not blocked.")
    assert refused(pad, good | {"pips": [0, 70, 31]}) == "Round 1: Bob: 3 tiles hold at most 45 pips, not 70."
    assert refused(pad, good | {"tiles": [0, 3, 95]}).endswith("95 is more than the cards in play allow "
                                                              "(at most 90).")
    assert pad.add(good).sheet.rows[0].points == [0, 70, 31]
    row = pad.replace(0, good | {"double_blank": 2}).sheet.rows[0]
    assert (row.points, row.details, row.note) == ([0, 20, 81], ["out", "3 tiles", "5 tiles"], "Ann went out")
    last = Pad.create("mexican-train", ["Ann", "Bob"], options={"double_blank": 50})
    for _ in range(12):
        last.add({"tiles": [0, 1], "pips": [0, 1], "double_blank": None, "out": 0})
    with pytest.raises(PadError, match=re.escape("Round 13: The double blank is this round's centre double")):
        last.add({"tiles": [0, 1], "pips": [0, 0], "double_blank": 1, "out": 0})


@pytest.mark.slow
@pytest.mark.parametrize("game", ["mexican-train", "chicken-foot"])
def test_no_played_round_is_refused_and_every_sheet_matches(game: str) -> None:
    """Both domino games, whole matches, random and heuristic bots, two to eight players, the
    double blank at 50 and 0 (Mexican Train about 7 s of CPU, Chicken Foot 2 s)."""
    for seed, players in enumerate((2, 3, 4, 8)):
        for bot, blank in (("random", 50), ("heuristic", 0)):
            options = {"double_blank": blank}
            s, rounds = play_match(game, players, seed, options, bot)
            pad = Pad.create(game, s.names, options=options)
            for entry in rounds:
                pad.add(entry)
            assert pad.sheet().sheet.to_json() == s.score_sheet.to_json(), (seed, bot, blank)
