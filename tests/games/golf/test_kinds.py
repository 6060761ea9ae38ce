"""Golf's moves as kinds: the knock at the wrong time refused with the timing in effect."""

from __future__ import annotations

from typing import cast

import pytest

import gamenight
from gamenight.games.golf import Golf


def test_a_knock_at_the_start_is_refused_where_the_knock_ends_a_turn() -> None:
    s = cast(Golf, gamenight.new("golf", players=3, seed=4, options={"knock_timing": "after_action"}))
    with pytest.raises(gamenight.IllegalMove, match="Knock at the end of your turn"):
        s.play("knock", s.turn)
    s.play("draw", s.turn)
    assert s.describe_move(s.parse("flip 1 knock"), s.turn) == "Discard the card and turn up card 1 and knock"
    usual = cast(Golf, gamenight.new("golf", players=3, seed=4))
    usual.play("draw", usual.turn)
    with pytest.raises(gamenight.IllegalMove, match="Knock at the start of your turn, instead of drawing"):
        usual.play("flip 1 knock", usual.turn)
