"""The Horseshit bot's use of the pile and its discards, on stacked positions."""

from __future__ import annotations

import random

from gamenight.bots import make_bot, sampler_for
from gamenight.core.moves import Move
from gamenight.games.horseshit_rummy import HorseshitRummy
from tests.games.horseshit_rummy.test_rules import T1_HANDS, T1_REST, new, spread

GAME = "horseshit-rummy"


def choice(s: HorseshitRummy, seat: int) -> Move:
    """What the heuristic bot plays in ``seat`` now."""
    bot = make_bot("heuristic", GAME)
    return bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), random.Random(1))


def test_digs_for_a_set_with_an_ace_and_a_wild_card_in_the_way() -> None:
    # eights wild; holding K K, the pile K♣ A♠ 8♠ 4♥: the kings, the ace (with seat 1's A♣) and the wild
    s = new(["8C AS AH AD 6S 6H 6D 6C", "9S KS KH 3D 5S 5H 8D AC 4C"], "4D")
    spread(s, "9C KC AS 8S 4H")
    assert str(choice(s, 1)) == "dig 4 KC"
    s.play("dig 4 KC")
    move = choice(s, 1)
    assert move.verb == "meld" and {"KC", "KH", "KS"} <= set(str(move).split())


def test_does_not_dig_through_a_heap_of_junk_for_a_small_set() -> None:
    # a set of fives (15) under eight odd cards it could never meld: drawing is better
    s = new(["8C AS AH AD 6S 6H 6D 6C", "9S KS QH 3D 5S 5H JD AC 4C"], "4D")
    spread(s, "5C TC 9D 7H 3C JC QS TS 7C")
    assert str(choice(s, 1)) == "draw"


def test_takes_the_top_card_that_makes_a_set() -> None:
    s = new(T1_HANDS, T1_REST)
    spread(s, "3D 5C")
    assert str(choice(s, 1)) == "take 5C"


def test_puts_its_wild_cards_on_the_table_rather_than_hold_them() -> None:
    # eights wild: holding 8♦ 8♥ (100 each against it if caught), the bot melds them this turn
    s = new(T1_HANDS, T1_REST)
    s.play("draw")
    s.play("meld KD KH KS")
    s.play("discard 9S")
    s.play("draw", 0)
    s.play("discard 7S", 0)
    s.play("draw")
    while s.turn == 1:
        s.play(choice(s, 1), 1)
    assert not any(c.startswith("8") for c in s.view(1)["hand"])
    assert s.view(1)["in_front"][1] >= 30 + 200


def test_never_discards_a_wild_card_while_anything_else_will_do() -> None:
    # eights wild: the 8♦ makes no set with this hand of odd cards, yet it is kept
    s = new(["8C AS AH AD 6S 6H 6D 6C", "9S KS QH 3D 5S 4H JD AC 8D"], "4D 7C")
    s.play("draw")
    move = choice(s, 1)
    assert move.verb == "discard" and str(move) != "discard 8D"
