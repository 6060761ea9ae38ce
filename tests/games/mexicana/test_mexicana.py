"""Mexicana (other-seeds §8.5): every worked case by its number, and a stacked scenario per clause
and option. Seats 0 and 2 are North–South (side 0), 1 and 3 East–West (side 1); seat 1 plays first
(:func:`scenarios.position`). Classic canasta's own clauses are tested in ``tests/games/canasta``."""

from __future__ import annotations

from collections import Counter

import gamenight
from gamenight.games.mexicana import Mexicana
from tests.games.mexicana.scenarios import parts, position
from tests.helpers import codes, play, refused, run_down_stock, texts

K7 = "KC KD KH KS KC KD KH"
Q7 = "QC QD QH QS QC QD QH"
J7 = "JC JD JH JS JC JD JH"


def mex(**kwargs: object) -> Mexicana:
    s = position("mexicana", **kwargs)  # type: ignore[arg-type]
    assert isinstance(s, Mexicana)
    return s


# ---- the deal ----------------------------------------------------------------------------------

def test_162_cards_and_thirteen_each() -> None:
    s = gamenight.new("mexicana", players=4, seed=3)
    assert isinstance(s, Mexicana)
    deck = s.deck_template()
    assert len(deck) == 162 and Counter(deck)[52] == 6
    assert all(len(h) == 13 for h in s.hands)
    held = sum(len(h) for h in s.hands) + s.stock_size() + len(s.discards) + sum(len(r) for r in s.red3)
    assert held == 162
    assert s.turn_rules.draw == 1 and s.match_rules.target == 5000


# ---- §8.5 test 1: canastas of sevens ------------------------------------------------------------

def test_8_5_1_a_canasta_of_sevens_scores_1000_natural_or_mixed() -> None:
    # a side keeps one meld per rank: each canasta of sevens beside a natural canasta of kings
    s = mex(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={1: ["7C 7D 7H 7S 7C 7D 7H", K7]})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    # the sevens: 1,000 + 35 = 1,035; the kings 500 + 70; the aces 60
    assert parts(s, 1) == "going out +100, canastas +1500, cards melded +165, cards left -10"
    assert s.sheet.rows[-1].points[1] == 100 + 1035 + 570 + 60 - 10
    s = mex(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={1: ["7C 7D 7H 7S 7C 2C 2D", K7]})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    # mixed sevens: 1,000 + 25 + 40 = 1,065
    assert parts(s, 1) == "going out +100, canastas +1500, cards melded +195, cards left -10"
    assert s.sheet.rows[-1].points[1] == 100 + 1065 + 570 + 60 - 10


def test_the_sevens_bonus_natural_only_option() -> None:
    s = mex(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={1: ["7C 7D 7H 7S 7C 2C 2D", K7]},
            options={"sevens_natural_only": True})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert parts(s, 1) == "going out +100, canastas +800, cards melded +195, cards left -10"


# ---- §8.5 test 2: going out, canastas and red threes -------------------------------------------

def test_8_5_2_canastas_at_least_the_red_threes() -> None:
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7, Q7]}, red3={1: "3H 3D 3H"})
    s.play("draw")
    assert s.view(1)["to_go_out"][1] == "3 canastas"
    assert "meld AC AD AH" not in texts(s)  # it would leave the five, and no going out
    s.play("discard 5C")  # he may still play on
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7, Q7, J7]}, red3={1: "3H 3D 3H"})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.sheet.rows[-1].note == "East went out"


def test_two_canastas_at_least_and_the_need_grows_with_a_red_three_drawn() -> None:
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]})
    s.play("draw")
    assert "meld AC AD AH" not in texts(s)  # one canasta: two are needed
    s = mex(hands={1: "AC AD AH 9C"}, stock="3H 3D 3H 5C", books={1: [K7, Q7]})
    s.play("draw")  # three red threes come in turn, each replaced: the side needs three canastas
    assert codes(s.red3[1]) == ["3D", "3H", "3H"] and s.turn_rules.need.any == 3
    assert "meld AC AD AH" in texts(s)  # two cards stay: he may play on
    assert s.view(1)["need"] == "3 canastas"


