"""Hand and Foot (``hand-and-foot``) under the family book's default rules (book 000; spec
``shared/rules/metzker-book.md`` §3): stacked-shoe scenarios for each rule clause and each
default-rules option, the worked cases T-HF-1..7 with their numbers, the refusals, hidden
information, the match, and a golden transcript.

With a stacked shoe seat 0 deals, so seat 1 plays first. Teams: seats 1 and 3 are East–West
(team 1), seats 0 and 2 North–South (team 0). :func:`hf` fills every hand and foot the test does
not spell out with inert cards (naturals four to ace, at most two of a rank in a packet, no
threes or wild cards), and ``rest`` lies on top of the stock (the next draws, in order).

Some tests set up a position later in a hand (books laid earlier, a player already in his foot)
by describing it to :func:`gamenight.core.position.set_position`, which takes those cards from the
bottom of the stock so every card of the shoe stays accounted for.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, team_canastas
from gamenight.games.hand_and_foot import HandAndFoot
from tests.games.hand_and_foot.book_positions import (
    hf,
    holds,
    make_book,
    side_opened,
)
from tests.helpers import codes, play, refused, set_position, texts, zones

# ---- the deal -------------------------------------------------------------------------------

def test_four_players_deal_from_five_decks_with_jokers() -> None:
    s = hf(4, {1: "KC KD KH AC AD AH"}, rest="4C 5C")
    template = s.deck_template()
    # one more deck than players, two jokers a deck: 5 x 54 = 270 cards
    assert s.decks() == 5 and len(template) == 270
    assert template.count(C.JOKER) == 10 and template.count(C.card("QH")) == 5
    assert [len(h) for h in s.hands] == [15] * 4 and [len(f) for f in s.feet] == [13] * 4
    # 270 - 4 x (15 + 13) - 1 upcard = 157 in the stock
    assert s.discards == [C.card("9S")] and len(s.stocks[0]) == 157
    assert zones(s) == Counter(template)
    assert holds(s.hands[1], "KC KD KH AC AD AH")
    # the seat left of the dealer starts, and a turn begins with the draw
    assert (s.dealer, s.turn, s.to_move, s.phase()) == (0, 1, 1, "draw")
    assert s.sheet.columns == ["North–South", "East–West"]
    assert [s.team_of(i) for i in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize(("players", "decks", "stock", "columns"),
                         [(2, 3, 162 - 2 * 28 - 1, ["Player 1", "Player 2"]),
                          (6, 7, 378 - 6 * 28 - 1, ["P1, P3, P5", "P2, P4, P6"])])
def test_two_and_six_players(players: int, decks: int, stock: int, columns: list[str]) -> None:
    s = hf(players)
    assert s.decks() == decks and len(s.deck_template()) == 54 * decks
    assert [len(h) for h in s.hands] == [15] * players and [len(f) for f in s.feet] == [13] * players
    assert len(s.stocks[0]) == stock and s.turn == 1
    assert s.sheet.columns == columns and s.teams == 2
    assert zones(s) == Counter(s.deck_template())


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_shuffled_deal_starts_left_of_a_random_dealer(seed: int) -> None:
    s = gamenight.new("hand-and-foot", seed=seed)
    assert isinstance(s, HandAndFoot)
    assert s.turn == (s.dealer + 1) % 4
    assert zones(s) == Counter(s.deck_template()) and all(len(h) == 15 for h in s.hands)
    assert not any(C.RANK_OF[c] == C.THREE and C.SUIT_COLOUR[C.SUIT_OF[c]] for h in s.hands for c in h)


def test_feet_are_hidden_and_no_seat_sees_another_hand() -> None:
    # every queen of hearts of the shoe is in West's hand, every jack of diamonds in East's foot
    s = hf(4, {3: "QH QH QH QH QH"}, {1: "JD JD JD JD JD"}, rest="4C 5C 6C 7C")
    east = s.view(1)
    assert sorted(east["hand"]) == codes(s.hands[1])
    assert "foot" not in east and east["foot_sizes"] == [13, 13, 13, 13]
    assert east["hand_sizes"] == [15, 15, 15, 15]
    assert "QH" not in json.dumps(east) and "JD" not in json.dumps(east)
    assert "JD" not in json.dumps(s.view(None)) and "QH" not in json.dumps(s.view(None))
    assert s.view(None)["hand"] is None
    assert json.dumps(s.view(3)).count('"QH"') >= 5 and "JD" not in json.dumps(s.view(3))
    # East's draws are his own business
    s.play("draw")
    assert "You draw 4♣, 5♣." in s.view(1)["events"]
    assert not any("4♣" in e for e in s.view(2)["events"] + s.view(None)["events"])


def test_upcard_is_covered_while_wild_or_a_red_three() -> None:
    s = hf(4, up="2C JK 3H 9S", rest="4C 5C")
    assert codes(s.discards) == codes(C.cards("2C JK 3H 9S")) and s.discards[-1] == C.card("9S")
    assert [e.kind for e in s.events].count("cover") == 3
    # the buried red three is nobody's: no team has it on the table
    assert s.red3 == [[], []]
    # 270 - 112 - 4 cards in the pile
    assert len(s.stocks[0]) == 154
    # a black three turned up is not covered (it stays on top and blocks the pile)
    s = hf(4, {1: "3S 3C"}, up="3C", rest="4C 5C")
    assert s.discards == [C.card("3C")] and texts(s) == ["draw"]


# ---- the draw and the red threes ------------------------------------------------------------

def test_draw_two_from_the_stock() -> None:
    s = hf(4, rest="QC 7D 4S")
    assert texts(s) == ["draw"]
    s.play("draw")
    assert len(s.hands[1]) == 17 and s.hands[1][-2:] == C.cards("QC 7D")
    assert len(s.stocks[0]) == 155 and s.stocks[0][-1] == C.card("4S")
    assert s.phase() == "play"
    refused(s, "draw", "drawn already")


def test_red_threes_at_the_deal_go_out_seat_by_seat_and_are_replaced() -> None:
    # East (first, left of the dealer) has a red three, South two; the stock's top is 4H 3D 5S 6S:
    # East's replacement is 4H, South's are 3D (laid out again, replaced by 6S) and 5S
    s = hf(4, {1: "3H", 2: "3D 3H"}, rest="4H 3D 5S 6S 7C 8C")
    assert codes(s.red3[1]) == ["3H"] and codes(s.red3[0]) == ["3D", "3D", "3H"]
    assert C.card("4H") in s.hands[1] and len(s.hands[1]) == 15
    assert C.card("5S") in s.hands[2] and C.card("6S") in s.hands[2] and len(s.hands[2]) == 15
    assert not any(C.card(x) in s.hands[2] for x in ("3D", "3H"))
    assert s.stocks[0][-1] == C.card("7C")
    assert zones(s) == Counter(s.deck_template())


def test_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    s = hf(4, rest="3H 9C 7D 4S")
    s.play("draw")
    assert codes(s.red3[1]) == ["3H"]
    # 15 + 2 drawn; the red three replaced by 7D
    assert len(s.hands[1]) == 17 and C.card("7D") in s.hands[1] and C.card("9C") in s.hands[1]
    assert s.stocks[0][-1] == C.card("4S")


def test_a_red_three_from_the_pile_is_laid_out_but_not_replaced() -> None:
    # the turned-up 3H was covered by 9S; East takes the pile with his nines
    s = hf(4, {1: "9C 9D AC AD AH KC KD KH"}, up="3H 9S", rest="4S 4S", avoid="9AK")
    stock = len(s.stocks[0])
    s.play("pickup 9C 9D")
    assert codes(s.red3[1]) == ["3H"]
    # 15 - 2 laid, nothing replaced
    assert len(s.hands[1]) == 13 and len(s.stocks[0]) == stock
    assert codes(list(s.books[1][0].cards)) == ["9C", "9D", "9S"]


def test_a_red_three_in_the_foot_is_laid_out_and_replaced_when_the_foot_comes_up() -> None:
    # East melds out his hand (15 + 2 drawn) and picks up his foot, which holds a red three
    s = hf(4, {1: "KC KD KH QC QD QH JC JD JH TC TD TH AC AD AH"}, {1: "3D"},
           rest="KS 2C 8H 4S", avoid="KQJTA")
    assert s.red3 == [[], []]  # a red three in a foot waits there, face down
    play(s, "draw", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "meld TC TD TH", "meld AC AD AH",
         "add 1 KS", "add 2 2C")
    assert s.in_foot[1] and s.turn == 1 and s.phase() == "play"
    assert codes(s.red3[1]) == ["3D"] and C.card("8H") in s.hands[1] and len(s.hands[1]) == 13
    assert s.stocks[0][-1] == C.card("4S")


# ---- books (T-HF-7, G-HF-3, G-HF-4, G-HF-12) ----------------------------------------------------

def test_t_hf_7_naturals_at_least_as_many_as_wilds_at_all_times() -> None:
    s = hf(4, {1: "9C 9D 9H 9S 2C 2D 2H JK JK"}, rest="4S 5S", avoid="9")
    side_opened(s, 1)  # East–West met its minimum earlier
    s.play("draw")
    # 9-2-Jkr: one natural, two wilds
    refused(s, "meld 9C 2C JK", "at least as many naturals as wild cards")
    s.play("meld 9C 9D 2C")
    s.play("add 1 JK")  # 9-9-2-Jkr: two naturals, two wilds
    assert "add 1 2D" not in texts(s)
    refused(s, "add 1 2D", "at least as many naturals as wild cards")  # two naturals, three wilds
    s.play("add 1 9H")  # 9-9-9-2-Jkr
    s.play("add 1 2D")  # a third wild: three naturals, three wilds
    refused(s, "add 1 JK", "at least as many naturals as wild cards")  # a fourth wild
    s.play("add 1 9S")  # seven cards: four naturals, three wilds, a black (mixed) canasta
    book = s.books[1][0]
    assert (book.naturals, book.wilds, book.closed) == (4, 3, True)
    assert team_canastas(s.books[1], s.turn_rules.books) == (0, 1, 0)
    refused(s, "add 1 2H", "Book 1 is closed")


def test_a_new_book_starts_with_exactly_three_cards_of_one_rank() -> None:
    s = hf(4, {1: "9C 9D 9H 9S KC"}, rest="4S 5S", avoid="9K")
    side_opened(s, 1)
    s.play("draw")
    refused(s, "meld 9C 9D 9H 9S", "exactly three cards")
    refused(s, "meld 9C 9D", "exactly three cards")
    refused(s, "meld 9C 9D KC", "one rank only")
    refused(s, "meld AC AD AH", "You do not hold the ace of clubs")
    refused(s, "add 1 9C", "no book 1")
    s.play("meld 9S 9H 9D")  # suits never matter: any three nines held
    assert (s.books[1][0].rank, s.books[1][0].size) == (C.NINE, 3)
    assert sum(1 for c in s.hands[1] if C.RANK_OF[c] == C.NINE) == 1


def test_wild_books_take_only_wild_cards() -> None:
    # G-HF-12: a book of wild cards never takes a natural, so it can only be a wild canasta
    s = hf(4, {1: "JK JK JK 2C 2D 2H 2S 2C 9C 9D 9H"}, rest="4S 5S", avoid="9")
    side_opened(s, 1)
    s.play("draw")
    s.play("meld JK JK 2C")
    assert s.books[1][0].rank == WILD
    refused(s, "add 1 9C", "Book 1 holds wild cards only")
    assert not any(m.startswith("add 1 9") for m in texts(s))
    refused(s, "meld JK 2D 2H", "already has an open book of that rank")
    play(s, "add 1 2C", "add 1 2D", "add 1 2H", "add 1 JK")
    assert (s.books[1][0].size, s.books[1][0].closed) == (7, True)
    assert team_canastas(s.books[1], s.turn_rules.books) == (0, 0, 1)
    assert codes(s.hands[1]).count("2S") == 1
    refused(s, "add 1 2S", "Book 1 is closed")
    # a natural book takes the wild card instead
    play(s, "meld 9C 9D 9H", "add 2 2S")
    assert (s.books[1][1].naturals, s.books[1][1].wilds) == (3, 1)


def test_threes_are_never_melded() -> None:
    s = hf(4, {1: "3C 3S 3C 3S 2C"}, rest="4S 5S")
    side_opened(s, 1)
    s.play("draw")
    refused(s, "meld 3C 3S 3C", "Threes can never be melded")
    refused(s, "meld 3C 3S 2C", "Threes can never be melded")
    assert not any(m.startswith("meld") and "3" in m.split()[1] for m in texts(s))
    s.play("discard 3S")  # a black three may be discarded
    assert s.discards[-1] == C.card("3S") and s.turn == 2


def test_one_open_book_per_rank_and_books_close_at_seven() -> None:
    # a card named stands for any card of its rank held; the moves name the cards laid
    s = hf(4, {1: "KC KC KC KD KD KD KH KH KH KS QC"}, rest="4S 5S", avoid="KQ")
    side_opened(s, 1)
    s.play("draw")
    s.play("meld KC KC KC")
    refused(s, "meld KD KD KD", "already has an open book of that rank")
    play(s, "add 1 KD", "add 1 KD", "add 1 KD", "add KH")  # 'add' finds the open book of kings
    assert (s.books[1][0].size, s.books[1][0].closed) == (7, True)
    assert team_canastas(s.books[1], s.turn_rules.books) == (1, 0, 0)
    refused(s, "add 1 KH", "Book 1 is closed")
    s.play("meld KH KH KS")  # the first is closed: a second book of kings may start
    assert len(s.books[1]) == 2 and not s.books[1][1].closed
    refused(s, "add 2 QC", "Book 2 is a book of kings")


def test_add_without_a_book_number_says_why_no_book_takes_the_card() -> None:
    # 'add KH' means the team's open book of kings; with none open, the refusal is the reason
    # (the closed book, or no book of that rank), never an example of the syntax
    s = hf(4, {1: "KC KC KC KD KD KD KH KH 4S 4H 5C"}, rest="7S 8S", avoid="KQ45")
    side_opened(s, 1)
    s.play("draw")
    play(s, "meld KC KC KC", "add 1 KD", "add 1 KD", "add 1 KD", "add KH")
    assert s.books[1][0].closed
    refused(s, "add KH", r"^Book 1 is closed: nothing more may be added to it\. A new book of kings starts "
                         r"with three cards \('meld'\)\.$")
    refused(s, "add 4S", r"^Your team has no book of fours: a book starts with three cards \('meld'\)\.$")
    refused(s, "add 1 KH", r"^Book 1 is closed: nothing more may be added to it\.$")
    assert s.books[1][0].describe(s.turn_rules.books) == "red canasta of kings (7 cards, closed)"
    sixes = make_book(C.cards("6C 6D 6H 2C"), s.turn_rules.books)
    assert sixes.describe(s.turn_rules.books) == "book of sixes (4 cards, 1 wild)"


# ---- the discard pile (T-HF-4, T-HF-5, G-HF-2, G-HF-5) -------------------------------------------

def test_taking_the_pile_needs_a_natural_pair_of_its_top_card() -> None:
    s = hf(4, {1: "9C 2C JK AC AD AH KC KD KH"}, rest="4S 5S", avoid="9AK")
    assert texts(s) == ["draw"]
    refused(s, "pickup 9C 2C", "natural pair of nines")
    refused(s, "pickup 9C JK", "natural pair of nines")
    refused(s, "pickup 9C", "natural pair of nines")
    refused(s, "meld AC AD AH", "Draw first")


def test_the_top_card_and_pair_go_down_and_the_whole_pile_to_the_hand() -> None:
    # a pile of 9S KC 7D; West (East's partner: the team has not met its minimum) takes it with 7C 7H
    s = hf(4, {1: "KC", 2: "7D", 3: "7C 7H AC AD AH QC QD QH KD KH"}, rest="4S 4H 5S 5H 6S 6H",
           avoid="7AQK")
    play(s, "draw", "discard KC", "draw", "discard 7D")
    assert s.turn == 3 and "pickup 7C 7H" in texts(s)
    s.play("pickup 7C 7H")
    assert s.discards == [] and codes(list(s.books[1][0].cards)) == ["7C", "7D", "7H"]
    # 15 - 2 laid + 9S and KC from the pile, which everyone saw
    assert len(s.hands[3]) == 15 and holds(s.hands[3], "9S KC")
    assert sorted(s.view(0)["known_cards"][3]) == ["9S", "KC"]
    # the top card counts toward the minimum (7D 7C 7H = 15), the other pile cards may not be
    # melded until the minimum is met, and the turn cannot end below it
    assert s.view(3)["provisional"] == 15
    refused(s, "meld KC KD KH", "Cards taken from the pile may not be melded")
    refused(s, "discard 9S", "make 15 of the 90 points")
    s.play("meld AC AD AH")  # 15 + 60 = 75
    s.play("meld QC QD QH")  # 75 + 30 = 105 >= 90
    assert s.opened[1] and any("met its minimum of 90 with 105 points" in e for e in s.view(None)["events"])
    s.play("meld KC KD KH")  # now the king from the pile may be melded
    s.play("discard 9S")
    assert s.turn == 0


@pytest.mark.parametrize(("hand", "allowed"), [("AC AD KC KD KH", True), ("AC AD KC KD QC", False)])
def test_t_hf_4_the_top_card_counts_for_the_first_meld(hand: str, allowed: bool) -> None:
    # hand 1, minimum 90, the top discard an ace: A-A-A 60 + K-K-K 30 = 90 may take the pile;
    # with A A K K Q only A-A-A 60 can go down: refused
    s = hf(4, {1: hand}, up="AS", rest="4S 5S", avoid="AKQ")
    assert ("pickup AC AD" in texts(s)) is allowed
    if not allowed:
        refused(s, "pickup AC AD", "cannot reach your team's first-meld minimum of 90")
        return
    s.play("pickup AC AD")
    s.play("meld KC KD KH")
    assert s.opened[1] and s.view(1).get("provisional") is None


@pytest.mark.parametrize("eights", [2, 4])
def test_t_hf_5_an_open_book_of_five_eights(eights: int) -> None:
    # East opens with five eights (50) and A-A-A (60); South discards an eight; West holds eights.
    # Two eights and the top card are three: two close the book and one is left, which can start
    # nothing; four eights: two close the book (seven, a clean canasta), top + two start a new one.
    west = " ".join(["8C", "8H", "8S", "8D"][:eights])
    s = hf(4, {1: "8C 8D 8H 8S 8C AC AD AH", 2: "8D", 3: west}, rest="4S 4H 5S 5H 6S 6H", avoid="8A")
    play(s, "draw", "meld 8C 8C 8D", "add 1 8H", "add 1 8S", "meld AC AD AH", "discard 4S",
         "draw", "discard 8D")
    assert s.turn == 3 and s.opened[1] and s.books[1][0].size == 5
    refused(s, "pickup 8C 8H", "do not fit your team's books")
    if eights == 2:
        assert texts(s) == ["draw"]
        return
    refused(s, "pickup 8C 8H 8S", "do not fit your team's books")
    assert [m for m in texts(s) if m.startswith("pickup")] == ["pickup 8C 8D 8H 8S"]
    s.play("pickup 8C 8D 8H 8S")
    first, _, new = s.books[1]
    assert (first.size, first.closed, new.size, new.closed, new.rank) == (7, True, 3, False, C.EIGHT)
    assert team_canastas(s.books[1], s.turn_rules.books) == (1, 0, 0)


def test_a_wild_card_on_top_freezes_the_pile() -> None:
    s = hf(4, {1: "2C", 2: "2D 2H JK 9C"}, rest="4S 4H 5S 5H", avoid="9")
    play(s, "draw", "discard 2C")  # G-HF-10: a wild card may be discarded
    assert texts(s) == ["draw"]
    refused(s, "pickup 2D 2H", "A wild card on top of the discard pile freezes it")


def test_a_black_three_on_top_blocks_the_pile() -> None:
    s = hf(4, {1: "3C", 2: "3S 3C"}, rest="4S 4H 5S 5H")
    play(s, "draw", "discard 3C")
    assert texts(s) == ["draw"]
    refused(s, "pickup 3S 3C", "A three on top of the discard pile blocks it")


@pytest.mark.parametrize(("freeze", "east_opens", "allowed"),
                         [("top_only", False, True), ("persistent", False, False),
                          ("persistent", True, True)])
def test_a_covered_wild_card_and_option_freeze(freeze: str, east_opens: bool, allowed: bool) -> None:
    # East discards 2C, South covers it with 9C, West holds a pair of nines and a first meld:
    # top_only (the default): the pile may be taken once the wild is covered; persistent: not by
    # a team below its minimum (G-HF-5)
    s = hf(4, {1: "2C QC QD QH AC AD AH", 2: "9C", 3: "9D 9H KC KD KH AS AS AS"},
           rest="4S 4H 5S 5H 6S 6H", avoid="9QAK", freeze=freeze)
    s.play("draw")
    if east_opens:
        play(s, "meld QC QD QH", "meld AC AD AH")
    play(s, "discard 2C", "draw", "discard 9C")
    assert s.opened[1] is east_opens
    assert ("pickup 9D 9H" in texts(s)) is allowed
    if not allowed:
        refused(s, "pickup 9D 9H", "The pile holds a wild card: only a team that has made its first meld")
        return
    s.play("pickup 9D 9H")
    assert holds(s.hands[3], "2C") and s.discards == []


# ---- the first meld (T-HF-3, G-HF-6) --------------------------------------------------------

def test_t_hf_3_a_first_meld_of_150_in_hand_three() -> None:
    s = hf(4, {1: "KC KD KH AC AD AH 2C JK 8C 8D"}, rest="4S 5S", avoid="KA8")
    set_position(s, deal=3)  # the third hand: the minimum is 150
    assert s.minimum(1) == 150 and s.minimum(0) == 150
    s.play("draw")
    short = s.clone()
    assert isinstance(short, HandAndFoot)
    # K-K-K 30 + A-A-2 (20 + 20 + 25 = 65) + Jkr-8-8 (50 + 10 + 10 = 70) = 165 >= 150
    play(s, "meld KC KD KH", "meld AC AD 2C", "meld 8C 8D JK")
    assert s.opened[1] and any("minimum of 150 with 165 points" in e for e in s.view(None)["events"])
    assert "discard 4S" in texts(s)
    # K-K-K 30 + A-A-A 60 = 90 < 150: the books are provisional and the turn cannot end
    play(short, "meld KC KD KH", "meld AC AD AH")
    assert not short.opened[1] and short.view(1)["provisional"] == 90
    assert not any(m.startswith("discard") for m in texts(short)) and "retract" in texts(short)
    refused(short, "discard 4S", "Your books so far make 90 of the 150 points your team needs to open")
    short.play("retract")
    assert short.books[1] == [] and len(short.hands[1]) == 17 and "provisional" not in short.view(1)
    assert "discard 4S" in texts(short) and "retract" not in texts(short)
    short.play("discard 4S")
    assert short.turn == 2 and not short.opened[1]


def test_below_the_minimum_a_player_must_keep_a_card() -> None:
    # seventeen cards from four to seven: all of them make only 17 x 5 = 85 < 90
    s = hf(4, {1: "4C 4D 4H 4S 4C 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D"}, rest="7H 7S")
    s.play("draw")
    play(s, "meld 4C 4C 4D", "add 1 4H", "add 1 4S", "meld 5C 5D 5H", "add 2 5S", "meld 6C 6D 6H",
         "add 3 6S", "meld 7C 7D 7H")  # 25 + 20 + 20 + 15 = 80, one card left
    assert s.view(1)["provisional"] == 80 and codes(s.hands[1]) == ["7S"]
    refused(s, "add 4 7S", "must reach 90 points before your hand runs out; keep a card")
    assert texts(s) == ["retract"]
    s.play("retract")
    assert len(s.hands[1]) == 17 and s.books[1] == []


def test_the_minimum_is_met_once_per_team() -> None:
    s = hf(4, {1: "QC QD QH AC AD AH", 2: "6C 6D 6H", 3: "5C 5D 5H"},
           rest="4S 4H 7S 7H 8S 8H 9S 9H", avoid="QA65")
    play(s, "draw", "meld QC QD QH", "meld AC AD AH", "discard 4S")  # 30 + 60 = 90: East–West open
    play(s, "draw", "meld 6C 6D 6H")  # North–South: 15 of 90
    refused(s, "discard 7S", "make 15 of the 90 points")
    play(s, "retract", "discard 7S")
    play(s, "draw", "meld 5C 5D 5H", "discard 8S")  # West: his team has opened, 15 is enough
    assert s.opened == [False, True] and len(s.books[1]) == 3 and s.books[0] == []
