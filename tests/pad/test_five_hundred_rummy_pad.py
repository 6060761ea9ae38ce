"""The 500 Rummy score pad: a pad filled from a played match gives the engine's own sheet and end,
the match is won only by bidding out (defenders past the game do not win), impossible hands are
refused in words, a correction recomputes."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.five_hundred_rummy_record import play_match
from tests.pad.record import check_pad_matches, refused


@pytest.mark.parametrize(("seed", "preset", "options"), [
    (0, None, {}),  # the book, to 500
    (2, "by_the_bid", {"target": 200}),
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(
        seed: int, preset: str | None, options: dict[str, Any]) -> None:
    s, hands = play_match(seed, preset=preset, options=options)
    check_pad_matches(s, hands, preset=preset, options=options, side=lambda w: w % 2)



def test_only_bidding_out_wins_and_impossible_hands_are_refused() -> None:
    pad = Pad.create("five-hundred-rummy", ["Ann", "Bob", "Cid", "Dee"], options={"target": 100})
    blank = pad.form_for(1).blank()
    to_them = blank | {k: 1 for k in blank if k.startswith("counter_")} | {"trumps": 3}
    assert refused(pad, to_them | {"bid": 62}) == "Deal 1: Bids go from 60 in steps of 5: 62 is not one."
    buried = {k: "buried" for k in ("counter_AS", "counter_AH", "counter_AD", "counter_AC", "counter_TS")}
    assert refused(pad, blank | buried) == \
        "Deal 1: The declarer buries 4 cards, and the entry buries 5 counters."
    first = pad.add(to_them)  # Ann's side set; the defenders pass the game and play on
    assert first.over is None and first.sheet.totals == [-60, 125]
    row = first.sheet.rows[0]
    assert (row.label, row.note) == ("Deal 1: 60 ♠ by Ann", "set")
    over = pad.add(blank | {"declarer": 2}).over  # Cid makes 60 no trump: 125 and 50
    assert over is not None and over["winners"] == [0]
    assert over["text"] == "Ann–Cid wins. Ann–Cid bid out with 115 (game 100)."
    assert pad.replace(0, to_them | {"counter_QS": 0}).sheet.totals == [115, 100]  # the Q♠ was theirs
