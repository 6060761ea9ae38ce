"""Text a person types that is not a move is answered with the verbs they may use now."""

from __future__ import annotations

import pytest

import gamenight


def test_a_card_typed_where_only_the_draw_is_allowed_is_answered_with_the_draw() -> None:
    s = gamenight.new("canasta", seed=1)
    with pytest.raises(gamenight.IllegalMove) as refused:
        s.play("5C")
    assert str(refused.value) == "'5C' is not a move: a move starts with a word such as 'draw'."


def test_nothing_typed_is_answered_with_the_verbs_of_the_turn() -> None:
    s = gamenight.new("ten-thousand", players=2, deck=["11153"])
    with pytest.raises(gamenight.IllegalMove, match="Type a move: it starts with a word such as 'roll'"):
        s.play("   ")
