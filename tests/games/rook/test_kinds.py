"""Rook on move kinds: naming trumps, the partner card and the lead each a kind, read in words."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.games.rook import Rook
from tests.games.rook.test_rules import FIVE, ONE_SUIT_EACH, east_takes_it, rook


def refusal(s: Rook, seat: int, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        s.play(text, seat)
    return str(e.value)


def test_trumps_and_the_lead_read_as_choices_and_other_words_are_refused_by_their_rule() -> None:
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    east_takes_it(s)
    assert s.describe_move(s.parse("trump H"), 1) == "Name hearts trumps"
    assert refusal(s, 1, "trump") == "Name one of the four suits as trumps, for example 'trump C'."
    assert refusal(s, 1, "pass 2H") == "It is time to name trumps, for example 'trump C'."
    s.play("trump H", 1)
    words = [s.describe_move(m, 1) for m in s.legal_moves(1)]
    assert words == ["Lead the first trick yourself", f"Have {s.names[2]} lead the first trick"]
    assert refusal(s, 1, "lead right") == (
        "Choose who leads: 'lead' to lead yourself, or 'lead left' for the player on your left.")


def test_the_partner_card_says_who_it_makes_a_partner_and_refuses_a_buried_card() -> None:
    s = rook(FIVE, "3C 2C JK")
    s.play("bid 70", 1)
    for seat in (2, 3, 4, 0):
        s.play("pass", seat)
    for code in ("3C", "2C", "5H"):
        assert s.describe_move(s.parse(f"bury {code}"), 1).startswith(f"Bury {code[0]}")
        s.play(f"bury {code}", 1)
    s.play("trump H", 1)
    assert s.describe_move(s.parse("call AS"), 1) == "Call A♠: its holder is your partner"
    assert s.describe_move(s.parse("call AH"), 1) == "Call A♥: you hold it, so you play alone"
    assert refusal(s, 1, "call 3C") == "You buried that card: call one that is in play."
    assert refusal(s, 1, "call AS KS") == (
        "Call the card whose holder will be your partner, for example 'call AS'.")
