"""10 Dime Rummy (seed 000 p.7): stacked-deck scenarios for every rule clause and option, the worked
cases T-TDR-1..5 of ``shared/rules/metzker-book.md`` §6, the refusals, and a golden match."""

from __future__ import annotations

import json
from collections import Counter
from typing import cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C
from gamenight.equipment.cards import cards
from gamenight.families.melds import Meld
from gamenight.games.ten_dime_rummy import (
    CONTRACTS,
    DIME,
    RULES,
    TenDimeRummy,
    card_points,
    contracts,
    decks_for,
)
from tests.helpers import deal_deck, golden_match, lay_out_rummy_deal, play_all, run_down_stock, set_position

GAME = "ten-dime-rummy"
#: twelve cards that make no set of three (two of each of six ranks), for a seat that only draws and discards
DULL = "3S 3H 4S 4H 5S 5H 6S 6H 8S 8H 9S 9H"


def new(hands: list[str], rest: str = "", **options: object) -> TenDimeRummy:
    """Round 1 from a stacked deck: dealer seat 0, seat 1 plays first; ``rest`` starts with the
    upcard, then the top of the stock."""
    s = gamenight.new(GAME, players=len(hands), seed=5, deck=deal_deck(hands, rest), options=options)
    return cast(TenDimeRummy, s)


def at_round(number: int, hands: list[str], rest: str, players: int | None = None,
             **options: object) -> TenDimeRummy:
    """A game moved on to round ``number`` (dealer seat 0), its cards laid out as given: the cards
    of the deal are only rearranged, so every card is still in exactly one place."""
    s = cast(TenDimeRummy, gamenight.new(GAME, players=players or len(hands), seed=5, options=options))
    set_position(s, deal=number - 1, dealer=0)
    s._start_round()  # the kernel deals the round
    lay_out_rummy_deal(s, hands, rest)
    return s


def legal(s: TenDimeRummy, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def refused(s: TenDimeRummy, move: str, seat: int | None = None) -> str:
    before = json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True) == before
    return str(err.value)


def conserved(s: TenDimeRummy) -> bool:
    return Counter(c for zone in s.card_zones().values() for c in zone) == Counter(s.deck_template())


def purse(s: TenDimeRummy, seat: int) -> int:
    return s.ledger.purses[seat] // DIME


# ---- equipment, the deal, the catalogue ----------------------------------------------------


def test_three_decks_with_jokers_up_to_five_players_four_from_six() -> None:
    assert [decks_for(n) for n in (2, 5, 6, 8)] == [3, 3, 4, 4]
    for n, size in ((5, 162), (6, 216)):
        s = cast(TenDimeRummy, gamenight.new(GAME, players=n, seed=1))
        deck = Counter(s.deck_template())
        assert len(s.deck_template()) == size and deck[C.JOKER] == 2 * s.decks
        assert all(len(h) == 12 for h in s.hands) and len(s.discards) == 1 and conserved(s)


def test_option_decks_fixes_the_number_of_decks() -> None:
    s = cast(TenDimeRummy, gamenight.new(GAME, players=2, seed=1, options={"decks": "4"}))
    assert s.decks == 4 and len(s.deck_template()) == 216
    s = cast(TenDimeRummy, gamenight.new(GAME, players=7, seed=1, options={"decks": "3"}))
    assert s.decks == 3


def test_eight_rounds_of_set_contracts_as_data_and_in_the_rules_text() -> None:
    assert [str(c) for c in contracts()] == list(CONTRACTS)
    words = [c.describe() for c in contracts()][:2]
    assert words == ["a set of three", "two sets of three, of different ranks"]
    spec = gamenight.games()
    rules = next(g for g in spec if g.id == GAME).rules
    for number, contract in enumerate(contracts(distinct_ranks=False), 1):
        assert f"Round {number}: {contract.text} — {contract.describe()}" in rules
    s = new([DULL, DULL], "7C")
    v = s.view(1)
    assert v["contract"] == "S3" and v["my_contract"] == "A set of three" and v["round_of"] == [1, 8]
    assert v["contracts"] == ["A set of three", "A set of three"] and v["made"] == [False, False]


