"""The rummy family bot's decisions on hand-checked hands."""

from __future__ import annotations

from typing import Any

from gamenight.bots.families.rummy import RummyBot
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER, WORD
from gamenight.equipment.cards import CARD, card, cards
from gamenight.families.melds import MeldRules, solver_for

RULES = MeldRules()
SOLVER = solver_for(RULES)
HAND = cards("5H 6H 7H KS KD 2C 9S")


class PlainBot(RummyBot):
    def rules(self, view: dict[str, Any]) -> MeldRules:
        return RULES


def test_takes_the_discard_only_when_it_joins_a_meld() -> None:
    bot = PlainBot()
    assert bot.take_pays(card("KC"), HAND, SOLVER)  # makes a set of kings
    assert bot.take_pays(card("8H"), HAND, SOLVER)  # extends the run
    assert not bot.take_pays(card("3D"), HAND, SOLVER)  # low, but melds with nothing
    assert not bot.take_pays(card("9D"), HAND, SOLVER)  # pairs the 9S: not yet a meld


def test_takes_a_wild_card_always() -> None:
    wild_twos = MeldRules(wild_ranks=frozenset({0}))
    assert PlainBot().take_pays(card("2D"), HAND, solver_for(wild_twos))


def test_discards_the_card_leaving_least_deadwood_costliest_first() -> None:
    legal = [Move("discard", CARD(c)) for c in HAND]
    assert PlainBot().choose_discard(legal, HAND, SOLVER).cards[0] in cards("KS KD")


def test_lays_the_best_arrangements_meld_and_lays_off_deadwood() -> None:
    bot = PlainBot()
    run = Move("meld", *map(CARD, cards("5H 6H 7H")), WORD("run"))
    other = Move("meld", *map(CARD, cards("KS KD JK")), WORD("set"))
    assert bot.choose_meld([other, run], HAND, SOLVER) is run
    lay_king = Move("layoff", NUMBER(1), CARD(card("KS")))
    lay_seven = Move("layoff", NUMBER(2), CARD(card("7H")))
    assert bot.choose_lay_off([lay_seven, lay_king], HAND, SOLVER) is lay_king


def test_passes_on_a_discard_that_would_only_swap_like_for_like() -> None:
    # The Card Game's round of five, fives wild: ace of hearts loose (deadwood 1). The ace of clubs
    # would make a set of aces, but the turn's discard must then break one of the two melds, and the
    # best leaves an ace loose again: taking it changes nothing but what the table sees.
    fives = MeldRules(wild_ranks=frozenset({3}))
    hand = cards("AH 5S 5H 6D 7D")
    assert not PlainBot().take_pays(card("AC"), hand, solver_for(fives))
    assert PlainBot().take_pays(card("8D"), hand, solver_for(fives))  # then the ace goes: 4-8, no deadwood

