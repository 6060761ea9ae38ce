"""Sweep (seed 000 p.18; metzker-book.md §17): a stacked-deck scenario per rule clause and option,
and the worked cases T-SW-1 to T-SW-5."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C
from gamenight.games.sweep import ORDER, Sweep, SweepPhase, decks_for, points_left
from tests.helpers import Pieces, deal_deck, golden_match, set_position

Table = Sequence[tuple[str, str | None]]


def sweep_deck(blinds: Sequence[str], ups: Sequence[str], hands: Sequence[str]) -> list[str]:
    """A stacked deck (dealer seat 0): the blind cards, then the face-up cards, then the hands, each
    dealt one at a time from the dealer's left."""
    return deal_deck(blinds) + deal_deck(ups) + deal_deck(hands)


def position(hands: Sequence[str], tables: Sequence[Table] = (), pile: str = "", *, turn: int = 0,
             **options: object) -> Sweep:
    """A deal rearranged: ``hands[s]`` in seat s's hand, ``tables[s]`` its (blind, face-up or None)
    pairs at positions 1, 2..., ``pile`` on the pile (oldest first), every other card set aside;
    seat ``turn`` to play. The deal's cards are only moved, so every card is still in one place."""
    n = len(hands)
    s = gamenight.new("sweep", players=n, seed=1, deck=[], options=options)
    assert isinstance(s, Sweep)
    # each seat's cards on the table (blind, then face up), their faces and the positions they lie at
    table: list[list[int]] = [[] for _ in range(n)]
    faces: list[list[bool]] = [[] for _ in range(n)]
    slots: list[list[int]] = [[] for _ in range(n)]
    for seat, pairs in enumerate(tables):
        for k, (blind, up) in enumerate(pairs, start=1):
            for code, face_up in ((blind, False), (up, True)):
                if code:
                    table[seat].append(C.card(code))
                    faces[seat].append(face_up)
                    slots[seat].append(k)
    top, count = -1, 0  # the rank on top of the pile and how many of it lie there
    for c in C.cards(pile):
        top, count = (top, count + 1) if ORDER[c] == top else (ORDER[c], 1)
    described: dict[str, Pieces] = {f"hand/{seat}": hand for seat, hand in enumerate(hands)}
    described |= {"pile": pile, "swept": "", "spare": "..."}
    return set_position(s, extra={"table": table, "faces": faces, "slots": slots, "top": top, "count": count},
                        zones=described, rest="spare", turn=turn, phase=SweepPhase.PLAY)


def legal(s: Sweep) -> list[str]:
    return [str(m) for m in s.legal_moves()]


def refused(s: Sweep, move: str, words: str) -> None:
    before = s.view(s.to_move)
    with pytest.raises(IllegalMove, match=words):
        s.play(move)
    assert s.view(s.to_move) == before


# ---- players and cards -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks"),
                         [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 3), (8, 4), (9, 4)])
def test_enough_decks_for_22_cards_each(players: int, decks: int) -> None:
    assert decks_for(players) == decks
    s = gamenight.new("sweep", players=players, seed=3)
    assert sum(s.pieces_in_play().values()) == 52 * decks


def test_T_SW_2_five_players_three_decks_46_set_aside() -> None:
    s = gamenight.new("sweep", players=5, seed=9)
    assert isinstance(s, Sweep)
    assert s.decks == 3 and len(s.spare) == 156 - 110 == 46
    assert all(len(s.hands[p]) == 14 and s.faces[p] == [False, True] * 4 for p in range(5))


def test_the_stacked_deal_blind_then_face_up_then_hand() -> None:
    blinds = ["2C 3C 4C 5C", "2D 3D 4D 5D"]
    ups = ["6C 7C 8C 9C", "6D 7D 8D 9D"]
    hands = ["TC JC QC KC AC 2H 3H 4H 5H 6H 7H 8H 9H TH", "TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS"]
    s = gamenight.new("sweep", players=2, seed=1, deck=sweep_deck(blinds, ups, hands))
    assert isinstance(s, Sweep)
    for seat in range(2):
        pairs = zip(blinds[seat].split(), ups[seat].split(), strict=True)
        assert C.codes(s.table[seat]) == [x for pair in pairs for x in pair]
        assert sorted(C.codes(s.hands[seat])) == sorted(hands[seat].split())
    assert s.dealer == 0 and s.to_move == 1  # the player left of the dealer leads
    assert len(s.spare) == 8


