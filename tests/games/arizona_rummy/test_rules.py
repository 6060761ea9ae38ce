"""Arizona Rummy (seed 000 p.9): stacked-deck scenarios for every rule clause and option, the worked
cases T-AZ-1..5 of ``shared/rules/metzker-book.md`` §8, the personal piles, going out and the last
lay-down, and the refusals."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C
from gamenight.equipment.cards import cards
from gamenight.families.melds import Meld
from gamenight.games.arizona_rummy import (
    ArizonaPhase,
    ArizonaRummy,
    cards_for,
    decks_for,
    hand_points,
    round_rules,
    wild_rank,
)
from tests.helpers import Pieces, deal_deck, golden_match, play_all, set_position

GAME = "arizona-rummy"


def new(hands: list[str], rest: str = "", **options: object) -> ArizonaRummy:
    """Round 1 from a stacked deck: dealer seat 0, seat 1 plays first; ``rest`` is the top of the
    stock (no card is turned up)."""
    s = gamenight.new(GAME, players=len(hands), seed=5, deck=deal_deck(hands, rest), options=options)
    return cast(ArizonaRummy, s)


def at_round(number: int, hands: list[str], stock: str = "", piles: list[str] | None = None,
             **options: object) -> ArizonaRummy:
    """A game moved on to round ``number`` (dealer seat 0, seat 1 to draw), its cards laid out as
    given: ``stock`` on top of the stock and ``piles[s]`` (bottom first) on seat ``s``'s pile. The
    deal's cards are only rearranged, so every card is still in exactly one place."""
    s = cast(ArizonaRummy, gamenight.new(GAME, players=len(hands), seed=5, options=options))
    set_position(s, deal=number - 1, dealer=0)
    s._start_round()  # the kernel deals the round
    described: dict[str, Pieces] = {f"hand/{seat}": hand for seat, hand in enumerate(hands)}
    described |= {f"pile/{seat}": pile for seat, pile in enumerate(piles or [])}
    return set_position(s, zones={**described, "stock": f"{stock} ..."})


def legal(s: ArizonaRummy, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def refused(s: ArizonaRummy, move: str, seat: int | None = None) -> str:
    """The move is refused with a sentence, and nobody's view changes."""
    before = json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True) == before
    return str(err.value)


def conserved(s: ArizonaRummy) -> bool:
    return Counter(c for zone in s.card_zones().values() for c in zone) == Counter(s.deck_template())


