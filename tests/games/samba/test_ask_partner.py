"""Samba's asking partner (classic §7.6, option ``ask_partner``): offered right after the draw
when the hand has a way out, the answer binds, and the search behind it
(:func:`~gamenight.families.canasta_turn.seqrules.can_go_out`). Seat 1 plays first; his partner
is seat 3. East–West (team 1) holds a natural canasta of queens, a samba of hearts and a group of
kings, so it has the two canastas going out needs."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.seqrules import SequenceRules, can_go_out, new_meld
from gamenight.games.samba import Samba
from tests.games.samba.scenarios import give, lay, samba
from tests.helpers import play, refused, texts

TABLE = ("QC QD QH QS QC QD QH", "4H 5H 6H 7H 8H 9H TH", "KH KS KH")


def at_the_table(hand: str, draws: str, **options: Any) -> Samba:
    s = samba({}, rest=draws, **options)
    lay(s, 1, *TABLE)
    give(s, 1, hand)
    return s


def test_a_player_who_can_go_out_asks_and_a_yes_binds_him() -> None:
    # 9C 9D 9S melded, KC KD onto the kings, 5D discarded: a way out
    s = at_the_table("9C 9D 9S 5D", "KC KD")
    play(s, "draw")
    assert "ask" in texts(s)
    play(s, "ask")
    assert s.to_act == {3}
    s.play("answer yes", 3)
    refused(s, "discard 5D", "must go out")
    play(s, "meld 9C 9D 9S", "add 3 KC", "add 3 KD")
    assert texts(s) == ["discard 5D"]
    play(s, "discard 5D")
    assert s.sheet.rows  # the hand is over: East–West went out


def test_after_a_yes_a_play_that_leaves_no_way_out_is_refused() -> None:
    # two sevens and a wild card make a group; the wild card alone onto the kings would strand them
    s = at_the_table("7C 7D 2S 5D", "JC JD")
    play(s, "draw")
    assert "ask" not in texts(s)  # JC JD and 5D: three cards no meld takes, one discard
    s = at_the_table("7C 7D 2S 5D", "KD KD")
    play(s, "draw", "ask")
    s.play("answer yes", 3)
    refused(s, "add 3 2S", "going out this turn possible")
    assert "meld 7C 7D 2S" in texts(s)


def test_a_no_forbids_going_out_this_turn() -> None:
    s = at_the_table("9C 9D 9S 5D", "KC KD")
    play(s, "draw", "ask")
    s.play("answer no", 3)
    play(s, "meld 9C 9D 9S", "add 3 KC")
    refused(s, "add 3 KD", "partner said no")  # his last card would go out
    play(s, "discard 5D")  # he keeps the king of diamonds
    assert not s.sheet.rows and s.hands[1] == [C.card("KD")]


def test_going_out_without_asking_is_allowed_and_the_option_turns_asking_off() -> None:
    s = at_the_table("9C 9D 9S 5D", "KC KD")
    play(s, "draw", "meld 9C 9D 9S", "add 3 KC", "add 3 KD", "discard 5D")
    assert s.sheet.rows
    s = at_the_table("9C 9D 9S 5D", "KC KD", ask_partner="off")
    play(s, "draw")
    assert "ask" not in texts(s)


RULES = SequenceRules()
MELDS = tuple(new_meld([C.card(x) for x in m.split()]) for m in TABLE)


def hand(codes: str) -> tuple[int, ...]:
    return tuple(sorted(C.card(x) for x in codes.split()))


@pytest.mark.parametrize(("codes", "out"), [
    ("", True),  # nothing left: the side's canastas do it
    ("5D", True),  # the discard
    ("5D 6D", False),  # two cards no meld takes
    ("JH QH", True),  # JH onto the samba? no, a samba is full: QH onto the queens, JH discarded
    ("JD JC 2C JS", True),  # a group of jacks with a wild card
    ("4D 5D 6D 8D", True),  # a new sequence, 8D discarded
    ("4D 5D 6D 8D 9D", False),  # 7D missing: 8D and 9D cannot both go
    ("2C 2D JK", True),  # two wild cards onto the kings, the joker discarded
    ("2C 2D JK 2H", False),  # a group takes two wild cards at most; wild cards alone are no meld
    ("3C 3S 3C 5D", True),  # three black threes go out together
    ("3C 3S 5D", False),  # two black threes: neither meld nor one discard
])
def test_the_search_for_a_way_out(codes: str, out: bool) -> None:
    assert can_go_out(hand(codes), MELDS, RULES) is out


def test_wild_melds_where_the_rules_have_them() -> None:
    canastas = MELDS[:2]  # no group takes a wild card: only a wild meld does
    assert not can_go_out(hand("2C 2D JK"), canastas, RULES)
    assert can_go_out(hand("2C 2D JK"), canastas, SequenceRules(wild_melds=True))
    assert can_go_out(hand("2C 2D JK 2H 5D"), canastas, SequenceRules(wild_melds=True))
    assert not can_go_out(hand("2C 2D JK 2H 5D 6D"), canastas, SequenceRules(wild_melds=True))


def test_the_going_out_tally_must_be_met() -> None:
    # a side with one canasta needs a second one: seven queens and a samba are two
    one = MELDS[:1]
    assert not can_go_out(hand("5D"), one, RULES)
    assert can_go_out(hand("4C 5C 6C 7C 8C 9C TC JD"), one, RULES)  # a samba of clubs, JD the discard
