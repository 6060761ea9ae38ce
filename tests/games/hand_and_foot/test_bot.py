"""The Hand and Foot heuristic bot (``bots/hand_and_foot.py``): its key decisions on stacked
positions, seeded matches against random play under the three rule sets, and its speed.

Positions are set up on a real game: :func:`position` moves cards between zones (hands, books,
the pile, the stock) so every card of the shoe stays accounted for, then the bot decides from
the seat's view and legal moves only. Seats 1 and 3 are East–West (team 1), seats 0 and 2
North–South (team 0); seat 2 plays after seat 1.
"""

from __future__ import annotations

import random
import time

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.base import RandomBot
from gamenight.bots.games.hand_and_foot import HandAndFootBot
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER, WORD
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book, BookRules, Table, best_meld_value, book_of, count_hand
from gamenight.families.canasta_turn import ANSWER_PHASE, DRAW_PHASE, PLAY_PHASE, is_wild
from gamenight.games.hand_and_foot import HandAndFoot, card_values
from tests.helpers import Pieces, hand_and_foot_deck, set_position, zones


def position(preset: str | None = None, *, hands: dict[int, str], seat: int = 1, phase: str = PLAY_PHASE,
             books: dict[int, list[str]] | None = None, opened: tuple[bool, bool] = (True, True),
             in_foot: tuple[int, ...] = (), pile: str = "", stock: int | None = None,
             shown: dict[int, str] | None = None) -> HandAndFoot:
    """A game at ``seat``'s turn (``phase``) with these hands, team books (strings of cards, one
    per book), the pile (bottom first) and seats already in (and playing from) their foot."""
    s = gamenight.new("hand-and-foot", players=4, seed=7, preset=preset)
    assert isinstance(s, HandAndFoot)
    before = zones(s)
    rules = s.turn_rules.books
    laid: list[list[Book]] = [[], []]
    for team, texts in (books or {}).items():
        for text in texts:
            cards = C.cards(text)
            wilds = sum(1 for c in cards if is_wild(c))
            rank = WILD if wilds == len(cards) else C.RANK_OF[next(c for c in cards if not is_wild(c))]
            laid[team].append(book_of(rank, cards, wilds, rules))
    described: dict[str, Pieces] = {f"hand/{x}": text for x, text in hands.items()}
    described |= {f"foot/{x}": "" for x in in_foot}
    described["discards"] = pile
    footed = [x in in_foot or f for x, f in enumerate(s.in_foot)]
    set_position(s, zones=described, bottom_first=True,
                 extra={"books": laid, "opened": list(opened), "in_foot": footed,
                        "played_foot": [x in in_foot or f for x, f in enumerate(s.played_foot)]})
    for x, text in (shown or {}).items():
        s.knowledge.tell(f"hand/{x}", C.cards(text))
    if stock is not None:  # the rest goes to an opponent's foot, out of play
        left = s.stocks[0]
        cut = len(left) - stock
        set_position(s, zones={"stock": left[cut:], "foot/0": [*s.feet[0], *left[:cut]]})
    assert zones(s) == before
    s._reset_turn()  # the kernel's own start of a turn
    return set_position(s, turn=seat, phase=phase, extra={
        "draws_left": 2 if phase == DRAW_PHASE else 0, "upcard_take": False, "stock_dry": False})


def decide(s: HandAndFoot, seat: int | None = None, bot: HandAndFootBot | None = None) -> Move:
    seat = min(s.to_act) if seat is None else seat
    legal = s.legal_moves(seat)
    move = (bot or HandAndFootBot()).choose(s.view(seat), legal, sampler_for(s, seat), random.Random(1))
    assert move in legal
    return move


def play_turn(s: HandAndFoot, seat: int) -> list[str]:
    """The bot plays ``seat``'s turn to its end; the moves it made."""
    bot = HandAndFootBot()
    made = []
    deal = s.deal_no
    while not s.is_over and s.deal_no == deal and s.turn == seat and seat in s.to_act:
        move = decide(s, seat, bot)
        made.append(str(move))
        s.play(move, seat)
    return made


def cards_of(s: HandAndFoot, seat: int) -> list[str]:
    return sorted(C.CODE_OF[c] for c in s.hands[seat])


# ---- the opening ---------------------------------------------------------------------------

def test_opens_with_naturals_reaching_the_minimum_and_keeps_its_wild_cards() -> None:
    # hand 1, minimum 90: three aces (60) and three kings (30) make exactly 90, no wild needed
    s = position(hands={1: "AC AD AH KC KD KH 4C 5D 6H 8S 9C TD 2C JK 3S"}, opened=(False, False))
    made = play_turn(s, 1)
    assert made[:2] == ["meld AC AD AH", "meld KC KD KH"]
    assert s.opened[1]
    assert {"2C", "JK"} <= set(cards_of(s, 1))  # kept for books, never discarded
    assert made[-1] == "discard 3S"  # the black three: worthless in hand, and it blocks the pile


