"""Whist with 10s on move kinds: the play's rule once (follow suit), every card in words."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.tricks import TrickState


def test_another_verb_in_the_play_is_told_to_play_a_card_not_a_catch_all() -> None:
    s = gamenight.new("whist-with-10s", seed=3)
    seat = s.to_move
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play("pass", seat)
    assert str(e.value) == "It is time to play a card, for example 'play QS'."


def test_a_lead_then_a_follow_read_in_words_and_a_revoke_is_refused_by_the_follow_rule() -> None:
    s = gamenight.new("whist-with-10s", seed=3)
    leader = s.to_move
    lead = s.legal_moves(leader)[0]
    assert s.describe_move(lead, leader) == f"Lead {C.LABEL_OF[lead.cards[0]]}"
    s.play(lead, leader)
    seat = s.to_move
    assert seat is not None and isinstance(s, TrickState)
    led = C.SUIT_OF[lead.cards[0]]
    hand = s.hands[seat]
    follow = [c for c in hand if C.SUIT_OF[c] == led]
    other = [c for c in hand if C.SUIT_OF[c] != led]
    assert follow and other  # seed 3: the second player can follow and holds other suits
    assert s.describe_move(s.legal_moves(seat)[0], seat).startswith(("Play ", "Trump with "))
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play(f"play {C.CODE_OF[other[0]]}", seat)
    assert str(e.value) == f"You must follow suit: you hold a {C.SUIT_SINGULAR[led]}."
