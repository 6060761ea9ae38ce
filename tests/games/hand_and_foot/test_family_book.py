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
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import gamenight
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book, BookRules, book_of, team_canastas
from gamenight.games.hand_and_foot import HandAndFoot
from tests.helpers import codes, hand_and_foot_deck, play, refused, run_down_stock, set_position, texts, zones

FILL_ORDER = [r + s for r in "456789TJQKA" for s in "CDHS"]
GOLDEN = Path(__file__).parents[2] / "golden" / "hand_and_foot_match.json"

#: the book's card values, written out independently of the engine: joker 50, two 25, ace 20,
#: K-8 10, 7-4 5, black three 5 (a red three left in hand or foot costs 100, G-HF-7)
VALUE = {"2": 25, "A": 20, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 10, "8": 10,
         "7": 5, "6": 5, "5": 5, "4": 5}


def value(code: str, *, held: bool = False) -> int:
    if code == "JK":
        return 50
    if code[0] == "3":
        return 100 if held and code[1] in "DH" else 5
    return VALUE[code[0]]


def hf(players: int = 4, hands: dict[int, str] | None = None, feet: dict[int, str] | None = None,
       up: str = "9S", rest: str = "", *, avoid: str = "", seed: int = 1, **options: Any) -> HandAndFoot:
    """A game on a stacked shoe: ``hands``/``feet`` give some cards of a seat's packet, the rest is
    filled with inert cards (ranks in ``avoid`` never used as filler)."""
    hands = hands or {}
    feet = feet or {}
    decks = players + 1
    left = Counter(C.CODE_OF[c] for c in C.standard_deck(decks=decks, jokers=2 * decks))
    for text in [*hands.values(), *feet.values(), up, rest]:
        for code in text.split():
            left[code] -= 1
            assert left[code] >= 0, f"the shoe holds too few {code}"

    def fill(text: str, size: int) -> str:
        got = text.split()
        per = Counter(c[0] for c in got)
        # first without the ranks to avoid, then (a packet with few other ranks left) with them
        for skip in (avoid, ""):
            for code in FILL_ORDER * 2:
                if len(got) < size and left[code] > 0 and per[code[0]] < 2 and code[0] not in skip:
                    got.append(code)
                    left[code] -= 1
                    per[code[0]] += 1
        assert len(got) == size, f"cannot fill {text!r}"
        return " ".join(got)

    hand_packets = [fill(hands.get(s, ""), 15) for s in range(players)]
    foot_packets = [fill(feet.get(s, ""), 13) for s in range(players)]
    deck = hand_and_foot_deck(hand_packets, foot_packets, up, rest)
    s = gamenight.new("hand-and-foot", players=players, seed=seed, deck=deck, options=options)
    assert isinstance(s, HandAndFoot)
    return s


def holds(cards: list[int], text: str) -> bool:
    """Whether ``cards`` include all of these (with repeats)."""
    return not Counter(C.cards(text)) - Counter(cards)


def make_book(cards: list[int], rules: BookRules) -> Book:
    naturals = {C.RANK_OF[c] for c in cards if C.RANK_OF[c] not in (C.TWO, 13)}
    rank = naturals.pop() if naturals else WILD
    return book_of(rank, cards, sum(1 for c in cards if C.RANK_OF[c] in (C.TWO, 13)), rules)


def side_opened(s: HandAndFoot, team: int) -> HandAndFoot:
    """The side met its minimum earlier in the hand."""
    return set_position(s, extra={"opened": [o or t == team for t, o in enumerate(s.opened)]})


def put_books(s: HandAndFoot, team: int, *books: str) -> None:
    """The team has laid these books earlier (and so met its minimum): their cards come from the
    bottom of the stock (the stacked draws on top stay put)."""
    laid = [list(b) for b in s.books]
    laid[team].extend(make_book(C.cards(text), s.turn_rules.books) for text in books)
    set_position(side_opened(s, team), extra={"books": laid}, bottom_first=True)


def in_foot(s: HandAndFoot, seat: int, hand: str) -> None:
    """``seat`` has played his hand earlier and now holds these cards of his foot (his hand and
    foot go under the stock)."""
    set_position(s, zones={f"hand/{seat}": hand, f"foot/{seat}": ""}, bottom_first=True,
                 extra={"in_foot": [x == seat or f for x, f in enumerate(s.in_foot)]})


