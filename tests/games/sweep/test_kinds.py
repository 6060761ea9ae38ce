"""Sweep's kinds of move: refusals name their rule, and moves read in words (what sweeps, what
comes from face up, what a pickup takes)."""

from __future__ import annotations

from gamenight.core.moves import parse_move
from tests.games.sweep.test_rules import position, refused


def test_sets_read_as_their_cards_and_say_when_they_sweep() -> None:
    s = position(["9C 9D 9S TC 8H", "5S", "6S"], [[("5D", "9H")]], pile="9H", turn=0)  # two decks
    assert s.describe_move(parse_move("play 8H"), 0) == "Play 8\u2665"
    assert s.describe_move(parse_move("play TC"), 0) == "Play 10\u2663: it sweeps"
    assert s.describe_move(parse_move("play 9C 9D 9S"), 0) == "Play 9\u2663 9\u2666 9\u2660: four 9s sweep"
    assert s.describe_move(parse_move("play 9C up 9H"), 0) == "Play 9\u2663 and face-up 9\u2665"


def test_a_pickup_says_how_many_cards_it_takes() -> None:
    s = position(["KS", "5S"], pile="9H 9S 4D", turn=0)
    assert s.describe_move(parse_move("pickup"), 0) == "Pick up the pile (3 cards)"


def test_a_covered_blind_card_and_a_pickup_with_a_play_are_refused_by_their_rules() -> None:
    s = position(["4S", "5S"], [[("2C", "KH")]], pile="9H", turn=0)
    refused(s, "blind 1", "still covered by its face-up card")
    refused(s, "pickup", "You can play, so you must")
    refused(s, "play KH", "You do not hold K♥ in your hand")
