"""The Oklahoma Canasta score pad: a pad filled from a played match gives the engine's sheet (its
"Game won" row included), winners and reason exactly; impossible hands are refused in words; a
correction recomputes.

Each hand's facts are read from the engine's state as it scores the hand: every player's melded
cards by the kind the book prices them (a 2 by the card it stands for), and the cards left in hand."""

from __future__ import annotations

from typing import Any

from gamenight.games.oklahoma_canasta import OklahomaCanasta
from gamenight.games.oklahoma_melds import HELD_KINDS, MELD_KINDS, held_kind, meld_facts, melded_kind
from gamenight.pad import Entry, Pad
from tests.pad.record import check_pad_matches, refused
from tests.pad.rummy_record import play_match


def oklahoma_entry(s: OklahomaCanasta, out: int | None) -> Entry:
    """The hand as the pad asks for it: who went out, each player's cards melded and held by kind."""
    n = s.num_players
    melded = [dict.fromkeys((k for k, _, _ in MELD_KINDS), 0) for _ in range(n)]
    held = [dict.fromkeys((k for k, _, _ in HELD_KINDS), 0) for _ in range(n)]
    for i, meld in enumerate(s.melds):
        stood = meld_facts(meld, tuple(s.wild_names[i]))[0]
        for c, named in zip(meld.cards, stood, strict=True):
            melded[s.meld_owner[i]][melded_kind(c, named)] += 1
    for p in range(n):
        for c in s.hands[p]:
            held[p][held_kind(c)] += 1
    entry: Entry = {"out": out}
    entry |= {f"meld_{k}": [m[k] for m in melded] for k, _, _ in MELD_KINDS}
    return entry | {f"held_{k}": [h[k] for h in held] for k, _, _ in HELD_KINDS}


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    options: dict[str, Any] = {"target": 400, "winner_bonus": 150}
    s, hands = play_match("oklahoma-canasta", 3, 2, OklahomaCanasta, "_on_hand_over", oklahoma_entry,
                          options=options)
    assert s.score_sheet.rows[-1].label == "Game won"
    check_pad_matches(s, hands, options=options)


def test_impossible_hands_are_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("oklahoma-canasta", ["Ann", "Bob", "Cid"], options={"target": 300})
    blank = pad.form_for(1).blank()
    first: Entry = blank | {"out": 0, "meld_aces": [3, 0, 0], "meld_high": [4, 3, 0],
                            "meld_two_high": [1, 0, 0], "held_low": [0, 2, 5], "held_queen_spades": [0, 1, 0],
                            "held_aces": [0, 0, 1]}
    assert refused(pad, first | {"meld_low": [0, 0, 2]}) == \
        "Hand 1: Cid: 2 cards melded, and a meld holds three or four."
    assert refused(pad, first | {"held_joker": [1, 0, 0]}) == \
        "Hand 1: Ann went out, so no cards were left in his hand."
    assert refused(pad, first | {"meld_two_low": [0, 2, 0], "meld_high": [4, 1, 0]}) == (
        "Hand 1: Bob: 2 wild cards and 1 natural card melded, and every meld needs 2 natural cards.")
    assert refused(pad, first | {"held_queen_spades": [0, 1, 2]}) == \
        "Hand 1: Two decks and a joker hold 2 queens of spades, and the entry counts 3."
    assert pad.entries == []
    # Ann: 60 + 40 + 10 melded, out: 210; Bob 30 − 10 − 100; Cid −25 − 20
    assert pad.add(first).sheet.rows[0].points == [210, -80, -45]
    second = blank | {"out": 1, "meld_aces": [4, 0, 0], "meld_high": [3, 0, 0], "meld_low": [3, 4, 0],
                      "held_high": [1, 0, 2]}  # Ann 115, Bob 120, Cid −20
    sheet = pad.add(second).sheet
    assert sheet.rows[-1].label == "Game won" and sheet.rows[-1].points == [200, 0, 0]
    over = pad.sheet().over
    assert over is not None and over["text"] == "Ann wins. Ann reached 525."
    assert pad.progress(2).totals == [210, -80, -45]  # before hand 2: its own row, not the bonus row
    corrected = first | {"meld_aces": [0, 0, 0], "meld_high": [3, 3, 0], "meld_two_high": [0, 0, 0]}
    sheet = pad.replace(0, corrected).sheet
    assert sheet.rows[0].points == [130, -80, -45] and sheet.totals == [245, 40, -65]
    assert pad.sheet().over is None and len(sheet.rows) == 2
