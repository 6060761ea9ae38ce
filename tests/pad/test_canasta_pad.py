"""The Canasta score pad: a pad kept beside a played match (four, three and two players) gives the
engine's own sheet, impossible hands are refused in words, a correction recomputes."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from gamenight.core.state import State
from gamenight.pad import Entry, Pad, PadError
from tests.pad.canasta_record import play_match
from tests.pad.record import refused


def same_sheet(s: State, pad: Pad, hands: list[Entry]) -> None:
    """The pad's sheet is the engine's (the columns named by the pad's players), its result too, and
    the entries survive the wire."""
    again = Pad.create(pad.spec.id, pad.players, preset=pad.preset, options=pad.options)
    for entry in hands:
        again.add(json.loads(json.dumps(entry)))
    sheet = again.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["reason"] == s.outcome.reason
    columns = [s.column_of(w) for w in s.outcome.winners]
    assert sheet.over["winners"] == sorted(set(columns))


@pytest.mark.parametrize(("players", "seed", "bot", "preset", "options"), [
    (4, 0, "heuristic", None, {"max_hands": 2}),
    (3, 2, "heuristic", "three-hand", {"max_hands": 2}),  # a lone hand against partners
    (2, 1, "random", "two-hand", {"max_hands": 1}),  # the stock runs out
])
def test_a_pad_kept_beside_a_played_match_gives_the_engines_sheet(
        players: int, seed: int, bot: str, preset: str | None, options: dict[str, Any]) -> None:
    s, pad, hands = play_match("canasta", players, seed, bot, preset, options)
    same_sheet(s, pad, hands)



def test_impossible_hands_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("canasta", ["Ann", "Bob", "Cid", "Dee"], options={"max_hands": 3})
    good = pad.form_for(1).blank() | {"natural": [1, 0], "melded_aces": [4, 0], "melded_high": [3, 3],
                                      "red_threes": [1, 1], "left_low": [0, 2], "out": 0}

    def changed(**values: Any) -> Entry:
        return copy.deepcopy(good) | values

    assert refused(pad, changed(natural=[2, 0])) == ("Hand 1: Ann–Cid: 2 canastas take at least 14 cards, "
                                                     "and the side melded 7 (threes never make canastas).")
    assert refused(pad, changed(mixed=[0, 1], melded_high=[3, 7])).endswith(
        "Bob–Dee: its canastas hold at least 1 wild card, and the side melded 0.")
    assert refused(pad, changed(melded_twos=[0, 4])).endswith(
        "Bob–Dee: every meld holds at least as many natural cards as wild cards, and the side melded 4 wild "
        "and 3 natural.")
    assert refused(pad, changed(out=1)) == "Hand 1: Bob cannot have gone out: going out needs 1 canasta."
    assert refused(pad, changed(red_threes=[3, 2])) == ("Hand 1: The decks hold 4 red threes, and the entry "
                                                        "counts 5 in all.")
    assert refused(pad, changed(out=None, concealed="yes")).endswith("nobody went out concealed.")
    assert refused(pad, changed(melded_black_threes=[0, 3])).endswith(
        "Bob–Dee: black threes go down only with the player going out.")
    assert pad.entries == []
    first = pad.add(good).sheet.rows[0]
    assert first.points == [100 + 500 + 100 + 110, 100 + 30 - 10]
    assert first.details == ["going out +100, canastas +500, red threes +100, cards melded +110",
                             "red threes +100, cards melded +30, cards left -10"]
    assert pad.sheet().extras[0] == {"caption": "First meld 50", "parts": [
        ["going out +100", "canastas +500", "red threes +100", "cards melded +110"],
        ["red threes +100", "cards melded +30", "cards left -10"]]}
    concealed = good | {"concealed": "yes", "red_threes": [4, 0]}
    assert pad.replace(0, concealed).sheet.totals == [200 + 500 + 800 + 110, 30 - 10]
    assert pad.sheet().sheet.rows[0].note == "Ann went out concealed"
    assert pad.sheet().next_caption == "First meld Ann–Cid 90, Bob–Dee 50"


def test_three_hand_partners_score_their_pooled_melds_and_their_own_red_threes() -> None:
    pad = Pad.create("canasta", ["Ann", "Bob", "Cid"], options={"max_hands": 1})
    entry = pad.form_for(1).blank() | {"natural": [0, 2, 0], "melded_high": [3, 9, 5],
                                       "red_threes": [0, 0, 1], "left_low": [2, 0, 1], "out": 1, "lone": 0}
    row = pad.add(entry).sheet.rows[0]
    assert row.points == [30 - 10, 100 + 1000 + 140 - 5, 100 + 1000 + 140 - 5 + 100]
    assert refused(Pad.create("canasta", ["Ann", "Bob", "Cid"]), entry | {"left_low": [2, 1, 1]}) == (
        "Hand 1: Bob went out, so no cards were left in his hand.")
    with pytest.raises(PadError, match=re.escape("Canasta is played by 2, 3, 4 players, not 5.")):
        Pad.create("canasta", list("ABCDE"))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "preset", "options"), [
    (4, None, {"max_hands": 3}), (3, None, {"max_hands": 3}), (2, None, {"max_hands": 3}),
    (4, None, {"max_hands": 2, "irregularities": "penalise", "negative_minimum": 0}),
])
def test_no_played_hand_is_refused_and_every_sheet_matches(players: int, preset: str | None,
                                                           options: dict[str, Any]) -> None:
    """Seeded matches, random and heuristic: a hand that happened is never refused, and the pad's
    sheet is the engine's."""
    for seed in range(3):
        for bot in ("random", "heuristic"):
            s, pad, hands = play_match("canasta", players, seed, bot, preset, options)
            same_sheet(s, pad, hands)