def pass_turn(s: HandAndFoot) -> None:
    """The player to move draws two and discards the second card drawn."""
    seat = s.turn
    s.play("draw")
    s.play(Move("discard", C.CARD(s.hands[seat][-1])))


#: three canastas of every kind for team 1 (East–West): clean kings, dirty aces, wild
RED_K = "KC KD KH KS KC KD KH"
BLACK_A = "AC AD AH AS 2C 2D JK"
WILD_7 = "JK JK JK JK 2C 2D 2H"


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


# ---- the foot ---------------------------------------------------------------------------------

HAND_OUT = "KC KD KH QC QD QH JC JD JH TC TD TH AC AD AH"


def test_a_hand_melded_out_takes_the_foot_and_plays_on() -> None:
    s = hf(4, {1: HAND_OUT}, {1: "9C 9D 9H"}, rest="KS 2C 4S 5S", avoid="KQJTA9")
    foot = list(s.feet[1])
    play(s, "draw", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "meld TC TD TH", "meld AC AD AH",
         "add 1 KS")
    assert not s.in_foot[1] and codes(s.hands[1]) == ["2C"]
    s.play("add 2 2C")  # the last card of the hand: the foot comes up, the turn goes on
    assert s.in_foot[1] and s.feet[1] == [] and sorted(s.hands[1]) == sorted(foot)
    assert (s.turn, s.phase()) == (1, "play") and s.view(1)["in_foot"] == [False, True, False, False]
    assert any(e.endswith("picks up the foot.") for e in s.view(None)["events"])
    play(s, "meld 9C 9D 9H", "discard 4C")
    assert s.turn == 2 and len(s.hands[1]) == 9


def test_a_hand_emptied_by_the_discard_takes_the_foot_for_the_next_turn() -> None:
    s = hf(4, {1: HAND_OUT}, {1: "9C 9D 9H"}, rest="KS 8C", avoid="KQJTA98")
    foot = list(s.feet[1])
    play(s, "draw", "meld KC KD KH", "meld QC QD QH", "meld JC JD JH", "meld TC TD TH", "meld AC AD AH",
         "add 1 KS", "discard 8C")
    assert s.in_foot[1] and sorted(s.hands[1]) == sorted(foot) and s.feet[1] == []
    # the turn has passed: East plays from his foot on his next turn
    assert s.turn == 2 and s.to_act == frozenset({2})
    for _ in range(3):
        pass_turn(s)
    assert s.turn == 1
    s.play("draw")
    assert len(s.hands[1]) == 15 and "meld 9C 9D 9H" in texts(s)


# ---- going out (T-HF-6, G-HF-11) ------------------------------------------------------------

#: West's packets for the going-out scenarios: a hand of fifteen 5-point cards (75) and a foot
#: of twelve 10-point cards and a five (125): 200 left in his hand and foot
WEST_HAND = "4C 4D 5C 5D 6C 6D 7C 7D 4H 5H 6H 7H 4S 5S 6S"
WEST_FOOT = "8C 8D 9C 9D TC TD JC JD 8H 9H TH JH 7S"


def ready(*books: str, hand: str, rest: str, **options: Any) -> HandAndFoot:
    """East–West has laid ``books`` and East plays from his foot, holding ``hand``."""
    s = hf(4, {3: WEST_HAND}, {3: WEST_FOOT}, rest=rest, **options)
    put_books(s, 1, *books)
    in_foot(s, 1, hand)
    return s


def test_t_hf_6_going_out_needs_a_red_a_black_and_a_wild_canasta() -> None:
    # a red and a black canasta but no wild one: melding the last cards is refused
    s = ready(RED_K, BLACK_A, hand="QC", rest="QD QH 4C 4D")
    s.play("draw")
    refused(s, "meld QC QD QH", "to go out your team needs 1 red, 1 black and 1 wild canasta")
    assert texts(s) == ["discard QC", "discard QD", "discard QH"]


