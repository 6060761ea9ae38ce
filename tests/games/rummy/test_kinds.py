"""Rummy's moves as kinds: the words a player reads, and the refusals made specific."""

from __future__ import annotations

from typing import cast

import pytest

import gamenight
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.rummy import Rummy


def refusal(s: State, text: str, seat: int) -> str:
    with pytest.raises(gamenight.IllegalMove) as refused:
        s.play(text, seat)
    return str(refused.value)


def test_the_turn_in_words_and_a_move_of_no_kind_refused_with_what_the_play_allows() -> None:
    s = cast(Rummy, gamenight.new("rummy", players=2, seed=3))
    seat = s.turn
    top = s.discards[-1]
    assert s.describe_move(Move("draw"), seat) == "Draw from the stock"
    assert s.describe_move(s.parse(f"take {C.CODE_OF[top]}"), seat) == \
        f"Take {C.LABEL_OF[top]} from the discard pile"
    s.play("draw", seat)
    card = s.hands[seat][0]
    assert s.describe_move(s.parse(f"discard {C.CODE_OF[card]}"), seat) == f"Discard {C.LABEL_OF[card]}"
    assert refusal(s, "vote 3", seat) == "Meld, lay off, or end your turn with a discard."


def test_passing_is_refused_while_the_stock_lasts() -> None:
    s = cast(Rummy, gamenight.new("rummy", players=2, seed=3))
    assert refusal(s, "pass", s.turn) == (
        "You may pass only when the stock is used up: draw from the stock or take the top discard.")


def test_the_pile_is_never_dug_in_rummy() -> None:
    s = cast(Rummy, gamenight.new("rummy", players=2, seed=3))
    top = C.CODE_OF[s.discards[-1]]
    assert refusal(s, f"dig 1 {top}", s.turn) == \
        "Only the top card of the discard pile can be taken in this game."
