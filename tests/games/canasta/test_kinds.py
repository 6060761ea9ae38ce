"""Classic Canasta's kinds of move (issue 25): each refusal names the rule the move breaks, the
moves read in the players' words, and black threes go down on the turn a player goes out in any
order of his plays (other-seeds 7.4). Seat 1 (East) plays first; his side is team 1."""

from __future__ import annotations

import dataclasses

import pytest

from gamenight.core.moves import parse_move
from gamenight.families.canasta_turn import AskRule, RedThreeRule, TurnRules, rules_json, turn_rules_from_json
from tests.games.canasta.scenarios import position
from tests.helpers import play, refused, texts

K7 = "KC KD KH KS KC KD KH"


def test_black_threes_may_go_down_before_the_other_melds_of_the_turn_he_goes_out() -> None:
    s = position(hands={1: "3S 3C 3S 4C 4D 4H"}, stock="7C", books={1: [K7]})
    play(s, "draw", "meld 3S 3C 3S")
    # the threes are down: he must go out this turn, so no card but his last is discarded
    refused(s, "discard 7C", "Your black threes are down: you must go out this turn")
    assert texts(s) == ["meld 4C 4D 4H"]
    play(s, "meld 4C 4D 4H", "discard 7C")
    assert s.sheet.rows[-1].note == "East went out"


def test_black_threes_are_refused_when_the_rest_of_the_hand_cannot_go_out() -> None:
    s = position(hands={1: "3S 3C 3S 4C 5D 6H"}, stock="7C", books={1: [K7]})
    play(s, "draw")
    refused(s, "meld 3S 3C 3S", "the rest of your hand could not finish going out this turn")
    s = position(hands={1: "3S 3C 3S 4C 4D 4H"}, stock="7C", books={1: ["KC KD KH"]})
    play(s, "draw")  # no canasta: nobody of his side may go out yet
    refused(s, "meld 3S 3C 3S", "the rest of your hand could not finish going out this turn")


def test_a_pickup_that_leaves_one_card_with_no_way_out_is_refused_by_its_rule() -> None:
    # East holds a pair of eights; the pile is 5C under 8H; his side has no canasta
    s = position(hands={1: "8C 8D"}, pile="5C 8H", books={1: ["9C 9D 9H"]})
    refused(s, "pickup 8C 8D", "Taking the pile would leave you one card to play, and you could not go out")
    assert "pickup 8C 8D" not in texts(s)


def test_a_pickup_below_the_minimum_names_the_minimum() -> None:
    s = position(hands={1: "8C 8D 4C 5D 6H 7S 9C TD JH QS"}, pile="5C 8H")
    refused(s, "pickup 8C 8D", "first-meld minimum of 50")


def test_a_draw_with_words_after_it_is_refused_for_what_it_is() -> None:
    s = position(hands={1: "8C 8D"}, stock="7C")
    refused(s, "draw 1", "Draw from the stock with just 'draw'")


def test_the_moves_read_in_the_players_words() -> None:
    s = position(hands={1: "8C 8D 7C 7D 7H 9S"}, pile="5C 8H", stock="KD", books={1: ["9C 9D 9H"]})
    say = s.describe_move
    assert say(parse_move("pickup 8C 8D")) == "Take the pile with 8♣ 8♦"
    assert say(parse_move("draw")) == "Draw a card from the stock"
    play(s, "draw")
    assert say(parse_move("meld 7C 7D 7H")) == "Meld three sevens"
    assert say(parse_move("add 1 9S")) == "Add 9♠ to your nines"
    assert say(parse_move("discard KD")) == "Discard K♦"


def test_the_turn_rules_are_typed_and_checked_when_built() -> None:
    rules = TurnRules(red_threes="dead", ask="optional")  # type: ignore[arg-type]  # as a view's JSON gives them
    assert rules.red_threes is RedThreeRule.DEAD and rules.ask is AskRule.OPTIONAL
    assert turn_rules_from_json(rules_json(rules)) == rules
    with pytest.raises(ValueError, match=r"TurnRules\.ask is one of 'off', 'optional', 'required'"):
        TurnRules(ask="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="draw is at least one card"):
        TurnRules(draw=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.draw = 3  # type: ignore[misc]
