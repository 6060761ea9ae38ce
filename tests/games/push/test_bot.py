"""The Push bot's decisions in stacked positions: it takes a discard only when the card serves its
contract, pushes otherwise, lays the contract when the hand meets it, and keeps the cards that
serve the contract when it discards."""

from __future__ import annotations

import random

from gamenight.bots import make_bot, sampler_for
from gamenight.core.moves import Move
from gamenight.games.push import Push
from tests.games.push.test_rules import PLAIN, E, at_deal, new, play
from tests.helpers import set_position


def decide(s: Push) -> Move:
    seat = s.turn
    bot = make_bot("heuristic", "push")
    return bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), random.Random(1))


def test_it_takes_a_discard_that_serves_its_contract() -> None:
    s = new(["3C 5D 7H 9S JC KD", "4C 4D 9C 9D JS KH", PLAIN[2], PLAIN[3]], "4H QC")
    assert str(decide(s)) == "take 4H"


def test_it_pushes_a_discard_it_cannot_use() -> None:
    s = new(["3C 5D 7H 9S JC KD", "4C 4D 9C 9D JS KH", PLAIN[2], PLAIN[3]], "6S QC")
    assert str(decide(s)) == "push"


def test_it_takes_a_wild_card() -> None:
    s = new(["3C 5D 7H 9S JC KD", "4C 4D 9C 9D JS KH", PLAIN[2], PLAIN[3]], "QC")
    set_position(s, zones={"discards": "JK"})  # a joker on the pile
    assert str(decide(s)) == "take JK"


def test_it_lays_its_contract_as_soon_as_it_can() -> None:
    s = at_deal(1, ["3C 5D 7H 9S JC KD", "4C 4D 4H 9C 9D 9S 7S", PLAIN[2], PLAIN[3]], "KH QC 5S")
    play(s, "push")
    assert decide(s).verb == "meld"


def test_it_discards_a_card_its_contract_does_not_need() -> None:
    s = new(["3C 5D 7H 9S JC KD", "4C 4D 9C 9D JS KH", PLAIN[2], PLAIN[3]], "6S QC 4H")
    play(s, "push")  # East draws the 4♥: two fours and two nines want one card more
    assert s.turn == E
    move = decide(s)
    assert move.verb == "discard" and str(move) == "discard KH"  # the costlier spare card
