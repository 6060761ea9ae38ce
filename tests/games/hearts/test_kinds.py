"""Hearts on move kinds: the pass and the play each hold their rule once, and read in words.

Four players, 13 cards each, passing left on the first deal (seat 0 deals).
"""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C
from gamenight.games.hearts import Hearts
from tests.helpers import new

#: seat 1 holds the two of clubs and only hearts besides clubs; seat 0 holds every spade
DEAL = ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "2C 3C 4C 5C 6C 7C 8C AH KH QH JH TH 9H",
        "9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D 8D",
        "9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H"]


def hearts() -> Hearts:
    s = new("hearts", DEAL, preset="standard", seed=0)
    assert isinstance(s, Hearts)
    return s


def refusal(s: Hearts, seat: int, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        s.play(text, seat)
    return str(e.value)


def test_each_pass_names_the_card_its_receiver_and_how_many_are_left_to_choose() -> None:
    s = hearts()
    assert s.phase() == "pass"
    east = s.names[1]
    assert s.describe_move(s.parse("pass QS"), 0) == f"Pass Q♠ to {east} (2 more to choose)"
    s.play("pass QS", 0)
    s.play("pass KS", 0)
    assert s.describe_move(s.parse("pass AS"), 0) == f"Pass A♠ to {east}"
    assert refusal(s, 0, "pass QS") == "You have already chosen the queen of spades to pass."
    assert refusal(s, 0, "pass 2C") == "You do not hold the two of clubs."
    assert refusal(s, 0, "pass AS KD") == (
        f"Pass three cards left to {east}, one at a time, for example 'pass QS'.")


def test_hearts_unbroken_may_not_be_led_and_the_first_card_reads_as_a_lead() -> None:
    s = hearts()
    for seat, cards in enumerate(["AS KS QS", "AH KH QH", "AC KC QC", "AD KD QD"]):
        for c in cards.split():
            s.play(f"pass {c}", seat)
    # seat 1 opened with the two of clubs; play the first trick round, all following clubs
    assert s.phase() == "play" and s.trick
    for seat in (2, 3, 0):
        play = next(m for m in s.legal_moves(seat))
        assert s.describe_move(play, seat).startswith("Play ")
        s.play(play, seat)
    leader = s.to_move
    assert leader is not None and isinstance(s, Hearts)
    hand = s.hands[leader]
    heart = next((c for c in hand if C.SUIT_OF[c] == C.HEARTS), None)
    lead = s.legal_moves(leader)[0]
    assert s.describe_move(lead, leader) == f"Lead {C.LABEL_OF[lead.cards[0]]}"
    assert leader == 3 and heart is not None and not all(C.SUIT_OF[c] == C.HEARTS for c in hand)
    assert refusal(s, leader, f"play {C.CODE_OF[heart]}") == (
        "Hearts have not been broken: you may not lead a heart until a heart or the queen of "
        "spades has been played, unless you hold only hearts.")