def test_does_not_lay_books_that_cannot_reach_the_minimum() -> None:
    # kings 30 + fours 15 = 45 < 90: nothing goes down, the turn ends with a discard
    s = position(hands={1: "KC KD KH 4C 4D 4H 5S 6S 7S 8C 9D TH JS QC AD"}, opened=(False, False))
    made = play_turn(s, 1)
    assert len(made) == 1 and made[0].startswith("discard")
    assert s.books[1] == [] and not s.opened[1]


def test_retracts_books_that_cannot_reach_the_minimum() -> None:
    s = position(hands={1: "4C 4D 4H 5S 6S 7S 8C 9D TH JS QC AD KH"}, opened=(False, False))
    s.play("meld 4C 4D 4H")  # 15 of the 90: the rest of the hand lays nothing more
    made = play_turn(s, 1)
    assert made[0] == "retract" and made[1].startswith("discard") and len(made) == 2
    assert s.books[1] == []


def test_opening_uses_a_wild_card_only_when_the_minimum_needs_it() -> None:
    # the aces make 60 of the 90; the kings and the queens are only pairs, so one of them goes
    # down with the two: 60 + 10 + 10 + 25 = 105
    s = position(hands={1: "AC AD AH KC KD QH QS 5S 6S 7S 8C 9D 2C TH 3C"}, opened=(False, False))
    assert play_turn(s, 1) == ["meld AC AD AH", "meld QH QS 2C", "discard 3C"]
    assert s.opened[1]


# ---- the pile ------------------------------------------------------------------------------

def test_takes_a_pile_with_cards_it_can_use() -> None:
    s = position(hands={1: "8D 8H 9S 9H KC QD 4C"}, phase=DRAW_PHASE,
                 books={1: ["AC AD AH"]}, pile="JK 2S 9C 9D AS 5C 8C")
    assert decide(s) == Move("pickup", *C.card_args(C.cards("8D 8H")))


def test_before_the_minimum_only_the_top_card_and_the_hand_count() -> None:
    # the kings with the top king make 40; the aces in the pile do not count: no pickup is legal
    s = position(hands={1: "KC KD 5S 6S 7S 8C 9D TH JS QC 4D"}, phase=DRAW_PHASE, opened=(False, False),
                 pile="AC AD AH AS KS")
    assert decide(s) == Move("draw")
    # with the aces in the hand instead, the pickup reaches 90 (40 + 60) and the bot takes it
    s = position(hands={1: "KC KD AC AD AH 5S 6S 7S 8C 9D TH"}, phase=DRAW_PHASE, opened=(False, False),
                 pile="4H 4S 9S 9C KS")
    assert decide(s) == Move("pickup", *C.card_args(C.cards("KC KD")))
    s.play("pickup KC KD")
    assert play_turn(s, 1)[0] == "meld AC AD AH"
    assert s.opened[1]


def test_in_the_foot_with_its_canastas_made_it_leaves_a_pile_of_cards_it_cannot_use() -> None:
    made = ["KC KD KH KS KC KD KH", "QC QD QH QS QC 2C 2D", "JK JK 2H 2S JK 2C 2D"]
    s = position(hands={1: "8D 8H 6C"}, phase=DRAW_PHASE, books={1: made}, in_foot=(1,),
                 pile="4C 5S 6D 7H 9S TD JC 8C")
    assert decide(s) == Move("draw")


# ---- books and wild cards --------------------------------------------------------------

def test_wild_cards_start_a_wild_book_rather_than_dirty_books() -> None:
    # the dirty canasta is made, so no wild card is held back; the pair of jacks waits
    s = position(hands={1: "JS JH 2C 2D JK 9C 4H"}, books={1: ["QC QD QH QS QC 2C 2H"]})
    assert play_turn(s, 1) == ["meld JK 2C 2D", "discard 4H"]
    assert cards_of(s, 1) == ["9C", "JH", "JS"]


def test_never_discards_a_wild_card_while_another_card_will_do() -> None:
    # four single cards and two wild cards (too few for a wild book): the cheapest single goes
    s = position(hands={1: "JK 2C AH 7D 9S KC"}, books={1: ["QC QD QH"]})
    assert play_turn(s, 1) == ["discard 7D"]