def test_nobody_sees_a_blind_card_its_owner_included() -> None:
    s = gamenight.new("sweep", players=3, seed=5)
    assert isinstance(s, Sweep)
    for seat in [None, 0, 1, 2]:
        zone = next(z for z in s.view(seat)["layout"]["zones"] if z["key"] == "table/0")
        assert zone["pieces"][0::2] == [None] * 4  # the blind cards
        assert None not in zone["pieces"][1::2]  # the face-up cards on them
        assert zone["stacks"] == [2, 2, 2, 2]
    # a sample for the owner redeals its own blind cards too
    blinds = [c for c, up in zip(s.table[0], s.faces[0], strict=True) if not up]
    moved = False
    for k in range(5):
        t = s.sample(0, random.Random(k))
        assert isinstance(t, Sweep)
        assert t.view(0) == s.view(0)
        moved |= [c for c, up in zip(t.table[0], t.faces[0], strict=True) if not up] != blinds
    assert moved


# ---- leading and following ---------------------------------------------------------------------


def test_lead_any_rank_one_to_four_cards() -> None:
    s = position(["KS KH KD 3C", "5S"], turn=0)
    moves = legal(s)
    assert {"play KD KH KS", "play KH", "play 3C"} <= set(moves)
    assert "pickup" not in moves


def test_a_lead_of_four_sweeps_and_the_leader_leads_again() -> None:
    s = position(["KS KH KD KC 3C", "5S"], turn=0)
    s.play("play KC KD KH KS")
    assert s.pile == [] and len(s.swept) == 4 and s.to_move == 0


def test_T_SW_3_legal_plays_on_two_nines() -> None:
    s = position(["9C 9D 9S JC 8H AH TC", "5S", "2S"], pile="9H 9H", turn=0)  # two 9♥: two decks
    moves = set(legal(s))
    assert {"play 9C", "play 9C 9D", "play 8H", "play AH", "play TC"} <= moves
    assert not any(m.startswith("play 9") and len(m.split()) > 3 for m in moves)
    assert "play JC" not in moves
    refused(s, "play 9C 9D 9S", "At most four cards of a rank")
    refused(s, "play JC", "higher than the 9")
    s.play("play 9C 9D")  # two more 9s: four on top, a sweep
    assert s.pile == [] and s.to_move == 0


def test_T_SW_4_lower_restarts_the_count_then_three_sweep() -> None:
    s = position(["7C 4D", "7D 7H 7S 5C", "KC"], pile="9H 9S", turn=0)
    s.play("play 7C")
    assert (s.top, s.count) == (7, 1)
    assert s.view(1)["on_top"].startswith("one 7")
    s.play("play 7D 7H 7S")
    assert s.pile == [] and s.to_move == 1  # that player leads


def test_followers_need_not_match_the_number_led() -> None:
    s = position(["6C", "5S 3D"], pile="8H 8S 8D", turn=0)
    assert "play 6C" in legal(s)
    s.play("6C")  # a bare card plays it from the hand
    assert s.to_move == 1


def test_at_most_four_of_a_rank_on_top_a_fifth_stays_in_hand() -> None:
    s = position(["QC QD QH QS QC 3S", "5S", "2H"], turn=0)  # three players: two decks
    assert max(len(m.split()) - 1 for m in legal(s)) == 4
    refused(s, "play QC QC QD QH QS", "At most four")


def test_cards_typed_in_another_order_are_the_same_play() -> None:
    s = position(["QS QC 3S", "5S"], turn=0)
    s.play("play QS QC")
    assert s.top == 12 and s.count == 2


# ---- the 10 --------------------------------------------------------------------------------------


