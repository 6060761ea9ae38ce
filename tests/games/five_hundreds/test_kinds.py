"""Five Hundreds' pile access as kinds: a dig and a claim in the players' words, and a dig or a
claim refused with the rule it breaks."""

from __future__ import annotations

from typing import cast

import gamenight
from gamenight.core.moves import Move
from gamenight.equipment.cards import card
from gamenight.families.pile_access import ClaimDiscard, DigDeep, LetItGo, claim_move, dig_move
from gamenight.games.five_hundreds import FiveHundreds


def test_a_dig_reads_as_the_card_dug_to_and_the_cards_taken() -> None:
    s = cast(FiveHundreds, gamenight.new("five-hundreds", players=3, seed=1))
    assert DigDeep().describe(s, dig_move(4, card("9H")), s.turn) == "Dig to 9♥ (4 cards)"


def test_a_dig_names_the_card_at_that_depth() -> None:
    s = cast(FiveHundreds, gamenight.new("five-hundreds", players=3, seed=1))
    top = s.discards[-1]
    wrong = card("2C") if top != card("2C") else card("3C")
    assert DigDeep().verify(s, s.turn, dig_move(1, wrong)) is not None
    assert DigDeep().verify(s, s.turn, dig_move(2, top)) == "The discard pile holds 1 card."


def test_with_no_discard_up_for_a_claim_a_claim_or_a_pass_breaks_the_rule_of_the_window() -> None:
    s = cast(FiveHundreds, gamenight.new("five-hundreds", players=3, seed=1))
    why = "You may not claim this discard: it fits nothing you could lay it on."
    assert ClaimDiscard("claim").verify(s, 1, claim_move(1, card("8H"))) == why
    assert LetItGo(Move("pass")).verify(s, 1, Move("pass")) == why
