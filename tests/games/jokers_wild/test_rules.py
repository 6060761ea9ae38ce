"""Jokers Wild (metzker-book §22, code JW): a stacked-deck scenario per rule clause and option, the
worked cases T-JW-1..7 by number, and a golden match."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.games.jokers_wild import CASTLE, EMPTY, ENTRANCE, HOME, OUT_HOLE, JokersWild
from tests.helpers import deal_deck, golden_match, run_down_stock, set_position

#: the other seats' hands (threes and fours: a test's own hand takes no more than one of these)
FILLERS = ["3C 3D 3H 3S 4C", "4D 4H 4S 3C 3D", "3H 3S 4C 4D 4H"]


def new(hand: str, *, players: int = 4, rest: str = "", **options: Any) -> JokersWild:
    """Seat 0 holds ``hand`` (five cards) and plays first; the others hold threes and fours."""
    hands = [hand, *FILLERS[:players - 1]]
    s = gamenight.new("jokers-wild", deck=deal_deck(hands, rest), players=players, options=options)
    assert isinstance(s, JokersWild)
    return set_position(s, turn=0)


def hole(b: int, where: int | str) -> int:
    return CASTLE[b][int(where[1:]) - 1] if isinstance(where, str) else where


def put(s: JokersWild, b: int, *where: int | str) -> None:
    """Board seat ``b``'s marbles on these holes (``"C2"``: its Castle), the rest in Home."""
    holes = [EMPTY if side == b else side for side in s.holes]
    for w in where:
        holes[hole(b, w)] = b
    for h in HOME[b][:s.rules.marbles - len(where)]:
        holes[h] = b
    set_position(s, extra={"holes": holes})


def at(s: JokersWild, b: int) -> list[int | str]:
    """Where board seat ``b``'s marbles are out of Home (Castle holes as C1..C5)."""
    out: list[int | str] = [h for h in range(72) if s.holes[h] == b]
    out += [f"C{i + 1}" for i, h in enumerate(CASTLE[b]) if s.holes[h] == b]
    return out


def home(s: JokersWild, b: int) -> int:
    return sum(1 for h in HOME[b] if s.holes[h] == b)


def moves(s: JokersWild) -> list[str]:
    return [str(m) for m in s.legal_moves(s.turn)]


# ---- equipment, setup and the deal -----------------------------------------------------------

def test_board_geometry_come_out_8th_hole_entrance_3rd_home_and_castle_of_five() -> None:
    assert OUT_HOLE == (8, 26, 44, 62)
    assert ENTRANCE == (3, 21, 39, 57)
    assert all(len(HOME[b]) == 5 and len(CASTLE[b]) == 5 for b in range(4))


def test_setup_three_decks_with_jokers_five_cards_each_all_marbles_home() -> None:
    s = gamenight.new("jokers-wild", players=4, seed=1)
    assert isinstance(s, JokersWild)
    assert len(s.deck_template()) == 162 and s.deck_template().count(52) == 6
    assert all(len(h) == 5 for h in s.hands) and len(s.stock) == 162 - 20
    assert all(home(s, b) == 5 for b in range(4))
    assert s.turn == (s.dealer + 1) % 4


def test_option_decks_four_and_marbles_three() -> None:
    s = gamenight.new("jokers-wild", players=2, seed=1, options={"decks": 4, "marbles": 3})
    assert isinstance(s, JokersWild)
    assert len(s.deck_template()) == 216
    assert s.bseat == [0, 2]  # G-JW-7: two players at the first and third sides
    assert home(s, 0) == 3 and home(s, 2) == 3 and home(s, 1) == 0


# ---- the worked cases T-JW-1..7 -------------------------------------------------------------------

def test_T_JW_1_a_king_brings_a_marble_out_to_8_and_a_5_has_no_move() -> None:
    s = new("KH 5H 5S 5D 5C")
    assert moves(s) == ["out KH"]
    s.play("out KH", 0)
    assert at(s, 0) == [8] and home(s, 0) == 4
    assert len(s.hands[0]) == 5  # drew back to five


def test_T_JW_2_an_8_goes_back_to_22_but_not_past_an_own_marble() -> None:
    s = new("8H 2D 2S 2H 2C")
    put(s, 0, 30)
    s.play("move 8H 30", 0)
    assert at(s, 0) == [22]
    s = new("8H 2D 2S 2H 2C")
    put(s, 0, 30, 25)
    with pytest.raises(IllegalMove, match="would pass your own marble on 25"):
        s.play("move 8H 30", 0)