def test_keeps_a_clean_book_clean_while_the_team_needs_a_clean_canasta() -> None:
    # six kings: a two would close a dirty canasta, but the team has no clean canasta yet
    s = position(hands={1: "2C 9S 5D 7H"}, books={1: ["KC KD KH KS KC KD"]})
    made = play_turn(s, 1)
    assert "add 1 2C" not in made and "2C" in cards_of(s, 1)
    # once the team has its clean canasta, the two closes the dirty one it still needs
    s = position(hands={1: "2C 9S 5D 7H"}, books={1: ["KC KD KH KS KC KD", "AC AD AH AS AC AD AH"]})
    assert decide(s) == Move("add", NUMBER(1), C.CARD(C.card("2C")))


def test_lays_out_its_whole_hand_to_reach_the_foot() -> None:
    # kings, then the nines with the two: the hand is empty and the foot comes up this turn
    s = position(hands={1: "KC KD KH 2C 9S 9D"}, books={1: ["QC QD QH"]})
    made = play_turn(s, 1)
    assert made[:2] == ["meld KC KD KH", "meld 9D 9S 2C"]
    assert s.in_foot[1] and s.feet[1] == []


# ---- going out, asking and answering ----------------------------------------------------

ULTIMATE_MADE = ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH", "JC JD JH JS JC 2C 2D",
                 "TC TD TH TS TC 2H 2S", "JK JK 2H 2S JK 2C 2D"]


def test_goes_out_when_it_can() -> None:
    made = ["KC KD KH KS KC KD KH", "QC QD QH QS QC 2C 2D", "JK JK 2H 2S JK 2C 2D"]
    s = position(hands={1: "9C 9D 9H 5S"}, books={1: made}, in_foot=(1,))
    play_turn(s, 1)
    assert s.deal_no == 2 and "went out" in s.sheet.rows[0].note


def test_asks_under_ultimate_when_it_can_go_out_and_goes_out_on_yes() -> None:
    s = position("ultimate", hands={1: "9C 9D 9H 5S", 3: "4C 7D"}, books={1: ULTIMATE_MADE},
                 in_foot=(1, 3))
    assert decide(s) == Move("ask")
    s.play("ask")
    assert s.phase_name == ANSWER_PHASE
    assert decide(s, 3) == Move("answer", WORD("yes"))  # a cheap hand: 10 points
    s.play("answer yes", 3)
    play_turn(s, 1)
    assert s.deal_no == 2 and "went out" in s.sheet.rows[0].note


def test_answers_no_while_its_hand_can_still_lay_many_points() -> None:
    # aces 60, kings 30, queens 30 = 120 points it could lay next turn, the stock far from out
    rich = "AC AD AH KC KD KH QC QD QH 4S"
    s = position("ultimate", hands={1: "9C 9D 9H 5S", 3: rich}, books={1: ULTIMATE_MADE}, in_foot=(1, 3))
    s.play("ask")
    assert decide(s, 3) == Move("answer", WORD("no"))
    # with the stock about to run out, the same hand says yes
    s = position("ultimate", hands={1: "9C 9D 9H 5S", 3: rich}, books={1: ULTIMATE_MADE}, in_foot=(1, 3),
                 stock=12)
    s.play("ask")
    assert decide(s, 3) == Move("answer", WORD("yes"))


# ---- discards ------------------------------------------------------------------------------

def test_does_not_feed_the_next_player_a_pair_he_is_known_to_hold() -> None:
    # queens and nines are both lone ten-point cards; seat 2 (next) took two queens from the pile
    s = position(hands={1: "QH 9C 2C JK", 2: "QC QD 5S 6S 7S"}, books={1: ["AC AD AH"]},
                 pile="4C 5C 6C 7C 8C 4D 5D 6D 7D 8D", shown={2: "QC QD"})
    assert decide(s) == Move("discard", C.CARD(C.card("9C")))
    # without that knowledge the queen is as good a discard as the nine (the lower card first)
    s = position(hands={1: "QH 9C 2C JK", 2: "QC QD 5S 6S 7S"}, books={1: ["AC AD AH"]},
                 pile="4C 5C 6C 7C 8C 4D 5D 6D 7D 8D")
    assert decide(s) == Move("discard", C.CARD(C.card("9C")))
    s = position(hands={1: "QH 9C 2C JK", 2: "9D 9H 5S 6S 7S"}, books={1: ["AC AD AH"]},
                 pile="4C 5C 6C 7C 8C 4D 5D 6D 7D 8D", shown={2: "9D 9H"})
    assert decide(s) == Move("discard", C.CARD(C.card("QH")))


# ---- DeMeritt's packets -----------------------------------------------------------------

