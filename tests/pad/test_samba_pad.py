"""The Samba score pad (with Bolivia and Brazilian): a pad kept beside a played match gives the
engine's own sheet, impossible hands are refused in words, a correction recomputes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gamenight.pad import Entry, Pad
from tests.pad.record import refused
from tests.pad.samba_record import play_match
from tests.pad.test_canasta_pad import same_sheet


@pytest.mark.parametrize(("seed", "bot", "preset", "options"), [
    (0, "heuristic", None, {"max_hands": 2}),
    (1, "heuristic", "brazilian", {"max_hands": 1}),  # an incomplete samba charged
    (0, "random", "bolivia", {"max_hands": 1}),  # the stock runs out
])
def test_a_pad_kept_beside_a_played_match_gives_the_engines_sheet(
        seed: int, bot: str, preset: str | None, options: dict[str, Any]) -> None:
    s, pad, hands = play_match(seed, bot, preset, options)
    same_sheet(s, pad, hands)



def test_impossible_hands_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("samba", ["Ann", "Bob", "Cid", "Dee"], preset="brazilian", options={"max_hands": 2})
    good = pad.form_for(1).blank() | {"natural": [1, 0], "sambas": [1, 0], "melded_aces": [7, 0],
                                      "melded_high": [7, 4], "short_runs": [0, 1], "red_threes": [2, 1],
                                      "left_low": [0, 3], "out": 2}

    def changed(**values: Any) -> Entry:
        return copy.deepcopy(good) | values

    assert refused(pad, changed(sambas=[0, 0])) == ("Hand 1: Cid cannot have gone out: going out needs a "
                                                    "canasta and a samba.")
    assert refused(pad, changed(bolivias=[1, 0])).endswith(
        "Ann–Cid: 3 canastas and 0 incomplete melds take at least 21 cards, and the side melded 14 (threes "
        "never make melds).")
    assert refused(pad, changed(mixed=[0, 1], melded_high=[7, 10])).endswith(
        "Bob–Dee: its melds need at least 1 wild card (one or two in a mixed canasta, seven in a bolivia, "
        "three or more in a wild meld), and the side melded 0.")
    assert refused(pad, changed(red_threes=[6, 1])) == (
        "Hand 1: Three decks hold 6 red threes, and the entry counts 7 in all.")
    assert refused(pad, changed(melded_black_threes=[0, 3])).endswith(
        "Bob–Dee: black threes go down only with the player going out.")
    assert pad.entries == []
    row = pad.add(good).sheet.rows[0]
    # red threes count plus only for a side with two canastas (the default reading)
    assert row.points == [200 + 2000 + 200 + 210, -100 + 40 - 15 - 1000]
    assert row.details is not None
    assert row.details[1] == "red threes -100, cards melded +40, cards left -15, incomplete melds -1000"
    assert pad.sheet().extras[0]["caption"] == "First meld 150 points"
    nobody = good | {"out": None}
    assert pad.replace(0, nobody).sheet.rows[0].points == [2000 + 200 + 210, -100 + 40 - 15]
    assert pad.sheet().sheet.rows[0].note == "the stock ran out"


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "options"), [
    (None, {"max_hands": 3}), ("bolivia", {"max_hands": 2}), ("brazilian", {"max_hands": 2}),
    (None, {"max_hands": 2, "incomplete_penalty": "published", "red3_positive_if": "any_meld"}),
])
def test_no_played_hand_is_refused_and_every_sheet_matches(preset: str | None,
                                                           options: dict[str, Any]) -> None:
    """Seeded matches, random and heuristic: a hand that happened is never refused, and the pad's
    sheet is the engine's."""
    for seed in range(3):
        for bot in ("random", "heuristic"):
            s, pad, hands = play_match(seed, bot, preset, options)
            same_sheet(s, pad, hands)
