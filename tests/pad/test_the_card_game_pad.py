"""The Card Game's score pad: a pad filled from a played match gives the engine's sheet, an
impossible round is refused in words, a correction recomputes.

The engine's details name the cards left over ("left 2♥ A♣"); the pad writes the count it was
given ("3 left over"). Labels, points, totals and notes must be equal exactly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from gamenight.core.scoring import ScoreRow
from gamenight.pad import Entry, Pad, PadError
from tests.pad.record import refused
from tests.pad.rummy_record import play_card_game, sweep


def as_pad_writes_it(row: ScoreRow) -> dict[str, Any]:
    """The engine's row with each count of cards left over in place of the cards."""
    out = row.to_json()
    out["details"] = [f"{p} left over" if d.startswith("left ") else d
                      for d, p in zip(row.details or [], row.points, strict=True)]
    return out


@pytest.mark.parametrize(("players", "seed", "options"), [
    (3, 3, {"going_out_score": "vote"}),  # the table votes -5; outs on the last turn
    (2, 3, {}),
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(players: int, seed: int,
                                                                  options: dict[str, Any]) -> None:
    s, rounds = play_card_game(players, seed, options)
    pad = Pad.create("the-card-game", s.names, options=options)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    assert [r.to_json() for r in sheet.sheet.rows] == [as_pad_writes_it(r) for r in s.score_sheet.rows]
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == list(s.outcome.winners) and sheet.over["reason"] == s.outcome.reason



def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("the-card-game", ["Ann", "Bob", "Cid"], options={"going_out_score": "-5"})
    first: Entry = {"out": 0, "also_out": [False, True, False], "stock_out": False, "left": [0, 0, 12]}
    assert refused(pad, first | {"left": [0, 3, 12]}) == \
        "Round 1: 3 cards, threes wild: Bob went out, so nothing was left over in his hand."
    assert refused(pad, first | {"out": None}).endswith(
        "Nobody went out first, so nobody went out on a last turn.")
    assert refused(pad, first | {"out": None, "also_out": [False] * 3}).endswith(
        "A round ends when someone goes out or the stock runs out: say which.")
    assert "at most 30" in refused(pad, first | {"left": [0, 0, 31]})  # three cards of ten at most
    assert pad.entries == []
    pad.add(first)
    pad.add({"out": 2, "also_out": [False] * 3, "stock_out": False, "left": [7, 40, 0]})
    assert pad.sheet().sheet.totals == [-5 + 7, 40, 12 - 5]
    sheet = pad.replace(0, first | {"also_out": [False] * 3, "left": [0, 9, 12]}).sheet
    assert sheet.rows[0].points == [-5, 9, 12] and sheet.rows[0].details == ["went out", "9 left over",
                                                                               "12 left over"]
    assert sheet.totals == [2, 49, 7]
    with pytest.raises(PadError, match=re.escape("There is no round 3: 5 cards, fives wild to correct yet.")):
        pad.replace(2, first)


@pytest.mark.slow
def test_no_played_hand_is_refused_and_every_sheet_adds_up() -> None:
    """More seeded matches under other rules (a few seconds of CPU): no hand that was played is
    refused, and every row's points and totals are the engine's."""
    options: dict[str, Any] = {"going_out_score": "-5"}
    sweep("the-card-game", lambda n, seed: play_card_game(n, seed, options), options, (3, 4))