def test_the_other_reading_red_threes_at_least_the_canastas() -> None:
    opts = {"mex_goout": "red3_ge_canastas"}
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7, Q7, J7]}, red3={1: "3H 3D"}, options=opts)
    s.play("draw")
    assert "meld AC AD AH" not in texts(s)  # three canastas, two red threes
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7, Q7]}, red3={1: "3H 3D"}, options=opts)
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.sheet.rows[-1].note == "East went out"
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7, Q7]}, options=opts)
    s.play("draw")
    assert "meld AC AD AH" not in texts(s)  # no red threes: this side cannot go out
    assert "no more than its red threes (0)" in s.view(1)["to_go_out"][1]


# ---- §8.5 test 3: a seven on top blocks the pile -------------------------------------------------

def test_8_5_3_a_seven_on_top_blocks_the_pile() -> None:
    s = mex(hands={1: "7C 7H 9S", 2: "9C 9D 8H"}, pile="5C 7D", books={1: ["KH KS KC"], 0: ["QH QS QC"]})
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup 7C 7H", "Sevens on top of the discard pile block it")
    assert s.view(1)["pile_state"] == "not frozen; a seven on top blocks it this turn"
    play(s, "draw", "discard 9S")
    assert "pickup 9C 9D" in texts(s)  # covered: the pile is open again


# ---- §8.5 test 4: the thirteen-card bonus --------------------------------------------------------

def test_8_5_4_the_first_of_each_side_to_meld_draws_thirteen() -> None:
    s = mex(hands={1: "4C 4D 4H 9C 9D TC TD JC JD QC QD", 3: "5C 5D 5H 8S 8D", 2: "6C 6D 6H 8C"},
            stock="AS", scores=[-40, -40])
    assert s.minimum(1) == 15
    play(s, "draw", "meld 4C 4D 4H")  # 12 cards, three laid: nine left, then thirteen more
    assert len(s.hands[1]) == 22 and s.view(1)["bonus_drawn"] == ["not yet", "East"]
    s.play("discard 9C")
    play(s, "draw", "meld 6C 6D 6H")  # South: the other side's first meld draws too
    assert len(s.hands[2]) == 2 + 13
    s.play("discard 8C")
    stock = s.stock_size()
    play(s, "draw", "meld 5C 5D 5H")  # West: his partner drew already
    assert len(s.hands[3]) == 3 and s.stock_size() == stock - 1


def test_the_bonus_lays_out_red_threes_and_replaces_them() -> None:
    bonus = "AS 3H 8S 8D 8H 9S 9H TS TH JS JH QS QH KS"
    s = mex(hands={1: "4C 4D 4H 9C"}, stock="6S " + bonus, scores=[-40, -40])
    play(s, "draw", "meld 4C 4D 4H")
    assert codes(s.red3[1]) == ["3H"] and len(s.hands[1]) == 2 + 13


def test_the_bonus_with_fewer_than_thirteen_left_takes_them_all() -> None:
    s = mex(hands={1: "4C 4D 4H 9C"}, stock="6S 8S 8D 8H 9S 9H", scores=[-40, -40])
    run_down_stock(s, 6, top_last=True)  # out of the way: the draw, then five are left
    play(s, "draw", "meld 4C 4D 4H")
    assert len(s.hands[1]) == 2 + 5 and s.stock_size() == 0


def test_an_opening_meld_that_empties_the_hand_is_refilled() -> None:
    s = mex(hands={1: "4C 4D"}, stock="4H", scores=[-40, -40])
    s.play("draw")
    assert "meld 4C 4D 4H" in texts(s)
    s.play("meld 4C 4D 4H")
    assert len(s.hands[1]) == 13 and s.phase() == "play"


