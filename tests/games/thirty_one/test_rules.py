"""Thirty One (seed 000 p.20, ``shared/rules/metzker-book.md`` §19): a stacked-deck scenario per
rule clause and option, the worked cases T-T31-1..6, and a golden match."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.equipment import cards as C
from gamenight.games.thirty_one import THIRTY_ONE2, TRIPS2, ThirtyOne, best_value2, half_text, hand_value2
from tests.helpers import deal_deck, golden_match, play_all, run_down_stock


def new(hands: list[str], rest: str = "", **options: Any) -> ThirtyOne:
    """Dealer seat 0, so seat 1 plays first; ``rest``: the upcard, then the stock from its top. The
    seed is fixed: the next round is dealt from it, and a 31 dealt there at random ended that round
    at once (a test reading the last round's losses then read the new one's)."""
    s = gamenight.new("thirty-one", deck=deal_deck(hands, rest), players=len(hands), options=options, seed=1)
    assert isinstance(s, ThirtyOne)
    return s


def value(codes: str) -> int:
    return hand_value2(C.cards(codes))


def purses(s: ThirtyOne) -> list[int]:
    return list(s.ledger.purses)


def set_quarters(s: ThirtyOne, seat: int, quarters: int) -> None:
    """Pay ``seat``'s quarters beyond ``quarters`` into the pot (a position later in a game)."""
    while s.quarters(seat) > quarters:
        s.pay_pot(seat, s.q, "lives lost earlier")


# ---- T-T31-1..4: what a hand counts ------------------------------------------------------------

@pytest.mark.parametrize(("codes", "doubled", "text"), [
    ("KH QH AH", 62, "31"),  # T-T31-1
    ("TS 9S 5D", 38, "19"),  # T-T31-2
    ("7C 7D 7H", 61, "30½"),  # T-T31-3: three of a kind, in half points
    ("AD KC QS", 22, "11"),  # T-T31-4: the ace counts 11 alone in its suit
    ("AS AH AD", 61, "30½"),  # three aces are three of a kind
    ("AS 2S 3S", 32, "16"),  # an ace with low cards counts 11 ("11 or 1": 11 is never worse)
    ("2C 3D 4H", 8, "4"),
])
def test_hand_counts(codes: str, doubled: int, text: str) -> None:
    assert value(codes) == doubled
    assert half_text(doubled) == text


def test_best_of_four_is_the_best_discard() -> None:
    assert best_value2(C.cards("KH QH AH 2C")) == THIRTY_ONE2
    assert best_value2(C.cards("7C 7D 7H KS")) == TRIPS2


# ---- the deal, the ante, the turn ------------------------------------------------------------

def test_deal_ante_and_lives() -> None:
    s = new(["2C 3C 4C", "5D 6D 7D", "8H 9H TH"], "KS")
    assert [len(h) for h in s.hands] == [3, 3, 3]
    assert C.codes(s.discards) == ["KS"]
    assert s.turn == 1  # left of the dealer
    assert s.ledger.pot() == 75 and purses(s) == [75, 75, 75]
    v = s.view(0)
    assert v["lives"] == [4, 4, 4]  # three quarters and the face
    assert v["lives_text"][0] == "3 + face"
    assert v["money"]["pots"][0]["text"] == "$0.75"
    assert "ante" in v["money"]["payments"][-1]
    assert s.sheet.rows[0].label == "Ante" and s.sheet.rows[0].points == [-25, -25, -25]


def test_draw_or_take_then_discard_not_the_card_taken() -> None:
    s = new(["2C 3C 4C", "5D 6D 7D", "8H 9H TH"], "KS QS")
    assert {str(m) for m in s.legal_moves(1)} == {"draw", "take KS"}
    s.play("take KS")
    assert "discard KS" not in {str(m) for m in s.legal_moves(1)}
    with pytest.raises(gamenight.IllegalMove, match="took from the discard pile"):
        s.play("discard KS")
    s.play("discard 5D")
    assert s.turn == 2 and C.codes(s.discards) == ["5D"]
    s.play("draw")
    assert C.CODE_OF[s.hands[2][-1]] == "QS"
    with pytest.raises(gamenight.IllegalMove, match="Nothing is melded"):
        s.play("meld 8H 9H TH")