def test_T_JW_3_a_7_split_3_and_4_and_a_blocked_part() -> None:
    s = new("7H 2D 2S 2H 2C")
    put(s, 0, 10, 40)
    s.play("split 7H 10 3 40 4", 0)
    assert at(s, 0) == [13, 44]
    s = new("7H 2D 2S 2H 2C")
    put(s, 0, 10, 40, 12)
    with pytest.raises(IllegalMove, match="First part: the marble on 10 would pass your own marble on 12"):
        s.play("split 7H 10 3 40 4", 0)
    s.play("split 7H 10 1 40 6", 0)
    assert at(s, 0) == [11, 12, 46]


def test_T_JW_4_a_joker_takes_an_opponents_hole_and_sends_it_home() -> None:
    s = new("JK 2D 2S 2H 2C")
    put(s, 0, 10)
    put(s, 1, 50)
    s.play("swap JK 10 50", 0)
    assert at(s, 0) == [50] and at(s, 1) == [] and home(s, 1) == 5


def test_T_JW_5_a_joker_onto_the_partner_sends_it_to_its_entrance_39_and_an_opponent_there_home() -> None:
    s = new("JK 2D 2S 2H 2C")
    put(s, 0, 10)
    put(s, 2, 60)
    put(s, 1, 39)
    s.play("swap JK 10 60", 0)
    assert at(s, 0) == [60] and at(s, 2) == [39] and home(s, 1) == 5


def test_T_JW_6_from_70_a_6_to_C1_a_10_to_C5_and_a_queen_past_a_full_C5_round_to_8() -> None:
    s = new("6H 2D 2S 2H 2C")
    put(s, 0, 70)
    s.play("move 6H 70", 0)
    assert at(s, 0) == ["C1"]
    s = new("TH 2D 2S 2H 2C")
    put(s, 0, 70)
    s.play("move TH 70", 0)
    assert at(s, 0) == ["C5"]
    s = new("QH 2D 2S 2H 2C")
    put(s, 0, 70, "C5")
    s.play("move QH 70", 0)
    assert at(s, 0) == [8, "C5"]


def test_T_JW_7_a_7_finishes_with_2_and_moves_the_partner_5_or_wastes_it() -> None:
    s = new("7H 2D 2S 2H 2C")
    put(s, 0, 2, "C2", "C3", "C4", "C5")
    put(s, 2, 50)
    assert "split 7H 2 2" not in moves(s)
    with pytest.raises(IllegalMove, match="must move a partner's marble"):
        s.play("split 7H 2 2", 0)
    s.play("split 7H 2 2 50 5", 0)
    assert at(s, 0) == ["C1", "C2", "C3", "C4", "C5"] and at(s, 2) == [55]
    s = new("7H 2D 2S 2H 2C")
    put(s, 0, 2, "C2", "C3", "C4", "C5")  # the partner's marbles all in Home: none can move
    assert "split 7H 2 2" in moves(s)
    s.play("split 7H 2 2", 0)
    assert at(s, 0) == ["C1", "C2", "C3", "C4", "C5"]
    assert "the other 5 are lost" in s.last_play


# ---- clauses ------------------------------------------------------------------------------------

def test_ace_moves_one_or_brings_out_and_faces_move_ten() -> None:
    s = new("AH JD 2D 2S 2H")
    put(s, 0, 20)
    assert set(moves(s)) == {"out AH", "move AH 20", "out JD", "move JD 20", "move 2D 20", "move 2H 20",
                             "move 2S 20"}
    s.play("move JD 20", 0)
    assert at(s, 0) == [30]


def test_come_out_onto_an_opponent_sends_it_home_onto_your_own_side_is_illegal() -> None:
    s = new("KH 2D 2S 2H 2C")
    put(s, 3, 8)
    s.play("out KH", 0)
    assert at(s, 0) == [8] and home(s, 3) == 5
    s = new("KH 2D 2S 2H 2C")
    put(s, 2, 8)
    with pytest.raises(IllegalMove, match="come-out hole 8 holds a marble of your side"):
        s.play("out KH", 0)


def test_passing_opponents_is_free_landing_on_one_sends_it_home() -> None:
    s = new("5H 2D 2S 2H 2C")
    put(s, 0, 20)
    put(s, 1, 22, 25)
    s.play("move 5H 20", 0)
    assert at(s, 0) == [25] and at(s, 1) == [22] and home(s, 1) == 4


def test_never_pass_a_partner_nor_land_on_one_by_a_normal_move() -> None:
    s = new("5H 3D 2D 2S 2H")
    put(s, 0, 20)
    put(s, 2, 25)
    with pytest.raises(IllegalMove, match="would land on your partner's marble on 25"):
        s.play("move 5H 20", 0)
    s.play("move 3D 20", 0)
    s = new("7H 2D 2S 2H 2C")
    put(s, 0, 20)
    put(s, 2, 25)
    with pytest.raises(IllegalMove, match="would pass your partner's marble on 25"):
        s.play("move 7H 20", 0)