def zone(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(z for z in view["layout"]["zones"] if z["key"] == key)


def events(s: ArizonaRummy, seat: int) -> list[str]:
    return list(s.view(seat)["events"])


# ---- equipment and the deal ---------------------------------------------------------------------


def test_three_decks_with_jokers_up_to_five_players_four_from_six() -> None:
    assert [decks_for(n) for n in (2, 5, 6, 8)] == [3, 3, 4, 4]
    for n, size in ((5, 162), (6, 216)):
        s = cast(ArizonaRummy, gamenight.new(GAME, players=n, seed=1))
        assert len(s.deck_template()) == size and Counter(s.deck_template())[C.JOKER] == 2 * s.decks
        assert conserved(s)


@pytest.mark.parametrize(("choice", "decks"), [("3", 3), ("4", 4)])
def test_option_decks_fixes_the_number_whatever_the_table(choice: str, decks: int) -> None:
    for n in (2, 7):
        s = cast(ArizonaRummy, gamenight.new(GAME, players=n, seed=1, options={"decks": choice}))
        assert s.decks == decks and len(s.deck_template()) == 54 * decks


def test_t_az_5_round_k_deals_k_plus_2_cards_with_that_rank_wild() -> None:
    assert cards_for(6) == 8 and cards_for(11) == 13
    assert [C.RANKS[wild_rank(k)] for k in range(1, 12)] == list("3456789TJQK")
    s = at_round(6, ["2C 3C 4C 5C 6C 7C 9C TC", "2D 3D 4D 5D 6D 7D 9D TD"])
    assert s.view(0)["cards_this_round"] == 8 and s.view(0)["wild_rank"] == "8"
    s = at_round(11, ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"])
    assert s.view(1)["cards_this_round"] == 13 and s.view(1)["wilds"] == "kings and jokers"
    fresh = gamenight.new(GAME, players=3, seed=9)
    assert [len(h) for h in cast(ArizonaRummy, fresh).hands] == [3, 3, 3]


def test_g_az_1_no_card_is_turned_up_and_every_pile_starts_empty() -> None:
    s = new(["4C 7D QH", "5C 8D KH"], "9S")
    assert s.piles == [[], []] and s.discards == []
    assert legal(s) == ["draw"] and s.to_act == {1}
    s.play("draw")
    assert s.hands[1][-1] == C.card("9S")


# ---- the piles: discarding in front of you, taking any pile's top ----------------------------------


def test_a_discard_goes_onto_the_players_own_pile_which_lies_in_front_of_him() -> None:
    s = new(["4C 7D QH", "5C 8D KH", "6C 9D AH"], "2S 2H")
    play_all(s, ["draw", "discard KH"])
    assert s.piles == [[], [C.card("KH")], []]
    z = zone(s.view(0), "pile/1")
    assert z["owner"] == 1 and z["pieces"] == ["KH"] and z["show"] == "pile"
    assert s.view(2)["pile_tops"] == [None, "KH", None] and "discard_pile" not in s.view(2)


def test_any_players_pile_top_may_be_taken_and_everyone_knows_it_is_in_the_hand() -> None:
    s = new(["4C 7D QH", "5C 8D KH", "6C 9D AH"], "2S 2H 2D")
    play_all(s, ["draw", "discard KH", "draw", "discard AH", "draw", "discard QH"])
    assert s.to_act == {1}
    assert legal(s) == ["draw", "take 1 QH", "take 2 KH", "take 3 AH"]
    s.play("take 3 AH")
    assert s.piles[2] == [] and C.card("AH") in s.hands[1] and s.taken == C.card("AH")
    assert "AH" in s.view(0)["known_cards"][1]
    assert "Player 2 takes A♥ from Player 3's pile." in events(s, 0)


def test_g_az_5_own_pile_allowed_by_default_and_the_option_forbids_it() -> None:
    s = new(["4C 7D QH", "5C 8D KH"], "2S 2H 2D")
    play_all(s, ["draw", "discard KH", "draw", "discard QH"])
    assert "take 2 KH" in legal(s)
    s.play("take 2 KH")
    assert "Player 2 takes K♥ from his own pile." in events(s, 0)

    s = new(["4C 7D QH", "5C 8D KH"], "2S 2H 2D", draw_own_pile="forbidden")
    play_all(s, ["draw", "discard KH", "draw", "discard QH"])
    assert legal(s) == ["draw", "take 1 QH"]
    assert "own pile" in refused(s, "take 2 KH")


def test_only_the_top_of_a_pile_is_taken_named_by_player_number_and_card() -> None:
    s = new(["4C 7D QH", "5C 8D KH"], "2S 2H 2D 3S")
    play_all(s, ["draw", "discard KH", "draw", "discard QH", "draw", "discard 8D"])
    assert s.piles[1] == cards("KH 8D")
    assert "top card of Player 2's pile" in refused(s, "take 2 KH", 0)
    assert "'take 2 8D'" in refused(s, "take 2 KH", 0)
    assert "no player 3" in refused(s, "take 3 8D", 0)
    assert "by his number" in refused(s, "take 8D", 0)
    assert "Draw first" in refused(s, "discard 4C", 0)
    play_all(s, ["take 2 8D"])
    assert "You have drawn already" in refused(s, "draw", 0)


def test_a_card_taken_from_a_pile_is_not_discarded_again_that_turn_nor_its_twin() -> None:
    s = new(["4C 7D QH", "5C 8D KH"], "2S")
    play_all(s, ["draw", "discard KH"])
    set_position(s, zones={"hand 0": "KH 7D QH"})  # a twin of the K♥ from another deck
    s.play("take 2 KH", 0)
    assert "discard KH" not in legal(s)
    assert "took from the discard pile" in refused(s, "discard KH")


def test_a_take_that_would_leave_nothing_to_discard_is_refused() -> None:
    s = at_round(2, ["4C 4D 4H 7C", "QS QS 5D 9H"], "2C 2D")
    # seat 0 has laid down all but a K♥; a twin K♥ lies on seat 1's pile
    set_position(s, zones={"pile 1": [*s.piles[1], "KH"], "hand 0": "KH"}, turn=0)
    assert "take 2 KH" not in legal(s, 0)
    assert "nothing else to discard" in refused(s, "take 2 KH", 0)


# ---- melds: sets and runs, one natural at least, ace high or low, only on your own --------------


def test_t_az_4_a_meld_needs_a_natural_card_and_the_rounds_rank_is_wild() -> None:
    rules = round_rules(1)
    assert isinstance(rules.check(cards("7H 8H JK")), Meld)
    assert not isinstance(rules.check(cards("JK 3C 3D")), Meld)  # threes are wild in round 1
    assert isinstance(round_rules(2).check(cards("JK 3C 3D")), Meld)  # a natural set of threes later
    s = new(["7H 8H JK", "5C 8D KH"], "2S")
    play_all(s, ["draw", "discard KH"])
    assert refused(s, "meld JK 3C 3D", 0)  # not held, and no meld either
    s.play("draw")
    s.play("meld 7H 8H JK run")
    assert [m.text for m in s.melds] == ["7H 8H JK run"]


def test_g_az_2_runs_of_one_suit_ace_high_or_low_never_round_the_corner() -> None:
    rules = round_rules(3)  # fives wild
    assert isinstance(rules.check(cards("QS KS AS")), Meld)
    assert isinstance(rules.check(cards("AS 2S 3S")), Meld)
    assert not isinstance(rules.check(cards("KS AS 2S")), Meld)
    assert not isinstance(rules.check(cards("7S 8H 9S")), Meld)
    assert not isinstance(rules.check(cards("7S 8S")), Meld)
    assert isinstance(rules.check(cards("9C 9C 9D")), Meld)  # identical cards of several decks


def test_melds_go_down_on_any_turn_but_only_on_your_own_melds() -> None:
    s = at_round(2, ["7C 7D 7H 2S", "QS QD QH 3D"], "KC 9H 8S 9D")
    play_all(s, ["draw", "meld QD QH QS set", "discard KC"])
    assert s.meld_owner == [1]
    s.play("draw")  # seat 0 draws the 9♥
    assert not any(m.startswith("layoff") for m in legal(s))
    assert "own melds" in refused(s, "layoff 1 7C")
    play_all(s, ["meld 7C 7D 7H set", "discard 9H", "draw"])
    set_position(s, zones={"hand 1": [*s.hands[1], "QC"]})  # a queen more for seat 1, from the stock
    assert "layoff 1 QC" in legal(s, 1) and "layoff 2 QC" not in legal(s, 1)


def test_g_az_7_no_minimum_for_the_first_lay_down() -> None:
    s = new(["4C 7D QH", "5C 6C 8D"], "7C")
    s.play("draw")
    assert "meld 5C 6C 7C run" in legal(s)


# ---- going out ------------------------------------------------------------------------------------


def test_going_out_needs_a_discard_the_hand_is_never_emptied_by_melding() -> None:
    s = new(["4C 7D QH", "5C 6C 7C"], "8C 9S")
    s.play("draw")  # 5♣ 6♣ 7♣ 8♣
    assert "meld 5C 6C 7C 8C run" not in legal(s)
    assert "keep a card to discard" in refused(s, "meld 5C 6C 7C 8C run")


def test_going_out_in_the_first_round_puts_the_last_discard_face_down_and_gives_a_card_each() -> None:
    s = new(["4C 7D QH", "5C 6C 8D", "9H 9D KS"], "7C 9S 4S")
    play_all(s, ["draw", "meld 5C 6C 7C run", "discard 8D"])
    assert s.went_out == 1 and s.face_down == cards("8D") and s.piles[1] == []
    # seat 2 then seat 0 (from the going-out player's left) get one stock card each, face down
    assert s.hands[2][-1] == C.card("9S") and s.hands[0][-1] == C.card("4S")
    assert "Player 2 gives you 9♠ face down." in events(s, 2)
    assert not any("9♠" in e for e in events(s, 0)) and not any("8♦" in e for e in events(s, 0))
    assert "Player 2 gives each other player a card face down from the stock." in events(s, 0)
    # the last discard: only its owner sees it; nobody may take it
    assert zone(s.view(0), "face_down")["pieces"] is None
    assert zone(s.view(1), "face_down")["pieces"] == ["8D"]
    assert s.phase_name == ArizonaPhase.LAY_DOWN and not any(m.startswith("take") for m in legal(s))
    assert conserved(s)


def test_the_given_card_is_hidden_from_everyone_but_its_receiver() -> None:
    s = new(["4C 7D QH", "5C 6C 8D", "9H 9D KS"], "7C 9S 4S")
    play_all(s, ["draw", "meld 5C 6C 7C run", "discard 8D"])
    assert s.phase_name == ArizonaPhase.LAY_DOWN
    for seat in range(3):
        view = s.view(seat)
        for other in range(3):
            pieces = zone(view, f"hand/{other}")["pieces"]
            assert (pieces is not None) == (other == seat)
        assert s.sample(seat, random.Random(3)).view(seat) == view


def test_a_player_with_nothing_to_lay_is_passed_over_and_the_round_scored() -> None:
    s = new(["4C 7D QH", "5C 6C 8D", "9H TD KS"], "7C 2S 4S")
    play_all(s, ["draw", "meld 5C 6C 7C run", "discard 8D"])
    seen = events(s, 0)
    assert "Player 3 has nothing to lay down." in seen and "Player 1 has nothing to lay down." in seen
    assert s.deal_no == 2 and s.sheet.rows[0].points == [5 + 5 + 10 + 5, 0, 5 + 10 + 10 + 5]


def test_each_other_player_in_turn_lays_down_what_he_can_then_the_round_is_scored() -> None:
    s = new(["4C 7D QH", "5C 6C 8D", "9H 9D KS"], "7C 9S 4S")
    play_all(s, ["draw", "meld 5C 6C 7C run", "discard 8D"])
    # seat 2 (left of the going-out seat 1) was given the 9♠: 9♥ 9♦ 9♠ K♠
    assert s.phase_name == ArizonaPhase.LAY_DOWN and s.to_act == {2}
    assert s.view(2)["to_lay_down"] == [0]
    assert "draw" not in legal(s) and "done" in legal(s)
    assert "lay down what you can" in refused(s, "discard KS")
    play_all(s, ["meld 9D 9H 9S set", "done"])
    # seat 0 holds 4♣ 7♦ Q♥ 4♠: nothing to lay, so he is passed over and the round is scored
    assert "Player 1 has nothing to lay down." in events(s, 0)
    assert s.deal_no == 2
    row = s.sheet.rows[0]
    assert row.points == [5 + 5 + 10 + 5, 0, 10]


def test_a_player_may_lay_his_whole_hand_in_the_last_lay_down() -> None:
    s = new(["4C 7D QH", "5C 6C 8D", "9H 9D JK"], "7C 9S 4S")
    play_all(s, ["draw", "meld 5C 6C 7C run", "discard 8D"])
    s.play("meld 9D 9H 9S JK set")
    assert "Player 3 has laid down every card." in events(s, 0)
    assert s.sheet.rows[0].points[2] == 0


def test_the_last_lay_down_adds_to_the_players_own_melds_only() -> None:
    s = at_round(2, ["2S 7D QH JC", "5C 6C 8C KH", "9H 9D 9C QS"], "TD AS 3C 7C 9S KD")
    play_all(s, ["draw", "discard KH"])                                  # seat 1: 5♣ 6♣ 8♣ 10♦
    play_all(s, ["draw", "meld 9C 9D 9H set", "discard AS"])            # seat 2: Q♠ left
    play_all(s, ["draw", "discard 3C"])                                  # seat 0
    play_all(s, ["draw", "meld 5C 6C 7C 8C run", "discard TD"])         # seat 1 goes out
    assert s.to_act == {2} and s.hands[2] == cards("QS 9S")
    assert legal(s) == ["layoff 1 9S", "done"]
    assert "own melds" in refused(s, "layoff 2 9S")
    play_all(s, ["layoff 1 9S", "done"])
    # seat 0 (2♠ 7♦ Q♥ J♣ and the K♦ given) has nothing to lay: passed over
    assert s.sheet.rows[0].points == [5 + 5 + 10 + 10 + 10, 0, 10]


# ---- scoring ----------------------------------------------------------------------------------------


def test_t_az_1_round_1_a_joker_a_three_and_a_king_count_85() -> None:
    assert hand_points(cards("JK 3H KS"), 1) == 50 + 25 + 10 == 85


def test_t_az_2_round_8_tens_wild_count_25_each() -> None:
    assert hand_points(cards("TD TC AS 2H 9C"), 8) == 25 + 25 + 20 + 5 + 5 == 80


def test_g_az_6_the_wild_rank_counts_25_even_standing_for_itself_and_twos_are_never_wild() -> None:
    assert hand_points(cards("5S"), 3) == 25 and hand_points(cards("5S"), 4) == 5
    assert hand_points(cards("2S"), 1) == 5
    assert all(not round_rules(k).is_wild(C.card("2S")) for k in range(1, 12))


def test_t_az_3_going_out_scores_0_and_an_unusable_given_card_counts_against() -> None:
    s = new(["4C 4D 4H", "5C 6C 8D", "9H 9D 9S"], "7C 7C 7C")
    play_all(s, ["draw", "meld 5C 6C 7C run", "discard 8D"])
    # seat 2 lays his set, keeps the given 7♣; seat 0 lays his fours and keeps his 7♣
    play_all(s, ["meld 9D 9H 9S set", "done", "meld 4C 4D 4H set", "done"])
    assert s.sheet.rows[0].points == [5, 0, 5]


# ---- the stock runs out --------------------------------------------------------------------------


def test_the_stock_is_remade_from_every_pile_but_its_top() -> None:
    s = new(["4C 7D QH", "5C 8D KH"], "2S 2H 2D")
    # the piles so, the stock used up: its cards out of play (on a pile they would be remade)
    set_position(s, zones={"pile 0": "9C 9D AS", "pile 1": "JH 3S", "stock": ""}, out_of_play="...")
    s.begin_turn(1)  # seat 1 must draw from an empty stock
    assert sorted(s.stock) == sorted(cards("9C 9D JH"))
    assert s.piles == [cards("AS"), cards("3S")]
    assert any("every player's pile but its top card" in e for e in events(s, 0))
    assert legal(s) == ["draw", "take 1 AS", "take 2 3S"]


def test_with_nothing_below_the_tops_an_empty_stock_ends_the_round_with_nobody_out() -> None:
    s = new(["4C 7D QH", "5C 8D KH"], "2S")
    set_position(s, zones={"pile 0": "AS", "pile 1": "3S", "stock": ""}, out_of_play="...")
    s.begin_turn(1)
    assert s.deal_no == 2
    assert s.sheet.rows[0].points == [5 + 5 + 10, 5 + 5 + 10]
    assert "the stock ran out" in s.sheet.rows[0].note


def test_g_az_4_a_card_given_after_going_out_comes_from_a_remade_stock() -> None:
    s = new(["4C 7D QH", "5C 6C 8D", "9H 9D JK"], "7C")
    s.play("draw")  # the 7♣
    # every other card lies on seat 1's pile below its 3♦; the stock is empty
    set_position(s, zones={"pile 0": "2H 3H", "pile 1": "... 3D", "pile 2": "", "stock": ""})
    play_all(s, ["meld 5C 6C 7C run", "discard 8D"])
    assert len(s.hands[2]) == 4 and len(s.hands[0]) == 4
    assert s.piles[0] == cards("3H") and s.piles[1] == cards("3D")
    assert conserved(s)


# ---- the match ----------------------------------------------------------------------------------------


#: thirteen cards that make no meld in round 11 (no king, no joker; no two of a suit within two
#: places; a pair at most), even with a 5♦ given: 100 points with it
NO_MELD = "2H 3S 4C 5H 6S 7C 8H 9S TC JH QS AC 2D"


@pytest.mark.parametrize(("before", "winners"), [((1, 100), (1,)), ((0, 100), (0, 1))])
def test_after_eleven_rounds_the_lowest_total_wins_and_ties_share(before: tuple[int, int],
                                                                  winners: tuple[int, ...]) -> None:
    s = at_round(11, [NO_MELD, "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD AD 9H"], "KC 5D")
    s.sheet.add("rounds 1 to 10", list(before))
    play_all(s, ["draw", "meld 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KC AD run", "discard 9H"])
    assert s.is_over and s.sheet.rows[-1].points == [100, 0]
    assert s.outcome is not None and s.outcome.winners == winners
    assert "lowest total wins" in s.outcome.reason


def test_the_rules_text_states_every_house_decision() -> None:
    spec = next(g for g in gamenight.games() if g.id == GAME)
    for gap in range(1, 8):
        assert f"G-AZ-{gap}" in spec.rules
    assert "take 2 7H" in spec.rules and "draw_own_pile" in spec.rules


# ---- the golden match -------------------------------------------------------------------------------


def test_golden_match_four_heuristic_bots_play_eleven_rounds_to_the_lowest_total() -> None:
    s = cast(ArizonaRummy, golden_match("arizona_rummy_heuristic"))
    rows = s.sheet.rows
    assert [r.label for r in rows][::10] == ["Round 1: 3 cards, threes wild",
                                             "Round 11: 13 cards, kings wild"]
    assert len(rows) == 11 and all(r.points.count(0) >= 1 and "went out" in r.note for r in rows)
    assert rows[0].points == [5, 25, 0, 25] and rows[-1].points == [0, 85, 30, 10]
    assert s.sheet.totals == [130, 340, 175, 270]
    assert s.outcome is not None and s.outcome.winners == (0,)
    takes = [(seat, m) for seat, m in s.moves if m.verb == "take"]
    assert any(m.number != seat + 1 for seat, m in takes)  # a card taken from another player's pile
