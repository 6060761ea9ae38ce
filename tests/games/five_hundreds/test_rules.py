"""Five Hundreds (seed 000, "Five Hundreds – New Entry"): stacked-deck scenarios for every rule clause
and option, the worked cases T-FH-1..5 of ``shared/rules/metzker-book.md`` §11, the refusals, and a
golden match."""

from __future__ import annotations

import json
from collections import Counter
from typing import cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.zones import Show
from gamenight.equipment import cards as C
from gamenight.equipment.cards import card, cards
from gamenight.families.draw_discard import Phase
from gamenight.families.melds import Meld
from gamenight.games.five_hundreds import RULES, VALUES, FiveHundreds, card_points
from tests.helpers import deal_deck, edited, golden_match, lay_out_rummy_deal, run_down_stock, set_position

GAME = "five-hundreds"


def new(hands: list[str], rest: str = "", **options: object) -> FiveHundreds:
    """Hand 1 from a stacked deck: dealer seat 0, seat 1 plays first; ``rest`` starts with the upcard,
    then the top of the stock."""
    return cast(FiveHundreds, gamenight.new(GAME, players=len(hands), seed=5, deck=deal_deck(hands, rest),
                                            options=options))


def laid_out(hands: list[str], rest: str, **options: object) -> FiveHundreds:
    """A fresh hand (dealer seat 0, seat 1 to draw) with its cards laid out as given; the hands may
    be of any size. Every card is still in exactly one place."""
    s = cast(FiveHundreds, gamenight.new(GAME, players=len(hands), seed=5, options=options))
    return set_position(lay_out_rummy_deal(s, hands, rest), dealer=0, turn=1)


def meld_for(s: FiveHundreds, seat: int, codes: str) -> None:
    """``seat`` has laid ``codes`` as a meld earlier in the hand."""
    found = RULES.check(cards(codes))
    assert isinstance(found, Meld)
    s.place_meld(seat, found)  # the kernel's own step (no event, no turn rules)
    edited(s)


def legal(s: FiveHundreds, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def refused(s: FiveHundreds, move: str, seat: int | None = None) -> str:
    before = json.dumps([s.view(x) for x in [None, *range(s.num_players)]], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in [None, *range(s.num_players)]], sort_keys=True) == before
    return str(err.value)


def conserved(s: FiveHundreds) -> bool:
    return Counter(c for zone in s.card_zones().values() for c in zone) == Counter(s.deck_template())


def events(s: FiveHundreds, kind: str) -> list[str]:
    return [e.text for e in s.events if e.kind == kind]


# ---- players, cards, the deal ------------------------------------------------------------------

DULL0 = "2C 4D 6H 8S TC QD KS"
#: seat 0 with the clubs run J-K to lay as its meld
SEAT0 = "JC QC KC 2C 4D 6H 8S"


def test_two_to_four_players_seven_cards_one_deck_and_an_upcard() -> None:
    assert next(g for g in gamenight.games() if g.id == GAME).players == (2, 3, 4)
    for n in (2, 3, 4):
        s = cast(FiveHundreds, gamenight.new(GAME, players=n, seed=3))
        assert len(s.deck_template()) == 52 and C.JOKER not in s.deck_template()
        assert all(len(h) == 7 for h in s.hands) and len(s.discards) == 1
        assert len(s.stock) == 52 - 7 * n - 1 and conserved(s)
        assert s.turn == s.next_seat(s.dealer) and s.phase() == "draw"
    with pytest.raises(gamenight.OptionError):
        gamenight.new(GAME, players=5)


