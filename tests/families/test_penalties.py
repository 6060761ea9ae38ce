"""The penalty kernel: what a round charges for cards, tricks and the last trick."""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.penalties import card_penalty, last_trick_penalty, trick_penalty

RED = card_penalty("Red cards", "5 for each red card", 5, lambda c: C.SUIT_OF[c] in (C.HEARTS, C.DIAMONDS))
KING_OF_SPADES = card_penalty("King of spades", "75 for the king of spades", 75,
                              lambda c: c == C.make_card(C.KING, C.SPADES))


def test_card_penalty_charges_each_card_of_interest() -> None:
    taken = C.cards("AH 2D 3C KS 9H")
    assert RED.charge(taken, tricks=2, took_last=True) == 15
    assert RED.interest(taken) == 3
    assert RED.counts_cards


def test_card_penalty_counts_copies_of_two_decks() -> None:
    two = C.standard_deck(decks=2)
    assert KING_OF_SPADES.available(two, 13) == 150
    assert KING_OF_SPADES.interest(two) == 2


def test_the_joker_never_carries_a_card_charge() -> None:
    everything = card_penalty("All", "1 each", 1, lambda c: True)
    assert everything.charge([C.JOKER], 1, False) == 0


def test_trick_penalty_charges_tricks_not_cards() -> None:
    tricks = trick_penalty("Tricks", "10 for each trick", 10)
    assert tricks.charge(C.cards("AH KH QH JH"), tricks=1, took_last=False) == 10
    assert tricks.available(C.standard_deck(), 13) == 130
    assert not tricks.counts_cards
    assert tricks.interest(C.cards("AH")) == 0


def test_last_trick_penalty_charges_only_its_winner() -> None:
    last = last_trick_penalty("Last trick", "75 for the last trick", 75)
    assert last.charge(C.cards("AH KH QH JH"), tricks=5, took_last=False) == 0
    assert last.charge([], tricks=1, took_last=True) == 75
    assert last.available(C.standard_deck(), 13) == 75