def test_going_out_by_melding_the_last_card_scores_the_hand() -> None:
    s = ready(RED_K, BLACK_A, WILD_7, hand="QC", rest="QD QH 4C 4D")
    north_south = sum(value(C.CODE_OF[c], held=True)
                      for seat in (0, 2) for c in (*s.hands[seat], *s.feet[seat]))
    s.play("draw")
    s.play("meld QC QD QH")
    row = s.sheet.rows[0]
    assert (row.label, row.note) == ("Round 1", "East went out")
    # East–West: going out 100 + canastas 500 + 300 + 2000 = 2900;
    # melded: kings 7 x 10 = 70, aces 4 x 20 + 2 x 25 + 50 = 180, wild 4 x 50 + 3 x 25 = 275,
    # queens 3 x 10 = 30: 555; West holds 75 + 125 = 200: 2900 + 555 - 200 = 3255
    assert row.points[1] == 3255
    # North–South never melded: minus what they hold (the shoe's fillers: each a hand of
    # 8 x 5 + 7 x 10 = 110 and a foot of 8 x 5 + 5 x 10 = 90)
    assert row.points[0] == -north_south == -(110 + 90) * 2
    # the next hand: the deal moves left, the minimum rises
    assert (s.deal_no, s.dealer, s.turn, s.minimum(0), s.minimum(1)) == (2, 1, 2, 120, 120)
    assert all(len(h) == 15 for h in s.hands) and s.books == [[], []]


def test_going_out_by_discarding_the_last_card() -> None:
    s = ready(RED_K, BLACK_A, WILD_7, "QC QD QH", hand="5C", rest="QS QC 4C 4D")
    s.play("draw")
    play(s, "add 4 QC", "add 4 QS")  # a card named stands for any of its rank: QC, then QS
    assert codes(s.hands[1]) == ["5C"] and texts(s) == ["discard 5C"]
    s.play("discard 5C")
    assert s.sheet.rows[0].note == "East went out" and s.deal_no == 2
    # 100 + 2800 + melded 70 + 180 + 275 + 5 x 10 = 575, West's 200: 3275
    assert s.sheet.rows[0].points[1] == 3275


def test_a_move_that_leaves_no_way_to_end_the_turn_is_refused() -> None:
    # without a wild canasta East may not go out, so he must keep a card he can discard and
    # still hold one: adding his second queen would leave him only 5C, which he may not discard
    s = ready(RED_K, BLACK_A, "QC QD QH", hand="5C", rest="QS QC 4C 4D")
    s.play("draw")
    s.play("add 3 QC")
    refused(s, "add 3 QS", "You must keep a card you can discard without going out: "
                           "to go out your team needs 1 red, 1 black and 1 wild canasta")
    assert texts(s) == ["discard 5C", "discard QS"]
    s.play("discard 5C")
    assert s.turn == 2 and codes(s.hands[1]) == ["QS"] and not s.sheet.rows


def test_six_black_threes_go_out_together_from_the_foot() -> None:
    s = ready(RED_K, BLACK_A, WILD_7, hand="3C 3C 3C 3S 3S 3S QC", rest="QD QH 4C 4D")
    s.play("draw")
    s.play("meld QC QD QH")
    assert texts(s) == ["discard 3C", "discard 3S", "discard 3C 3C 3C 3S 3S 3S"]
    s.play("discard 3C 3C 3C 3S 3S 3S")
    assert s.sheet.rows[0].note == "East went out"
    # 100 + 2800 + melded 70 + 180 + 275 + 30 = 555 - West's 200 = 3255; the threes are gone
    assert s.sheet.rows[0].points[1] == 3255


def test_six_black_threes_as_one_discard_only_from_the_foot() -> None:
    # in the foot, without the canastas to go out, the six threes may go while cards remain
    s = ready(RED_K, BLACK_A, hand="3C 3C 3C 3S 3S 3S 5C", rest="6C 7C 4C 4D")
    s.play("draw")
    assert "discard 3C 3C 3C 3S 3S 3S" in texts(s)
    s.play("discard 3C 3S 3C 3S 3C 3S")
    assert codes(s.hands[1]) == ["5C", "6C", "7C"] and s.turn == 2
    assert codes(s.discards[-6:]) == ["3C", "3C", "3C", "3S", "3S", "3S"]
    # from the hand (not the foot) black threes go one at a time
    s = hf(4, {1: "3C 3C 3C 3S 3S 3S"}, rest="4S 5S")
    s.play("draw")
    assert not any(len(m.split()) > 2 for m in texts(s) if m.startswith("discard"))
    refused(s, "discard 3C 3C 3C 3S 3S 3S", "Discard one card")