def test_a_ten_goes_on_anything_and_sweeps() -> None:
    s = position(["TC 3S", "5S"], pile="AH", turn=0)  # an ace: only 10s and aces may follow
    assert legal(s) == ["play TC"]
    s.play("play TC")
    assert s.pile == [] and s.to_move == 0 and len(s.swept) == 2


def test_a_ten_led_sweeps_at_once() -> None:
    s = position(["TC 3S", "5S"], turn=0)
    s.play("play TC")
    assert s.pile == [] and s.to_move == 0


def test_option_ten_led_lies_as_the_lowest_card() -> None:
    s = position(["TC 3S", "5S TD", "KS"], turn=0, ten_led="normal_lowest")
    s.play("play TC")
    assert s.pile and s.to_move == 1
    assert legal(s) == ["play TD"]  # only a 10 goes on it, and it sweeps
    s.play("play TD")
    assert s.pile == [] and s.to_move == 1
    t = position(["TC 3S", "5S", "KS"], turn=0, ten_led="normal_lowest")
    t.play("play TC")
    assert legal(t) == ["pickup"]


# ---- picking up ------------------------------------------------------------------------------------


def test_who_cannot_play_picks_up_and_the_left_leads() -> None:
    s = position(["KC 2C", "QS 5D", "3H"], pile="4H", turn=1)
    assert legal(s) == ["pickup"]
    s.play("pickup")
    assert sorted(C.codes(s.hands[1])) == ["4H", "5D", "QS"]
    assert s.pile == [] and s.to_move == 2
    # everyone saw the pile go into that hand
    zone = next(z for z in s.view(0)["layout"]["zones"] if z["key"] == "hand/1")
    assert zone["known"] == ["4H"]


def test_no_voluntary_pick_up() -> None:
    s = position(["KC 2C", "QS 3D"], pile="4H", turn=1)
    assert "pickup" not in legal(s)
    refused(s, "pickup", "You can play, so you must")


# ---- the blind cards -------------------------------------------------------------------------------


def test_a_covered_blind_card_cannot_be_played() -> None:
    s = position(["KC 2C", "QS"], [[("5H", "9C"), ("6H", None)]], turn=0)
    assert "blind 2" in legal(s) and "blind 1" not in legal(s)
    refused(s, "blind 1", "still covered")
    view = s.view(1)
    assert view["uncovered"] == ["2", None]


def test_a_blind_card_that_stands_takes_matching_cards() -> None:
    s = position(["6C 6D KC", "QS"], [[("6H", "9C"), ("7S", None)]], pile="8H", turn=0)
    s.play("blind 2")  # the 7♠: under the 8, it stands; no 7 to add, so the turn passes
    assert s.top == 7 and s.to_move == 1 and s.phase() == "play"
    s2 = position(["6C 6D KC", "QS"], [[("6H", "9C"), ("6S", None)]], pile="8H", turn=0)
    s2.play("blind 2")
    assert set(legal(s2)) == {"add 6C", "add 6D", "add 6C 6D", "done"}
    refused(s2, "play KC", "add matching cards")
    s2.play("add 6C 6D")
    assert s2.count == 3 and s2.to_move == 1


def test_a_blind_card_making_four_sweeps() -> None:
    s = position(["KC", "QS"], [[("6S", None)]], pile="6H 6D 6C", turn=0)
    s.play("blind 1")
    assert s.pile == [] and s.to_move == 0


def test_a_blind_card_that_cannot_go_is_picked_up_with_the_pile() -> None:
    s = position(["KC", "QS"], [[("QH", None)]], pile="5H", turn=0)
    assert set(legal(s)) == {"blind 1", "pickup"}
    s.play("blind 1")
    assert sorted(C.codes(s.hands[0])) == ["5H", "KC", "QH"]
    assert s.pile == [] and s.to_move == 1
    zone = next(z for z in s.view(1)["layout"]["zones"] if z["key"] == "hand/0")
    assert sorted(zone["known"]) == ["5H", "QH"]


def test_a_blind_card_may_lead() -> None:
    s = position(["", "QS"], [[("9S", None), ("3S", None)]], turn=0)
    assert legal(s) == ["blind 1", "blind 2"]
    s.play("blind 2")
    assert s.top == 3 and s.to_move == 1


