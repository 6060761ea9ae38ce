"""The Euchre score pad: a pad filled from a played match gives the engine's own sheet (a deal
thrown in included), impossible deals are refused in words, a correction recomputes."""

from __future__ import annotations

import pytest

from gamenight.pad import Pad
from tests.pad.euchre_record import play_match
from tests.pad.record import check_pad_matches, refused


@pytest.mark.parametrize(("seed", "preset"), [(1, None), (4, "standard")])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(seed: int, preset: str | None) -> None:
    s, deals = play_match(seed, preset=preset)
    if preset is None:  # seed 1's match has a deal everybody passed twice
        assert any(d["result"] == "passed" for d in deals)
    check_pad_matches(s, deals, preset=preset, side=lambda w: w % 2)



def test_impossible_deals_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("euchre", ["Ann", "Bob", "Cid", "Dee"])
    first = pad.form_for(1).blank() | {"maker": 1, "trump": 2, "tricks": [1, 4]}
    assert refused(pad, first | {"tricks": [1, 3]}) == \
        "Deal 1: Five tricks are played in a deal, and the entry counts 4."
    assert refused(pad, first | {"maker": 2}) == \
        "Deal 1: Cid is the dealer's partner: making trumps, he must go alone."
    assert refused(pad, first | {"result": "passed"}) == \
        "Deal 1: The hands were thrown in, so nobody took a trick."
    row = pad.add(first).sheet.rows[0]
    assert (row.label, row.points, row.details) == ("Deal 1: orders up hearts (Bob)", [0, 1],
                                                     ["1 trick", "4 tricks"])
    second = pad.form_for(2).blank()
    assert second["dealer"] == 1
    assert refused(pad, second | {"dealer": 0}) == "Deal 2: The deal passes left: Bob deals this one."
    pad.add(second | {"maker": 1, "round": 2, "alone": "yes", "tricks": [0, 5]})
    assert pad.sheet().sheet.totals == [0, 5]
    corrected = pad.replace(0, first | {"tricks": [3, 2]}).sheet  # Bob's side was euchred after all
    assert [r.note for r in corrected.rows] == ["euchred", "march"]
    assert corrected.rows[1].label == "Deal 2: calls clubs alone (Bob)"
    assert corrected.totals == [2, 4]
