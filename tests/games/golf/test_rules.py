"""Golf (seed 000 p.13; ``shared/rules/metzker-book.md`` §12): a stacked-deck scenario per rule
clause and option, the worked cases T-GO-1..6, the corners only their owner sees (in the view and
through ``sample``), and the golden match.

Grids are written as the deal lays them: eight codes, places 1–4 the top row and 5–8 the bottom
row; with a stacked deck seat 0 deals and seat 1 plays first."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C
from gamenight.games.golf import (
    CORNERS,
    MINUS10,
    RANK,
    VALUE,
    ZERO,
    Golf,
    column_score,
    decks_for,
    grid_score,
)
from tests.helpers import deal_deck, golden_match, golden_record, run_down_stock, set_position

GAME = "golf"
#: grids worth 12, 25 and 25 (T-GO-6): kings, a pair of aces, no block
A12 = "KS KH KD KC 2S 3S 7S KS"
B25 = "QS 8S KH 3S 3H KD KC AS"
C25 = "JS 8H KH 3D 3C KD KC AH"
#: the upcard, then the top of the stock
REST = "4C 9D 9H 9S 9C 6D 6H 6S 6C"


def new(grids: list[str], rest: str = REST, **options: object) -> Golf:
    s = gamenight.new(GAME, players=len(grids), seed=7, deck=deal_deck(grids, rest), options=options)
    return cast(Golf, s)


def grid(text: str) -> list[int]:
    return [C.card(c) for c in text.split()]


def zone(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(z for z in view["layout"]["zones"] if z["key"] == key)


def entries(s: Golf, deal: int) -> list[tuple[object, object, int, str]]:
    return [(e.payer, e.payee, e.amount, e.why) for e in s.ledger.entries if e.deal == deal]


# ---- scoring: the worked cases ------------------------------------------------------------------


@pytest.mark.parametrize(("case", "cards", "pair_match", "joker_pair", "score"), [
    ("T-GO-1", "KS 5S QS JK 3S 5H 7H 9S", RANK, MINUS10, 17),
    ("T-GO-2", "8S 8H AS 2S 8D 8C TS JS", RANK, MINUS10, 13),
    ("T-GO-3", "JK JK 4S 4H JK JK 6S KS", RANK, MINUS10, -36),
    ("T-GO-4", "QS 3S 3H AS JS 3D 3C AH", RANK, MINUS10, 10),
    ("T-GO-4 same value", "QS 3S 3H AS JS 3D 3C AH", VALUE, MINUS10, -10),
    ("T-GO-5", "JK 9S 9H 4S JK 6S 6H 4H", RANK, MINUS10, 20),
    ("T-GO-5 jokers pair", "JK 9S 9H 4S JK 6S 6H 4H", RANK, ZERO, 30),
])
def test_worked_scoring_cases(case: str, cards: str, pair_match: str, joker_pair: str, score: int) -> None:
    assert grid_score(grid(cards), pair_match, joker_pair) == score, case


def test_card_values_kings_red_sevens_jokers_faces_and_aces() -> None:
    # a column of two different cards counts both: K 0, red 7 0, joker −5, Q J 10 10, 9..2 face, A 1
    assert column_score(C.card("KS"), C.card("7H")) == 0
    assert column_score(C.card("7D"), C.card("JK")) == -5
    assert column_score(C.card("7C"), C.card("AS")) == 8
    assert column_score(C.card("QS"), C.card("2H")) == 12
    assert column_score(C.card("TS"), C.card("9H")) == 19


def test_a_pair_is_same_rank_a_red_seven_with_a_black_one_too() -> None:
    assert column_score(C.card("9S"), C.card("9H")) == 0
    assert column_score(C.card("7H"), C.card("7C")) == 0  # G-GO-8
    assert column_score(C.card("QS"), C.card("JS")) == 20  # G-GO-3: no pair by rank
    assert column_score(C.card("QS"), C.card("JS"), VALUE) == 0  # ... but by value


def test_blocks_do_not_share_cards_and_the_lowest_way_counts() -> None:
    assert grid_score(grid("8S 8H 8D 8C 8S 8H 8D 8C")) == -20  # eight of a rank: two blocks
    assert grid_score(grid("KS KH 5S 5H KD KC 5D 5C")) == -20  # a block of kings and one of fives
    # three pair columns of one rank side by side: one block and one pair
    assert grid_score(grid("6S 6H 6D 2S 6C 6S 6H 3S")) == -10 + 0 + 5
    assert grid_score(grid("JK JK JK JK JK JK JK JK")) == -100


# ---- the deal and what each seat sees -------------------------------------------------------------


def test_deal_eight_face_down_in_two_rows_the_upcard_and_who_starts() -> None:
    s = new([A12, B25, C25])
    assert s.grids[1] == grid(B25) and s.up[1] == [False] * 8
    assert C.CODE_OF[s.discards[-1]] == "4C"
    assert s.to_move == 1  # left of the dealer
    assert s.decks == 3 and len(s.deck_template()) == 162
    assert decks_for(6) == 3 and decks_for(7) == 4 and decks_for(2, "4") == 4


def test_the_owner_alone_sees_his_two_bottom_corners_where_they_lie() -> None:
    s = new([A12, B25, C25])
    own = zone(s.view(1), "grid/1")
    assert own["pieces"] == [None, None, None, None, "3H", None, None, "AS"]
    assert own["peeked"] == list(CORNERS) and own["show"] == "grid" and own["columns"] == 4
    assert s.view(1)["my_corners"] == ["3H", "AS"]
    for seat in (0, 2, None):
        other = zone(s.view(seat), "grid/1")
        assert other["pieces"] == [None] * 8 and "peeked" not in other and "known" not in other
    assert s.view(0)["grids"][1] == [None] * 8


def test_sample_keeps_the_owners_corners_and_a_redeal_for_another_seat_never_reveals_them() -> None:
    s = new([A12, B25, C25])
    rng = random.Random(3)
    before = [list(g) for g in s.grids]
    moved = 0
    for _ in range(30):
        mine = cast(Golf, s.sample(1, rng))
        assert [mine.grids[1][i] for i in CORNERS] == [s.grids[1][i] for i in CORNERS]
        assert mine.view(1) == s.view(1)
        theirs = cast(Golf, s.sample(0, rng))
        assert zone(theirs.view(0), "grid/1")["pieces"] == [None] * 8  # never revealed to seat 0
        assert theirs.view(0) == s.view(0)
        # in seat 0's redeal, seat 1 knows whatever lies in his corners: the view says so, in place
        corners = [C.CODE_OF[theirs.grids[1][i]] for i in CORNERS]
        assert zone(theirs.view(1), "grid/1")["pieces"][4::3] == corners
        moved += corners != ["3H", "AS"]
    assert moved  # seat 0 cannot know them, so its redeals vary them
    assert s.grids == before  # the real game is untouched, the owner's corners with it


def test_a_corner_turned_up_is_seen_by_everyone_and_no_longer_peeked() -> None:
    s = new([A12, B25, C25])
    s.play("draw")
    s.play("flip 5")
    assert zone(s.view(0), "grid/1")["pieces"][4] == "3H"
    assert zone(s.view(1), "grid/1")["peeked"] == [7]
    assert s.view(1)["my_corners"] == ["AS"]


# ---- the turn -------------------------------------------------------------------------------------


def test_draw_from_the_stock_then_exchange_puts_it_face_up_and_discards_the_old_card() -> None:
    s = new([A12, B25, C25])
    assert sorted(map(str, s.legal_moves())) == ["draw", "knock", "take 4C"]
    s.play("draw")
    assert C.codes(s.hands[1]) == ["9D"] and s.view(1)["hand"] == ["9D"] and s.view(0)["hand"] == []
    s.play("exchange 1")
    assert C.CODE_OF[s.grids[1][0]] == "9D" and s.up[1][0]
    assert C.CODE_OF[s.discards[-1]] == "QS"  # face up on the pile
    assert s.to_move == 2


def test_a_card_taken_from_the_pile_must_be_exchanged() -> None:
    s = new([A12, B25, C25])
    s.play("take 4C")
    assert not [m for m in s.legal_moves() if m.verb == "flip"]  # G-GO-5
    with pytest.raises(IllegalMove, match="must be exchanged"):
        s.play("flip 2")
    s.play("exchange 8")  # a corner he knew: now face up
    assert C.CODE_OF[s.discards[-1]] == "AS" and s.up[1][7]


def test_a_face_up_card_may_be_exchanged_again() -> None:
    s = new([A12, B25, C25])
    s.play("draw"); s.play("exchange 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw")
    s.play("exchange 1")  # seat 1's card 1 is face up already
    assert C.CODE_OF[s.discards[-1]] == "9D" and C.CODE_OF[s.grids[1][0]] == "9C"


def test_discarding_the_card_drawn_turns_one_face_down_card_up() -> None:
    s = new([A12, B25, C25])
    s.play("draw")
    s.play("flip 2")
    assert s.up[1] == [False, True] + [False] * 6 and C.CODE_OF[s.discards[-1]] == "9D"
    s.play("draw"); s.play("flip 3")  # noqa: E702
    s.play("draw"); s.play("flip 3")  # noqa: E702
    s.play("draw")
    with pytest.raises(IllegalMove, match="face up already"):
        s.play("flip 2")
    with pytest.raises(IllegalMove, match="Name one of your cards"):
        s.play("flip 9")


def test_the_stock_is_remade_from_the_pile_but_its_top_card() -> None:
    s = new([A12, B25, C25])
    s.play("draw")
    run_down_stock(s)  # the stock runs out (every card still lies somewhere)
    pile = len(s.discards)
    s.play("flip 1")  # the next turn begins with an empty stock
    assert any(e.kind == "restock" for e in s.events)
    assert [C.CODE_OF[c] for c in s.discards] == ["9D"] and len(s.stock) == pile
    s.play("draw")


# ---- knocking and the last turns ------------------------------------------------------------------


def test_a_knock_instead_of_drawing_gives_everyone_else_one_turn_then_the_hole_is_scored() -> None:
    s = new([A12, B25, C25])
    s.play("knock")
    assert s.knocker == 1 and s.to_move == 2
    assert "knock" not in map(str, s.legal_moves())  # G-GO-7: nobody knocks now
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    # G-GO-9: the knocker has no turn after theirs: the hole is over, hole 2 dealt
    assert s.deal_no == 2 and s.hole_scores == [[12, 25, 25]]
    assert s.totals == [12, 25, 25]


def test_knocking_after_your_action_option() -> None:
    s = new([A12, B25, C25], knock_timing="after_action")
    assert "knock" not in map(str, s.legal_moves())
    s.play("draw")
    assert "flip 2 knock" in map(str, s.legal_moves()) and "exchange 2 knock" in map(str, s.legal_moves())
    s.play("flip 2 knock")
    assert s.knocker == 1 and s.up[1][1] and s.to_move == 2
    s.play("draw")
    assert not [m for m in s.legal_moves() if m.flag]
    s.play("flip 1")
    s.play("draw"); s.play("flip 1")  # noqa: E702
    assert s.deal_no == 2


def test_knocking_at_the_start_is_refused_with_after_action_and_vice_versa() -> None:
    s = new([A12, B25, C25], knock_timing="after_action")
    with pytest.raises(IllegalMove, match="end of your turn"):
        s.play("knock")
    t = new([A12, B25, C25])
    t.play("draw")
    with pytest.raises(IllegalMove):
        t.play("flip 2 knock")


def test_an_eighth_card_face_up_gives_everyone_else_one_more_turn() -> None:
    s = new([A12, B25, C25], rest=REST + " 5S 5H 5D 5C 5S 5H 5D 5C 4S 4H 4D 4S 4H 4D 2D 2H 2C 2D 2H 2C")
    seat1 = 0
    while seat1 < 7:  # seat 1 turns up seven cards; the others flip too
        s.play("draw"); s.play(f"flip {seat1 + 1}")  # noqa: E702
        s.play("draw"); s.play(f"flip {seat1 + 1}")  # noqa: E702
        s.play("draw"); s.play(f"flip {seat1 + 1}")  # noqa: E702
        seat1 += 1
    assert s.to_move == 1 and s.ender is None
    s.play("draw"); s.play("flip 8")  # noqa: E702
    assert s.ender == 1 and s.knocker is None
    assert any(e.kind == "all_up" for e in s.events)
    assert "knock" not in map(str, s.legal_moves())
    s.play("draw"); s.play("flip 8")  # noqa: E702  seat 2 turns its eighth: nothing more starts
    s.play("draw"); s.play("exchange 8")  # noqa: E702
    assert s.deal_no == 2


# ---- money ----------------------------------------------------------------------------------------


def test_t_go_6_the_highest_pays_and_a_knocker_who_is_highest_pays_double() -> None:
    s = new([A12, B25, C25])
    assert s.ledger.pot() == 75 and all(e[3] == "the ante" for e in entries(s, 1))
    s.play("knock")
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    paid = [(e[0], e[2], e[3]) for e in entries(s, 1)[3:]]
    assert paid == [(1, 50, "knocked and had the highest score, 25, so pays double"),
                    (2, 25, "highest score of hole 1, 25")]
    assert s.ledger.pot() == 150
    row = s.score_sheet.rows[0]
    assert row.points == [-25, -75, -50]
    assert row.details == ["12 (total 12)", "25 (total 25)", "25 (total 25)"]
    money = s.view(0)["money"]
    assert money["pots"][0]["text"] == "$1.50"
    assert "Player 2 pays $0.50 into the pot: knocked and had the highest score, 25, so pays double" \
        in money["payments"]


def test_after_the_last_hole_the_lowest_total_takes_the_pot_and_wins() -> None:
    s = new([A12, B25, C25])
    set_position(s, extra={"holes": 1})
    s.play("knock")
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    assert s.is_over and s.outcome is not None
    assert s.ledger.pot() == 0 and s.ledger.purses == (125, -75, -50)
    assert s.outcome.winners == (0,) and s.outcome.scores == (125, -75, -50)
    assert s.score_sheet.unit == "cents" and s.score_sheet.totals == [125, -75, -50]
    assert "lowest total" in s.outcome.reason


def test_equal_lowest_totals_share_the_pot() -> None:
    s = new([A12, "2D 5D 9D AD QD 5C 9C AC", C25])
    set_position(s, extra={"holes": 1})
    s.play("knock")
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    assert s.outcome is not None and s.outcome.winners == (0, 1)
    # pot: 75 ante + 25 from seat 2 = $1.00, $0.50 each
    assert s.ledger.purses == (25, 25, -50)


def test_per_round_settlement_antes_every_hole_and_the_lowest_of_the_hole_takes_it() -> None:
    s = new([A12, B25, C25], settlement="per_round")
    s.play("knock")
    s.play("draw"); s.play("flip 1")  # noqa: E702
    s.play("draw"); s.play("flip 1")  # noqa: E702
    assert s.ledger.pot(), "hole 2's ante is in"
    hole1 = entries(s, 1)
    assert hole1[-1] == ("pot", 0, 150, "the lowest score of hole 1")
    assert [e for e in entries(s, 2) if "ante for hole 2" in e[3]]
    assert s.score_sheet.rows[0].points == [125, -75, -50]


def test_eighteen_holes_option() -> None:
    s = new([A12, B25, C25], rounds="18")
    assert s.holes == 18 and s.view(0)["hole_of"] == [1, 18]


def test_joker_pair_and_same_value_options_reach_the_score() -> None:
    jokers = "JK 9S 9H 4S JK 6S 6H 4H"
    s = new([jokers, B25, C25], joker_pair="zero")
    assert s.score_of(0) == 30
    t = new(["QS 3S 3H AS JS 3D 3C AH", B25, C25], pair_match="value")
    assert t.score_of(0) == -10


def test_decks_option() -> None:
    s = new([A12, B25, C25], decks="4")
    assert s.decks == 4 and len(s.deck_template()) == 216


# ---- the golden match -----------------------------------------------------------------------------


def test_golden_match() -> None:
    s = golden_match("golf_heuristic")
    record = golden_record("golf_heuristic")
    assert s.outcome is not None and s.outcome.to_json() == record["outcome"]
    assert s.outcome.scores == (-125, -125, -75, 325) and s.outcome.winners == (3,)
    assert len(s.score_sheet.rows) == 9
    assert sum(s.outcome.scores) == 0  # money only changes hands