def test_view_shows_the_hand_count_in_half_points() -> None:
    s = new(["2C 3C 4C", "7C 7D 7H", "8H 9H TH"], "KS")
    assert s.view(1)["hand_count"] == "30½"
    s.play("draw")
    assert s.view(1)["hand_count"] == "30½"  # the best three of four


# ---- knocking ----------------------------------------------------------------------------------

def test_knock_after_drawing_gives_everyone_one_more_turn() -> None:
    s = new(["KS QS 5S", "TH 9H 5D", "TC 9C 5H"], "2D 3D 4D 2C 3H")
    with pytest.raises(gamenight.IllegalMove, match="Draw first"):
        s.play("knock")
    s.play("draw")
    assert "knock 3D" in {str(m) for m in s.legal_moves(1)}
    s.play("knock 3D")
    assert s.knocker == 1 and s.turn == 2
    s.play("draw")
    assert not any(m.verb == "knock" for m in s.legal_moves(2))  # one knock a round
    with pytest.raises(gamenight.IllegalMove, match="knocked already"):
        s.play("knock 4D")
    play_all(s, ["discard 4D", "draw", "discard 2C"])
    # the knocker has no turn again: the showdown
    assert s.deal_no == 2


def test_t_t31_5_knocker_lowest_loses_two() -> None:
    """T-T31-5: A 25, B 19 (knocker), C 19 → B loses 2 lives, C 1; the pot gains 3 quarters."""
    s = new(["KS QS 5S", "TH 9H 5D", "TC 9C 5H"], "2D 3D 4D 2C 3H")
    pot = s.ledger.pot()
    play_all(s, ["draw", "knock 3D", "draw", "discard 4D", "draw", "discard 2C"])
    assert s.ledger.pot() == pot + 75
    assert purses(s) == [75, 25, 50]
    assert s.last_lost == [0, 2, 1]
    row = s.sheet.rows[-1]
    assert row.points == [0, -50, -25]
    assert row.details is not None and row.details[1] == "19, knocked, loses 2 lives"
    assert "Player 2 knocks" in row.label
    assert any("knocked and lowest with 19" in p for p in s.view(0)["money"]["payments"])


def test_knocker_who_is_not_lowest_loses_nothing() -> None:
    s = new(["2S 3D 4H", "KH QH 5H", "TC 9C 5D"], "2D 3C 4D 2C")
    play_all(s, ["draw", "knock 3C", "draw", "discard 4D", "draw", "discard 2C"])
    assert s.last_lost == [1, 0, 0]


def test_option_knock_instead_of_drawing() -> None:
    s = new(["KS QS 5S", "TH 9H 5D", "TC 9C 5H"], "2D 3D 4D", knock_timing="instead_of_draw")
    assert "knock" in {str(m) for m in s.legal_moves(1)}
    stock = len(s.stock)
    s.play("knock")
    assert s.knocker == 1 and s.turn == 2 and len(s.stock) == stock and len(s.hands[1]) == 3
    play_all(s, ["draw", "discard 3D", "draw", "discard 4D"])
    assert s.last_lost == [0, 2, 1]  # T-T31-5 under the usual timing
    s = new(["KS QS 5S", "TH 9H 5D", "TC 9C 5H"], "2D 3D 4D", knock_timing="instead_of_draw")
    s.play("draw")
    with pytest.raises(gamenight.IllegalMove, match="instead of drawing"):
        s.play("knock 3D")


def test_knock_on_the_first_turn_is_allowed() -> None:
    s = new(["KS QS 5S", "TH 9H 5D"], "2D 3D", knock_timing="instead_of_draw")
    assert s.legal_moves(1)[-1].verb == "knock"  # G-T31-7


