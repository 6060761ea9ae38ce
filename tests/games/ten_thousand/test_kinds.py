"""10,000's moves as kinds: each said in words, each refused with its own rule."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.games.ten_thousand import TenThousand


def game(*rolls: str, players: int = 2) -> TenThousand:
    s = gamenight.new("ten-thousand", players=players, seed=1, deck=list(rolls))
    assert isinstance(s, TenThousand)
    return s


def words(s: TenThousand) -> list[str]:
    return [s.describe_move(m, s.turn) for m in s.legal_moves()]


def test_the_turn_reads_in_words() -> None:
    s = game("11153", "62")
    assert words(s) == ["Roll all five dice"]
    s.play("roll")
    assert "Keep the 1, the 1, the 1 and the 5 for 1,050" in words(s)
    assert "Keep three 1s for 1,000" in words(s)
    s.play("keep 1 1 1 5")
    assert words(s) == ["Roll the 1 die left", "Stop and bank 1,050"]


def test_a_stop_below_the_meld_says_it_scores_nothing() -> None:
    s = game("15342")
    s.play("roll")
    s.play("keep 1 5")
    assert words(s)[-1] == "Stop with 150: it scores nothing, 1,000 in one turn gets you on the board"


def test_dice_kept_in_another_order_are_the_same_keep() -> None:
    s = game("15342")
    s.play("roll")
    s.play("keep 5 1")
    assert s.turn_total == 150


@pytest.mark.parametrize(("move", "sentence"), [
    ("keep 6", "The roll (1 5 3 4 2) has no more 6s to keep."),
    ("keep 3", "Every die kept must score within this roll: 3 does not"),
    ("keep", "Say which dice you keep, by their faces"),
])
def test_a_keep_is_refused_with_the_rule_it_breaks(move: str, sentence: str) -> None:
    s = game("15342")
    s.play("roll")
    with pytest.raises(gamenight.IllegalMove) as refused:
        s.play(move)
    assert str(refused.value).startswith(sentence)


def test_a_count_taken_over_and_not_saved_is_blown_in_plain_words() -> None:
    s = game("15342", "1", "2346")  # 150 stopped, four dice free; the taker rolls no 1 or 5
    for move in ("roll", "keep 1 5", "roll", "keep 1", "stop", "take"):
        s.play(move)
    assert "blew it: no 1 or 5 in the roll to save the 250 taken over." in s.events[-2].text