def test_option_land_on_partner_sends_it_to_its_entrance() -> None:
    s = new("5H 2D 2S 2H 2C", land_on_partner_sends_to_entrance=True)
    put(s, 0, 20)
    put(s, 2, 25)
    s.play("move 5H 20", 0)
    assert at(s, 0) == [25] and at(s, 2) == [39]


def test_G_JW_9_a_joker_onto_a_partner_whose_entrance_holds_your_side_is_illegal() -> None:
    s = new("JK 2D 2S 2H 2C")
    put(s, 0, 10, 39)
    put(s, 2, 60)
    with pytest.raises(IllegalMove, match="Castle entrance 39, and a marble of your side is there"):
        s.play("swap JK 10 60", 0)


def test_G_JW_6_the_jokers_marble_must_be_out_and_targets_only_the_loop() -> None:
    s = new("JK 2D 2S 2H 2C")
    put(s, 0, "C1")
    put(s, 1, 50)
    assert not any(m.startswith("swap") for m in moves(s))
    with pytest.raises(IllegalMove, match="out on the loop"):
        s.play(f"swap JK {CASTLE[0][0]} 50", 0)
    s = new("JK 2D 2S 2H 2C")
    put(s, 0, 10)
    put(s, 1, "C1")
    with pytest.raises(IllegalMove, match="another marble on the loop"):
        s.play(f"swap JK 10 {CASTLE[1][0]}", 0)


def test_castle_entry_needs_the_exact_count_and_marbles_move_further_in() -> None:
    s = new("2H 3D 2D 2S 2C")
    put(s, 0, "C1", "C3")
    assert "move 3D " + str(CASTLE[0][0]) not in moves(s)  # would pass C3
    with pytest.raises(IllegalMove, match="pass or land on your own marble in the Castle"):
        s.play(f"move 3D {CASTLE[0][0]}", 0)
    s.play(f"move 2H {CASTLE[0][2]}", 0)
    assert at(s, 0) == ["C1", "C5"]


def test_option_must_wait_a_marble_may_not_pass_its_entrance_when_it_cannot_enter() -> None:
    s = new("QH 2D 2S 2H 2C", castle_overshoot="must_wait")
    put(s, 0, 70, "C5")
    with pytest.raises(IllegalMove, match="must wait"):
        s.play("move QH 70", 0)


def test_back_in_with_8_on_and_off() -> None:
    s = new("8H 4D 2D 2S 2H")
    put(s, 0, 8)
    s.play("move 8H 8", 0)
    assert at(s, 0) == [0]
    set_position(s, turn=0)
    s.play("move 4D 0", 0)
    assert at(s, 0) == ["C1"]
    s = new("8H 4D 2D 2S 2H", back_in_with_8=False)
    put(s, 0, 8)
    s.play("move 8H 8", 0)
    set_position(s, turn=0)
    s.play("move 4D 0", 0)
    assert at(s, 0) == [4]  # round the loop again first


def test_no_move_discard_one_card_and_draw_and_no_discard_while_a_move_exists() -> None:
    s = new("5H 5D 5S 5C 6H")
    assert set(moves(s)) == {"discard 5C", "discard 5D", "discard 5H", "discard 5S", "discard 6H"}
    s.play("discard 6H", 0)
    assert len(s.hands[0]) == 5 and s.discards[-1] == 4 + 13 * 2
    s = new("KH 5D 2D 2S 2H")
    with pytest.raises(IllegalMove, match="You have a move"):
        s.play("discard 5D", 0)


def test_G_JW_8_a_lone_joker_move_is_forced_unless_the_option() -> None:
    s = new("JK 5D 5S 5H 5C")
    put(s, 0, 10)
    put(s, 1, 50)
    put(s, 2, 12)  # the 5s would pass the partner
    assert all(m.startswith("swap") for m in moves(s))
    s = new("JK 5D 5S 5H 5C", joker_never_forced=True)
    put(s, 0, 10)
    put(s, 1, 50)
    put(s, 2, 12)
    assert "discard 5D" in moves(s) and "swap JK 10 50" in moves(s)


def test_option_nine_split_forward_then_back() -> None:
    s = new("9H 2D 2S 2H 2C", nine_split=True)
    put(s, 0, 10, 40)
    assert "split 9H 10 5 40 4" in moves(s)
    s.play("split 9H 10 5 40 4", 0)
    assert at(s, 0) == [15, 36]
    s = new("9H 2D 2S 2H 2C")
    put(s, 0, 10, 40)
    with pytest.raises(IllegalMove, match="Only a 7"):
        s.play("split 9H 10 5 40 4", 0)


def test_helping_the_partner_after_finishing_brings_its_marbles_out_and_moves_them() -> None:
    s = new("KH 2D 2S 2H 2C")
    put(s, 0, "C1", "C2", "C3", "C4", "C5")
    s.play("out KH", 0)
    assert at(s, 2) == [44] and home(s, 2) == 4
    assert s.view(0)["helping"] == ["North moves South's marbles"]