# ---- the stock running out, the match ---------------------------------------------------------

def cut_stock(s: HandAndFoot, keep: int) -> None:
    """Leave ``keep`` cards in the stock: the rest goes under the discard pile."""
    run_down_stock(s, keep, top_last=True)


def test_the_stock_running_out_ends_the_hand_without_a_going_out_bonus() -> None:
    # two players. Seat 1 (Player 2, first to play) has a red three at the deal (replaced by 4S)
    # and opens with Q-Q-Q A-A-A = 90; seat 0 (the dealer) has one (replaced by 5S), never melds.
    s = hf(2, {1: "3D QC QD QH AC AD AH 4C 4D 5C 5D 6C 6D 7C 7D",
               0: "3H 4C 4D 5C 5D 6C 6D 7C 7D 4H 5H 6H 7H 4S 5S"},
           {1: "8C 8D 9C 9D TC TD JC JD KC KD KH KS 4H", 0: "8H 8S 9H 9S TH TS JH JS QH QS 8C 9C 4D"},
           rest="4S 5S 6S 7S 8S 9S TS")
    assert codes(s.red3[1]) == ["3D"] and codes(s.red3[0]) == ["3H"]
    play(s, "draw", "meld QC QD QH", "meld AC AD AH", "discard 6S")
    cut_stock(s, 3)  # 8S 9S TS
    play(s, "draw", "discard 8S")  # seat 0 keeps 9S; one card is left
    assert s.deal_no == 2  # one card left: seat 1's turn could not start, the hand is over
    row = s.sheet.rows[0]
    assert row.note == "the stock ran out"
    # seat 1: red three +100, melded 30 + 60 = 90; holds 4C 4D 5C 5D 6C 6D 7C 7D 4S 7S = 50 and a
    # foot of 12 x 10 + 5 = 125: 100 + 90 - 50 - 125 = 15. No going-out bonus.
    # seat 0: red three -100 (never met the minimum); holds 14 x 5 + 5S 5 + 9S 10 = 85 and a foot
    # of 12 x 10 + 5 = 125: -100 - 85 - 125 = -310
    assert row.points == [-310, 15]
    assert row.details == ["red threes -100, cards left -210",
                           "red threes +100, cards melded +90, cards left -175"]
    # the next hand: seat 1 deals, seat 0 starts, the minimum is 120
    assert (s.dealer, s.turn, s.minimum(0)) == (1, 0, 120)


def test_four_hands_make_a_match_and_the_higher_total_wins() -> None:
    s = gamenight.new("hand-and-foot", seed=11)
    assert isinstance(s, HandAndFoot)
    first_dealer = s.dealer
    for hand in range(4):
        assert (s.deal_no, s.dealer) == (hand + 1, (first_dealer + hand) % 4)
        assert s.turn == (s.dealer + 1) % 4
        assert s.minimum(0) == s.minimum(1) == (90, 120, 150, 180)[hand]
        s.play("draw")
        cut_stock(s, 1)
        s.play(Move("discard", C.CARD(s.hands[s.turn][-1])))  # the next turn cannot start: hand over
    assert s.is_over and s.outcome is not None
    rows = s.sheet.rows
    assert [r.label for r in rows] == ["Round 1", "Round 2", "Round 3", "Round 4"]
    assert s.sheet.columns == ["North–South", "East–West"] and all(len(r.points) == 2 for r in rows)
    assert all(r.note == "the stock ran out" for r in rows)
    totals = [sum(r.points[t] for r in rows) for t in range(2)]
    assert s.sheet.totals == totals and totals[0] != totals[1]
    best = totals.index(max(totals))
    assert s.outcome.winners == tuple(seat for seat in range(4) if seat % 2 == best)
    assert s.outcome.scores == tuple(totals[seat % 2] for seat in range(4))
    with pytest.raises(gamenight.IllegalMove, match="The game is over"):
        s.play("draw")


