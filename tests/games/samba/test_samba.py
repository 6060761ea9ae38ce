"""Samba (``samba``; other-seeds §8.1): the worked cases T-S-1..6 by number, and a stacked-deck
scenario for each rule clause and option. Seat 1 plays first (team 1, East–West)."""

from __future__ import annotations

import pytest

from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.seqrules import group_ok, kind_of, new_meld, run_ok
from gamenight.games.samba import Samba
from tests.games.samba.scenarios import give, lay, pile, red_threes, samba, scores
from tests.helpers import play, refused, texts


def parts(s: Samba, team: int, out: int | None = None) -> dict[str, int]:
    return s.team_score(team, out)[1]


# ---- the worked cases (other-seeds §8.1 "Tests – Samba") -----------------------------------------

def test_t_s_1_samba_of_hearts_eight_to_ace_is_1580() -> None:
    s = samba({})
    lay(s, 0, "8H 9H TH JH QH KH AH")
    p = parts(s, 0)
    assert kind_of(s.books[0][0]) == "samba"
    assert p["canastas"] + p["melded"] == 1580


def test_t_s_2_mixed_canasta_of_queens_and_three_wilds_invalid() -> None:
    s = samba({})
    lay(s, 0, "QC QD QH QS QC 2C JK")
    p = parts(s, 0)
    assert kind_of(s.books[0][0]) == "mixed"
    assert p["canastas"] + p["melded"] == 420
    assert not group_ok(4, 3, 2)
    # at the table: a third wild card onto a group of four queens and two wilds is refused
    s = samba({1: "2D 5C 6C"}, rest="9S 9D")
    lay(s, 1, "QC QD QH QS 2C JK")
    play(s, "draw")
    refused(s, "add 1 2D", "at most 2 wild")


def test_t_s_3_red_threes_all_six_and_five_with_one_canasta() -> None:
    s = samba({})
    lay(s, 0, "8H 9H TH JH QH KH AH", "7C 7D 7H 7S 7C 7D 7H")
    red_threes(s, 0, 6)
    assert parts(s, 0)["red_threes"] == 1000
    lay(s, 1, "KC KD KH KS KC KD KH")
    red_threes(s, 0, 0)
    red_threes(s, 1, 5)
    assert parts(s, 1)["red_threes"] == -500


@pytest.mark.parametrize(("score", "top", "want"), [(-40, 150, 15), (2000, 150, 90), (7200, 150, 150),
                                                     (7200, 160, 160), (0, 150, 50), (3000, 150, 120)])
def test_t_s_4_minimum_by_score(score: int, top: int, want: int) -> None:
    s = samba({}, samba_top_min=top)
    scores(s, [score, 0])
    assert s.minimum(0) == want


def test_t_s_5_top_card_onto_a_sequence_takes_only_it() -> None:
    s = samba({1: "5D 5H"})
    lay(s, 1, "6C 7C 8C")
    pile(s, under="4S 5S", over="9C")
    size = len(s.hands[1])
    assert "pickup 1" in texts(s)
    play(s, "pickup 1")
    assert [C.CODE_OF[c] for c in s.books[1][0].cards] == ["6C", "7C", "8C", "9C"]
    assert len(s.hands[1]) == size and [C.CODE_OF[c] for c in s.discards] == ["4S", "5S", "KD"]
    assert s.phase() == "play"


def test_t_s_6_hand_score_2500() -> None:
    s = samba({})
    lay(s, 0, "8H 9H TH JH QH KH AH", "7C 7D 7H 7S 7C 7D 7H")
    red_threes(s, 0, 2)
    give(s, 0, "")
    give(s, 2, "KS 4S")
    total, p = s.team_score(0, 0)
    assert p["going_out"] == 200 and p["held"] == -15 and p["red_threes"] == 200
    assert total == 2500


# ---- clauses -----------------------------------------------------------------------------------

def test_deal_162_cards_15_each_draw_two() -> None:
    s = samba({}, rest="9S 9D")
    assert len(s.deck_template()) == 162
    assert all(len(h) == 15 for h in s.hands)
    play(s, "draw")
    assert len(s.hands[1]) == 17 and s.phase() == "play"


