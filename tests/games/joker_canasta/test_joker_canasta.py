"""Joker Canasta (other-seeds §8.4): every worked case by its number, and a stacked scenario per
clause and option. Seats 0 and 2 are North–South (side 0), 1 and 3 East–West (side 1); seat 1
plays first (:func:`tests.games.mexicana.scenarios.position`). Classic canasta's own clauses are
tested in ``tests/games/canasta``."""

from __future__ import annotations

import gamenight
from gamenight.families.canasta_turn import FROZEN_ALWAYS
from gamenight.games.joker_canasta import JokerCanasta, threes_points
from tests.games.mexicana.scenarios import parts, position
from tests.helpers import codes, deal_deck, play, refused, texts

K7 = "KC KD KH KS KC KD KH"
Q7 = "QC QD QH QS QC QD QH"


def joker(**kwargs: object) -> JokerCanasta:
    s = position("joker-canasta", **kwargs)  # type: ignore[arg-type]
    assert isinstance(s, JokerCanasta)
    return s


def test_the_deal_108_cards_thirteen_each_to_8500() -> None:
    s = gamenight.new("joker-canasta", players=4, seed=3)
    assert isinstance(s, JokerCanasta)
    assert len(s.deck_template()) == 108 and all(len(h) == 13 for h in s.hands)
    assert s.match_rules.target == 8500 and s.turn_rules.draw == 1
    assert not any(c for h in s.hands for c in h if c // 13 < 4 and c % 13 == 1)  # no three held


# ---- §8.4 tests 1 and 2: threes by colour -----------------------------------------------------

def test_8_4_1_threes_by_colour_with_a_canasta() -> None:
    assert threes_points(2, "incremental") + threes_points(3, "incremental") == 400 + 900
    assert threes_points(4, "incremental") == 1900
    assert threes_points(2, "cumulative") + threes_points(3, "cumulative") == 300 + 500
    s = joker(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={1: [K7, Q7]}, red3={1: "3H 3D 3S 3C 3S"})
    assert s.view(1)["threes"][1] == "red 2, black 3: +1300 (with a canasta)"
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert parts(s, 1) == "going out +100, canastas +1000, threes +1300, cards melded +200, cards left -10"
    s = joker(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]}, red3={1: "3H 3D 3S 3C 3S"},
              options={"threes_table": "cumulative"})
    assert s.threes_score(1) == 800


def test_8_4_2_the_same_threes_without_a_canasta_count_minus() -> None:
    s = joker(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={0: [K7, Q7], 1: ["JC JD JH"]},
              red3={1: "3H 3D 3S 3C 3S"})
    assert s.threes_score(1) == -1300
    assert s.view(1)["threes"][1] == "red 2, black 3: -1300 (minus: no canasta yet)"


# ---- §8.4 test 3: wild canastas -----------------------------------------------------------------

def test_8_4_3_wild_canastas_by_their_cards() -> None:
    for wild, bonus in (("2C 2D 2H 2S 2C 2D 2H", 4140), ("JK JK JK JK 2C 2D 2H", 3260),
                        ("JK JK 2C 2D 2H 2S 2C", 2200)):
        s = joker(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={1: [wild, K7]})
        book = s.books[1][0]
        assert s.canasta_bonus(book) + sum(s.values[c] for c in book.cards) == bonus
        play(s, "draw", "meld AC AD AH", "discard 5C")
        assert s.sheet.rows[-1].points[1] == 100 + bonus + 570 + 60 - 10


def test_wild_melds_of_three_to_six_are_started_and_built() -> None:
    s = joker(hands={1: "JK 2C 2D 2H 9C 9D"}, stock="5C", books={1: ["KC KD KH"]})
    s.play("draw")
    assert "meld JK 2C 2D" in texts(s) or "meld 2C 2D 2H" in texts(s)
    play(s, "meld 2C 2D 2H", "add 2 JK")
    assert s.books[1][1].size == 4 and s.books[1][1].kind(s.turn_rules.books) == "wild"


def test_a_wild_meld_counts_toward_the_minimum() -> None:
    s = joker(hands={1: "JK JK 2C 9C 9D 4C"}, stock="5C")
    assert s.minimum(1) == 100
    play(s, "draw", "meld JK JK 2C")  # 50 + 50 + 20 = 120
    assert s.opened[1]


# ---- §8.4 test 4: the minimum -------------------------------------------------------------------

def test_8_4_4_the_opening_minimum_by_score() -> None:
    s = joker(hands={1: "AC"}, scores=[3200, -100])
    assert (s.minimum(0), s.minimum(1)) == (130, 100)
    s = joker(hands={1: "AC"}, scores=[5000, 2995])
    assert (s.minimum(0), s.minimum(1)) == (150, 100)
    s = joker(hands={1: "AC"}, scores=[3000, 4995])
    assert (s.minimum(0), s.minimum(1)) == (130, 130)