# ---- the worked scores (T-HF-1, T-HF-2, G-HF-7) ------------------------------------------------

def t_hf_1(**options: Any) -> HandAndFoot:
    """T-HF-1: North–South went out (North); two red threes; a red canasta of seven kings, a black
    one of five aces and two twos, a wild one of four jokers and three twos, an open 7-7-7; South
    still holds Q, 5 and a black three."""
    s = hf(4, **options)
    books = [make_book(C.cards(text), s.turn_rules.books) for text in
             ("KC KD KH KS KC KD KH", "AC AD AH AS AC 2C 2D", "JK JK JK JK 2H 2S 2C", "7C 7D 7H")]
    return set_position(s, extra={"books": [books, []], "opened": [True, False]}, bottom_first=True,
                        zones={"red3/0": "3H 3D", "hand/0": "", "foot/0": "", "hand/2": "QC 5D 3S",
                               "foot/2": ""})


def test_t_hf_1_a_team_that_went_out_scores_3590() -> None:
    s = t_hf_1()
    # bonuses 100 + 2 x 100 + 500 + 300 + 2000 = 3100; melded 7 x 10 + (5 x 20 + 2 x 25)
    # + (4 x 50 + 3 x 25) + 3 x 5 = 70 + 150 + 275 + 15 = 510; held 10 + 5 + 5 = 20
    total, parts = s.team_score(0, 0)
    assert total == 3100 + 510 - 20 == 3590
    assert parts == {"going_out": 100, "canastas": 2800, "red_threes": 200, "melded": 510, "held": -20}


def test_option_deuce_value() -> None:
    s = t_hf_1(deuce_value=20)
    # the five twos count 20: melded 70 + (100 + 40) + (200 + 60) + 15 = 485; 3100 + 485 - 20
    assert s.team_score(0, 0)[0] == 3565
    assert s.values[C.card("2S")] == 20 and s.values[C.JOKER] == 50


@pytest.mark.parametrize(("deuce", "opens"), [(25, True), (20, False)])
def test_option_deuce_value_in_the_first_meld(deuce: int, opens: bool) -> None:
    # A-A-2 + 4-4-4-4-4: 20 + 20 + 25 + 5 x 5 = 90 opens; with twos at 20 it is 85
    s = hf(4, {1: "AC AD 2C 4C 4D 4H 4S 4C"}, rest="5S 6S", avoid="A4", deuce_value=deuce)
    play(s, "draw", "meld AC AD 2C", "meld 4C 4C 4D", "add 2 4H", "add 2 4S")
    assert s.opened[1] is opens
    assert ("discard 5S" in texts(s)) is opens


def t_hf_2(**options: Any) -> HandAndFoot:
    """T-HF-2: two players; the opponent (seat 1) never melded and has a red three on the table;
    he holds Jkr 2 A 9 and an unplayed foot K Q J 10 9 8 7 6 5 4 black-3 A 2."""
    s = hf(2, **options)
    return set_position(s, extra={"books": [[], []], "opened": [s.opened[0], False]}, bottom_first=True,
                        zones={"red3/1": "3H", "hand/1": "JK 2C AC 9C",
                               "foot/1": "KC QC JC TC 9D 8C 7C 6C 5C 4C 3S AD 2D"})


def test_t_hf_2_a_team_that_never_melded_scores_minus_335() -> None:
    s = t_hf_2()
    # hand 50 + 25 + 20 + 10 = 105; foot 6 x 10 + 4 x 5 + 5 + 20 + 25 = 130; red three -100
    total, parts = s.team_score(1, 0)
    assert total == -105 - 130 - 100 == -335
    assert parts == {"going_out": 0, "canastas": 0, "red_threes": -100, "melded": 0, "held": -235}


@pytest.mark.parametrize(("options", "held"), [({}, -100), ({"red_three_held": 0}, 0)])
def test_option_red_three_held_in_an_unplayed_foot(options: dict[str, Any], held: int) -> None:
    # G-HF-7: a red three still in an unplayed foot costs 100 (option: nothing)
    s = t_hf_2(**options)
    set_position(s, zones={"foot/1": [*s.feet[1], "3D"]}, bottom_first=True)
    assert s.team_score(1, 0)[0] == -335 + held


