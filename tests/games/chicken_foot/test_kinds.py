"""Chicken Foot's kinds of move: a tile named alone goes on the one line it fits, refusals name
their rule, and moves read in words."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.moves import parse_move
from gamenight.equipment import dominoes as D
from tests.games.chicken_foot.test_rules import position
from tests.helpers import set_position

ARMS_LAID = (("0-1",), ("0-2",), ("0-3",), ("0-4",))


def test_a_tile_named_alone_goes_on_the_one_line_it_fits() -> None:
    s = position([["4-8", "7-7"], ["5-5"]], arms=ARMS_LAID)
    s.play("play 8-4", 0)
    assert s.lines[3] == D.tiles(["0-4", "4-8"])


def test_a_tile_named_alone_that_fits_two_lines_must_name_one() -> None:
    s = position([["0-5", "7-7"], ["5-5"]])
    with pytest.raises(IllegalMove, match="Name the tile and the line"):
        s.play("play 0-5", 0)


def test_an_arm_grows_only_once_all_four_have_a_tile() -> None:
    s = position([["1-5", "0-6"], ["5-5"]], arms=(("0-1",), (), (), ()))
    with pytest.raises(IllegalMove, match="All four arms of the 0-0 need a tile before any arm grows"):
        s.play("play 1-5 1", 0)


def test_draw_takes_nothing_after_it_and_pass_waits_for_the_draw() -> None:
    s = position([["7-7"], ["5-5"]], arms=ARMS_LAID)
    with pytest.raises(IllegalMove, match="say just 'draw'"):
        s.play("draw 7-7", 0)
    with pytest.raises(IllegalMove, match="Draw from the chicken yard first"):
        s.play("pass", 0)


def test_moves_read_as_the_tile_from_the_end_it_joins_and_the_line() -> None:
    s = position([["4-8", "7-7"], ["5-5"]], arms=ARMS_LAID)
    assert s.describe_move(parse_move("play 8-4 4"), 0) == "Play 4\u20138 on arm 4"
    set_position(s, zones={"hand 0": "7-7"}, out_of_play="...")  # the 4-8 played elsewhere
    assert s.describe_move(parse_move("draw"), 0) == "Draw from the chicken yard"
