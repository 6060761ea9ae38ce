"""Two-Hand Canasta (other-seeds §8.8) and Three-Hand Canasta (§8.9): their worked cases by
number, and the rule clauses that differ from the partnership game. Seat 1 plays first."""

from __future__ import annotations

import gamenight
from gamenight.games.canasta import Canasta
from tests.games.canasta.scenarios import parts, position
from tests.helpers import play, refused, run_down_stock, texts

K7 = "KC KD KH KS KC KD KH"
Q7 = "QC QD QH QS QC QD QH"


# ---- two-hand --------------------------------------------------------------------------------

def test_8_8_1_going_out_needs_two_canastas() -> None:
    s = position(2, hands={1: "AC AD AH 5C 5D"}, stock="5H 9S", books={1: [K7]})
    play(s, "draw", "meld AC AD AH")
    assert "meld 5C 5D 5H" not in texts(s)  # one canasta: he may not go out
    refused(s, "meld 5C 5D 5H", "2 canastas")
    s = position(2, hands={1: "AC AD AH 5C 5D"}, stock="5H 9S", books={1: [K7, Q7]})
    play(s, "draw", "meld AC AD AH", "meld 5C 5D 5H", "discard 9S")
    assert s.sheet.rows[-1].note == "Player 2 went out"
    assert parts(s, 1).startswith("going out +100")


def test_8_8_2_a_draw_is_two_cards() -> None:
    s = gamenight.new("canasta", players=2, seed=4)
    assert isinstance(s, Canasta)
    seat = s.turn
    assert len(s.hands[seat]) == 15
    s.play("draw")
    assert len(s.hands[seat]) == 17
    s.play(next(m for m in texts(s) if m.startswith("discard")))
    assert len(s.hands[seat]) == 16


def test_8_8_3_scoring() -> None:
    s = position(2, hands={1: "KS"}, stock="8S 4C",
                 books={1: ["KC KD KH KS KC KD", "8C 8D 8H 8C 2C 2H"]})
    play(s, "draw", "add 1 KS", "add 2 8S", "discard 4C")
    assert s.sheet.rows[-1].points[1] == 1060


def test_two_hand_keeps_the_one_card_rule_and_asks_nobody() -> None:
    s = position(2, hands={1: "KC"}, pile="KS", books={1: ["KH KD KC", Q7]})
    assert not any(m.startswith("pickup") for m in texts(s))
    s = position(2, hands={1: "AC AD AH 6C"}, stock="5C 7D", books={1: [K7, Q7]})
    s.play("draw")
    assert "ask" not in texts(s)


def test_the_presets_name_what_the_player_count_picks() -> None:
    for n, preset in ((2, "two-hand"), (3, "three-hand")):
        a = gamenight.new("canasta", players=n, seed=1)
        b = gamenight.new("canasta", players=n, seed=1, preset=preset)
        assert isinstance(a, Canasta) and isinstance(b, Canasta)
        assert a.turn_rules == b.turn_rules and a.hand_size == b.hand_size
        assert a.match_rules == b.match_rules
    four = gamenight.new("canasta", seed=1)
    assert isinstance(four, Canasta) and four.hand_size == 11 and four.turn_rules.draw == 1
    assert four.match_rules.target == 5000


# ---- three-hand ------------------------------------------------------------------------------

def test_8_9_1_the_lone_hand_and_the_partners_scores() -> None:
    # seat 1 (P1) takes the pile first: the lone hand; seats 2 (P2) and 0 (P3) partners
    s = position(3, hands={1: "9D 9H 7C 5D", 0: "JK", 2: "TC"}, pile="5C 9S",
                 books={1: ["4C 4D 4H 4S 4C 4D 2C 2D", "AC AD AH"], 0: [K7], 2: ["8C 8D 8H 8S 8C 2H 2S"]},
                 red3={1: "3H", 2: "3D"}, size=13)
    s.play("pickup 9D 9H")
    assert s.lone == 1 and s.team_of(0) == s.team_of(2) != s.team_of(1)
    assert s.view(0)["lone_hand"] == 1
    run_down_stock(s, top_last=True)  # the stock is out: the hand ends with this discard
    s.play("discard 7C")
    row = s.sheet.rows[-1]
    assert row.points == [900, 550, 1000]  # P3 900, P1 450 + his red three, P2 900 + his red three
    assert parts(s, 1) == "canastas +300, red threes +100, cards melded +160, cards left -10"