# ---- option ask_partner (G-HF-11) -------------------------------------------------------------

def test_asking_partner_is_not_the_books_rule() -> None:
    s = ready(RED_K, BLACK_A, WILD_7, hand="QC 5C", rest="QD QH 4C 4D")
    s.play("draw")
    refused(s, "ask", "Asking partner is not part of these rules")
    play(s, "meld QC QD QH", "discard 5C")  # out without asking
    assert s.sheet.rows[0].note == "East went out"


def test_ask_partner_optional_yes_binds_to_go_out() -> None:
    s = ready(RED_K, BLACK_A, WILD_7, hand="QC 5C", rest="QD QH 4C 4D", ask_partner="optional")
    s.play("draw")
    assert "ask" in texts(s)
    s.play("ask")
    # West (East's partner) answers; nobody else may act
    assert s.to_act == frozenset({3}) and texts(s, 3) == ["answer yes", "answer no"]
    with pytest.raises(gamenight.IllegalMove, match="It is not your turn, East"):
        s.play("discard 5C", 1)
    s.play("answer yes", 3)
    assert s.to_act == frozenset({1}) and s.view(1)["asked"] == "yes"
    # yes: he must go out this turn, so he may not discard before melding
    refused(s, "discard 5C", "Your partner said yes: you must go out this turn")
    refused(s, "ask", "You have asked already this turn")
    play(s, "meld QC QD QH", "discard 5C")
    assert s.sheet.rows[0].note == "East went out"


def test_ask_partner_optional_no_forbids_going_out_this_turn() -> None:
    s = ready(RED_K, BLACK_A, WILD_7, hand="QC 5C", rest="QD QH 4C 4D", ask_partner="optional")
    play(s, "draw", "ask")
    s.play("answer no", 3)
    # melding the queens would leave only 5C, whose discard would be going out
    refused(s, "meld QC QD QH", "your partner said no, so you may not go out this turn")
    assert texts(s) == ["discard 5C", "discard QC", "discard QD", "discard QH"]
    s.play("discard 5C")
    assert s.turn == 2 and not s.sheet.rows and len(s.hands[1]) == 3


def test_ask_partner_optional_needs_a_player_who_could_go_out() -> None:
    # no wild canasta: East could not go out, so he may not ask
    s = ready(RED_K, BLACK_A, hand="QC 5C", rest="QD QH 4C 4D", ask_partner="optional")
    s.play("draw")
    assert "ask" not in texts(s)
    refused(s, "ask", "You can only ask when you could go out this turn")
    # with the canastas, only right after the draw
    s = ready(RED_K, BLACK_A, WILD_7, hand="QC 5C 8C 8D 8H", rest="QD QH 4C 4D", ask_partner="optional")
    play(s, "draw", "meld 8C 8D 8H")
    refused(s, "ask", "Ask right after drawing, before you meld")
    # not asking is allowed under 'optional': he goes out
    play(s, "meld QC QD QH", "discard 5C")
    assert s.sheet.rows[0].note == "East went out"


# ---- a golden match --------------------------------------------------------------------------