def test_each_player_begins_with_ten_dimes_and_option_start_dimes() -> None:
    s = new([DULL, DULL], "7C")
    assert s.ledger.purses == (100, 100) and s.view(0)["dimes"] == [10, 10] and s.ledger.pot() == 0
    s = new([DULL, DULL], "7C", start_dimes=3)
    assert s.view(0)["dimes"] == [3, 3]


# ---- wild cards and sets -----------------------------------------------------------------------


def test_t_tdr_3_at_least_as_many_naturals_as_wilds() -> None:
    assert isinstance(RULES.check(cards("QH QS 2C JK"), "set"), Meld)
    assert RULES.check(cards("QH 2C JK"), "set") == "A meld may not hold more wild cards than natural cards."
    s = new([DULL, "QH QS 2C JK 3S 3H 4S 4H 5S 5H 6S 6H"], "7C 9D")
    s.play("draw")
    assert "meld QH 2C JK set" not in legal(s)
    assert "wild cards than natural" in refused(s, "meld QH 2C JK set")
    s.play("meld QH QS 2C JK set")
    assert s.made[1]


def test_sets_only_no_runs() -> None:
    s = new([DULL, "5H 6H 7H 3S 3H 4S 4D 9S 9H 8S 8H KC"], "7C 9D")
    s.play("draw")
    assert "Only sets" in refused(s, "meld 5H 6H 7H run")


def test_twos_and_jokers_are_wild() -> None:
    assert RULES.is_wild(C.card("2D")) and RULES.is_wild(C.JOKER) and not RULES.is_wild(C.card("3D"))


# ---- the draw: the stock, or buying ----------------------------------------------------------