def test_the_partners_melds_are_pooled() -> None:
    s = position(3, hands={1: "9D 9H 7C 5D"}, pile="5C 9S",
                 books={1: ["AC AD AH"], 0: ["QC QD QH"], 2: ["QS QC QD 2S"]}, size=13)
    s.play("pickup 9D 9H")
    assert [b.size for b in s.books[0]] == [7] and s.books[2] == []
    assert s.books[0][0].wilds == 1
    entry = next(t for t in s.view(0)["team_books"] if 0 in t["seats"])
    assert entry["seats"] == [0, 2] and entry["name"] == "Player 1 and Player 3"
    # the partner's old side is gone from the table: two sides are drawn, each somebody's
    view = s.view(0)
    assert [t["seats"] for t in view["team_books"]] == [[0, 2], [1]]
    assert not any(z["key"] == "books/2" for z in view["layout"]["zones"])


def test_8_9_2_and_3_the_stock_ends_with_the_last_drawers_discard() -> None:
    # nobody took the pile: each plays and scores alone; seat 1 draws the last two cards and his
    # discard ends the hand, nobody else playing
    s = position(3, hands={1: "AC AD AH 6C", 0: "JK", 2: "TC"}, stock="4C 5D",
                 books={1: [K7], 0: [Q7], 2: ["8C 8D 8H"]}, red3={2: "3D"}, size=13)
    run_down_stock(s, 2, top_last=True)
    s.begin_turn(1)
    play(s, "draw", "meld AC AD AH", "discard 6C")
    assert s.lone is None
    assert s.sheet.rows[-1].points == [570 - 50, 570 + 60 - 10, 30 + 100 - 10]
    assert s.sheet.rows[-1].note == "the stock ran out"


def test_going_out_before_the_pile_was_taken_makes_the_lone_hand() -> None:
    s = position(3, hands={1: "AC AD AH", 0: "JK", 2: "TC"}, stock="AS 5C", pile="5S",
                 books={1: [K7, Q7], 0: ["9C 9D 9H"], 2: ["9S 9C 9D"]}, size=13)
    play(s, "draw", "meld AC AD AH", "add 3 AS", "discard 5C")
    assert s.sheet.rows[-1].note == "Player 2 went out"
    assert s.last_hand is not None and s.last_hand["lone"] == 1
    # he plays alone: 100 + two natural canastas + 220 melded; the others pooled: six nines, less
    # the joker and the ten they hold
    assert s.sheet.rows[-1].points == [0, 1320, 0]


def test_each_player_has_his_own_minimum() -> None:
    s = position(3, hands={1: "4C 4D 4H 9S"}, scores=[0, 1700, -40], size=13)
    assert [s.minimum(t) for t in range(3)] == [50, 90, 15]


def test_temporary_partners_may_ask_only_by_option() -> None:
    books = {1: ["AC AD AH"], 0: [K7, Q7], 2: ["9C 9D 9H"]}
    s = position(3, hands={1: "5S 5H 7C 8D", 2: "9S 4C 4D 4H"}, pile="6C 5C", stock="9H 4S",
                 books=books, size=13)
    s.play("pickup 5S 5H")  # East the lone hand: North and South partners
    s.play("discard 7C")
    assert s.partner(2) == 0 and s.partner(1) is None
    s.play("draw")
    assert "ask" not in texts(s)
    s = position(3, hands={1: "5S 5H 7C 8D", 2: "9S 4C 4D 4H"}, pile="6C 5C", stock="9H 4S",
                 books=books, size=13, options={"partners_ask": True})
    play(s, "pickup 5S 5H", "discard 7C", "draw")
    assert "ask" in texts(s)
    s.play("ask")
    assert s.to_act == frozenset({0})
