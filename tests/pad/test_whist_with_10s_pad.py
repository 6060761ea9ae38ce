"""The Whist with 10s score pad: a pad filled from a played match gives the engine's own sheet (the
six deals, low no-trump counted for the other team), impossible deals are refused in words, a
correction recomputes."""

from __future__ import annotations

from gamenight.pad import Pad
from tests.pad.record import check_pad_matches, refused
from tests.pad.whist_with_10s_record import play_match


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    s, deals = play_match(3, options={"low_nt_ranking": "reversed"})
    check_pad_matches(s, deals, options={"low_nt_ranking": "reversed"}, side=lambda w: w % 2)



def test_impossible_deals_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("whist-with-10s", ["Ann", "Bob", "Cid", "Dee"])
    deal = {"tricks": [8, 5], "tens": [3, 1]}
    assert refused(pad, deal | {"tricks": [8, 4]}) == \
        "Deal 1: Thirteen tricks are played in a deal, and the entry counts 12."
    assert refused(pad, deal | {"tens": [3, 2]}) == \
        "Deal 1: The four tens are all taken in a deal, and the entry counts 5."
    assert refused(pad, {"tricks": [13, 0], "tens": [3, 1]}) == \
        "Deal 1: Bob–Dee: a team that took no trick took no ten."
    row = pad.add(deal).sheet.rows[0]
    assert (row.label, row.points, row.details) == ("Deal 1: hearts trumps", [32, 10],
                                                     ["8 tricks, 3 tens", "5 tricks, 1 tens"])
    for _ in range(4):
        pad.add(deal)
    last = pad.add(deal)  # low no-trump: what a team takes counts for the other
    assert last.sheet.rows[5].points == [10, 32] and last.over is not None
    assert last.sheet.rows[5].note == "taken tricks score for the other team"
    assert pad.replace(0, {"tricks": [6, 7], "tens": [2, 2]}).sheet.totals[0] == 32 * 4 + 20 + 10
