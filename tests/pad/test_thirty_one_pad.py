"""The Thirty One score pad: a pad filled from a played match gives the engine's money sheet (its
ante row first), winner (the last player standing, not the best total) and reason exactly;
impossible rounds are refused in words; a correction recomputes.

Each round's facts are read from the engine's state as it settles the round: who knocked, who
showed 31, and each hand's count (three of a kind marked)."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.games.thirty_one import TRIPS2, ThirtyOne, hand_value2
from gamenight.pad import Entry, Pad, PadError
from tests.pad.record import check_pad_matches, refused
from tests.pad.rummy_record import play_match


def thirty_one_entry(s: ThirtyOne, thirty_one: int | None) -> Entry:
    """The round as the pad asks for it."""
    values = [hand_value2(s.hands[p]) if s.active[p] else 0 for p in range(s.num_players)]
    return {"knocker": s.knocker, "shown_31": thirty_one, "count": [v // 2 for v in values],
            "trips": [v == TRIPS2 for v in values]}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    # three 31s shown; then three of a kind, a knocker losing two lives, out on the last quarter
    matches: tuple[tuple[int, int, dict[str, Any]], ...] = (
        (5, 3, {"knock_timing": "instead_of_draw"}),
        (3, 2, {"on_face": False, "on_31": "all_others_lose", "lives": 2}))
    for players, seed, options in matches:
        s, rounds = play_match("thirty-one", players, seed, ThirtyOne, "_settle", thirty_one_entry,
                               options=options)
        check_pad_matches(s, rounds, options=options)


def test_impossible_rounds_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("thirty-one", ["Ann", "Bob", "Cid"], options={"lives": 1, "on_face": False})
    assert [r.points for r in pad.sheet().sheet.rows] == [[-25, -25, -25]]  # the ante, before any round
    first: Entry = {"knocker": 0, "shown_31": None, "count": [20, 25, 30], "trips": [False] * 3}
    assert refused(pad, first | {"count": [2, 25, 30]}) == "Round 1: Ann: three cards count at least 3."
    assert refused(pad, first | {"shown_31": 1}) == "Round 1: Bob showed 31, and his count is 25."
    assert refused(pad, first | {"count": [20, 25, 31]}) == \
        "Round 1: Cid holds 31: he shows it at once, and play stops."
    # Ann knocked and is lowest: two lives, but one quarter is all she has, and she is out
    row = pad.add(first).sheet.rows[1]
    assert row.points == [-25, 0, 0] and row.details == ["20, knocked, loses 2 lives, out", "25", "30"]
    assert pad.progress(2).totals == [-50, -25, -25]  # the ante's row and round 1's
    second: Entry = {"knocker": None, "shown_31": 1, "count": [0, 31, 30], "trips": [False, False, True]}
    assert refused(pad, second | {"count": [12, 31, 30]}) == \
        "Round 2: Ann is out of the game: he was dealt no cards."
    over = pad.add(second).over  # Cid's 30½ is lowest: out too; Bob takes the pot of $1.25
    assert over is not None and over["winners"] == [1]
    assert over["text"] == "Bob wins. Bob is the last player standing and takes the pot: +$1.00."
    # nobody knocked in round 1: the stock ran out, and the row says so
    sheet = pad.replace(0, first | {"knocker": None})
    assert sheet.sheet.rows[1].label == "Round 1: the stock ran out"
    assert sheet.sheet.rows[1].details == ["20, loses 1 life, out", "25", "30"] and sheet.over is not None
    # Bob lowest in round 1 would put him out before he showed 31 in round 2: refused
    with pytest.raises(PadError) as refusal:
        pad.replace(0, first | {"count": [26, 25, 30]})
    assert str(refusal.value) == "Round 2: Who showed 31: choose one of Ann, Cid, Nobody."
