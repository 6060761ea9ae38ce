"""5 in a Row's kinds of move: refusals name their rule, moves read in words, and Sequence's
preset deals Sequence's hands."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.moves import parse_move
from gamenight.games.five_in_a_row import FiveInARow
from tests.games.five_in_a_row.test_rules import HANDS2, new, put


@pytest.mark.parametrize(("players", "each"), [(2, 7), (4, 6)])
def test_the_sequence_preset_deals_seven_cards_to_two_and_six_to_four(players: int, each: int) -> None:
    s = gamenight.new("five-in-a-row", players=players, seed=1, preset="sequence")
    assert isinstance(s, FiveInARow)
    assert [len(h) for h in s.hands] == [each] * players


def test_a_hand_of_one_or_two_cards_is_refused() -> None:
    with pytest.raises(gamenight.OptionError, match="Cards in hand: at least 3 each"):
        gamenight.new("five-in-a-row", players=2, seed=1, options={"hand_size": 2})


def test_a_card_on_a_space_showing_another_card_is_refused_with_its_spaces() -> None:
    s = new(HANDS2, "7C 8C")
    with pytest.raises(IllegalMove, match=r"puts a disc only on a space showing 2♠ \(6,1 and"):
        s.play("play 2S 0,1", 1)


def test_a_one_eyed_jack_takes_no_disc_of_its_own_side() -> None:
    s = new(["2H 3H 4H 5H 6H", "JS 3S 4S 5S 6S"], "7C 8C")
    put(s, 1, (4, 4))
    with pytest.raises(IllegalMove, match="your own side's"):
        s.play("remove JS 4,4", 1)


def test_moves_read_as_the_card_and_the_space() -> None:
    s = new(["2H 3H 4H 5H 6H", "JS 2S 4S 5S 6S"], "7C 8C")
    put(s, 0, (4, 4))
    # the move's space from 0, its words from 1 as people count
    assert s.describe_move(parse_move("play 2S 6,1"), 1) == "Play 2\u2660 on row 7, column 2"
    assert s.describe_move(parse_move("remove JS 4,4"), 1) == \
        "Take the blue disc off row 5, column 5 with J\u2660"