def test_the_discard_is_bought_never_taken() -> None:
    s = new(["KS KH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "KD 9D")
    assert legal(s) == ["draw", "buy KD"]
    assert "buy" in refused(s, "take KD")
    assert "top card" in refused(s, "buy 9D")


def test_t_tdr_4_buying_twice() -> None:
    s = new([DULL, "KS KH 3C 3D 4C 4D 5C 5D 6C 6D 8C 8D"], "QC 9D 10C JC QD KC")
    s.play("draw")  # seat 1 draws 9D
    s.play("discard 9D")  # the pile: QC, 9D
    s.play("buy 9D")  # seat 0: 9D, then 10C JC
    assert s.phase() == "play" and "buy QC" in legal(s)
    s.play("buy QC")  # QC, then QD KC
    assert len(s.hands[0]) == 12 + 6
    assert purse(s, 0) == 8 and s.ledger.pot() == 2 * DIME
    assert sorted(s.view(1)["known_cards"][0]) == ["9D", "QC"] and s.view(0)["bought_now"] == ["9D", "QC"]
    assert [e.amount for e in s.ledger.entries] == [DIME, DIME] and conserved(s)


def test_after_a_buy_the_player_may_buy_again_or_play_but_not_after_laying_or_drawing() -> None:
    s = new(["KS KH KC 3S 3H 4S 4H 5S 5H 6S 6H 8S", DULL], "KD 9D 9C 10C JC QC")
    s.play("draw")
    assert not [m for m in legal(s) if m.startswith("buy")]
    assert "straight after a buy" in refused(s, "buy KD")
    s = new(["KS KH KC 3S 3H 4S 4H 5S 5H 6S 6H 8S", DULL], "QC 9D 10C JC QD KD")
    s.play("draw")  # seat 1 draws 9D
    s.play("discard 9D")  # the pile: QC, 9D
    s.play("buy 9D")  # seat 0
    assert "buy QC" in legal(s)
    s.play("meld KS KH KC set")  # the contract: buying is over for this turn
    assert s.made[0] and "buy QC" not in legal(s)
    assert "laid cards since" in refused(s, "buy QC")


def test_a_player_without_dimes_cannot_buy() -> None:
    s = new(["KS KH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "KD 9D", start_dimes=0)
    assert legal(s) == ["draw"]
    assert "no dimes" in refused(s, "buy KD")


def test_g_tdr_2_buying_is_on_ones_own_turn_by_default() -> None:
    s = new([DULL, "KS KH 3C 3D 4C 4D 5C 5D 6C 6D 8C 8D", DULL], "QC 9D 10C JC")
    s.play("draw")
    s.play("discard 9D")  # seat 1 discards: no window, seat 2 draws or buys in his turn
    assert s.phase() == "draw" and s.to_act == {2} and s.lapse_moves() == {}


def test_option_buy_timing_any_time_buying_out_of_turn() -> None:
    # three players, seat 1 first: after his discard, seat 2 is next (he buys in his turn) and
    # seat 0 may buy out of turn: a dime for the discard and two stock cards, and it is not a turn
    s = new([DULL, "KS KH 3C 3D 4C 4D 5C 5D 6C 6D 8C 8D", DULL], "QC 9D 10C JC QD", buy_timing="any_time")
    s.play("draw")  # 9♦
    s.play("discard 9D")
    assert s.phase() == "claim" and s.to_act == {0} and legal(s, 0) == ["buy 9D", "pass"]
    assert s.lapse_moves() == {0: s.parse("pass")} and s.legal_moves(2) == []
    assert "up for buying is the nine of diamonds" in refused(s, "buy QC", 0)
    s.play("buy 9D", 0)
    assert len(s.hands[0]) == 12 + 3 and C.cards("9D 10C JC")[0] in s.hands[0] and purse(s, 0) == 9
    assert s.ledger.pot() == DIME and s.phase() == "draw" and s.to_act == {2}
    assert s.view(1)["known_cards"][0] == ["9D"] and conserved(s)
    # letting it pass: the discard stays for the next player
    t = new([DULL, "KS KH 3C 3D 4C 4D 5C 5D 6C 6D 8C 8D", DULL], "QC 9D 10C JC QD", buy_timing="any_time")
    t.play("draw")
    t.play("discard 9D")
    t.play("pass", 0)
    assert t.to_act == {2} and "buy 9D" in legal(t) and purse(t, 0) == 10


def test_buying_out_of_turn_the_buyer_nearest_the_discarders_left_gets_it() -> None:
    hands = [DULL, "KS KH 3C 3D 4C 4D 5C 5D 6C 6D 8C 8D", DULL, DULL]
    s = new(hands, "QC 9D 10C JC QD KD", buy_timing="any_time")
    s.play("draw")
    s.play("discard 9D")  # seat 2 is next; seats 3 then 0 may buy
    assert s.to_act == {3, 0}
    s.play("buy 9D", 0)
    assert s.phase() == "claim" and s.to_act == {3}  # seat 3 comes first from seat 1's left
    s.play("buy 9D", 3)
    assert s.phase() == "draw" and s.to_act == {2} and purse(s, 3) == 9 and purse(s, 0) == 10
    assert len(s.hands[3]) == 15 and len(s.hands[0]) == 12


def test_a_player_without_dimes_is_not_offered_the_discard_out_of_turn() -> None:
    s = new([DULL, "KS KH 3C 3D 4C 4D 5C 5D 6C 6D 8C 8D", DULL], "QC 9D 10C", buy_timing="any_time",
            start_dimes=0)
    s.play("draw")
    s.play("discard 9D")
    assert s.phase() == "draw" and s.to_act == {2}


def test_g_tdr_4_a_bought_card_need_not_be_used_and_may_be_discarded() -> None:
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D 9C 10C")
    s.play("buy 9D")
    assert "discard 9D" in legal(s)
    s.play("discard 9D")
    assert s.discards[-1] == C.card("9D") and s.turn == 0


def test_g_tdr_5_a_buy_takes_what_the_stock_holds_remaking_it_once() -> None:
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D")
    run_down_stock(s, 1)  # the stock down to one card, the rest under the discard pile
    s.play("buy 9D")
    assert len(s.hands[1]) == 15 and s.restocks == 1 and conserved(s)
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D")
    # already remade once this round: the buy takes only what is left
    run_down_stock(s, 1, extra={"restocks": 1})
    s.play("buy 9D")
    assert len(s.hands[1]) == 14 and not s.stock and conserved(s)


def test_the_stock_is_remade_once_then_the_round_ends_with_everyone_scored() -> None:
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D 7C")
    run_down_stock(s, 1)
    play_all(s, ["draw", "discard 7C"])  # seat 0 must draw from an empty stock: it is remade
    assert s.restocks == 1 and len(s.stock) > 100 and s.discards == [C.card("7C")] and conserved(s)
    run_down_stock(s, 1)
    s.play("draw")
    held = [card_points(s.hands[0]) - card_points(cards("KS")), card_points(s.hands[1])]
    s.play("discard KS")  # seat 1 must draw from an empty stock again: the round ends
    row = s.sheet.rows[0]
    assert row.label == "Round 1: S3, the stock ran out" and row.points == [-held[0], -held[1]]
    assert s.deal_no == 2 and s.dealer == 1 and all(len(h) == 12 for h in s.hands)


# ---- the contract ---------------------------------------------------------------------------


def test_the_contract_comes_first_no_lay_off_before_it_g_tdr_6() -> None:
    s = new(["7S 7H 7D 3S 3H 4S 4H 5S 5H 6S 6H 8S", "7C 9S 9H 10S 10H JS JH QS QH KS KH 3D"], "AC 2D")
    s.play("draw")  # seat 1 draws 2D
    s.play("discard 3D")
    s.play("draw")  # seat 0
    s.play("meld 7S 7H 7D set")  # the contract: a set of three
    assert s.made[0]
    s.play("discard 8S")
    s.play("draw")
    assert not [m for m in legal(s) if m.startswith("layoff")]
    assert "contract" in refused(s, "layoff 1 7C")


def test_more_sets_and_lay_offs_the_same_turn_as_the_contract() -> None:
    s = new([DULL, "7S 7H 7D KS KH KD 9C 9D 10C JC QC AS"], "AC 7C")
    s.play("draw")  # 7C
    s.play("meld 7S 7H 7D set")
    assert s.made[1] and "layoff 1 7C" in legal(s) and "meld KD KH KS set" in legal(s)
    s.play("meld KS KH KD set")
    s.play("layoff 1 7C")
    assert s.view(0)["on_table"] == [0, 4 * 5 + 3 * 10]


def test_t_tdr_contract_sets_are_of_different_ranks_option() -> None:
    hands = [DULL, "9S 9H 9D 9C 9S 9H KS KH KD 10C 3D 4D"]
    s = new(hands, "AC 5C")
    s.play("draw")
    assert contracts()[1].describe().endswith("of different ranks")
    s = at_round(2, hands, "AC 5C")
    s.play("draw")
    s.play("meld 9S 9H 9D set")
    assert "different ranks" in refused(s, "meld 9C 9S 9H set")
    s = at_round(2, hands, "AC 5C", distinct_contract_ranks=False)
    s.play("draw")
    play_all(s, ["meld 9S 9H 9D set", "meld 9C 9S 9H set"])
    assert s.made[1]


def test_contract_sizes_are_minimums_g_tdr_3() -> None:
    s = new([DULL, "9S 9H 9D 9C 9S KS QH JD 10C 3D 4D 5D"], "AC 5C")
    s.play("draw")
    s.play("meld 9S 9S 9H 9D 9C set")  # five nines meet "a set of three"
    assert s.made[1]


def test_lay_offs_on_anyones_sets_lie_in_front_of_who_laid_them_and_count_for_him() -> None:
    s = new(["7S 7H 7D 3S 3H 4S 4H 5S 5H 6S 6H 8S", "KS KH KD 7C 9S 9H 10S 10H JS JH QS QH"], "AC 2D 8C")
    s.play("draw")  # seat 1: 2D
    s.play("meld KS KH KD set")
    s.play("discard 2D")
    s.play("draw")  # seat 0: 8C
    s.play("meld 7S 7H 7D set")
    s.play("discard 8C")
    s.play("draw")  # seat 1
    s.play("layoff 2 7C")  # on seat 0's sevens
    assert s.view(0)["on_table"] == [15, 35]
    keys = {z.key: (z.owner, z.group) for z in s.zones() if z.key.startswith("meld/")}
    assert keys == {"meld/1": (1, "melds/1"), "meld/2": (0, "melds/0")}
    assert next(z.pieces for z in s.zones() if z.key == "laid_off/1") == cards("7C")
    laid_by = sorted(map(tuple, s.view(0)["melds"][1]["laid_by"]))
    assert laid_by == [(0, "7D"), (0, "7H"), (0, "7S"), (1, "7C")]
    assert conserved(s)


def test_wild_cards_on_the_table_are_never_taken_back() -> None:
    s = new([DULL, "KS KH JK 7C 9S 9H 10S 10H JS JH QS QH"], "AC KD")
    s.play("draw")
    s.play("meld KS KH JK set")
    assert not [m for m in legal(s) if m.startswith("swap")]
    assert "stay where they are" in refused(s, "swap 1 KD JK")


def test_a_wild_laid_off_keeps_naturals_at_least_as_many_as_wilds() -> None:
    s = new([DULL, "KS KH JK 2C 2D 9H 10S 10H JS JH QS QH"], "AC 3D")
    s.play("draw")
    s.play("meld KS KH 2C JK set")  # two naturals, two wilds
    assert "layoff 1 2D" not in legal(s)
    assert "wild cards than natural" in refused(s, "layoff 1 2D")


# ---- going out -----------------------------------------------------------------------------


def test_t_tdr_5_nobody_goes_out_before_everyone_has_played() -> None:
    # seat 1 meets the round-1 contract on the first turn and could lay every card, but seat 2
    # (and the dealer) have not played yet
    hands = [DULL, "7S 7H 7D 8S 8H 8D 9S 9H 9D KS KH KD", DULL]
    s = new(hands, "AC KC")
    s.play("draw")  # KC
    play_all(s, ["meld 7S 7H 7D set", "meld 8S 8H 8D set", "meld 9S 9H 9D set"])
    assert "meld KS KH KD KC set" not in legal(s) and "meld KS KH KD set" not in legal(s)
    assert "every player has had a turn" in refused(s, "meld KS KH KD KC set")
    assert "every player has had a turn" in refused(s, "meld KS KH KD set")
    assert not s.view(1)["everyone_has_played"]
    s.play("discard KC")
    assert len(s.hands[1]) == 3 and not s.is_over and s.deal_no == 1


def test_the_last_player_of_the_first_lap_may_go_out_on_his_first_turn() -> None:
    hands = ["7S 7H 7D 8S 8H 8D 9S 9H 9D KS KH KD", DULL]
    s = new(hands, "AC 3C 4C")
    play_all(s, ["draw", "discard 3C", "draw"])  # seat 0 (the dealer) draws 4C
    assert s.view(0)["everyone_has_played"]
    play_all(s, ["meld 7S 7H 7D set", "meld 8S 8H 8D set", "meld 9S 9H 9D set", "meld KS KH KD set"])
    s.play("discard 4C")  # with a discard
    row = s.sheet.rows[0]
    assert row.label == "Round 1: S3, Player 1 goes out"
    assert row.points == [3 * 15 + 3 * 10, -card_points(cards(DULL))]


def test_going_out_without_a_discard() -> None:
    hands = ["7S 7H 7D 8S 8H 8D 9S 9H 9D KS KH 3D", DULL]
    s = new(hands, "AC 3C KD")
    play_all(s, ["draw", "discard 3C", "draw"])  # seat 0 draws KD: thirteen cards
    play_all(s, ["meld 7S 7H 7D set", "meld 8S 8H 8D set", "meld 9S 9H 9D set", "meld KS KH KD set"])
    assert s.hands[0] == cards("3D")
    s.play("discard 3D")
    assert s.deal_no == 2
    s = new(["7S 7H 7D 8S 8H 8D 9S 9H 9D KS KH KC", DULL], "AC 3C KD")
    play_all(s, ["draw", "discard 3C", "draw"])
    play_all(s, ["meld 7S 7H 7D set", "meld 8S 8H 8D set", "meld 9S 9H 9D set"])
    s.play("meld KS KH KD KC set")  # the last card melded: out without a discard
    assert s.deal_no == 2 and s.sheet.rows[0].points[0] == 45 + 40


# ---- scoring: the worked cases ---------------------------------------------------------------


def test_t_tdr_1_cards_on_the_table_less_cards_in_hand() -> None:
    hands = [DULL, "KS KH KD JK 5S 5H 5D 2C AS 9S 3C 4C"]
    s = at_round(4, hands, "QC 10D")
    s.play("draw")  # 10D
    play_all(s, ["meld KS KH KD JK set", "meld 5S 5H 5D 2C set"])  # the contract: two sets of four
    assert s.made[1] and s.view(1)["on_table"][1] == 80 + 40
    # the worked case's hand: the ace and the nine left
    set_position(s, zones={"hand 1": "AS 9S"})
    assert s.round_scores()[1] == 120 - 25 == 95


def test_t_tdr_2_a_player_who_never_melded_counts_his_hand_against_him() -> None:
    s = new([DULL, DULL])
    set_position(s, zones={"hand 0": "JK 2S AH KC 3D"})
    assert s.round_scores()[0] == -(50 + 25 + 20 + 10 + 5) == -110


# ---- the pot ----------------------------------------------------------------------------------


def test_after_round_8_the_highest_total_takes_the_pot() -> None:
    s = new([DULL, DULL, DULL])
    for seat in range(3):
        s.pay_pot(seat, (seat + 1) * DIME, "a buy")
    s.sheet.add("Round 1", [10, 40, -5])
    s._pay_out_pot()
    assert s.ledger.pot() == 0 and [purse(s, x) for x in range(3)] == [9, 14, 7]


def test_g_tdr_7_equal_totals_share_the_pot_an_odd_dime_nearest_the_dealers_left() -> None:
    s = new([DULL, DULL, DULL])
    for seat in range(3):
        s.pay_pot(seat, DIME, "a buy")
    s.sheet.add("Round 1", [40, 10, 40])  # dealer seat 0: seat 2 comes before seat 0 from the left
    s._pay_out_pot()
    assert [purse(s, x) for x in range(3)] == [10, 9, 11] and s.ledger.pot() == 0


# ---- a golden match ---------------------------------------------------------------------------


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("ten_dime_rummy_heuristic")
    assert isinstance(s, TenDimeRummy) and s.outcome is not None
    assert [(r.label, r.points) for r in s.sheet.rows] == GOLDEN_SHEET
    assert s.outcome.winners == GOLDEN_WINNERS and s.ledger.purses == GOLDEN_PURSES
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert again.sheet.to_json() == s.sheet.to_json()


#: four heuristic bots, seed 2026: East takes a pot of 22 dimes
GOLDEN_SHEET: list[tuple[str, list[int]]] = [
    ("Round 1: S3, North goes out", [200, 75, 105, 140]),
    ("Round 2: S3+S3, West goes out", [90, 155, 100, 90]),
    ("Round 3: S4, East goes out", [35, 180, 65, 120]),
    ("Round 4: S4+S4, West goes out", [-170, 190, 145, 230]),
    ("Round 5: S5, South goes out", [155, 95, 145, 115]),
    ("Round 6: S5+S5, North goes out", [185, 175, -125, 270]),
    ("Round 7: S6, South goes out", [130, 120, 170, 90]),
    ("Round 8: S6+S6, South goes out", [-135, 225, 210, -90]),
]
GOLDEN_WINNERS = (1,)
GOLDEN_PURSES = (60, 320, 10, 10)