def test_sequence_melds_and_grows_to_a_samba_then_stops() -> None:
    s = samba({1: "6C 7C 8C 9C TC JC QC KC 5D"}, rest="9S 9D")
    scores(s, [0, 0])
    play(s, "draw", "meld 6C 7C 8C", "add 1 9C", "add 1 TC", "add 1 JC")
    play(s, "add QC")  # no number: the sequence it extends
    assert kind_of(s.books[1][0]) == "samba"
    refused(s, "add 1 KC", "samba")


def test_sequence_rules_refused() -> None:
    s = samba({1: "6C 7C 2C 8D 9D JD 3C 3S 4S 5S"}, rest="9S 9H")
    play(s, "draw")
    refused(s, "meld 6C 7C 2C", "no wild")
    refused(s, "meld 8D 9D JD", "consecutive")
    refused(s, "meld 3S 4S 5S", "Threes")
    assert run_ok([C.card(c) for c in ["QH", "KH", "AH"]])
    assert not run_ok([C.card(c) for c in ["KH", "AH", "2H"]])


def test_several_groups_of_one_rank_and_merge() -> None:
    s = samba({1: "KC KD KH KS KC KD 9C 9D"}, rest="5S 6S")
    lay(s, 1, "JC JD JH")
    play(s, "draw", "meld KC KD KH", "meld KS KC KD")
    assert [b.rank for b in s.books[1]].count(C.KING) == 2
    play(s, "merge 2 3")
    assert s.books[1][1].size == 6 and len(s.books[1]) == 2


def test_merge_sequences_up_to_seven_not_four_and_four() -> None:
    s = samba({1: "5D 5H"}, rest="5S 6S")
    lay(s, 1, "4H 5H 6H 7H", "8H 9H TH JH", "8H 9H TH")
    play(s, "draw")
    refused(s, "merge 1 2", "at most seven")
    play(s, "merge 1 3")
    assert kind_of(s.books[1][0]) == "samba"


def test_no_wild_onto_a_completed_canasta_but_naturals_from_hand() -> None:
    s = samba({1: "2C KS 5D 6D"}, rest="5S 6S")
    lay(s, 1, "KC KD KH KS KC KD KH")
    play(s, "draw")
    refused(s, "add 1 2C", "completed canasta")
    play(s, "add 1 KS")
    assert s.books[1][0].size == 8


def test_wild_cards_never_melded_alone_in_samba() -> None:
    s = samba({1: "2C 2D JK"}, rest="5S 6S")
    play(s, "draw")
    refused(s, "meld 2C 2D JK", "on their own")


def test_pair_pickup_takes_the_whole_pile_as_a_new_group() -> None:
    s = samba({1: "9H 9S 9D"})
    lay(s, 1, "9C 9C 9C")
    pile(s, over="5S 9D")
    play(s, "pickup 9H 9S")
    assert len(s.books[1]) == 2 and s.books[1][1].size == 3
    assert not s.discards and "KD" in [C.CODE_OF[c] for c in s.hands[1]]


def test_top_card_never_starts_a_sequence() -> None:
    s = samba({1: "8D 9D"}, up="TD")
    scores(s, [0, 0])
    assert not [m for m in texts(s) if m.startswith("pickup")]
    refused(s, "pickup 8D 9D", "natural pair")


def test_frozen_pile_blocks_the_sequence_route_only() -> None:
    s = samba({1: "9C 9H"})
    lay(s, 1, "6C 7C 8C")
    pile(s, under="2S", over="9C")
    assert "frozen" in s.pile_state(1)
    assert "pickup 1" not in texts(s) and "pickup 9C 9H" in texts(s)
    refused(s, "pickup 1", "frozen")


def test_sequence_route_needs_a_side_that_has_melded() -> None:
    s = samba({1: "6C 7C 8C"}, up="9C")
    refused(s, "pickup 1", "no sequence 1|once your side has melded")


def test_three_or_wild_on_top_blocks() -> None:
    for up in ("3S", "2S JK 5D"):
        s = samba({1: "5D 5H"}, up="KD")
        pile(s, over=up.split()[0])
        assert not [m for m in texts(s) if m.startswith("pickup")]
        refused(s, "pickup 5D 5H", "blocked")


def test_upcard_wild_is_covered_and_freezes() -> None:
    s = samba({}, up="2H 8S")
    assert [C.CODE_OF[c] for c in s.discards] == ["2H", "8S"]
    assert s.pile_frozen()


def test_one_card_rule() -> None:
    s = samba({1: "6C 7C 8C"}, up="9C")
    lay(s, 1, "6C 7C 8C", "KC KD KH KS KC KD KH")
    give(s, 1, "5D")
    assert "pickup 1" not in texts(s)
    refused(s, "pickup 1", "one card")


