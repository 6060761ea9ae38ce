"""Hand and Foot's kinds of move (issue 25): DeMeritt's packet choice and draw of one card at a
time refused by their own rules, and the moves in words. Seat 0 (North) starts."""

from __future__ import annotations

from gamenight.core.moves import parse_move
from tests.games.hand_and_foot.scenarios import demeritt
from tests.helpers import play, refused, texts


def test_the_packet_choice_reads_in_words_and_a_chosen_player_is_told_so() -> None:
    s = demeritt({0: "KC KD KH"}, choose=None)
    assert texts(s, 0) == ["choose dealt", "choose passed"]
    assert s.describe_move(parse_move("choose dealt"), 0) == "Keep the packet dealt to you as your hand"
    assert s.describe_move(parse_move("choose passed"), 0) == "Take the packet passed to you as your hand"
    refused(s, "choose mine", "Choose your hand: 'choose dealt' or 'choose passed'", seat=0)
    s.play("choose dealt", 0)
    assert s.to_act == {1, 2, 3}


def test_the_pile_is_taken_instead_of_the_draw_not_after_one_card_of_it() -> None:
    s = demeritt({0: "KC KD 4S", 1: "KH"}, piles={0: "KS 4H", 1: "9S"}, avoid="K")
    play(s, "draw 1")
    assert s.phase() == "draw" and texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4"]
    refused(s, "take KS", "Only the first player of the hand may take the single turned-up card, on his "
                          "first turn and instead of his draw")
    refused(s, "draw", "Say which stock pile you draw from")
    refused(s, "draw 5", "There is no stock pile 5: they are numbered 1 to 4")
    assert s.describe_move(parse_move("draw 2")) == "Draw a card from stock pile 2"