def scripted_move(s: HandAndFoot, rng: random.Random) -> Move:
    """A fixed, seeded way to play (not a bot): take the pile when allowed once
    the team has opened, else draw; lay books
    (wild cards only into wild books), discard a natural at random, retract when stuck below the
    minimum, else any legal move."""
    seat = s.turn
    moves = s.legal_moves()
    by_verb: dict[str, list[Move]] = {}
    for m in moves:
        by_verb.setdefault(m.verb, []).append(m)
    if s.phase() == "draw":
        if "pickup" in by_verb and s.opened[s.team_of(seat)]:
            return rng.choice(by_verb["pickup"])
        return by_verb["draw"][0]
    retracted = False
    for who, m in reversed(s.moves):
        if who != seat or m.verb in ("draw", "pickup"):
            break
        retracted = retracted or m.verb == "retract"

    def is_wild(c: int) -> bool:
        return C.RANK_OF[c] in (C.TWO, 13)

    def fits(m: Move) -> bool:
        if not any(is_wild(c) for c in m.cards):
            return True
        if m.verb == "meld":
            return all(is_wild(c) for c in m.cards)
        assert m.number is not None
        return s.books[s.team_of(seat)][m.number - 1].rank == WILD

    lays = [m for m in by_verb.get("meld", []) + by_verb.get("add", []) if fits(m)]
    if lays and not retracted:
        return rng.choice(lays)
    if "discard" in by_verb:
        plain = [m for m in by_verb["discard"] if not any(is_wild(c) for c in m.cards)]
        several = [m for m in plain if len(m.cards) > 1]
        return several[0] if several else rng.choice(plain or by_verb["discard"])
    return by_verb["retract"][0] if "retract" in by_verb else rng.choice(moves)


def scripted_match(seed: int, *, conserve: bool = False) -> HandAndFoot:
    s = gamenight.new("hand-and-foot", seed=seed)
    assert isinstance(s, HandAndFoot)
    rng = random.Random(seed)
    shoe = Counter(s.deck_template())
    while not s.is_over:
        s.play(scripted_move(s, rng))
        assert not conserve or zones(s) == shoe  # every card of the shoe, always somewhere
    return s


#: seed 15: four hands, the first ended by West going out; 24 pile pickups
GOLDEN_ROWS = [([3925, 11165], "West went out"), ([5775, 9420], "the stock ran out"),
               ([12785, 5735], "the stock ran out"), ([11490, 7755], "the stock ran out")]


def test_golden_match_replays_to_the_same_score_sheet() -> None:
    record = json.loads(GOLDEN.read_text())
    s = gamenight.replay(record["log"])
    assert isinstance(s, HandAndFoot) and s.outcome is not None
    assert s.sheet.to_json() == record["score_sheet"]
    assert [(r.points, r.note) for r in s.sheet.rows] == GOLDEN_ROWS
    # 3925 + 5775 + 12785 + 11490 = 33975 against 11165 + 9420 + 5735 + 7755 = 34075: East–West
    assert s.sheet.totals == [33975, 34075] and s.outcome.winners == (1, 3)
    assert s.outcome.scores == (33975, 34075, 33975, 34075)
    assert sum(1 for _, m in s.moves if m.verb == "pickup") == 24
    deals = [e.text for e in s.events if e.kind == "deal"]
    assert [d.split("First meld: ")[1] for d in deals] == [
        f"North–South {m}, East–West {m}." for m in (90, 120, 150, 180)]


def test_golden_match_is_what_the_script_plays() -> None:
    record = json.loads(GOLDEN.read_text())
    s = scripted_match(record["log"]["seed"], conserve=True)
    assert s.log["moves"] == record["log"]["moves"]
    assert s.sheet.to_json() == record["score_sheet"]


def test_the_cards_a_player_names_are_the_cards_laid_and_the_log_replays() -> None:
    # South (seat 1, first to play) holds four nines; the listed meld names the lowest three
    s = hf(hands={1: "9C 9D 9H 9S KC KD KH AC AD AH"}, rest="5C 6D", avoid="9KA")
    play(s, "draw", "meld KC KD KH", "meld AC AD AH")  # 30 + 60 = 90: the team has opened
    assert "meld 9C 9D 9H" in texts(s) and "meld 9D 9H 9S" not in texts(s)
    s.play("meld 9S 9H 9D")  # any three nines he holds: these three go down
    assert codes(s.books[1][-1].cards) == ["9D", "9H", "9S"]
    assert holds(s.hands[1], "9C") and not holds(s.hands[1], "9S")
    assert str(s.moves[-1][1]) == "meld 9S 9H 9D"
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert codes(again.books[1][-1].cards) == ["9D", "9H", "9S"]  # type: ignore[attr-defined]
    # 'add' without a number finds the team's open book of that rank
    s.play("add 9C")
    assert codes(s.books[1][-1].cards) == ["9C", "9D", "9H", "9S"]
    # a card he does not hold is refused, not swapped for one he holds
    refused(s, "discard QS", "You do not hold")