def test_looking_at_both_packets_it_plays_the_stronger_one_as_its_hand() -> None:
    # own decks, stacked: seat 0's deck (54 cards) then seat 1's; each keeps his first 13 cards
    # and passes the next 13 left, so seat 1 is dealt ``junk`` and passed ``rich``
    rich = "AC AD AH KC KD KH QC QD QH JK JK 2C 9S"
    junk = "4C 5D 6H 7S 8C 9D TH JS 4D 5H 6S 7C 8D"
    rest = "4H 4S 5C 5S 6C 6D 7D 7H 8H 8S 9C 9H TC TD TS JC JD JH QS KS AS 4C 5D 6H 7S 8C 9D TH"
    deck = f"{junk} {rich} {rest} {junk}".split()
    s = gamenight.new("hand-and-foot", players=4, preset="demeritt", options={"hand_choice": "look"},
                      deck=deck)
    assert isinstance(s, HandAndFoot) and s.phase() == "choose"
    assert decide(s, 1) == Move("choose", WORD("passed"))
    blind = gamenight.new("hand-and-foot", players=4, preset="demeritt", deck=deck)
    assert isinstance(blind, HandAndFoot)
    assert decide(blind, 1) == Move("choose", WORD("dealt"))  # blind: nothing to tell them apart


# ---- matches -------------------------------------------------------------------------------

def play_match(preset: str | None, seed: int, heuristic: set[int]) -> gamenight.State:
    s = gamenight.new("hand-and-foot", players=4, seed=seed, preset=preset)
    rng = random.Random(seed)
    bots = [make_bot("heuristic", "hand-and-foot") if x in heuristic else RandomBot() for x in range(4)]
    while not s.is_over:
        seat = min(s.to_act)
        legal = s.legal_moves(seat)
        move = bots[seat].choose(s.view(seat), legal, sampler_for(s, seat), rng)
        assert move in legal
        s.play(move, seat)
    return s


@pytest.mark.parametrize("preset", [None, "demeritt", "ultimate"])
def test_a_heuristic_pair_beats_a_random_pair(preset: str | None) -> None:
    for seed in (1, 2, 3, 4):  # the heuristic pair sits North-South, then East-West, ...
        team = {seed % 2, seed % 2 + 2}
        s = play_match(preset, seed, team)
        out = s.outcome
        assert out is not None and set(out.winners) == team
        assert out.scores[seed % 2] > out.scores[1 - seed % 2] + 1000


def test_one_heuristic_player_carries_a_random_partner() -> None:
    s = play_match(None, 3, {1})
    assert s.outcome is not None and set(s.outcome.winners) == {1, 3}


def test_decisions_stay_fast_with_a_forty_card_hand() -> None:
    hand = " ".join(f"{r}{x}" for r in "456789TJQKA" for x in "CDH") + " 2C 2D JK JK 3S 3C 5S"
    assert len(hand.split()) == 40
    s = position(hands={1: hand}, books={1: ["AS AS AS"]}, pile="9S 9S 8S 7S 6S 5S")
    bot = HandAndFootBot()
    start = time.perf_counter()
    for _ in range(10):
        bot.choose(s.view(1), s.legal_moves(1), sampler_for(s, 1), random.Random(1))
    assert (time.perf_counter() - start) / 10 < 0.05


# ---- engine bugs this bot ran into (fixed in the kernel) ---------------------------------

def test_wild_cards_added_to_an_open_book_count_toward_the_most_a_hand_can_lay() -> None:
    # a book of three kings is open: two jokers added make 100 points (the ratio allows 3 + 2)
    values = card_values(25)
    assert best_meld_value(BookRules(), Table({C.KING: (3, 0)}, (0, 0, 0)), count_hand(C.cards("JK JK")),
                           values) == 100


def test_a_pickup_reaching_the_minimum_with_wild_cards_on_the_new_book_is_legal() -> None:
    other = "4D 5D 6D 7D 8D 9D TD JD QD AD 4S 5S 6S 7S 8S"
    hands = [other, "KC KD JK JK 4C 5C 6C 7C 8C 9C TC JC QC AC 3C", other, other]
    foot = "4H 5H 6H 7H 8H 9H TH JH QH AH 4C 5C 6C"
    s = gamenight.new("hand-and-foot", players=4, deck=hand_and_foot_deck(hands, [foot] * 4, "KS"))
    # top king + two kings = 30, and two jokers on that book = 100 more: 130 >= 90
    assert "pickup KC KD" in [str(m) for m in s.legal_moves(1)]


def test_red_threes_the_empty_stock_cannot_replace_never_leave_a_player_without_a_move() -> None:
    s = position(hands={1: "7D"}, phase=DRAW_PHASE, books={1: ["QC QD QH"]}, in_foot=(1,), stock=0)
    # the last two cards of the stock, both red threes
    set_position(s, zones={"stock": "3H 3D"}, rest="foot/0")
    s.play("draw")  # both go out, the stock has none to replace them: one card left in the foot
    assert s.is_over or s.deal_no == 2 or any(s.legal_moves(x) for x in s.to_act)