# ---- face-up cards ----------------------------------------------------------------------------------


def test_face_up_cards_play_any_time_and_uncover_their_blind() -> None:
    s = position(["9D 3C", "QS"], [[("5H", "9C"), ("6H", "4S")]], turn=0)
    assert {"play up 9C", "play 9D up 9C", "play up 4S"} <= set(legal(s))
    s.play("play 9D up 9C")
    assert s.uncovered(0) == [1]


def test_option_face_up_cards_only_after_the_hand() -> None:
    s = position(["9D 3C", "QS"], [[("5H", "9C"), ("6H", "4S")]], turn=0, face_up_timing="after_hand_empty")
    assert legal(s) == ["play 9D", "play 3C"]
    refused(s, "play up 9C", "only once your hand is empty")
    t = position(["", "QS"], [[("5H", "9C"), ("6H", "4S")]], turn=0, face_up_timing="after_hand_empty")
    assert legal(t) == ["play up 9C", "play up 4S"]


# ---- going out, scoring and the end ---------------------------------------------------------------


def test_T_SW_1_points_left() -> None:
    assert points_left(C.cards("KS TH AD 7C 3H 9S")) == 10 + 25 + 1 + 7 + 3 + 9 == 55
    s = position(["5C", "KS TH AD"], [[], [("3H", "7C"), ("9S", None)]], turn=0)
    s.play("play 5C")
    row = s.sheet.rows[0]
    assert row.points == [0, 55]
    assert row.details == ["out", "3 in hand, 1 face up, 2 blind"]


def test_the_first_out_wins_the_round_at_once_and_deals_next() -> None:
    s = position(["KC", "KS", "QS 3C"], [[], [], [("4C", "5C")]], pile="KH", turn=1)
    s.play("play KS")  # seat 1's last card
    assert s.deal_no == 2
    assert s.sheet.rows[0].points == [10, 0, 10 + 3 + 4 + 5]
    assert s.dealer == 1 and s.to_move == 2


def test_G_SW_8_out_on_a_sweep_no_lead_again() -> None:
    s = position(["9C 9D", "KS", "QS"], pile="9H 9S", turn=0)
    s.play("play 9C 9D")
    assert s.deal_no == 2 and s.sheet.rows[0].points == [0, 10, 10]
    assert s.dealer == 0 and s.to_move == 1  # the winner deals; his left leads


def test_T_SW_5_the_game_ends_at_300_and_low_wins() -> None:
    s = position(["5C", "KS QS JS 9S 2S AS"], turn=0)
    s.sheet.add("Earlier", [100, 290])
    s.play("play 5C")
    assert s.is_over and s.sheet.totals == [100, 332]
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert "lowest total" in s.outcome.reason


def test_option_target() -> None:
    s = position(["5C", "KS"], turn=0, target=50)
    s.sheet.add("Earlier", [0, 45])
    s.play("play 5C")
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0,)


def test_ties_for_lowest_share_the_win() -> None:
    s = position(["5C", "KS", "KH"], turn=0)
    s.sheet.add("Earlier", [10, 300, 0])
    s.play("play 5C")
    assert s.outcome is not None and s.outcome.winners == (0, 2)


def test_a_golden_match_replays_to_its_sheet() -> None:
    s = golden_match("sweep_heuristic")
    assert s.is_over and s.outcome is not None
    assert len(s.moves) == 827 and s.deal_no == 13
    assert s.sheet.totals == [265, 297, 266, 313] and s.outcome.winners == (0,)
    assert s.outcome.reason == "West reached 313; the lowest total (265) wins."


def test_the_terminal_draws_face_up_cards_on_their_blind_cards() -> None:
    from gamenight.cli.render import zone_pieces_text

    s = position(["KC", "QS"], [[("5H", "9C"), ("6H", None), ("7H", "JD")]], turn=0)
    zone = next(z for z in s.view(1)["layout"]["zones"] if z["key"] == "table/0")
    assert zone["stacks"] == [2, 1, 2]
    assert zone_pieces_text(zone).plain == "9♣/▒▒ ▒▒ J♦/▒▒"