def test_the_bonus_off() -> None:
    s = mex(hands={1: "4C 4D 4H 9C 9D"}, stock="6S", scores=[-40, -40], options={"bonus_cards": 0})
    play(s, "draw", "meld 4C 4D 4H")
    assert len(s.hands[1]) == 3


def test_the_bonus_after_taking_the_pile() -> None:
    s = mex(hands={1: "KC KD 9C 9D TC"}, pile="5C KS", scores=[-40, -40])
    s.play("pickup KC KD")
    assert len(s.hands[1]) == 3 + 1 + 13


# ---- red threes ---------------------------------------------------------------------------------

def test_red_threes_100_each_1000_for_all_six_minus_without_a_meld() -> None:
    s = mex(hands={1: "AC AD AH", 0: "9S", 2: "9D"}, stock="5C", books={1: [K7, Q7]},
            red3={0: "3H 3D 3H 3D 3H 3D"})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert parts(s, 0) == "red threes -1000, cards left -20"
    assert s.red_three_score(5, True) == 500 and s.red_three_score(6, True) == 1000
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7, Q7]}, options={"all_red_threes": 600})
    assert s.red_three_score(6, True) == 600


# ---- the view ------------------------------------------------------------------------------------

def test_the_view_names_the_pile_the_need_and_the_bonus() -> None:
    s = mex(hands={1: "AC AD AH"}, pile="5C 8C", books={1: [K7]})
    v = s.view(1)
    assert v["pile_state"] == "not frozen"
    assert v["to_go_out"] == ["2 canastas", "2 canastas"]
    assert v["bonus_drawn"] == ["not yet", "not yet"]
    assert "canastas: 1 natural" in v["team_books"][1]["notes"]  # K7: seven natural kings
    keys = {f["key"] for f in v["layout"]["fields"]}
    assert {"pile_state", "to_go_out", "bonus_drawn", "team_books", "need"} <= keys


def test_the_draw_option() -> None:
    s = mex(hands={1: "9C 9D 4C"}, stock="8H 8S", options={"draw": 2})
    s.play("draw")
    assert codes(s.hands[1]) == ["4C", "8H", "8S", "9C", "9D"]


def test_the_fewest_canastas_option() -> None:
    s = mex(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]}, options={"canastas_to_go_out": 1})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.sheet.rows[-1].note == "East went out"


def test_the_minimum_and_target_are_classic() -> None:
    s = mex(hands={1: "AC"}, scores=[-40, 0])
    assert (s.minimum(0), s.minimum(1)) == (15, 50)
    s = mex(hands={1: "AC"}, scores=[1500, 3000])
    assert (s.minimum(0), s.minimum(1)) == (90, 120)
    assert s.match_rules.target == 5000


def test_the_other_reading_never_offers_black_threes_where_every_way_out_makes_a_canasta_too_many() -> None:
    """Laying the black threes binds the player to go out this turn: under ``red3_ge_canastas`` they
    are offered only if some way out leaves the side no more canastas than red threes. Here the
    only way out lays the jack on the jacks, a third canasta against two red threes (random play
    once reached such a turn and was left with no legal move)."""
    opts = {"mex_goout": "red3_ge_canastas"}
    s = mex(hands={1: "JC 3C 3S 3C"}, stock="5C", books={1: [K7, Q7, "JC JD JH JS JC JD"]},
            red3={1: "3H 3D"}, options=opts)
    s.play("draw")
    assert not [m for m in texts(s) if m.startswith("meld 3")], texts(s)
    # without the jacks' sixth card the threes, the jack and the discard go out on two canastas
    s = mex(hands={1: "JC 3C 3S 3C"}, stock="5C", books={1: [K7, Q7, "JC JD JH JS JC"]},
            red3={1: "3H 3D"}, options=opts)
    s.play("draw")
    assert [m for m in texts(s) if m.startswith("meld 3")], texts(s)