def test_the_side_with_all_ten_marbles_in_its_castles_wins() -> None:
    s = new("5H 2D 2S 2H 2C")
    put(s, 0, "C1", "C2", "C3", "C4", "C5")
    put(s, 2, 35, "C2", "C3", "C4", "C5")
    s.play("move 5H 35", 0)
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0, 2)
    assert s.score_sheet.totals[0] == 10


def test_two_players_first_to_five_wins() -> None:
    s = new("3H 2D 2S 2H 2C", players=2)
    put(s, 0, 2, "C2", "C3", "C4", "C5")
    s.play("move 2H 2", 0)
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0,)


def test_refusals_say_why() -> None:
    s = new("5H 7D JK 2D 2S")
    put(s, 0, 20, 30)
    for text, why in [("move 5H 21", "no marble on 21"), ("move 9S 20", "do not hold"),
                      ("out 5H", "only an ace or a face card"), ("swap 5H 20 30", "only a joker"),
                      ("move JK 20", "a joker swaps"), ("split 5H 20 2 30 3", "only a 7"),
                      ("split 7D 20 3 30 3", "add up to 7"), ("split 7D 20 3", "must move another marble"),
                      ("split 7D 20 3 20 4", "another marble")]:
        with pytest.raises(IllegalMove, match=f"(?i){why}"):
            s.play(text, 0)


def test_typed_shorthands_card_first_and_castle_holes() -> None:
    s = new("5H 7D KH 2D 2S")
    put(s, 0, 20, 30, "C1")
    s.play("5H 20", 0)
    assert at(s, 0) == [25, 30, "C1"]
    set_position(s, turn=0)
    s.play("7D 25 3 30 4", 0)
    assert at(s, 0) == [28, 34, "C1"]
    set_position(s, turn=0)
    s.play("2D c1", 0)
    assert at(s, 0) == [28, 34, "C3"]
    set_position(s, turn=0)
    s.play("KH out", 0)
    assert 8 in at(s, 0)


def test_view_draws_the_track_and_offers_each_marbles_moves() -> None:
    s = new("5H KH 2D 2S 2H")
    put(s, 0, 20)
    track = s.view(0)["track"]
    assert track["loop"] == 72 and len(track["seats"]) == 4
    mine = {m["hole"]: m for m in track["marbles"] if m["side"] == 0}
    assert {x["move"] for x in mine[20]["moves"]} == {"move 5H 20", "move KH 20", "move 2D 20", "move 2S 20",
                                                      "move 2H 20"}
    assert {x["label"] for x in mine[20]["moves"]} >= {"5♥: to 25"}
    assert [x["move"] for x in mine[HOME[0][0]]["moves"]] == ["out KH"]
    assert all(not m["moves"] for m in s.view(1)["track"]["marbles"])


def test_hidden_hands_are_redealt_by_sampling() -> None:
    s = gamenight.new("jokers-wild", players=4, seed=3)
    t = s.sample(0, random.Random(1))
    assert isinstance(s, JokersWild) and isinstance(t, JokersWild)
    assert t.hands[0] == s.hands[0] and t.holes == s.holes


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("jokers_wild_heuristic")
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == GOLDEN_WINNERS
    assert s.score_sheet.totals == GOLDEN_TOTALS


GOLDEN_WINNERS: tuple[int, ...] = (1, 3)
GOLDEN_TOTALS: list[int] = [7, 10]


def test_track_board_knows_each_castle_holes_place_and_the_homes() -> None:
    from gamenight.equipment.boards import JOKERS_WILD
    assert [JOKERS_WILD.finish_index[h] for h in CASTLE[2]] == [0, 1, 2, 3, 4]
    assert JOKERS_WILD.finish_index[5] == -1 and JOKERS_WILD.finish_index[HOME[1][0]] == -1
    assert all(JOKERS_WILD.is_start[h] for h in HOME[3]) and not JOKERS_WILD.is_start[CASTLE[3][0]]


def test_an_8_never_moves_a_marble_in_the_castle_and_a_joker_never_takes_your_own() -> None:
    s = new("8H JK 2D 2S 2H")
    put(s, 0, "C1", 10, 20)
    with pytest.raises(IllegalMove, match="nly a marble on the loop moves backward"):
        s.play(f"move 8H {CASTLE[0][0]}", 0)
    with pytest.raises(IllegalMove, match="not one of your own"):
        s.play("swap JK 10 20", 0)


def test_the_discards_are_shuffled_into_a_new_draw_pile_when_it_runs_out() -> None:
    s = new("5H 5D 5S 5C 6H")
    run_down_stock(s, top_last=True)
    s.play("discard 6H", 0)
    assert len(s.hands[0]) == 5 and s.stock and any(e.kind == "reshuffle" for e in s.events)
