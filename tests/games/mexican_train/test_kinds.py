"""Mexican Train's kinds of move: each refusal is its rule's own sentence, a tile named alone is
played where it fits one train only, and moves read in words."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.moves import parse_move
from gamenight.equipment import dominoes as D
from tests.games.mexican_train.test_rules import position
from tests.helpers import set_position


def test_a_tile_named_alone_goes_on_the_one_train_it_fits() -> None:
    s = position([["5-9", "1-1"], ["2-2"], ["3-3"]], trains={0: ["12-5"]}, mexican=["12-3"])
    s.play("play 5-9", 0)
    assert s.lines[0] == D.tiles(["12-5", "5-9"])
    assert s.ends[0] == 9


def test_a_tile_named_alone_that_fits_two_trains_must_name_one() -> None:
    s = position([["12-4", "1-1"], ["2-2"], ["3-3"]])
    with pytest.raises(IllegalMove, match="Name the tile and the train"):
        s.play("play 12-4", 0)


def test_an_uncovered_double_does_not_open_an_unmarked_train_without_the_doubles_rule() -> None:
    s = position([["6-2", "1-1"], ["2-2"], ["3-3"]], trains={1: ["12-6", "6-6"]})
    set_position(s, extra={"uncovered": [1]})  # the 6-6 on seat 1's train is not covered yet
    with pytest.raises(IllegalMove) as refused:
        s.play("play 6-2 2", 0)
    assert str(refused.value) == f"{s.names[1]}'s train has no marker: you may not play on it."


def test_draw_and_pass_say_they_take_nothing_after_them() -> None:
    s = position([["5-9", "1-1"], ["2-2"], ["3-3"]])
    with pytest.raises(IllegalMove, match="say just 'draw'"):
        s.play("draw 5-9", 0)


def test_plays_read_as_the_tile_from_the_end_it_joins_and_the_train() -> None:
    s = position([["5-9", "12-4"], ["2-2"], ["3-3"]], trains={1: ["12-5"]}, marked=(1,))
    assert s.describe_move(parse_move("play 5-9 2"), 0) == f"Play 5\u20139 on {s.names[1]}'s train"
    assert s.describe_move(parse_move("play 12-4 1"), 0) == "Play 12\u20134 on your train"
    assert s.describe_move(parse_move("play 12-4 mexican"), 0) == "Play 12\u20134 on the Mexican train"
