"""Five Hundreds' casual bot: the two rules its docstring measures (it digs whenever it may; it
throws the cheapest card its plan leaves over)."""

from __future__ import annotations

import random

from gamenight.bots import make_bot, sampler_for
from gamenight.games.five_hundreds import FiveHundreds
from tests.games.five_hundreds.test_rules import dig_table, new


def bot_move(s: FiveHundreds) -> str:
    seat = s.turn
    bot = make_bot("casual", "five-hundreds")
    return str(bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), random.Random(0)))


def test_it_digs_rather_than_draw_or_take_the_top_discard() -> None:
    s = dig_table("9S 9H 2C 4D 6H 8S KC")
    assert {"draw", "take 5S", "dig 3 9D"} <= {str(m) for m in s.legal_moves(0)}
    assert bot_move(s) == "dig 3 9D"


def test_it_throws_the_cheapest_card_its_plan_leaves_over() -> None:
    # after the draw: the sevens are a set, the ace of diamonds and the three of hearts are left over
    s = new(["7C 7D 7H AD 3H JS QC", "2D 4D 6D 8D TC QD KS"], "9S 5C")
    s.play("draw")  # seat 1 draws 5C
    s.play("discard 2D")
    s.play("draw")  # seat 0 draws: the stock's next card
    assert bot_move(s) in {"meld 7C 7D 7H set", "discard 3H"}
    s.play("meld 7C 7D 7H")
    assert bot_move(s) == "discard 3H"  # not the ace (25 points for whoever digs or takes it)
