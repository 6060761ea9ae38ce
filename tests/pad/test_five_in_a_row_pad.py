"""The 5 in a Row score pad: a pad filled from a played game (each row of five as it was marked)
gives the engine's own sheet, rows the board forbids are refused in words, a correction recomputes."""

from __future__ import annotations

import json

import pytest

from gamenight.pad import Entry, Pad, PadError
from tests.pad.five_in_a_row_record import play_match


def test_a_pad_filled_from_a_played_game_gives_the_engines_sheet() -> None:
    s, rows = play_match(4, 0, {"rows_to_win": 2})
    assert [r["more"] for r in rows] == [0, 0, 1, 0]  # the winning disc made two rows at once
    pad = Pad.create("five-in-a-row", s.names, options={"rows_to_win": 2})
    for entry in rows:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == sorted({w % 2 for w in s.outcome.winners})  # partners opposite


def row(side: int, direction: int, r: int, c: int, more: int = 0) -> Entry:
    return {"side": side, "direction": direction, "row": r, "column": c, "more": more}


def test_rows_the_board_forbids_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("five-in-a-row", ["Ann", "Bob"], options={"rows_to_win": 2})

    def refused(entry: Entry) -> str:
        with pytest.raises(PadError) as e:
            pad.add(entry)
        return str(e.value)

    assert refused(row(0, 0, 2, 6)) == "Game 1, row 1: Five spaces across from 2,6 run off the board."
    assert pad.add(row(0, 0, 0, 0)).sheet.rows[0].note == "across, 0,0 to 0,4"  # from the free corner
    assert refused(row(1, 1, 0, 3)) == ("Game 1, row 2: The disc on 0,3 is in Ann's row 1: it can never be "
                                        "taken off.")
    assert refused(row(0, 0, 0, 4)) == ("Game 1, row 2: Two rows in one line never share a disc, and this "
                                        "one overlaps row 1.")
    assert pad.add(row(1, 1, 0, 0, more=1)).over is None  # the corner counts for every colour
    assert refused(row(0, 2, 1, 1)).endswith("The disc that made row 2 made this one too: the same side's, "
                                             "through that disc.")
    assert pad.replace(1, row(0, 1, 1, 5)).sheet.totals == [2, 0]
    assert pad.sheet().over is not None


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (2, {"same_line_overlap": True})])
def test_no_played_row_is_refused_and_every_sheet_matches(players: int, options: dict[str, object]) -> None:
    for seed in range(6):
        s, rows = play_match(players, seed, options)
        pad = Pad.create("five-in-a-row", s.names, options=options)
        for entry in rows:
            pad.add(entry)
        assert pad.sheet().sheet.to_json() == s.score_sheet.to_json(), seed
