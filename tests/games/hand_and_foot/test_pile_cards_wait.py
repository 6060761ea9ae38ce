"""Below the minimum, the cards taken with the pile wait in the hand (issue 11, item 1).

Seed 004 (variation 6): "If you have not met your initial melding requirements, only the top
discard counts against your minimum"; the family book (G-HF-2) and DeMeritt (003, gap 5) read the
same. So a player who took the pile below his team's minimum may lay the top card (with the pair)
and the cards he held, never another card of the pile, until the minimum is met.

The defect: a player may name any card of a rank for the interchangeable one a legal move lists
(suits never matter in books). That shorthand looked at the whole hand, so ``meld 5C 5D 5S`` naming
a five from under the pile resolved to the legal ``meld 5C 5D 5H`` and laid the pile's five; the
hand then no longer held a card the kernel kept as waiting, and ``legal_moves`` and ``view``
raised ``ValueError`` for everyone: the table was stuck. Each rule set gets the same position:
the pile is ``buried`` under East's 6♥, South holds 6♣ 6♦ 6♦, K K K, A A A and 5♣ 5♦ 5♥, takes the
pile with 6♣ 6♦ and then names the buried card.
"""

from __future__ import annotations

import json

import pytest

import gamenight
from gamenight.equipment import cards as C
from gamenight.games.hand_and_foot import HandAndFoot
from tests.games.hand_and_foot.scenarios import demeritt, ultimate
from tests.helpers import codes, play, refused, texts

SOUTH = "6C 6D 6D KC KD KH AC AD AH 5C 5D 5H"
RULE_SETS = ("family", "demeritt", "ultimate")
#: (the card buried in the pile, the move naming it, the same move with South's own card)
NAMINGS = [("5S", "meld 5C 5D 5S", "meld 5C 5D 5H"), ("6S", "add 1 6S", "add 1 6D")]


def position(rules: str, buried: str) -> HandAndFoot:
    """South (seat 2) to move; the discard pile is ``buried`` (and, under DeMeritt, North's 8♠)
    with East's 6♥ on top; nobody has met a minimum."""
    if rules == "demeritt":
        # North turns up ``buried``, draws 8♥ 8♠ and throws the 8♠; East draws and throws 6♥
        s = demeritt({1: "6H", 2: f"{SOUTH} 4C"}, piles={0: f"{buried} 8H 8S", 1: "9H 9S"}, avoid="65KA")
        play(s, "draw 1", "draw 1", "discard 8S", "draw 2", "draw 2", "discard 6H")
    else:
        # East (first to play) draws 9♠ 9♦ and throws 6♥ onto the turned-up ``buried``
        preset, size = (None, 15) if rules == "family" else ("ultimate", 13)
        s = ultimate({1: "6H", 2: SOUTH}, up=buried, rest="9S 9D 9C 9H", avoid="65KA", preset=preset,
                     hand_size=size)
        play(s, "draw", "discard 6H")
    assert s.turn == 2 and not any(s.opened)
    assert C.CODE_OF[s.discards[-1]] == "6H" and buried in codes(s.discards)
    return s


@pytest.mark.parametrize(("buried", "named", "own"), NAMINGS)
@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_card_from_under_the_pile_waits_for_the_minimum(rules: str, buried: str, named: str,
                                                          own: str) -> None:
    s = position(rules, buried)
    s.play("pickup 6C 6D")
    assert buried in codes(s.hands[2]) and not s.opened[0]
    # the pile's card may not be named for the interchangeable card South holds
    assert own in texts(s) and named not in texts(s)
    refused(s, named, "Cards taken from the pile may not be melded until your team has met its minimum")
    # the table is not stuck: every seat's view and moves still work, and the log replays
    for seat in (None, 0, 1, 2, 3):
        s.view(seat)
    assert texts(s) == texts(gamenight.replay(json.loads(json.dumps(s.log))))
    # once K K K and A A A meet the minimum, the pile's card may go down like any other
    play(s, "meld KC KD KH", "meld AC AD AH")
    assert s.opened[0] and own in texts(s)
    s.play(named)  # naming it for the listed card of its rank, as any card held may be
    assert buried in codes([c for book in s.books[0] for c in book.cards])
    assert s.legal_moves() and s.view(2)["legal_moves"] == texts(s)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_hands_own_card_of_that_rank_still_goes_down(rules: str) -> None:
    # the same meld naming South's own 5♥ is the listed one; the pile's 5♠ stays in the hand
    s = position(rules, "5S")
    s.play("pickup 6C 6D")
    s.play("meld 5H 5D 5C")
    assert codes(s.books[0][-1].cards) == ["5C", "5D", "5H"] and "5S" in codes(s.hands[2])
    assert s.view(2).get("provisional") == 30
    s.play("retract")
    assert "5H" in codes(s.hands[2]) and texts(s)


def test_a_pickup_worth_nothing_still_holds_the_turn_until_the_minimum_is_met() -> None:
    # Ultimate's wild top taken with two twos valued 0 (option deuce_value): the pickup's book is
    # worth 0 points. A retract of the books laid after it must not free the turn: the pile was
    # taken below the minimum, so the turn cannot end there, and the pile's 5♠ still waits.
    s = ultimate({1: "2H", 2: "2C 2D KC KD KH AC AD AH 9C 9D 9H"}, up="5S", rest="6S 6D 6C 6H",
                 avoid="2KA95", deuce_value=0)
    play(s, "draw", "discard 2H")
    s.play("pickup 2C 2D")
    assert s.view(2).get("provisional") == 0 and "5S" in codes(s.hands[2])
    play(s, "meld KC KD KH", "retract")
    assert not any(m.startswith("discard") for m in texts(s))
    refused(s, "discard 5S", "0 of the 50 points your team needs to open")
    refused(s, "discard 9C", "0 of the 50 points your team needs to open")
    play(s, "meld KC KD KH", "meld AC AD AH")  # 30 + 60: the minimum is met, the turn may end
    assert s.opened[0] and "discard 5S" in texts(s)