def test_the_discard_pile_lies_spread_every_card_showing() -> None:
    s = new([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S")
    pile = next(z for z in s.zones() if z.key == "discards")
    assert pile.show == Show.SPREAD
    s.play("draw")
    s.play("discard 9C")
    assert s.view(0)["discard_pile"] == ["QH", "9C"]
    layout = {z["key"]: z for z in s.view(0)["layout"]["zones"]}
    assert layout["discards"]["pieces"] == ["QH", "9C"]


def test_g_fh_7_left_of_the_dealer_leads_and_the_deal_passes_left() -> None:
    s = cast(FiveHundreds, gamenight.new(GAME, players=3, seed=8, options={"max_hands": 3}))
    first = s.dealer
    assert s.turn == (first + 1) % 3
    s.hand_scores = lambda: [0, 0, 0]  # type: ignore[method-assign]
    run_down_stock(s)  # the next discard ends the hand (G-FH-2)
    s.play("take " + C.CODE_OF[s.discards[-1]])
    s.play(next(m for m in s.legal_moves() if m.verb == "discard"))
    assert s.deal_no == 2 and s.dealer == (first + 1) % 3 and s.turn == (first + 2) % 3


# ---- melds: sets of three or four, runs with the ace high or low, no wild cards ----------------


def test_sets_of_three_or_four_and_runs_with_the_ace_high_or_low_not_round_the_corner() -> None:
    assert isinstance(RULES.check(cards("7C 7D 7H")), Meld)
    assert isinstance(RULES.check(cards("7C 7D 7H 7S")), Meld)
    assert isinstance(RULES.check(cards("AS 2S 3S")), Meld)
    assert isinstance(RULES.check(cards("QS KS AS")), Meld)
    assert isinstance(RULES.check(cards("9S TS JS QS KS AS")), Meld)
    assert not isinstance(RULES.check(cards("KS AS 2S")), Meld)
    assert not isinstance(RULES.check(cards("7C 7D")), Meld)
    assert not any(RULES.is_wild(c) for c in range(53))
    s = new(["2C 4D 6H 8S TC QD KH", "AS 2S 3S QC KC AC 9D"], "5H 8D")
    s.play("draw")
    assert {"meld AS 2S 3S run", "meld QC KC AC run"} <= set(legal(s))


# ---- the draw: the stock, the top discard, or a dig ----------------------------------------


def test_g_fh_3_the_top_discard_need_not_be_used_but_is_not_discarded_again() -> None:
    s = new([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S")
    assert legal(s) == ["draw", "take QH"]  # one card in the pile: nothing to dig
    s.play("take QH")
    assert "discard QH" not in legal(s) and "discard 3H" in legal(s)
    assert "took from the discard pile" in refused(s, "discard QH")
    s.play("discard 3H")  # kept, unused
    assert card("QH") in s.hands[1]


def dig_table(seat0: str) -> FiveHundreds:
    """The pile (oldest first) 3♣ 9♦ Q♥ 5♠, seat 0 to draw holding ``seat0``."""
    s = new([seat0, "9D 5S JH 3H 7D TS AC"], "3C 4S QH 8D")
    s.play("draw")  # seat 1 draws 4S
    s.play("discard 9D")
    s.play("draw")  # seat 0 draws QH
    s.play("discard QH")
    s.play("draw")  # seat 1 draws 8D
    s.play("discard 5S")
    assert s.view(0)["discard_pile"] == ["3C", "9D", "QH", "5S"] and s.turn == 0
    return s


def test_t_fh_4_dig_to_a_card_melded_with_cards_held_before() -> None:
    s = dig_table("9S 9H 2C 4D 6H 8S KC")
    texts = legal(s)
    assert "dig 3 9D" in texts and "take 5S" in texts and "dig 2 QH" not in texts and "dig 4 3C" not in texts
    s.play("dig 3 9D")
    assert s.discards == [card("3C")] and s.view(0)["dug"] == "9D"
    assert sorted(s.view(1)["known_cards"][0]) == ["5S", "9D", "QH"]  # everyone saw them taken
    # the nine first: only melds of the nine with a nine held before; no lay-off, no discard
    assert legal(s) == ["meld 9D 9H 9S set"]
    assert "First meld the nine of diamonds" in refused(s, "discard 5S")
    s.play("meld 9D 9H 9S")
    assert s.dug is None and s.turn == 0
    # the cards dug above it are the player's: he may discard one of them at once
    assert "discard 5S" in legal(s) and "discard QH" in legal(s)
    s.play("discard 5S")
    assert s.turn == 1


def test_t_fh_4_holding_only_the_queen_of_clubs_digging_to_the_nine_is_refused() -> None:
    s = dig_table("QC 2C 4D 6H 8S KC 3S")
    assert not any(m.startswith("dig") for m in legal(s))
    why = refused(s, "dig 3 9D")
    assert "could not meld the nine of diamonds" in why and "keep a card you could end the turn with" in why
    assert "could not meld the queen of hearts" in refused(s, "dig 2 QH")  # Q♥ Q♣ are only two


def test_g_fh_4_a_dig_needs_a_new_meld_a_lay_off_does_not_do() -> None:
    # 6-8♦ on the table and the T♦ held: the 9♦ would go on the run next to the T♦, but that is no meld
    s = laid_out([DULL0, "6D 7D 8D TD KH 2H"], "9D 4S JH JC")
    meld_for(s, 1, "6D 7D 8D")
    s.play("draw")  # seat 1 draws 4S
    s.play("discard 4S")
    s.play("draw")  # seat 0 draws JH
    s.play("discard JH")
    assert s.view(1)["discard_pile"] == ["9D", "4S", "JH"] and s.turn == 1
    assert not any(m.startswith("dig") for m in legal(s))
    assert "could not meld the nine of diamonds" in refused(s, "dig 3 9D")


def test_a_dig_takes_two_cards_at_least() -> None:
    s = dig_table("9S 9H 2C 4D 6H 8S KC")
    assert "'take 5S'" in refused(s, "dig 1 5S")
    assert "3 deep in the discard pile is the nine of diamonds" in refused(s, "dig 3 QH")


# ---- melding and laying off -------------------------------------------------------------------


def test_lay_off_only_once_melded_the_same_turn_will_do() -> None:
    s = laid_out([SEAT0, "TC 9C 9D 9S 4H 6S"], "3D 2D")
    meld_for(s, 0, "JC QC KC")
    s.play("draw")  # 2D
    assert not any(m.startswith("layoff") for m in legal(s))
    assert s.view(0)["melded"] == [True, False]
    assert "once you have laid a meld of your own" in refused(s, "layoff 1 TC")
    s.play("meld 9C 9D 9S")  # melded this turn: he may lay off at once
    assert s.view(0)["melded"] == [True, True] and "layoff 1 TC" in legal(s)
    s.play("layoff 1 TC")
    assert s.melds[0].text == "TC JC QC KC run"


def test_a_lay_off_on_anothers_meld_lies_in_front_of_the_player_and_scores_for_him() -> None:
    s = laid_out([SEAT0, "9C 9D 9S 8H 4S 3D"], "2D AC")
    meld_for(s, 0, "JC QC KC")
    s.play("draw")  # AC
    s.play("meld 9C 9D 9S")
    assert "layoff 1 AC" in legal(s)
    s.play("layoff 1 AC")
    assert s.melds[0].text == "JC QC KC AC run" and sorted(s.table_cards(1)) == sorted(cards("9C 9D 9S AC"))
    zones = {z.key: z.pieces for z in s.zones() if z.key.startswith(("meld", "laid_off"))}
    assert zones == {"meld/1": cards("JC QC KC"), "meld/2": cards("9C 9D 9S"), "laid_off/1": [card("AC")]}
    assert s.view(0)["on_table"] == [30, 15 + 25]
    assert s.view(0)["melds"][0]["laid_by"] == [[0, "JC"], [0, "QC"], [0, "KC"], [1, "AC"]]


# ---- Rummy: claiming a playable discard out of turn ------------------------------------------

CLAIM_HANDS = ["AC 2C 3C 4D 5D 6D 8S", "5H 6H 7H KC KD 2S 3S", "4H QC QD QS 9D JS TC",
               "8H JC JD 2D 3D TS TH"]
CLAIM_REST = "KS 9C 7C 5C 9H 4S 6S"


def claim_table(*, seat2_melds: bool = True, **options: object) -> FiveHundreds:
    """Seat 1 lays 5-7♥, seat 2 three queens (or not), and seat 3 discards the 8♥, which fits the
    run; seat 0 is next."""
    s = new(CLAIM_HANDS, CLAIM_REST, **options)
    s.play("draw")  # seat 1: 9C
    s.play("meld 5H 6H 7H")
    s.play("discard 2S")  # fits nothing: no window
    assert s.phase() == "draw" and s.turn == 2
    s.play("draw")  # seat 2: 7C
    if seat2_melds:
        s.play("meld QC QD QS")
    s.play("discard 9D")
    s.play("draw")  # seat 3: 5C
    s.play("discard 8H")
    return s


def test_g_fh_1_a_playable_discard_may_be_claimed_by_all_but_the_next_player() -> None:
    s = claim_table()
    assert s.phase() == Phase.CLAIM and s.to_act == {1, 2} and s.turn == 3
    assert s.view(None)["window"] == [1, 2]
    assert legal(s, 1) == ["claim 1 8H", "pass"] and legal(s, 0) == []
    v = s.view(0)
    assert v["claim"]["card"] == "8H" and v["claim"]["order"] == [1, 2] and v["claim_words"].startswith("8♥")
    assert v["phase_label"] == "Rummy? The discard may be claimed"
    assert "not your turn" in refused(s, "claim 1 8H", 0)  # seat 0 is next: he may take it in his turn


def test_g_fh_1_turn_order_the_claim_nearest_the_discarders_left_stands() -> None:
    s = claim_table()
    s.play("claim 1 8H", 2)  # seat 2 claims first, but seat 1 sits before him from seat 3's left
    assert s.phase() == Phase.CLAIM and s.to_act == {1}
    s.play("claim 1 8H", 1)
    assert s.melds[0].text == "5H 6H 7H 8H run" and s.table_cards(1)[-1] == card("8H")
    # not a turn: play goes on from the discarder's left
    assert s.phase() == "draw" and s.turn == 0 and len(s.hands[1]) == 4
    t = claim_table()
    t.play("claim 1 8H", 2)
    t.play("pass", 1)
    assert sorted(t.table_cards(2)) == sorted(cards("QC QD QS 8H")) and t.turn == 0
    laid_off = {z.key: z.pieces for z in t.zones() if z.key.startswith("laid_off")}
    assert laid_off == {"laid_off/2": [card("8H")]}


def test_option_claim_resolution_first_click() -> None:
    s = claim_table(claim_resolution="first_click")
    s.play("claim 1 8H", 2)
    assert s.phase() == "draw" and s.turn == 0 and card("8H") in s.table_cards(2)
    assert refused(s, "claim 1 8H", 1)


def test_everyone_passing_leaves_the_card_for_the_next_player() -> None:
    s = claim_table()
    for seat, move in s.lapse_moves().items():
        s.play(move, seat)
    assert s.phase() == "draw" and s.turn == 0 and legal(s, 0)[:2] == ["draw", "take 8H"]


def test_option_claim_requires_meld() -> None:
    s = claim_table(seat2_melds=False)
    assert s.to_act == {1}  # seat 2 could lay the 8♥ off but has not melded
    assert "not your turn" in refused(s, "claim 1 8H", 2)
    s = claim_table(seat2_melds=False, claim_requires_meld=False)
    assert s.to_act == {1, 2}
    s.play("pass", 1)
    s.play("claim 1 8H", 2)
    assert s.table_cards(2) == [card("8H")] and not s.has_melded(2)
    # a claim is no meld: seat 2 may still not lay off in his turn
    assert s.view(0)["melded"] == [False, True, False, False]


def test_two_players_have_nobody_to_claim() -> None:
    s = laid_out(["5H 6H 7H 8H 2C 4D", "9C 9D 9S KS 2H"], "TD 3S")
    meld_for(s, 0, "5H 6H 7H")
    s.play("draw")
    s.play("discard 2H")
    s.play("draw")
    s.play("discard 8H")  # playable, but seat 1 is next: he may take it
    assert s.phase() == "draw" and s.turn == 1


# ---- going out: a final discard, never a playable one (T-FH-5) --------------------------------


def t_fh_5_table(draws: str) -> FiveHundreds:
    """Seat 1 has laid 5-7♦ and holds the 8♦ alone; seat 0 has melded too; the stock gives seat 1
    ``draws`` in turn (seat 0 draws between them)."""
    first, *more = draws.split()
    seat0_draws = ["2S", "4S", "6S"]
    rest = " ".join([first, *(c for pair in zip(seat0_draws, more, strict=False) for c in pair)])
    s = laid_out(["JC QC KC 9H 3H", "5D 6D 7D 8D"], "TS " + rest)
    meld_for(s, 1, "5D 6D 7D")
    meld_for(s, 0, "JC QC KC")
    assert s.hands[1] == [card("8D")] and s.turn == 1
    return s


def test_t_fh_5_a_playable_last_card_is_not_a_final_discard_the_player_discards_and_goes_on() -> None:
    s = t_fh_5_table("4D KS")
    s.play("draw")  # 4♦: it fits below 5-7♦, as the 8♦ fits above
    # laying either off would leave the other, which would fit the run: both are refused
    assert legal(s) == ["discard 4D", "discard 8D"]
    assert "would fit a meld on the table" in refused(s, "layoff 1 4D")
    assert "would fit a meld on the table" in refused(s, "layoff 1 8D")
    s.play("discard 4D")  # an ordinary discard: he keeps the 8♦ and goes on (seat 0 is next)
    assert not s.is_over and s.hands[1] == [card("8D")] and s.turn == 0
    s.play("draw")
    s.play("discard 2S")
    s.play("draw")  # the K♠ fits nothing: now he lays the 8♦ off and goes out with the king
    assert "layoff 1 8D" in legal(s)
    s.play("layoff 1 8D")
    assert legal(s) == ["discard KS"]
    s.play("discard KS")
    assert s.deal_no == 2 and s.sheet.rows[0].label == "Hand 1: Player 2 goes out"


def test_t_fh_5_a_lay_off_may_not_leave_a_card_the_lay_off_makes_playable() -> None:
    # the 7♦ lays off on the sevens or on 4-6♦; on the run it would make the 8♦ left playable
    s = laid_out(["4D 5D 6D 7C 7H 7S 9H 3H", "7D JS QS KS"], "TS 8D")
    meld_for(s, 0, "4D 5D 6D")
    meld_for(s, 0, "7C 7H 7S")
    meld_for(s, 1, "JS QS KS")
    s.play("draw")  # 8♦: it fits nothing yet
    texts = legal(s)
    assert "layoff 2 7D" in texts and "layoff 1 7D" not in texts
    assert "leave you only the eight of diamonds" in refused(s, "layoff 1 7D")
    s.play("layoff 2 7D")  # on the sevens, the 8♦ stays unplayable: he goes out with it
    assert legal(s) == ["discard 8D"]
    s.play("discard 8D")
    assert s.deal_no == 2 and s.sheet.rows[0].label == "Hand 1: Player 2 goes out"


def test_the_last_card_may_not_make_a_meld_of_the_whole_hand_nor_fit_a_new_meld() -> None:
    s = laid_out(["JC QC KC 9H 3H", "5H 6H 7H"], "TS 8H 2C")
    s.play("draw")  # 8♥: 5-8♥ would empty the hand; any three leave a card that fits them
    assert not any(m.startswith("meld") for m in legal(s))
    assert "keep a card" in refused(s, "meld 5H 6H 7H 8H")
    assert "would fit a meld" in refused(s, "meld 5H 6H 7H")


def test_a_final_discard_that_fits_the_table_is_refused() -> None:
    # a position no play reaches (the lay-off that would leave it is refused), checked all the same
    s = laid_out(["5D 6D 7D 9H 3H", "8D 2C"], "TS 4S")
    meld_for(s, 0, "5D 6D 7D")
    s.play("draw")
    s.play("discard 2C")
    hand = list(s.hands[1])
    hand.remove(card("4S"))
    set_position(s, zones={"hand 1": hand, "stock": ["4S", *s.stock]}, turn=1, phase=Phase.PLAY)
    assert "final discard must not be playable" in refused(s, "discard 8D", 1)


# ---- the stock runs out (G-FH-2) -------------------------------------------------------------


def test_g_fh_2_the_hand_ends_when_the_player_who_drew_the_last_card_discards() -> None:
    s = laid_out([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S")
    run_down_stock(s, 1)  # the stock down to one card, the rest under the pile
    s.play("draw")  # the last card
    assert not s.stock and s.deal_no == 1
    s.play("discard 9C")
    assert s.deal_no == 2 and s.sheet.rows[0].label == "Hand 1: the stock ran out"
    assert events(s, "stock") == ["The stock is used up: the hand is over."]


def test_g_fh_2_a_claim_of_the_last_discard_is_settled_first() -> None:
    s = claim_table()
    run_down_stock(s)  # seat 3 drew the last card
    assert s.phase() == Phase.CLAIM
    s.play("claim 1 8H", 1)
    assert s.deal_no == 2 and s.sheet.rows[0].points[1] == card_points(cards("5H 6H 7H 8H")) - card_points(
        cards("KC KD 3S 9C"))


# ---- scoring (T-FH-1, T-FH-2) and the end (T-FH-3) -----------------------------------------------


def test_card_values_ace_25_king_to_ten_10_nine_to_two_5() -> None:
    assert [VALUES[card(c)] for c in ("AS", "KS", "QH", "JD", "TC", "9S", "2H")] == [25, 10, 10, 10, 10, 5, 5]


def test_t_fh_1_cards_in_front_less_cards_in_hand() -> None:
    # 7-9♥ (15) + K♠ K♥ K♦ (30) + A♣ laid off on someone's J-K♣ (25) = 70; the hand 4♦ J♦ = 15 → +55
    # (the spec holds the J♣, which the clubs run needs: the J♦ counts the same)
    s = laid_out(["7H 8H 9H KS KH KD AC 4D JD", "JC QC KC 2S 3S"], "5S 6C")
    meld_for(s, 0, "7H 8H 9H")
    meld_for(s, 0, "KS KH KD")
    meld_for(s, 1, "JC QC KC")
    s.lay_off(0, 2, card("AC"), None)
    assert card_points(s.table_cards(0)) == 70 and card_points(s.hands[0]) == 15
    assert s.hand_scores()[0] == 55 and s.hand_scores()[1] == 30 - 10


def test_t_fh_2_an_ace_counts_25_in_a_2_3() -> None:
    s = laid_out(["AS 2S 3S", "2C 3C 4H"], "5S 6C")
    meld_for(s, 0, "AS 2S 3S")
    assert s.hand_scores()[0] == 35


def end_hand_with(s: FiveHundreds, scores: list[int]) -> None:
    """The hand ends (the stock runs out) scoring ``scores``."""
    s.hand_scores = lambda: scores  # type: ignore[method-assign]
    run_down_stock(s)
    s.play("take " + C.CODE_OF[s.discards[-1]])
    s.play(next(m for m in s.legal_moves() if m.verb == "discard"))


def test_t_fh_3_several_reach_500_in_one_hand_the_highest_wins() -> None:
    s = new([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S")
    s.sheet.add("Hand 0", [480, 470])
    end_hand_with(s, [40, 60])
    assert s.outcome is not None and s.outcome.winners == (1,) and s.outcome.scores == (520, 530)
    assert "reached 530" in s.outcome.reason


def test_an_exact_tie_at_the_top_plays_another_hand() -> None:
    s = new([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S")
    s.sheet.add("Hand 0", [480, 470])
    end_hand_with(s, [40, 50])
    assert s.outcome is None and s.deal_no == 2
    assert events(s, "tie") == ["Player 1 and Player 2 are tied at 520, the highest total: another hand is "
                                "played."]
    end_hand_with(s, [5, -10])
    assert s.outcome is not None and s.outcome.winners == (0,)


def test_option_target() -> None:
    s = new([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S", target=100)
    end_hand_with(s, [95, 100])
    assert s.outcome is not None and s.outcome.winners == (1,)


def test_option_max_hands_stops_the_game_the_highest_total_winning() -> None:
    s = new([DULL0, "3H 5D 7S 9C JH KH AD"], "QH 4S", max_hands=1)
    end_hand_with(s, [-20, 35])
    assert s.outcome is not None and s.outcome.winners == (1,) and "1 hands are played" in s.outcome.reason


def test_the_score_sheet_has_a_row_a_hand_with_what_was_laid_and_held() -> None:
    s = laid_out(["JC QC KC 9H 3H", "5D 6D 7D 8D"], "TS KS")
    meld_for(s, 1, "5D 6D 7D")
    s.play("draw")
    s.play("layoff 1 8D")
    s.play("discard KS")
    row = s.sheet.rows[0]
    assert row.label == "Hand 1: Player 2 goes out"
    assert row.points == [-40, 20] and row.details == ["0 laid − 40 held", "20 laid − 0 held"]
    assert events(s, "show")[0].startswith("Player 1 shows")


# ---- a golden match --------------------------------------------------------------------------


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("five_hundreds_heuristic")
    assert s.outcome is not None
    assert [(r.label, r.points) for r in s.sheet.rows] == GOLDEN_SHEET
    assert s.outcome.winners == GOLDEN_WINNERS and s.sheet.totals == [495, 425, 385, 525]
    assert any(str(m).startswith("dig") for _, m in s.moves)
    assert conserved(cast(FiveHundreds, s))


#: four heuristic bots, seed 2026: West passes 500 in hand 8 (digs, lay-offs and four stock-outs)
GOLDEN_SHEET: list[tuple[str, list[int]]] = [
    ("Hand 1: the stock ran out", [95, 55, 35, 40]),
    ("Hand 2: the stock ran out", [50, 45, 130, 15]),
    ("Hand 3: East goes out", [75, 55, 15, 165]),
    ("Hand 4: East goes out", [35, 70, 25, 85]),
    ("Hand 5: the stock ran out", [75, 10, 15, 120]),
    ("Hand 6: East goes out", [115, 55, 20, -5]),
    ("Hand 7: the stock ran out", [15, 105, 115, 5]),
    ("Hand 8: West goes out", [35, 30, 30, 100]),
]
GOLDEN_WINNERS = (3,)
