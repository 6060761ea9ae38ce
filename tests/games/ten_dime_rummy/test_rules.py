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
from tests.helpers import deal_deck, golden_match, play_all

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
    s.deal_no = number - 1
    s.dealer = 0
    s._start_round()
    pool = Counter(c for h in s.hands for c in h) + Counter(s.stock) + Counter(s.discards)
    wanted = [cards(h) for h in hands]
    top = cards(rest)
    for c in [*(c for h in wanted for c in h), *top]:
        assert pool[c] > 0, f"{C.CODE_OF[c]} is not in this deal often enough"
        pool[c] -= 1
    s.hands = wanted
    s.discards = top[:1]
    s.stock = top[1:] + sorted(pool.elements())
    s._legal_cache = {}
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
    assert [c.describe() for c in contracts()][:2] == ["a set of three", "two sets of three, of different ranks"]
    spec = gamenight.games()
    rules = next(g for g in spec if g.id == GAME).rules
    for text in CONTRACTS:
        assert f" {text} " in rules
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


def test_g_tdr_4_a_bought_card_need_not_be_used_and_may_be_discarded() -> None:
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D 9C 10C")
    s.play("buy 9D")
    assert "discard 9D" in legal(s)
    s.play("discard 9D")
    assert s.discards[-1] == C.card("9D") and s.turn == 0


def test_g_tdr_5_a_buy_takes_what_the_stock_holds_remaking_it_once() -> None:
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D")
    # the stock down to one card, the rest under the discard pile
    s.discards[:0] = s.stock[1:]
    del s.stock[1:]
    s.play("buy 9D")
    assert len(s.hands[1]) == 15 and s.restocks == 1 and conserved(s)
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D")
    s.discards[:0] = s.stock[1:]
    del s.stock[1:]
    s.restocks = 1  # already remade once this round: the buy takes only what is left
    s.play("buy 9D")
    assert len(s.hands[1]) == 14 and not s.stock and conserved(s)


def test_the_stock_is_remade_once_then_the_round_ends_with_everyone_scored() -> None:
    s = new(["KS QH 3S 3H 4S 4H 5S 5H 6S 6H 8S 8H", DULL], "9D 7C")
    s.discards[:0] = s.stock[1:]
    del s.stock[1:]
    play_all(s, ["draw", "discard 7C"])  # seat 0 must draw from an empty stock: it is remade
    assert s.restocks == 1 and len(s.stock) > 100 and s.discards == [C.card("7C")] and conserved(s)
    s.discards[:0] = s.stock[1:]
    del s.stock[1:]
    s.play("draw")
    held = [card_points(s.hands[0]) - card_points(cards("KS")), card_points(s.hands[1])]
    s.play("discard KS")  # seat 1 must draw from an empty stock again: the round ends
    row = s.sheet.rows[0]
    assert row.label == "Round 1: S3, the stock ran out" and row.points == [-held[0], -held[1]]
    assert s.deal_no == 2 and s.dealer == 1 and all(len(h) == 12 for h in s.hands)