# ---- 31 -----------------------------------------------------------------------------------

def test_31_after_the_discard_stops_play_and_the_lowest_loses() -> None:
    s = new(["2S 3D 4H", "KH QH 5C", "TC 9C 5D"], "2D AH")
    play_all(s, ["draw", "discard 5C"])
    assert s.deal_no == 2  # nobody had another turn
    assert s.last_counts[1] == THIRTY_ONE2
    assert s.last_lost == [1, 0, 0]
    assert "shows 31" in s.sheet.rows[-1].label


def test_option_on_31_everyone_else_loses() -> None:
    s = new(["2S 3D 4H", "KH QH 5C", "TC 9C 5D"], "2D AH", on_31="all_others_lose")
    play_all(s, ["draw", "discard 5C"])
    assert s.last_lost == [1, 0, 1]
    assert any("showed 31" in p for p in s.view(0)["money"]["payments"])


def test_dealt_31_is_shown_at_once_by_the_first_player() -> None:
    s = new(["2S 3D 4H", "KH QH AH", "TC 9C 5D"], "2D")
    assert s.deal_no == 2 and s.last_counts[1] == THIRTY_ONE2 and s.last_lost == [1, 0, 0]


def test_dealt_31_is_shown_at_the_start_of_the_holders_turn() -> None:
    s = new(["2S 3D 4H", "TC 9C 5D", "KH QH AH"], "2D 3C")
    assert s.deal_no == 1 and s.turn == 1  # G-T31-4: not before his turn
    play_all(s, ["draw", "discard 3C"])
    assert s.deal_no == 2 and s.last_counts[2] == THIRTY_ONE2 and s.last_lost == [1, 0, 0]


def test_a_31_in_the_last_lap_still_doubles_a_lowest_knocker() -> None:
    s = new(["9S 3D 4H", "2C 3C 5H", "KH QH 5D"], "2D 2S AH")
    play_all(s, ["draw", "knock 2S", "draw", "discard 5D"])
    assert s.last_lost == [0, 2, 0]


# ---- lives, the face, going out ------------------------------------------------------------------

def test_t_t31_6_on_the_face_and_the_knockers_last_quarter() -> None:
    """T-T31-6: the player on his face who loses is out; the knocker with one quarter who is lowest
    pays it and then loses his face life: out too. The last player standing takes the pot."""
    s = new(["KS QS 5S", "2C 3D 4H", "2H 3S 4C"], "2D 5D 6C 7D")
    set_quarters(s, 1, 1)
    set_quarters(s, 2, 0)
    assert s.view(0)["lives_text"][2] == "on his face"
    pot = s.ledger.pot()
    play_all(s, ["draw", "knock 5D", "draw", "discard 6C", "draw", "discard 7D"])
    assert s.out == [False, True, True]
    assert s.ledger.pot() == 0 and s.ledger.purses[0] == 75 + pot + 25
    assert s.is_over
    out = s.outcome
    assert out is not None and out.winners == (0,)
    assert "last player standing" in out.reason
    assert s.sheet.totals == s.ledger.nets()


def test_simultaneous_elimination_the_fewest_lost_stays_in() -> None:
    """G-T31-6: A on his face and B, knocking with one quarter, tie lowest: both would be out; A
    lost one life and B two, so A stays in and, last standing, takes the pot."""
    s = new(["2S 3D 4H", "2C 3S 4D"], "9D 5C 6C")
    set_quarters(s, 0, 0)
    set_quarters(s, 1, 1)
    play_all(s, ["draw", "knock 5C", "draw", "discard 6C"])
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0,)
    assert s.out == [False, True]