def test_opening_minimum_pile_cards_wait_and_retract() -> None:
    s = samba({1: "KC KS QC QD QH 5D"}, up="KD", rest="")
    pile(s, under="JC JD JH")
    # 50 needed: K K K (30) + Q Q Q (30) from the hand reach it; the pile's jacks wait
    play(s, "pickup KC KS")
    refused(s, "meld JC JD JH", "pile may not be melded")
    assert "discard 5D" not in texts(s)
    play(s, "meld QC QD QH")
    assert s.opened[1]
    play(s, "meld JC JD JH")


def test_retract_below_minimum() -> None:
    s = samba({1: "KC KS KH 5D"}, rest="9S 9H")
    scores(s, [0, 1500])
    play(s, "draw", "meld KC KS KH")
    assert not s.opened[1] and "retract" in texts(s)
    refused(s, "discard 5D", "90")
    play(s, "retract", "discard 5D")


def test_going_out_needs_two_canastas() -> None:
    s = samba({1: "5D"}, rest="5H 5S")
    lay(s, 1, "KC KD KH KS KC KD KH")
    give(s, 1, "5D")
    play(s, "draw")
    refused(s, "meld 5D 5H 5S", "2 canastas")
    s = samba({1: "5D"}, rest="5H 5S")
    lay(s, 1, "KC KD KH KS KC KD KH", "8H 9H TH JH QH KH AH")
    give(s, 1, "5D")
    play(s, "draw", "meld 5D 5H 5S")
    assert s.sheet.rows[-1].points[1] > 0 and "went out" in s.sheet.rows[-1].note


def test_keep_a_card_unless_going_out() -> None:
    s = samba({1: "5D 5H"}, rest="5S 9C")
    lay(s, 1, "KC KD KH")
    give(s, 1, "5D 5H")
    play(s, "draw")
    refused(s, "meld 5D 5H 5S", "keep a card")


def test_red_three_laid_and_replaced() -> None:
    s = samba({}, rest="3H 9C 9D")
    play(s, "draw")
    assert [C.CODE_OF[c] for c in s.red3[1]] == ["3H"] and len(s.hands[1]) == 17


def test_option_seq_pickup_takes_whole_pile() -> None:
    s = samba({1: "5D 5H"}, seq_pickup_takes="whole_pile")
    lay(s, 1, "6C 7C 8C")
    pile(s, over="9C")
    play(s, "pickup 1")
    assert not s.discards and len(s.hands[1]) == 16


def test_option_red3_positive_if_any_meld() -> None:
    s = samba({}, red3_positive_if="any_meld")
    lay(s, 0, "KC KD KH")
    red_threes(s, 0, 2)
    assert parts(s, 0)["red_threes"] == 200
    s = samba({})
    lay(s, 0, "KC KD KH")
    red_threes(s, 0, 2)
    assert parts(s, 0)["red_threes"] == -200


def test_option_black3_in_hand() -> None:
    s = samba({}, black3_in_hand=100)
    give(s, 0, "3S 3C")
    give(s, 2, "")
    assert parts(s, 0)["held"] == -200
    s = samba({})
    give(s, 0, "3S 3C")
    give(s, 2, "")
    assert parts(s, 0)["held"] == -10


def test_black_threes_go_down_only_going_out() -> None:
    s = samba({1: "3S 3C 3S 5D"}, rest="9S 9H")
    play(s, "draw")
    refused(s, "meld 3S 3C 3S", "going out")


def test_view_shows_sequences_pile_state_and_first_meld() -> None:
    s = samba({})
    lay(s, 1, "6C 7C 8C")
    v = s.view(1)
    mine = v["team_books"][1]
    assert mine["books"][0]["rank"] == "♣ run" and mine["books"][0]["kind"] == "sequence"
    assert "pile_state" in v and v["need"].startswith("2 canastas")
    v0 = s.view(0)
    assert v0["first_meld"] == "50 points"
    labels = {f["label"] for f in v0["layout"]["fields"]}
    assert {"The pile", "Your side's first meld"} <= labels


def test_meld_words_round_trip() -> None:
    book = new_meld([C.card(c) for c in ["8C", "6C", "7C"]])
    assert [C.CODE_OF[c] for c in book.cards] == ["6C", "7C", "8C"]
