"""Samba's kinds of move (issue 25): asking partner whatever the hand's size, refusals that name
their rule, and the moves in words. Seat 1 plays first; his partner is seat 3. East–West (team 1)
holds a natural canasta of queens, a samba of hearts and a group of kings."""

from __future__ import annotations

from gamenight.core.moves import parse_move
from gamenight.games.samba import Samba
from tests.games.samba.scenarios import give, lay, samba
from tests.helpers import play, refused, texts

TABLE = ("QC QD QH QS QC QD QH", "4H 5H 6H 7H 8H 9H TH", "KH KS KH")


def at_the_table(hand: str, draws: str) -> Samba:
    s = samba({}, rest=draws)
    lay(s, 1, *TABLE)
    give(s, 1, hand)
    return s


def test_a_hand_of_more_than_eleven_cards_that_can_go_out_may_ask() -> None:
    # fifteen cards after the draw: four groups of three, two kings onto the kings, 4D discarded
    s = at_the_table("9C 9D 9S 5C 5D 5S 6C 6D 6S 8C 8D 8S 4D", "KC KD")
    play(s, "draw")
    assert len(s.hands[1]) == 15 and "ask" in texts(s)
    play(s, "ask")
    s.play("answer yes", 3)
    refused(s, "discard 4D", "Your partner said yes: you must go out this turn")
    play(s, "meld 9C 9D 9S", "meld 5C 5D 5S", "meld 6C 6D 6S", "meld 8C 8D 8S", "add 3 KC", "add 3 KD",
         "discard 4D")
    assert s.sheet.rows  # East–West went out


def test_a_big_hand_that_cannot_go_out_may_not_ask() -> None:
    s = at_the_table("9C 9D 9S 5C 5D 5S 6C 6D 6S 8C 8D 4S 4D", "JC TD")
    play(s, "draw")
    refused(s, "ask", "only ask when you could go out")


def test_a_merge_and_an_add_read_in_words_and_a_wrong_merge_names_its_rule() -> None:
    s = at_the_table("9C 9D 9S KC 5D", "JC TD")
    lay(s, 1, "KC KD KD")
    play(s, "draw")
    assert "merge 3 4" in texts(s)
    assert s.describe_move(parse_move("merge 3 4")) == "Merge your melds 3 and 4 into one"
    assert s.describe_move(parse_move("add 2 JH")) == "Add J♥ to your sequence of hearts (meld 2)"
    assert s.describe_move(parse_move("meld 9C 9D 9S")) == "Meld three nines"
    refused(s, "merge 4 3", "Name the lower number first: 'merge 3 4'")
    refused(s, "merge 1 3", "Only two groups of one rank, or two sequences of one suit, may be merged")
