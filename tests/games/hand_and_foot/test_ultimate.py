"""Hand and Foot under the Ultimate Book's variation 6 (preset ``ultimate``, seed 004): a stacked-deck
scenario for every rule the preset changes, the worked cases of ``shared/rules/other-seeds.md`` §8.6,
and the options both presets introduce, mixed into other rule sets."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.core.errors import OptionError
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, team_canastas
from gamenight.games.hand_and_foot import HandAndFoot
from tests.games.hand_and_foot.scenarios import (
    ask_position,
    in_foot,
    more,
    put_books,
    row,
    ultimate,
)
from tests.helpers import codes, play, refused, run_down_stock, set_position, texts, zones

# =============================================================================================
# Ultimate (seed 004 variation 6; other-seeds.md §8.6)
# =============================================================================================

def test_ultimate_preset_options_and_deal() -> None:
    s = ultimate({1: "KC KD KH"}, rest="4C 5C", avoid="9")
    o = s.options
    assert (o.extra_decks, o.hand_size, o.foot_size, o.opening, o.rounds) == (1, 13, 13, "50-90-120-150", 4)
    assert (o.clean_bonus, o.dirty_bonus, o.wild_bonus) == (700, 300, 1500)
    assert (o.out_bonus, o.red_three_bonus) == (100, 100)
    assert (o.need_clean, o.need_dirty, o.need_wild, o.all_in_foot) == (2, 2, 1, True)
    assert (o.max_wilds, o.pile_limit, o.wild_top, o.ask_partner) == (2, 7, True, "required")
    assert (o.black_threes, o.stock_out, o.deuce_value) == ("group_out", "play_on", 20)
    # five decks and ten jokers: 270 cards; two 13-card packets each; 270 - 104 - 1 = 165 in the stock
    template = s.deck_template()
    assert len(template) == 270 and template.count(C.JOKER) == 10
    assert [len(h) for h in s.hands] == [13] * 4 and [len(f) for f in s.feet] == [13] * 4
    assert len(s.stocks) == 1 and len(s.stocks[0]) == 165 and len(s.discards) == 1
    assert (s.turn, texts(s)) == (1, ["draw"])
    assert zones(s) == Counter(template)
    # standard canasta values: joker 50, ace and two 20, K-8 10, 7-4 and a black three 5
    values = [s.values[C.card(x)] for x in ("JK", "AS", "2H", "KD", "8C", "7S", "4H", "3C")]
    assert values == [50, 20, 20, 10, 10, 5, 5, 5]
    with pytest.raises(OptionError, match="for 4 players"):
        gamenight.new("hand-and-foot", preset="ultimate", players=6, seed=1)


@pytest.mark.parametrize(("deal", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_ultimate_minimum_by_hand(deal: int, minimum: int) -> None:
    s = ultimate()
    set_position(s, deal=deal)
    assert s.minimum(0) == s.minimum(1) == minimum


def pass_turn(s: HandAndFoot) -> None:
    """The player to move draws two from the stock and discards the second card drawn."""
    seat = s.turn
    s.play("draw")
    s.play(Move("discard", C.CARD(s.hands[seat][-1])))


def test_8_6_test_2_a_twelve_card_pile_gives_up_its_top_seven() -> None:
    # eleven turns each keep the first card drawn and discard the second: the pile is the upcard 9S
    # and those eleven, 8C on top
    kept = ["4H", "4S", "4D", "5H", "5S", "6H", "6S", "7H", "7S", "JH", "JS"]
    discarded = ["5C", "5D", "6C", "6D", "7C", "7D", "QC", "QD", "QH", "TC", "8C"]
    drawn = " ".join(f"{k} {d}" for k, d in zip(kept, discarded, strict=True))
    s = ultimate({0: "8D 8S KC KD KH"}, rest=drawn + " 4S 5S", avoid="8KQ")
    for _ in range(11):
        pass_turn(s)
    assert s.turn == 0 and len(s.discards) == 12
    assert codes(s.discards) == codes(C.cards("9S 5C 5D 6C 6D 7C 7D QC QD QH TC 8C"))
    # 8 8 8 (30) + K K K (30) = 60 reaches 50
    s.play("pickup 8D 8S")
    # the top seven: 8C to the book with 8D 8S, six to the hand; five stay in the pile
    assert codes(s.discards) == codes(C.cards("9S 5C 5D 6C 6D"))
    assert codes(list(s.books[0][0].cards)) == ["8C", "8D", "8S"]
    # 13 dealt + two cards kept from his two earlier turns - the pair + six from the pile
    assert len(s.hands[0]) == 13 + 2 - 2 + 6
    assert sorted(s.view(1)["known_cards"][0]) == codes(C.cards("7C 7D QC QD QH TC"))
    assert "North takes the pile: 8♣ and 6 more cards, laying 8♣ with 8♦ 8♠." in s.view(1)["events"]
    # the six from the pile wait until the minimum is met with the top card and the hand
    refused(s, "meld QC QD QH", "Cards taken from the pile may not be melded")
    s.play("meld KC KD KH")
    assert s.opened[0]
    s.play("meld QC QD QH")
    assert zones(s) == Counter(s.deck_template())


def test_8_6_test_3_a_three_on_top_blocks_and_a_wild_top_needs_two_wild_cards() -> None:
    # East discards 3♠: South's pair of black threes cannot take it
    s = ultimate({1: "3S", 2: "3C 3C 2C KC KD KH"}, rest="4S 5S 4D 5D", avoid="K")
    play(s, "draw", "discard 3S")
    refused(s, "pickup 3C 3C", "A three on top")
    assert texts(s) == ["draw"]
    # a joker on top, South holding one wild card: rejected
    s = ultimate({1: "JK", 2: "2C KC KD KH 4C"}, rest="4S 5S 4D 5D", avoid="K")
    play(s, "draw", "discard JK")
    assert texts(s) == ["draw"]
    refused(s, "pickup 2C", "two wild cards")


def test_8_6_test_3_a_wild_top_is_taken_with_two_wild_cards_into_a_wild_book() -> None:
    # the joker and South's two twos form a wild book (50 + 20 + 20 = 90 >= 50)
    s = ultimate({1: "JK", 2: "2C 2D KC KD KH 4C"}, rest="4S 5S 4D 5D", avoid="K")
    play(s, "draw", "discard JK")
    assert "pickup 2C 2D" in texts(s)
    s.play("pickup 2C 2D")
    book = s.books[0][0]
    assert book.rank == WILD and codes(list(book.cards)) == ["2C", "2D", "JK"] and s.opened[0]


def test_8_6_test_4_a_dirty_book_holds_at_most_two_wild_cards_and_every_book_closes_at_seven() -> None:
    s = ultimate({1: "QC QD QH QS QC QD 2C 2D JK"}, rest="4S 5S", avoid="Q")
    play(s, "draw", "meld QC QC 2C", "add 1 2D")     # Q Q 2 2: as many naturals as wild cards
    refused(s, "add 1 JK", "at most 2 wild cards")    # Q Q 2 2 Joker
    play(s, "add QD")
    refused(s, "add 1 JK", "at most 2 wild cards")    # Q Q Q 2 2 Joker: §8.6 test 4
    play(s, "add QD")
    refused(s, "add 1 JK", "at most 2 wild cards")    # 4 naturals + 3 wilds: the ratio allows, the cap not
    s.play("add QH")                                  # 5 + 2 = 7: a dirty canasta, closed
    book = s.books[1][0]
    assert book.size == 7 and book.wilds == 2 and book.closed
    refused(s, "add 1 QS", "Book 1 is closed")


#: South's hand for §8.6 test 5: T T, K K K, Q Q Q, 4 4 4 4 and a nine
TEST_5_HAND = "TD TH KC KD KH QC QD QH 4C 4D 4H 4S 9C"


def test_8_6_test_5_before_the_minimum_only_the_pile_top_counts() -> None:
    # deal 3: the minimum is 120; the pile is the turned-up A♣ under East's discard 10♣
    s = ultimate({1: "TC", 2: TEST_5_HAND}, up="AC", rest="5S 6S 5D 6D", avoid="TKQ4A")
    set_position(s, deal=3)
    assert s.minimum(0) == 120
    play(s, "draw", "discard TC")
    # top 10 + T T 20 + K K K 30 + Q Q Q 30 + 4 4 4 4 20 = 110 (the 9 cannot be laid): rejected,
    # though the ace below would make it 130
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup TD TH", "cannot reach your team's first-meld minimum of 120")


def test_8_6_test_5_a_third_ten_reaches_the_minimum() -> None:
    # the same with a ten for the nine: 10 + 20 + 10 + 80 = 120, accepted
    hand = TEST_5_HAND
    s = ultimate({1: "TC", 2: hand.replace("9C", "TS")}, up="AC", rest="5S 6S 5D 6D", avoid="TKQ4A")
    set_position(s, deal=3)
    play(s, "draw", "discard TC")
    assert "pickup TD TH" in texts(s) and "pickup TD TH TS" in texts(s)


#: cards the Ultimate going-out positions take from the stock
ULT_RESERVE = ("KC KC KD KD KH KH KS 5C 5C 5D 5D 5H 5H 5S QC QD QH QS JK JK 9C 9C 9D 9D 9H 9H 2C "
               "JK JK JK 2C 2D 2H 3H 3D 3H 3H 3D QS AH 7C 3C 3C 3C 3S 3S 8D KC 4D 9S 4C 4S 4S")


def going_out_position(*, partner_played: bool = True, rest: str = "2S 8C 4S 5S", east: str = "QS",
                       **options: Any) -> HandAndFoot:
    """§8.6 test 1's table for East–West; East in his foot holds Q♠ and draws 2♠ 8♣ (he can go out
    adding the queen and the two and discarding the eight); West, in his foot, holds A♥ 7♣."""
    s = ultimate(rest=rest, avoid="Q", reserve=ULT_RESERVE, **options)
    put_books(s, 1,
              "KC KC KD KD KH KH KS",          # 1 clean: 7 kings (70)
              "5C 5C 5D 5D 5H 5H 5S",          # 2 clean: 7 fives (35)
              "QC QD QH QS JK JK",             # 3 dirty: 4 queens + 2 jokers, the 5th queen to come
              "9C 9C 9D 9D 9H 9H 2C",          # 4 dirty: 6 nines + a two (60 + 20 = 80)
              "JK JK JK 2C 2D 2H")             # 5 wild: 3 jokers + 3 twos, the 4th two to come
    more(s, "red3/1", "3H 3D 3H")
    in_foot(s, 1, east)
    in_foot(s, 3, "AH 7C", played=partner_played)
    s.play("draw")
    assert zones(s) == Counter(s.deck_template())
    return s


def test_8_6_test_1_the_going_out_side_scores_4440() -> None:
    s = going_out_position()
    assert "ask" in texts(s)
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S")
    assert team_canastas(s.books[1], s.turn_rules.books) == (2, 2, 1)
    s.play("discard 8C")
    # clean 70 + 35, dirty 5 Q + 2 JK (50 + 100 = 150) and 6 nines + a two (80), wild 3 JK + four 2s
    # (150 + 80 = 230): 565; bonuses 2 x 700 + 2 x 300 + 1,500 = 3,500; out 100; 3 red threes 300;
    # partner A + 7 = 25: 565 + 3,900 - 25 = 4,440
    assert row(s).points[1] == 4440 and row(s).note == "East went out"
    assert row(s).details[1] == ("going out +100, canastas +3500, red threes +300, cards melded +565, "
                                 "cards left -25")


def test_red_threes_count_against_a_team_that_never_met_its_minimum() -> None:
    s = going_out_position()
    more(s, "red3/0", "3H 3D")
    in_foot(s, 0, "KC 4D")
    in_foot(s, 2, "9S")
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "discard 8C")
    # North–South never opened: two red threes -200; held K 10 + 4 5 + 9 10 = 25: -225
    assert row(s).points == [-225, 4440]
    assert row(s).details[0] == "red threes -200, cards left -25"


def test_8_6_test_6_every_partner_must_have_played_from_his_foot() -> None:
    # West has reached his foot but not played from it: East may not even ask
    s = going_out_position(partner_played=False)
    assert "ask" not in texts(s)
    refused(s, "ask", "only ask when you could go out")
    # the same table with asking off: the going out itself is refused, naming the rule
    s = going_out_position(partner_played=False, ask_partner="off")
    s.play("add 3 QS")
    refused(s, "add 5 2S", "every player of your team must have played from his foot")
    assert "discard 8C" in texts(s)
    # once West has played from his foot, East goes out
    s = going_out_position(ask_partner="off")
    play(s, "add 3 QS", "add 5 2S", "discard 8C")
    assert row(s).note == "East went out"


def test_going_out_needs_two_clean_two_dirty_and_a_wild_canasta() -> None:
    # East holds 4♦ instead of Q♠ and his team has an open book of fours: the queens stay a
    # 6-card book, one dirty canasta short (asking off, so only the requirement stands in the way)
    s = going_out_position(ask_partner="off", east="4D")
    put_books(s, 1, "4C 4S 4S")
    play(s, "add 6 4D")
    refused(s, "add 5 2S", "You must keep a card you can discard without going out: to go out your team "
                           "needs 2 red, 2 black and 1 wild canastas")
    assert team_canastas(s.books[1], s.turn_rules.books) == (2, 1, 0)
    s.play("discard 8C")
    assert s.turn == 2 and not s.sheet.rows


def test_asking_is_required_and_the_answer_binds() -> None:
    # not asked: going out is refused
    s = going_out_position()
    s.play("add 3 QS")
    refused(s, "add 5 2S", "you must ask your partner")
    # no: not this turn
    s = going_out_position()
    s.play("ask")
    assert s.to_act == frozenset({3}) and texts(s, 3) == ["answer yes", "answer no"]
    s.play("answer no", 3)
    s.play("add 3 QS")
    refused(s, "add 5 2S", "your partner said no")
    s.play("discard 8C")
    assert s.turn == 2 and not s.sheet.rows
    # yes: he must go out; a discard that does not go out is refused
    s = going_out_position()
    s.play("ask")
    s.play("answer yes", 3)
    refused(s, "discard 8C", "you must go out this turn")
    refused(s, "discard QS", "you must go out this turn")


def test_after_a_no_he_waits_a_turn_and_asks_again() -> None:
    # East's draws: 2S 8C now, 4D 8D next turn; South, West and North draw 5-6 of clubs, diamonds, hearts
    s = going_out_position(rest="2S 8C 5C 6C 5D 6D 5H 6H 4D 8D")
    put_books(s, 1, "4C 4S 4S")                      # 6: an open book of fours
    s.play("ask")
    s.play("answer no", 3)
    s.play("discard 8C")                             # he keeps Q♠ 2♠
    for _ in range(3):
        pass_turn(s)
    assert s.turn == 1
    s.play("draw")
    assert codes(s.hands[1]) == ["2S", "4D", "8D", "QS"] and "ask" in texts(s)
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "add 6 4D", "discard 8D")
    assert row(s).note == "East went out"


def test_black_threes_go_down_as_a_group_only_when_going_out() -> None:
    s = going_out_position()
    more(s, "hand/1", "3C 3S 3S")
    # East holds Q♠ 2♠ 8♣ 3♣ 3♠ 3♠: the group is not his last cards yet
    refused(s, "meld 3C 3S 3S", "Black threes go down only on the turn you go out")
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "meld 3C 3S 3S", "discard 8C")
    assert row(s).note == "East went out"
    # the threes are a book on the table at 5 each, no canasta: melded 565 + 15 = 580
    assert row(s).points[1] == 4440 + 15 and "cards melded +580" in row(s).details[1]


def test_a_group_of_four_black_threes_goes_out() -> None:
    s = going_out_position()
    more(s, "hand/1", "3C 3C 3S 3S")
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "meld 3C 3C 3S 3S", "discard 8C")
    assert row(s).note == "East went out" and row(s).points[1] == 4440 + 20


def test_two_black_threes_never_go_down() -> None:
    s = going_out_position()
    more(s, "hand/1", "3C 3S")
    # Q♠ 2♠ 8♣ 3♣ 3♠: the queen and the two go down, but three cards cannot leave with one discard
    assert "ask" not in texts(s)
    refused(s, "meld 3C 3S 8C", "Threes can never be melded")


def test_five_black_threes_are_a_group_of_four_and_a_discard() -> None:
    s = going_out_position()
    hand = list(s.hands[1])
    hand.remove(C.card("8C"))  # under the stock
    set_position(s, zones={"hand/1": [*hand, "3C", "3C", "3C", "3S", "3S"]}, bottom_first=True)
    # Q♠ 2♠ and five black threes: the queen, the two, four threes, and the fifth discarded
    assert "ask" in texts(s)
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S")
    group = [m for m in s.legal_moves() if m.verb == "meld"]
    assert [len(m.cards) for m in group] == [4]
    s.play(group[0])
    s.play(Move("discard", C.CARD(s.hands[1][0])))
    assert row(s).note == "East went out"


# ---- the exhausted stock: play on while the pile must and can be taken --------------------------

def dry_stock(**options: Any) -> HandAndFoot:
    """East draws, the stock then holds a single card (the rest is set aside), and East discards
    9C; South holds 9D 9H K K K 4C."""
    s = ultimate({1: "9C", 2: "9D 9H KC KD KH 4C"}, rest="4S 5S", avoid="9K4", **options)
    s.play("draw")
    run_down_stock(s, 1, top_last=True, set_aside=True)
    s.play("discard 9C")
    return s


def test_an_exhausted_stock_lets_play_go_on_while_the_pile_must_and_can_be_taken() -> None:
    s = dry_stock()
    # South cannot draw (one card is not a draw of two) and must take the pile
    assert s.turn == 2 and s.phase() == "draw" and texts(s) == ["pickup 9D 9H"]
    refused(s, "draw", "The stock is empty")
    s.play("pickup 9D 9H")
    s.play("meld KC KD KH")                             # 9 9 9 + K K K = 60: opened
    s.play("discard 4C")
    # West holds no four: he cannot take the pile, the hand is over and nobody went out
    assert s.deal_no == 2
    r = row(s)
    assert r.note == "the stock ran out"
    assert not any("going out" in d for d in r.details)
    assert "The stock is exhausted: the hand is over." in [e.text for e in s.events]


def test_with_stock_out_end_the_hand_ends_even_when_the_pile_could_be_taken() -> None:
    s = dry_stock(stock_out="end")
    assert s.deal_no == 2 and row(s).note == "the stock ran out"


# ---- four hands --------------------------------------------------------------------------------

def end_hand(s: HandAndFoot) -> None:
    """The player to move draws, the stock and the pile are out of play, and he discards."""
    seat = s.turn
    s.play("draw")
    set_position(s, zones={"stock": "", "discards": ""}, out_of_play="...")
    s.play(Move("discard", C.CARD(s.hands[seat][0])))


def test_four_hands_with_rising_minimums_and_the_deal_moving_left() -> None:
    s = ultimate(stock_out="end")
    deals = []
    for hand in range(1, 5):
        assert s.deal_no == hand and s.turn == (s.dealer + 1) % 4
        deals.append((s.dealer, s.minimum(0)))
        end_hand(s)
    assert deals == [(0, 50), (1, 90), (2, 120), (3, 150)]
    assert s.is_over and len(s.sheet.rows) == 4
    assert s.outcome is not None and s.outcome.reason == "After 4 rounds."
    assert "Round 3: South deals. First meld: North–South 120, East–West 120." in [e.text for e in s.events]


# =============================================================================================
# The options these presets introduce, mixed into other rule sets
# =============================================================================================

def test_option_checks() -> None:
    with pytest.raises(OptionError, match="extra_decks"):
        gamenight.new("hand-and-foot", seed=1, options={"deal": "own_decks"})
    with pytest.raises(OptionError, match="wild canasta cannot be required"):
        gamenight.new("hand-and-foot", seed=1, options={"wild_books": False})
    # DeMeritt's deal with the family book's books is a legal mix
    s = gamenight.new("hand-and-foot", seed=1, options={"deal": "own_decks", "extra_decks": 0})
    assert isinstance(s, HandAndFoot) and s.phase() == "choose" and len(s.stocks) == 4
    assert [len(h) for h in s.hands] == [15] * 4 and [len(p) for p in s.stocks] == [26] * 4


def test_pile_limit_mixed_into_the_family_books_rules() -> None:
    # the family book's game (15-card hands, minimum 90) with a pile take of three: East, South and
    # West each discard the second card drawn, so the pile is 9S 4C 5C 8C; North takes the top three
    s = ultimate({0: "8D 8H KC KD KH AC AD AH"}, rest="6D 4C 6H 5C 6S 8C 7D 7H", avoid="8KA",
                 preset=None, hand_size=15, pile_limit=3)
    assert s.minimum(0) == 90 and s.options.deuce_value == 25
    for _ in range(3):
        pass_turn(s)
    # 8 8 8 (30) + K K K (30) + A A A (60) = 120 >= 90
    s.play("pickup 8D 8H")
    assert codes(s.discards) == ["9S"] and codes(list(s.books[0][0].cards)) == ["8C", "8D", "8H"]
    assert codes(s.knowledge.public("hand/0")) == ["4C", "5C"]


def test_wild_top_mixed_into_the_family_books_rules() -> None:
    # the family book's game with the Ultimate's wild top: East discards a joker, South takes it
    # with two twos into a wild book (50 + 25 + 25 = 100 >= 90)
    s = ultimate({1: "JK", 2: "2C 2D"}, rest="6D 6H", preset=None, hand_size=15, wild_top=True)
    play(s, "draw", "discard JK")
    assert "pickup 2C 2D" in texts(s)
    s.play("pickup 2C 2D")
    assert s.books[0][0].rank == WILD and s.opened[0]
    # without the option a wild top freezes the pile
    s = ultimate({1: "JK", 2: "2C 2D"}, rest="6D 6H", preset=None, hand_size=15)
    play(s, "draw", "discard JK")
    refused(s, "pickup 2C 2D", "freezes it")


def test_ask_partner_required_mixed_into_demeritt() -> None:
    s = ask_position(ask_partner="required")
    s.play("meld 9C 9D 9H")
    refused(s, "meld 4C 4D 4H", "you must ask your partner")


def test_ratio_more_and_dirty_books_growing_on_the_family_books_rules() -> None:
    s = gamenight.new("hand-and-foot", seed=3, options={"ratio": "more", "dirty_closes": False})
    assert isinstance(s, HandAndFoot)
    rules = s.turn_rules.books
    assert rules.valid(C.KING, 4, 3) and not rules.valid(C.KING, 3, 3) and rules.valid(C.KING, 5, 4)
    assert not rules.closes(C.KING, 4, 3) and rules.closes(C.KING, 7, 0)
    s = gamenight.new("hand-and-foot", seed=3, options={"max_wilds": 2})
    assert isinstance(s, HandAndFoot)
    assert s.turn_rules.books.valid(C.KING, 2, 2) and not s.turn_rules.books.valid(C.KING, 4, 3)