def test_simultaneous_elimination_tied_play_on() -> None:
    """G-T31-6: both on their face, equal hands shown with nobody knocking (the stock could not be
    remade): both lost one life, so both stay in, on their face, and play another round."""
    s = new(["2S 3D 4H", "2C 3S 4D"], "9D 5C 6C")
    set_quarters(s, 0, 0)
    set_quarters(s, 1, 0)
    s._on_hand_over(None)
    assert not s.is_over and s.out == [False, False] and s.deal_no == 2
    assert s.last_lost == [1, 1]
    assert any("stay in" in e.text for e in s.events)


def test_option_on_face_off_out_with_the_last_quarter() -> None:
    s = new(["KS QS 5S", "2C 3D 4H", "TC 9C 5H"], "2D 5D 6C 7D 8D", on_face=False)
    set_quarters(s, 1, 1)
    assert s.view(0)["lives"][1] == 1 and s.view(0)["lives_text"][1] == "1"
    play_all(s, ["draw", "discard 5D", "draw", "knock 6C", "draw", "discard 7D", "draw", "discard 8D"])
    assert s.out == [False, True, False]


def test_options_lives_and_quarter() -> None:
    s = new(["2S 3D 4H", "KH QH 5C"], "2D AH", lives=5, quarter=10)
    assert purses(s) == [50, 50] and s.ledger.pot() == 20
    play_all(s, ["draw", "discard 5C"])
    assert purses(s) == [40, 50]


def test_eliminated_players_get_no_cards_and_the_deal_passes_to_a_player_still_in() -> None:
    s = new(["KS QS 5S", "2C 3D 4H", "TC 9C 5H"], "2D 5D 6C 7D 8D")
    set_quarters(s, 1, 0)
    play_all(s, ["draw", "discard 5D", "draw", "knock 6C", "draw", "discard 7D", "draw", "discard 8D"])
    assert s.out == [False, True, False]
    assert s.hands[1] == [] and len(s.hands[0]) == 3 and len(s.hands[2]) == 3
    assert s.dealer == 2  # seat 1 is out: the deal passes him by
    assert s.turn == 0


def test_stock_runs_out_the_pile_is_shuffled_into_a_new_stock() -> None:
    s = new(["2S 3D 4H", "2C 3S 4D"], "9D 5C")
    run_down_stock(s)  # the stock used up, its cards under the pile
    s.play("take 9D")
    s.play("discard 2C")
    assert len(s.stock) > 0 and C.codes(s.discards) == ["2C"]  # GEN-10


def test_preset_standard() -> None:
    s = gamenight.new("thirty-one", players=3, seed=1, preset="standard")
    assert isinstance(s, ThirtyOne)
    assert s.options.knock_timing == "instead_of_draw" and s.options.on_31 == "all_others_lose"


# ---- a golden match ----------------------------------------------------------------------------

def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("thirty_one_heuristic")
    assert isinstance(s, ThirtyOne) and s.is_over and s.outcome is not None
    assert s.sheet.totals == s.ledger.nets()
    assert sum(s.ledger.nets()) == 0 and s.ledger.pot() == 0
    assert s.outcome.winners == GOLDEN_WINNERS
    assert len(s.sheet.rows) == GOLDEN_ROWS


GOLDEN_WINNERS = (0,)
GOLDEN_ROWS = 14  # the ante and thirteen rounds


def test_fifteen_players_deal_and_finish() -> None:
    """The most players the spec names: 45 cards dealt, an upcard, a stock of six, restocked from the
    pile as it runs out (GEN-10); a seeded random match ends with one player taking the pot. The
    suites' every-step checks stop at eight players (their cost grows with the seats)."""
    s = gamenight.new("thirty-one", players=15, seed=3)
    assert isinstance(s, ThirtyOne)
    assert sum(map(len, s.hands)) == 45 and len(s.discards) == 1 and len(s.stock) == 6
    rng = random.Random(3)
    while not s.is_over:
        seat = min(s.to_act)
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)
    assert s.outcome is not None and len(s.outcome.winners) == 1
    assert s.ledger.pot() == 0 and sum(s.ledger.nets()) == 0