# ---- §8.4 test 5: no meld beyond seven; the pile always frozen ----------------------------------

def test_8_4_5_no_eighth_card_and_the_pile_always_frozen() -> None:
    s = joker(hands={1: "KC JK QS 9D 4C"}, pile="5C KS", stock="5D", books={1: [Q7, "KH KD KC"]})
    assert s.view(1)["pile_state"] == FROZEN_ALWAYS
    refused(s, "pickup KC JK", "frozen")  # K + joker with a king on top
    refused(s, "pickup", "frozen")  # nor onto the side's meld of kings
    s.play("draw")
    refused(s, "add 1 QS", "closed")  # an eighth card
    refused(s, "add 1 JK", "closed")


def test_a_natural_pair_takes_the_pile_even_when_frozen() -> None:
    s = joker(hands={1: "KC KD 9C 9D 4C"}, pile="5C 8D KS", books={1: ["QC QD QH"]})
    s.play("pickup KC KD")
    assert codes(s.books[1][1].cards) == ["KC", "KD", "KS"]
    assert s.view(1)["pile_state"] == FROZEN_ALWAYS  # still frozen, though taken


def test_after_a_canasta_closes_a_new_meld_of_its_rank_may_start() -> None:
    s = joker(hands={1: "QC QD QH 9C 9D"}, stock="5D", books={1: ["QC QD QH QS 2C 2D 2H"]})
    play(s, "draw", "meld QC QD QH")
    assert [b.size for b in s.books[1]] == [7, 3]


def test_going_out_needs_two_canastas() -> None:
    s = joker(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]})
    s.play("draw")
    assert "meld AC AD AH" not in texts(s)
    assert s.view(1)["need"] == "2 canastas"


# ---- black threes behave like red ones -------------------------------------------------------------

def test_a_black_three_drawn_is_laid_out_and_replaced() -> None:
    s = joker(hands={1: "9C 9D 4C"}, stock="3S 8H")
    s.play("draw")
    assert codes(s.red3[1]) == ["3S"] and codes(s.hands[1]) == ["4C", "8H", "9C", "9D"]


def test_threes_dealt_are_laid_out_and_a_turned_up_three_is_covered() -> None:
    hands = [["3S", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "4D"],
             ["3H", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "4H", "5H"],
             ["6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "4S", "5S", "6S", "7S"],
             ["8S", "9S", "TS", "JS", "QS", "KS", "AS", "4C", "5C", "6C", "7C", "8C", "9C"]]
    deck = deal_deck([" ".join(h) for h in hands], "3C 9D 5D 8D")
    s = gamenight.new("joker-canasta", players=4, deck=deck)
    assert isinstance(s, JokerCanasta)
    assert codes(s.discards) == ["3C", "9D"]  # the three turned up is covered
    assert codes(s.red3[0]) == ["3S"] and codes(s.red3[1]) == ["3H"]
    assert all(len(h) == 13 for h in s.hands)
    zones = {z.key: z.label for z in s.zones()}
    assert zones["red3/0"].endswith(": threes")


def test_the_wild_canasta_bonus_options() -> None:
    opts = {"seven_twos": 1000, "four_jokers": 900, "wild_canasta": 800}
    for wild, bonus in (("2C 2D 2H 2S 2C 2D 2H", 1000), ("JK JK JK JK 2C 2D 2H", 900),
                        ("JK 2S 2C 2D 2H 2S 2C", 800)):
        s = joker(hands={1: "AC"}, books={1: [wild]}, options=opts)
        assert s.canasta_bonus(s.books[1][0]) == bonus


def test_the_canastas_to_go_out_option() -> None:
    s = joker(hands={1: "AC AD AH", 3: "9S"}, stock="5C", books={1: [K7]}, options={"canastas_to_go_out": 1})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.sheet.rows[-1].note == "East went out"


def test_opening_with_the_pile_must_leave_two_cards_to_end_the_turn() -> None:
    # kernel (footless rule sets): K K K and the wild book make 150, but the turn could only end by
    # discarding the last card, which is going out: the pile is not offered
    s = joker(hands={1: "KC KD JK JK 2C"}, pile="KS")
    assert "pickup KC KD" not in texts(s)
    # the pile's other cards wait in the hand: two of them leave the discard
    s = joker(hands={1: "KC KD JK JK 2C"}, pile="5C 6D KS")
    assert "pickup KC KD" in texts(s)
