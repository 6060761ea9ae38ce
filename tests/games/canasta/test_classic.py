"""Classic canasta for four (other-seeds §7): every worked case of 7.10 by its number, and a
stacked scenario per rule clause and option. Seats 0 and 2 are North–South (side 0), 1 and 3
East–West (side 1); seat 1 plays first (:func:`scenarios.position`)."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn import FROZEN_RED3, FROZEN_SIDE, FROZEN_WILD, going_out
from gamenight.games.canasta import Canasta
from tests.games.canasta.scenarios import parts, position
from tests.helpers import codes, deal_deck, play, refused, run_down_stock, texts

K7 = "KC KD KH KS KC KD KH"


# ---- 7.10 case 1: the initial meld ------------------------------------------------------------

def test_7_10_1_initial_meld_by_the_side_score() -> None:
    s = position(hands={1: "8C 8D 8H QC QD JK 5S 9S"}, stock="7C", scores=[0, 1700])
    assert s.minimum(1) == 90
    play(s, "draw", "meld 8C 8D 8H", "meld QC QD JK")  # 30 + 70 = 100
    assert s.opened[1]
    s = position(hands={1: "5C 5D 5H KC KD 2C 9S 7S"}, stock="7C", scores=[0, 1700])
    play(s, "draw", "meld 5C 5D 5H", "meld KC KD 2C")  # 15 + 40 = 55
    assert not s.opened[1] and s.view(1)["provisional"] == 55
    refused(s, "discard 9S", "55 of the 90")
    s.play("retract")
    assert len(s.hands[1]) == 9
    s = position(hands={1: "4C 4D 4H 9S 7S"}, stock="7C", scores=[0, -40])
    assert s.minimum(1) == 15
    play(s, "draw", "meld 4C 4D 4H")
    assert s.opened[1]


def test_the_minimum_bands_and_the_negative_option() -> None:
    s = position(hands={1: "4C 4D 4H 9S 7S"}, stock="7C", scores=[3000, 1500])
    assert (s.minimum(0), s.minimum(1)) == (120, 90)
    s = position(hands={1: "4C 4D 4H 9S 7S"}, stock="7C", scores=[2995, 1495])
    assert (s.minimum(0), s.minimum(1)) == (90, 50)
    s = position(hands={1: "4C 4D 4H 9S 7S"}, stock="7C", scores=[0, -40], options={"negative_minimum": 0})
    assert s.minimum(1) == 0


def test_the_minimum_with_the_pile_counts_only_its_top_card() -> None:
    # needs 50: the pile holds aces under its top king; K K K (30) + the hand's Q Q Q (30) = 60
    s = position(hands={1: "KC KD QC QD QH 5S 7S"}, pile="AC AD AH KS", stock="7C")
    assert "pickup KC KD" in texts(s)
    s.play("pickup KC KD")
    # the aces wait in the hand until the minimum is met
    refused(s, "meld AC AD AH", "may not be melded until")
    play(s, "meld QC QD QH", "meld AC AD AH")
    assert s.opened[1]


# ---- 7.10 case 2: meld validity ---------------------------------------------------------------

def test_7_10_2_meld_validity() -> None:
    s = position(hands={1: "9C 9D 2C 2D 2H 9H 9S JK 4C 5D"}, stock="7C", books={1: ["QC QD QH"]})
    s.play("draw")
    refused(s, "meld 9C 2C 2D", "at least as many naturals")  # 9-2-2
    play(s, "meld 9C 9D 2C", "add 2 2D")  # 9-9-2-2
    refused(s, "add 2 2H", "at least as many naturals")  # 9-9-2-2-2
    play(s, "add 2 9H", "add 2 9S", "add 2 2H")  # 9-9-9-9-2-2-2: a mixed canasta
    book = s.books[1][1]
    assert book.size == 7 and book.wilds == 3 and book.kind(s.turn_rules.books) == "dirty"
    refused(s, "add 2 JK", "at most 3 wild cards")


def test_black_threes_meld_only_going_out() -> None:
    s = position(hands={1: "3S 3C 3S 4C 5D 6H"}, stock="7C", books={1: [K7]})
    s.play("draw")
    refused(s, "meld 3S 3C 3S", "only on the turn you go out")
    s = position(hands={1: "3S 3C 3S"}, stock="7C", books={1: [K7]})
    play(s, "draw", "meld 3S 3C 3S", "discard 7C")
    assert s.sheet.rows[-1].note == "East went out"


def test_two_black_threes_cannot_go_out() -> None:
    s = position(hands={1: "3S 3C"}, stock="7C", books={1: [K7]})
    s.play("draw")
    assert all(m.startswith("discard") for m in texts(s))
    s.play("discard 3S")
    assert s.hands[1] and s.turn == 2


# ---- 7.10 cases 3 to 5: scoring --------------------------------------------------------------

def test_7_10_3_and_4_both_sides_scores() -> None:
    s = position(hands={1: "AC AD AH", 3: "9C 4D JK", 0: "7C KS AS", 2: "3S 2D"}, stock="5C",
                 books={1: [K7, "8C 8D 8H 8S 8C 2C 2H"], 0: ["4C 4D 4H", "JC JD JH JS 2S"]},
                 red3={1: "3H 3D", 0: "3H 3D"})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.sheet.rows[-1].points == [215, 1255]
    assert parts(s, 1) == "going out +100, canastas +800, red threes +200, cards melded +220, cards left -65"
    assert parts(s, 0) == "red threes +200, cards melded +75, cards left -60"


def test_7_10_5_no_meld_and_all_four_red_threes() -> None:
    s = position(hands={0: "JK JK", 2: "2C", 1: "AC AD AH"}, stock="5C", books={1: [K7]},
                 red3={0: "3H 3D 3H 3D"})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.sheet.rows[-1].points[0] == -920
    assert parts(s, 0) == "red threes -800, cards left -120"


def test_7_10_6_concealed_going_out() -> None:
    s = position(hands={1: "QC QD QH QS QC QD QH 5C 5D 5H", 3: "KC KD"}, stock="9S", red3={1: "3H"})
    play(s, "draw", "meld QC QD QH", "add 1 QS", "add 1 QC", "add 1 QD", "add 1 QH", "meld 5C 5D 5H",
         "discard 9S")
    assert s.sheet.rows[-1].note == "East went out concealed"
    assert s.sheet.rows[-1].points[1] == 865


def test_concealed_needs_no_minimum_unless_the_option_says_so() -> None:
    hand = "5C 5D 5H 5S 5C 5D 5H 4C 4D 4H"
    s = position(hands={1: hand}, stock="9S", scores=[0, 3000])  # needs 120; the hand makes 50
    play(s, "draw", "meld 5C 5D 5H", "add 1 5S", "add 1 5C", "add 1 5D", "add 1 5H", "meld 4C 4D 4H",
         "discard 9S")
    assert s.sheet.rows[-1].note == "East went out concealed"
    s = position(hands={1: hand}, stock="9S", scores=[0, 3000], options={"concealed_minimum": False})
    play(s, "draw", "meld 5C 5D 5H", "add 1 5S", "add 1 5C", "add 1 5D", "add 1 5H")
    assert "meld 4C 4D 4H" not in texts(s)  # 50 of 120, and the last card must go
    refused(s, "discard 9S", "35 of the 120")


def test_going_out_on_the_partners_meld_is_not_concealed() -> None:
    s = position(hands={1: "QC QD QH QS QC QD QH 5C"}, stock="9S", books={1: ["5D 5H 5S"]})
    play(s, "draw", "meld QC QD QH", "add 2 QS", "add 2 QC", "add 2 QD", "add 2 QH", "add 1 5C",
         "discard 9S")
    assert s.sheet.rows[-1].note == "East went out"


def test_going_out_needs_a_canasta_and_asking_partner_binds() -> None:
    s = position(hands={1: "AC AD AH"}, stock="5C", books={1: ["KC KD KH KS KC KD"]})
    s.play("draw")
    assert "meld AC AD AH" not in texts(s)  # it would leave only the five: no canasta to go out
    s = position(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]})
    play(s, "draw", "ask")
    s.play("answer no")
    assert "meld AC AD AH" not in texts(s)
    s = position(hands={1: "AC AD AH 6C 6D 6H"}, stock="5C", books={1: [K7]})
    play(s, "draw", "ask", "answer yes")
    assert not any(m.startswith("discard") for m in texts(s))  # he must go out


def sampled(s: Canasta, seat: int, rng: random.Random) -> Canasta:
    world = s.sample(seat, rng)
    assert isinstance(world, Canasta)
    return world


def test_a_sample_for_the_partner_keeps_an_askers_hand_one_that_could_go_out() -> None:
    # he may only ask when he could go out, so the partner's sample knows that much of his hand
    # (a search answering for the partner once answered yes in a world where nobody could move)
    s = position(hands={1: "AC AD AH 6C 6D 6H"}, stock="5C", books={1: [K7]})
    play(s, "draw", "ask")
    rng = random.Random(3)
    worlds = [sampled(s, 3, rng) for _ in range(20)]
    assert len({tuple(sorted(w.hands[1])) for w in worlds}) > 10  # his hand is redealt
    for world in worlds:
        world.play("answer yes", 3)
        assert any(m.startswith(("meld", "discard")) for m in texts(world))


def test_a_sample_that_finds_no_such_hand_keeps_the_askers_and_redeals_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(going_out, "ASK_REDEALS", 0)
    s = position(hands={1: "AC AD AH 6C 6D 6H"}, stock="5C", books={1: [K7]})
    play(s, "draw", "ask")
    world = sampled(s, 3, random.Random(3))
    assert world.hands[1] == s.hands[1] and world.hands[3] == s.hands[3]  # the partner's own hand
    assert world.hands[0] != s.hands[0]  # an opponent's hand is redealt
    assert world.pieces_in_play() == s.pieces_in_play()


# ---- 7.10 case 7: freezing; the pile's takes ----------------------------------------------------

def test_7_10_7_a_wild_card_in_the_pile_freezes_it() -> None:
    s = position(hands={1: "KC KD JK 4C 5D"}, pile="5C 2H 9D KS", books={1: ["KH KS KC"]})
    assert s.view(1)["pile_state"] == FROZEN_WILD
    refused(s, "pickup KC JK", "frozen: a wild card is in the pile")
    refused(s, "pickup", "frozen")
    s.play("pickup KC KD")
    assert s.view(1)["pile_state"] == "not frozen"  # taking it thawed it


def test_an_unfrozen_pile_takes_a_natural_and_wild_or_goes_onto_the_meld() -> None:
    s = position(hands={1: "KC 2D 4C 5D 6H"}, pile="5C KS", books={1: ["KH KS KC"]})
    assert s.view(1)["pile_state"] == "not frozen"
    assert {"pickup", "pickup KC 2D"} <= set(texts(s))
    s.play("pickup")
    assert s.books[1][0].size == 4 and C.card("5C") in s.hands[1]


def test_frozen_against_a_side_that_has_not_melded_and_for_a_red_three() -> None:
    s = position(hands={1: "QC QD 2C AC AD AH 4C"}, pile="5C QS")
    assert s.view(1)["pile_state"] == FROZEN_SIDE and "pickup QC 2C" not in texts(s)
    s = position(hands={1: "QC 2C QD"}, pile="3H 5C QS", books={1: ["QH QS QC"]})
    assert s.view(1)["pile_state"] == FROZEN_RED3
    s.play("pickup QC QD")
    assert codes(s.red3[1]) == ["3H"]  # the red three from the pile: laid out, not replaced
    assert len(s.hands[1]) == 2  # 2C and the five


def test_a_black_three_on_top_blocks_only_until_covered() -> None:
    s = position(hands={1: "KC KD 9S", 2: "9C 9D 4H"}, pile="5C 3S",
                 books={1: ["KH KS KC"], 0: ["QH QS QC"]})
    assert not any(m.startswith("pickup") for m in texts(s))
    assert s.view(1)["pile_state"] == "not frozen; a three on top blocks it this turn"
    play(s, "draw", "discard 9S")
    assert "pickup 9C 9D" in texts(s)


def test_the_upcard_wild_or_red_three_is_covered_and_freezes() -> None:
    deck = deal_deck([" ".join(h) for h in INERT_HAND], "JK 3H 9C 7S")
    s = gamenight.new("canasta", players=4, deck=deck, seed=1)
    assert isinstance(s, Canasta)
    assert codes(s.discards) == ["3H", "9C", "JK"]
    assert s.view(1)["pile_state"] == FROZEN_WILD


INERT_HAND = [["4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
              ["4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
              ["4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
              ["4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]]


def test_red_threes_dealt_are_laid_out_and_replaced() -> None:
    hands = [list(h) for h in INERT_HAND]
    hands[1][0] = "3H"
    deck = deal_deck([" ".join(h) for h in hands], "9C 6S")
    s = gamenight.new("canasta", players=4, deck=deck, seed=1)
    assert isinstance(s, Canasta)
    assert codes(s.red3[1]) == ["3H"] and C.card("6S") in s.hands[1] and len(s.hands[1]) == 11


# ---- 7.10 case 8: the one-card rule -------------------------------------------------------------

def test_7_10_8_the_one_card_rule() -> None:
    s = position(hands={1: "KC"}, pile="KS", books={1: ["KH KD KC", "9C 9D 9H 9S 9C 9D 9H"]})
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup", "one card")


# ---- 7.7: the stock runs out --------------------------------------------------------------------

def test_the_last_card_a_red_three_may_meld_then_end() -> None:
    s = position(hands={1: "QC QD QH 4C 5D"}, stock="3H", books={1: ["9C 9D 9H"]})
    run_down_stock(s, 1, top_last=True)  # the red three is the stock's last card
    s.begin_turn(1)
    s.play("draw")
    assert codes(s.red3[1]) == ["3H"] and not any(m.startswith("discard") for m in texts(s))
    play(s, "meld QC QD QH", "end")
    assert s.sheet.rows[-1].note == "the stock ran out"


def test_the_last_card_a_red_three_ends_the_hand_at_once_by_option() -> None:
    s = position(hands={1: "QC QD QH 4C 5D"}, stock="3H", books={1: ["9C 9D 9H"]},
                 options={"last_red_three": "ends"})
    run_down_stock(s, 1, top_last=True)
    s.begin_turn(1)
    s.play("draw")
    assert len(s.sheet.rows) == 1 and s.sheet.rows[-1].note == "the stock ran out"


def test_after_the_stock_a_fitting_discard_must_be_taken() -> None:
    s = position(hands={1: "4C 5D", 2: "9C 9D QC", 3: "9H 9S 7C"}, stock="8S", pile="5S",
                 books={0: ["QH QS QD"], 1: ["9C 9D 9H"]})
    run_down_stock(s, 1, top_last=True, set_aside=True)  # (under the pile they would freeze it)
    s.begin_turn(1)
    play(s, "draw", "discard 8S")
    # South may take the eight only with a pair (he has none): he cannot take it: the hand ends
    assert s.sheet.rows[-1].note == "the stock ran out"
    s = position(hands={1: "4C 9S", 2: "9C 9D QC", 3: "7C 8C"}, stock="8S", pile="5S",
                 books={0: ["KH KS KD"], 1: ["QH QS QD"]})
    run_down_stock(s, 1, top_last=True, set_aside=True)
    s.begin_turn(1)
    play(s, "draw", "discard 9S")
    # South's side has no nines: he may take them with his pair, or decline
    assert sorted(texts(s)) == ["draw", "pickup 9C 9D"]
    play(s, "pickup 9C 9D", "discard QC")
    # West's side has a meld of queens and the pile is unfrozen: he must take the queen
    assert "draw" not in texts(s) and "pickup" in texts(s)


def test_a_pickup_below_the_minimum_must_leave_a_card_to_discard() -> None:
    # needs 50: K K K (30) and Q Q Q (30) would make it only by laying every card, leaving none
    # to discard (the pile's one other card apart): the pile may not be taken so
    s = position(hands={1: "KC KD QC QD QH"}, pile="KS", stock="7C")
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup KC KD", "minimum of 50")
    # a spare card to keep: it may
    s = position(hands={1: "KC KD QC QD QH 7S 8D"}, pile="KS", stock="7C")
    assert "pickup KC KD" in texts(s)
    play(s, "pickup KC KD", "meld QC QD QH")
    assert s.opened[1]


def test_the_view_names_canastas_natural_and_mixed_and_the_minimum_to_meet() -> None:
    s = position(hands={1: "AC AD AH 4C 5D"}, books={1: [K7, "8C 8D 8H 8S 8C 2C 2H"]}, scores=[1600, 0])
    teams = s.view(1)["team_books"]
    assert teams[1]["notes"] == ["opened", "canastas: 1 natural, 1 mixed"]
    assert teams[0]["notes"] == ["needs 90 points to open"] and teams[0]["minimum"] == 90
    assert "in_foot" not in s.view(1)  # no foot in canasta


def test_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    s = position(hands={1: "4C 5D 6H"}, stock="3D 8S")
    s.play("draw")
    assert codes(s.red3[1]) == ["3D"] and C.card("8S") in s.hands[1] and len(s.hands[1]) == 4


def test_the_scoring_options_and_asking_off() -> None:
    opts = {"natural_bonus": 400, "mixed_bonus": 200, "red_three_bonus": 50, "all_red_threes": 1000,
            "out_bonus": 50, "ask_partner": "off"}
    s = position(hands={1: "AC AD AH", 3: "9C 4D JK", 0: "7C KS AS", 2: "3S 2D"}, stock="5C",
                 books={1: [K7, "8C 8D 8H 8S 8C 2C 2H"], 0: ["4C 4D 4H"]},
                 red3={1: "3H 3D", 0: "3H 3D"}, options=opts)
    s.play("draw")
    assert "ask" not in texts(s)
    play(s, "meld AC AD AH", "discard 5C")
    assert parts(s, 1) == "going out +50, canastas +600, red threes +100, cards melded +220, cards left -65"
    s = position(hands={0: "JK JK", 2: "2C", 1: "AC AD AH"}, stock="5C", books={1: [K7]},
                 red3={0: "3H 3D 3H 3D"}, options=opts)
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert parts(s, 0) == "red threes -1000, cards left -120"


def test_the_match_ends_at_the_target_or_the_cap() -> None:
    s = position(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]}, scores=[0, 4700])
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1, 3)
    s = position(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]}, options={"max_hands": 1})
    play(s, "draw", "meld AC AD AH", "discard 5C")
    assert s.is_over
