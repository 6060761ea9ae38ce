"""The Red Dog score pad: a pad filled from a played session (the cards turned, each bet and raise)
gives the engine's own money sheet, impossible rounds are refused in words, a correction
recomputes the purses after it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from gamenight.pad import Entry, Pad, PadError
from tests.pad.red_dog_record import play_match


@pytest.mark.parametrize(("preset", "options", "bot"), [
    (None, {"rounds": 8}, "heuristic"),  # raises on the spreads that pay
    ("single_deck", {"stake": 500, "max_raise_multiple": 2}, "random"),  # purses run dry: sitting out
])
def test_a_pad_filled_from_a_played_session_gives_the_engines_sheet(
        preset: str | None, options: dict[str, Any], bot: str) -> None:
    s, rounds = play_match(3, 1, preset, options, bot)
    pad = Pad.create("red-dog", s.names, preset=preset, options=options)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()  # cents, details, the cards as the note
    assert s.outcome is not None
    assert any(r.get("raised") and any(r["raised"]) for r in rounds)
    assert sheet.over is not None and sheet.over["winners"] == list(s.outcome.winners)
    assert sheet.over["reason"] == s.outcome.reason  # after the rounds, or once every purse ran dry
    if preset:
        assert "sat out" in {d for r in sheet.sheet.rows for d in r.details or []}
        with pytest.raises(PadError, match=re.escape("The match is over")):
            pad.add(rounds[-1])


def entry(left: tuple[int, int], right: tuple[int, int], third: tuple[int | None, int], bets: list[int],
          raised: list[int]) -> Entry:
    cards = {"left": left, "right": right, "third": third}
    out: Entry = {f"{k}_{part}": v[i] for k, v in cards.items() for i, part in enumerate(("rank", "suit"))}
    return out | {"bet": bets, "raised": raised}


def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("red-dog", ["Ann", "Bob"], preset="single_deck", options={"stake": 300})
    six, queen, nine, seven = (4, 0), (10, 2), (7, 1), (5, 3)  # rank index, suit
    with pytest.raises(PadError, match=re.escape("Round 1: The 6♣ is there 2 times, and one deck holds 1.")):
        pad.add(entry(six, six, nine, [1, 1], [0, 0]))
    with pytest.raises(PadError, match=re.escape("Round 1: The up-cards are consecutive: no third card")):
        pad.add(entry(six, seven, nine, [1, 1], [0, 0]))
    with pytest.raises(PadError, match=re.escape("Round 1: Bob may raise 1 chip at most ($1.00), not 2 "
                                                 "chips.")):
        pad.add(entry(six, queen, nine, [1, 1], [1, 2]))
    row = pad.add(entry(six, queen, nine, [1, 3], [1, 0])).sheet.rows[0]  # 9 between 6 and Q: 1 to 1
    assert (row.points, row.details, row.note) == ([200, 300], ["$1.00 + $1.00 raised: won $2.00",
                                                                "$3.00: won $3.00"], "6♣ Q♥ 9♦")
    lost = entry(six, queen, (12, 0), [1, 3], [1, 0])  # an ace falls outside
    assert pad.replace(0, lost).sheet.totals == [-200, -300]
    with pytest.raises(PadError, match=re.escape("Round 2: Bob has $0.00, short of the smallest bet ($1.00): "
                                                 "he sits out.")):
        pad.add(entry(six, queen, nine, [1, 1], [0, 0]))


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "options"), [
    (None, {}), ("single_deck", {"max_raise_multiple": 3, "stake": 700}),
    ("casino_shoe", {"ace_low": True}),
])
def test_no_played_round_is_refused_and_every_sheet_matches(preset: str | None,
                                                             options: dict[str, Any]) -> None:
    """Eight sessions a rule set, random and heuristic bots, one to seven players."""
    for seed in range(8):
        for bot in ("random", "heuristic"):
            s, rounds = play_match(1 + seed % 7, seed, preset, options, bot)
            pad = Pad.create("red-dog", s.names, preset=preset, options=options)
            for e in rounds:
                pad.add(e)
            sheet = pad.sheet()
            assert sheet.sheet.to_json() == s.score_sheet.to_json(), (seed, bot)
            assert sheet.over is not None and s.outcome is not None
            assert sheet.over["reason"] == s.outcome.reason, (seed, bot)
