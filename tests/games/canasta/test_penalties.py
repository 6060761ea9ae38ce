"""Classic canasta's irregularities (option ``irregularities``): the default prevents them, as the
program always has; ``penalise`` accepts a person's typed irregular play and charges it as the
Ultimate Book of Card Games does (100 a card taken back, the minimum raised 10 after a short first
meld, 500 a red three never laid out). Seats 0 and 2 are North–South (side 0), 1 and 3 East–West
(side 1); seat 1 plays first (:func:`scenarios.position`)."""

from __future__ import annotations

import random

import gamenight
from gamenight.equipment import cards as C
from tests.games.canasta.scenarios import parts, position
from tests.helpers import codes, play, refused, texts

K7 = "KC KD KH KS KC KD KH"
J7 = "JC JD JH JS JC JD JH"
PENALISE: dict[str, object] = {"irregularities": "penalise"}


def north_goes_out(s: gamenight.State) -> None:
    """Seat 2 (North–South, a canasta down) draws 5C, melds its three aces and goes out."""
    play(s, "draw", "meld AC AD AH", "discard 5C")


def test_a_short_first_meld_is_taken_back_charged_and_raises_the_minimum() -> None:
    s = position(hands={1: "5C 5D 5H KC KD 2C 9S 7S", 2: "AC AD AH"}, stock="7C 5C", scores=[0, 1700],
                 books={0: [J7]}, options=PENALISE)
    play(s, "draw", "meld 5C 5D 5H", "meld KC KD 2C")  # 15 + 40 = 55 of the 90
    refused(s, "discard 9S", "55 of the 90")  # the plain discard is still refused
    refused(s, "short 7H", "do not hold")
    s.play("short 9S")
    assert codes(s.hands[1]) == sorted(["5C", "5D", "5H", "KC", "KD", "2C", "7S", "7C"])
    assert s.books[1] == [] and not s.opened[1] and s.discards[-1] == C.card("9S")
    assert s.minimum(1) == 100 and s.turn == 2
    assert any(e.kind == "penalty" and "600" in e.text for e in s.events)
    held = sum(s.values[c] for seat in (1, 3) for c in s.hands[seat])  # the short meld's cards among them
    north_goes_out(s)
    assert "penalties -600" in parts(s, 1)
    assert s.sheet.rows[-1].points[1] == -600 - held


def test_short_is_refused_without_a_short_meld_and_by_default() -> None:
    s = position(hands={1: "5C 5D 5H 9S 7S"}, stock="7C", scores=[0, 1700], options=PENALISE)
    s.play("draw")
    refused(s, "short 9S", "Nothing was laid below")
    s = position(hands={1: "5C 5D 5H KC KD 2C 9S 7S"}, stock="7C", scores=[0, 1700])
    play(s, "draw", "meld 5C 5D 5H")
    refused(s, "short 9S", "prevented")
    s.play("retract")  # the free correction before the turn ends, as always
    assert s.penalties == [0, 0] and s.minimum(1) == 90


def test_a_meld_against_the_rules_is_taken_back_and_charged_per_card() -> None:
    s = position(hands={1: "9C 9D 2C 2D 2H 4C 5D", 2: "AC AD AH"}, stock="7C 5C",
                 books={1: ["QC QD QH"], 0: [K7]}, options=PENALISE)
    s.play("draw")
    hand = sorted(s.hands[1])
    refused(s, "meld 9C 2C 2D", "at least as many naturals")  # still refused as a meld
    refused(s, "misplay 9C 9D 2C", "That meld is legal")
    s.play("misplay 9C 2C 2D")
    assert sorted(s.hands[1]) == hand and len(s.books[1]) == 1 and s.penalties == [0, 300]
    play(s, "discard 7C")
    north_goes_out(s)
    assert "penalties -300" in parts(s, 1)


def test_a_red_three_left_in_hand_at_the_end_costs_500() -> None:
    s = position(hands={1: "AC AD AH", 3: "3H 9C"}, stock="5C", books={1: [K7]}, options=PENALISE)
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert "penalties -500" in parts(s, 1) and "cards left -15" in parts(s, 1)
    s = position(hands={1: "AC AD AH", 3: "3H 9C"}, stock="5C", books={1: [K7]})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert "penalties" not in parts(s, 1)  # the default charges nothing


def test_bots_see_todays_moves_under_penalise() -> None:
    """The irregular plays are typed only: a random playout under ``penalise`` lists exactly the
    moves the default lists, and never one of them."""
    a = gamenight.new("canasta", players=4, seed=7)
    b = gamenight.new("canasta", players=4, seed=7, options=PENALISE)
    rng = random.Random(2)
    for _ in range(300):
        if a.is_over:
            break
        seat = min(a.to_act)
        legal = texts(a, seat)
        assert texts(b, seat) == legal
        assert not any(m.split()[0] in ("short", "misplay") for m in legal)
        move = legal[rng.randrange(len(legal))]
        a.play(move, seat)
        b.play(move, seat)
