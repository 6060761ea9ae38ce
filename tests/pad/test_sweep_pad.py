"""The Sweep score pad: a pad filled from a played match (what each player held, where and by
value, when another went out) gives the engine's own sheet, impossible rounds are refused in
words, a correction recomputes."""

from __future__ import annotations

import json
import re

import pytest

from gamenight.pad import Entry, Pad, PadError
from tests.pad.sweep_record import play_match


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, rounds = play_match(3, 2, {"target": 100})
    pad = Pad.create("sweep", s.names, options={"target": 100})
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert len(rounds) == 4 and sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners)


def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("sweep", ["Ann", "Bob"])
    nothing = [0, 0]
    good: Entry = {"hand": [0, 3], "up": [0, 1], "blind": [0, 2], "tens": [0, 1], "courts": [0, 2],
                   "aces": nothing, "pips": [0, 7], "out": 0}

    def refused(**change: object) -> str:
        with pytest.raises(PadError) as e:
            pad.add(good | change)
        return str(e.value)

    assert refused(up=[0, 3]) == ("Round 1: Bob: each face-up card lies on a blind card, so 3 face up need 3 "
                                  "blind.")
    assert refused(pips=[0, 30]) == "Round 1: Bob: the other 3 cards are 2s to 9s, worth 6 to 27, not 30."
    assert refused(out=1) == ("Round 1: Ann holds no cards, but Bob went out: the round ends when the first "
                              "player has none.")
    assert refused(tens=[0, 5], courts=nothing, pips=[0, 2]) == ("Round 1: Bob: 10s (25 each): 5 is more "
                                                                 "than the cards in play allow (at most 4).")
    assert pad.add(good).sheet.rows[0].points == [0, 25 + 20 + 7]
    row = pad.replace(0, good | {"tens": [0, 0], "pips": [0, 12]}).sheet.rows[0]
    assert (row.points, row.details, row.note) == ([0, 32], ["out", "3 in hand, 1 face up, 2 blind"],
                                                   "Ann went out")
    with pytest.raises(PadError, match=re.escape("Round 1: Bob holds no cards, but Ann went out")):
        pad.replace(0, {k: nothing for k in good} | {"out": 0})


@pytest.mark.slow
def test_no_played_round_is_refused_and_every_sheet_matches() -> None:
    """Two to nine players, random and heuristic bots (about 5 s of CPU)."""
    for seed, players in enumerate(range(2, 10)):
        for bot in ("random", "heuristic"):
            s, rounds = play_match(players, seed, {"target": 150}, bot)
            pad = Pad.create("sweep", s.names, options={"target": 150})
            for entry in rounds:
                pad.add(entry)
            assert pad.sheet().sheet.to_json() == s.score_sheet.to_json(), (seed, bot)
