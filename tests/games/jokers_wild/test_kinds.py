"""Jokers Wild's kinds of move (bring out, move, split, joker, throw away): a move of the wrong
shape is refused by its own rule, where it fell to a catch-all, and moves read in words."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.moves import parse_move
from tests.games.jokers_wild.test_rules import new, put


def test_bringing_out_names_the_card_alone() -> None:
    s = new("KH 5H 8C 7H 2C")
    with pytest.raises(IllegalMove) as refused:
        s.play("out KH 30", 0)
    assert str(refused.value) == "Write it as the card alone: 'out KH'."


def test_a_move_names_the_card_first() -> None:
    s = new("KH 5H 8C 7H 2C")
    put(s, 0, 20)
    with pytest.raises(IllegalMove, match="Name the card you play first"):
        s.play("move 20 5H", 0)


def test_a_throw_away_with_a_move_in_hand_is_refused_by_the_forced_move_rule() -> None:
    s = new("KH 5H 8C 7H 2C")
    with pytest.raises(IllegalMove, match="You have a move"):
        s.play("discard 2C", 0)


def test_moves_read_in_words() -> None:
    s = new("KH 5H 8C 7H JK")
    put(s, 0, 20, 40)
    put(s, 1, 50)
    words = {m: s.describe_move(parse_move(m), 0) for m in
             ("out KH", "move 5H 20", "move 8C 40", "split 7H 20 3 40 4", "swap JK 20 50")}
    assert words == {
        "out KH": "Bring a marble out with the K\u2665",
        "move 5H 20": "Move a marble 5 holes from 20 with 5\u2665",
        "move 8C 40": "Move a marble back 8 holes from 40 with 8\u2663",
        "split 7H 20 3 40 4": "Split 7\u2665: 3 from 20, then 4 from 40",
        "swap JK 20 50": "Joker: the marble on 20 takes the blue marble's hole 50",
    }


def test_a_throw_away_beside_a_joker_says_it_is_instead_of_the_joker() -> None:
    s = new("JK 5D 5S 5H 5C", joker_never_forced=True)
    put(s, 0, 10)
    put(s, 1, 50)
    put(s, 2, 12)  # the 5s would pass the partner: only the joker moves
    assert s.describe_move(parse_move("discard 5D"), 0) == "Throw 5\u2666 away rather than play a joker"
