"""Canadian Salad: stacked-deck scenarios for every rule clause and option, the deck table of
``shared/rules/metzker-book.md`` §9 cell by cell, and the worked cases T-CS-1..8.

A stacked deck deals the first round only; a scenario in a later round (:func:`at_round`) starts
a game, jumps to that round and deals the stacked cards there, as if the earlier rounds had been
played. Most scenarios use the *one suit each* deal: the leader holds every spade and the others
one other suit each, so nobody can follow the leader and the leader takes every trick.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.equipment import cards as C
from gamenight.games.canadian_salad import (
    BOOK_ROUNDS,
    PRESETS,
    SIX_ROUNDS,
    CanadianSalad,
    book_deck,
    one_deck,
    round_points,
)
from tests.helpers import deal_deck, golden_match, new, set_position

SUIT_CODES = {s: " ".join(f"{r}{s}" for r in C.RANKS) for s in C.SUITS}
#: four players, dealer North: East (who leads) holds every spade, the others one suit each
ONE_SUIT_EACH = [SUIT_CODES["C"], SUIT_CODES["S"], SUIT_CODES["H"], SUIT_CODES["D"]]


def salad(hands: list[str], **options: Any) -> CanadianSalad:
    s = new("canadian-salad", hands, options=options)
    assert isinstance(s, CanadianSalad)
    return s


def at_round(number: int, hands: list[str], **options: Any) -> CanadianSalad:
    """A game in round ``number`` whose deal is ``hands`` (dealer seat 0)."""
    s = gamenight.new("canadian-salad", players=len(hands), seed=0, options=options)
    assert isinstance(s, CanadianSalad)
    deck = deal_deck(hands)
    set_position(s, deal=number - 1, dealer=0)
    s._fresh_deck = lambda: C.stack_deck(s.deck_template(), deck, s.rng)  # type: ignore[method-assign]
    s._start_deal()
    assert sorted(h for hand in s.hands for h in hand) == sorted(C.cards(deck))
    return s


def play_round(s: gamenight.State, pick: int = 0) -> dict[str, Any]:
    """Play the round to its end (each seat plays its first, or last, legal card); its sheet row."""
    rows = len(s.score_sheet.rows)
    while len(s.score_sheet.rows) == rows:
        moves = s.legal_moves()
        s.play(moves[pick if pick == 0 else -1])
    row: dict[str, Any] = s.score_sheet.to_json()["rows"][rows]
    return row


def spread(players: int, fixed: dict[int, str], deck: list[int]) -> list[str]:
    """Hands of equal size from ``deck``: seat s gets the cards ``fixed[s]``, the rest filled in
    deck order."""
    left = Counter(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat, codes in fixed.items():
        for c in C.cards(codes):
            left[c] -= 1
            hands[seat].append(C.CODE_OF[c])
    rest = [c for c in sorted(left.elements())]
    size = len(deck) // players
    for seat in range(players):
        while len(hands[seat]) < size:
            hands[seat].append(C.CODE_OF[rest.pop(0)])
    return [" ".join(h) for h in hands]


def codes(text: str) -> list[int]:
    return C.cards(text)


# ---- the deck per player count: the spec's table, every cell --------------------------------

DECK_TABLE = {
    # players: cards, hand, then the ten rounds' totals
    3: (39, 13, [130, 90, 130, 130, 90, 90, 90, 90, 75, 75]),
    4: (52, 13, [130, 120, 130, 130, 120, 120, 120, 120, 75, 75]),
    5: (50, 10, [125, 110, 100, 130, 120, 120, 120, 120, 75, 75]),
    6: (78, 13, [195, 180, 130, 260, 180, 180, 180, 180, 150, 75]),
    7: (91, 13, [260, 210, 130, 260, 210, 210, 210, 210, 150, 75]),
    8: (104, 13, [260, 240, 130, 260, 240, 240, 240, 240, 150, 75]),
}


@pytest.mark.parametrize("players", sorted(DECK_TABLE))
def test_deck_hand_size_and_every_rounds_total_match_the_table(players: int) -> None:
    cards, hand, totals = DECK_TABLE[players]
    s = gamenight.new("canadian-salad", players=players, seed=players)
    assert isinstance(s, CanadianSalad)
    assert len(s.deck) == cards and s.size == hand
    assert [len(h) for h in s.hands] == [hand] * players  # all the cards are dealt
    seen = []
    while not s.is_over:
        seen.append(s.view()["at_stake"])
        play_round(s)
    assert seen == totals


def test_the_books_removals() -> None:
    assert not [c for c in book_deck(3) if C.SUIT_OF[c] == C.CLUBS]
    assert set(C.standard_deck()) - set(book_deck(5)) == set(codes("2C 2D"))
    six = Counter(book_deck(6))
    assert all(six[c] == (1 if C.SUIT_OF[c] in (C.CLUBS, C.DIAMONDS) else 2) for c in range(52))
    seven = Counter(book_deck(7))
    assert all(seven[c] == (1 if C.SUIT_OF[c] == C.CLUBS else 2) for c in range(52))
    assert Counter(book_deck(8)) == Counter(C.standard_deck(decks=2))


def test_one_deck_option_takes_out_the_fewest_low_cards() -> None:
    removed = {p: set(C.standard_deck()) - set(one_deck(p)) for p in range(3, 9)}
    assert removed == {3: set(codes("2C")), 4: set(), 5: set(codes("2C 2D")), 6: set(codes("2C 2D 3C 3D")),
                       7: set(codes("2C 2D 3C")), 8: set(codes("2C 2D 3C 3D"))}
    s = gamenight.new("canadian-salad", players=3, seed=1, options={"cards": "one"})
    assert [len(h) for h in s.hands] == [17, 17, 17]  # type: ignore[attr-defined]


# ---- the play ---------------------------------------------------------------------------------

def test_left_of_dealer_leads_any_card_and_the_deal_passes_left() -> None:
    s = salad(ONE_SUIT_EACH)
    assert s.view()["dealer"] == 0 and s.to_move == 1
    assert len(s.legal_moves()) == 13  # any card may lead: nothing to break
    play_round(s)
    assert s.view()["dealer"] == 1 and s.to_move == 2


def test_follow_suit_when_able_else_anything() -> None:
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
             "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AC",
             "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    s = salad(hands)
    s.play("3H")
    s.play("2D")  # South holds no heart: anything goes
    s.play("AS")
    before = s.log
    with pytest.raises(gamenight.IllegalMove, match="You must follow suit: you hold a heart"):
        s.play("2C")
    assert s.log == before
    assert [str(m) for m in s.legal_moves()] == ["play 2H"]


def test_no_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
             "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AC",
             "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    s = salad(hands)
    for card in ("3H", "AD", "AS", "2H"):
        s.play(card)
    assert s.view()["tricks_won"] == [0, 1, 0, 0]  # the three of hearts beats both off-suit aces
    assert s.view()["trump"] is None and s.to_move == 1


def test_t_cs_7_two_decks_the_later_of_two_identical_winning_cards_wins() -> None:
    hands = spread(8, {1: "9H AH AH", 2: "KH", 0: "KH"}, book_deck(8))
    s = salad(hands)
    s.play("9H")
    s.play("KH")  # deck one's king of hearts, East... seat 2
    while s.to_move != 0:
        s.play(s.legal_moves()[0])  # lower hearts, or any card from a seat void in hearts
    s.play("KH")  # deck two's king of hearts, last
    assert s.view()["tricks_won"][0] == 1 and s.to_move == 0


def test_identical_card_option_earlier_wins() -> None:
    hands = spread(8, {1: "9H AH AH", 2: "KH", 0: "KH"}, book_deck(8))
    s = salad(hands, identical_card_rule="earlier_wins")
    s.play("9H")
    s.play("KH")
    while s.to_move != 0:
        s.play(s.legal_moves()[0])
    s.play("KH")
    assert s.view()["tricks_won"][2] == 1 and s.to_move == 2


def test_two_decks_a_card_held_twice_is_one_legal_move() -> None:
    hands = spread(8, {1: "AS AS KS KS"}, book_deck(8))
    s = salad(hands)
    moves = [str(m) for m in s.legal_moves()]
    assert len(moves) == len(set(moves)) == len(set(hands[1].split()))
    s.play("AS")
    assert s.hands[1].count(C.card("AS")) == 1


# ---- scoring: each round, the clean sweep, the worked cases ------------------------------------

def test_round_names_on_the_sheet_and_penalty_in_the_view() -> None:
    s = salad(ONE_SUIT_EACH)
    view = s.view(1)
    assert view["penalty"] == "Red cards (5 for each red card)"
    assert view["round_of"] == [1, 10] and view["at_stake"] == 130
    labels = {f["key"]: f["label"] for f in view["layout"]["fields"]}
    assert labels["penalty"] == "Avoid" and labels["round_of"] == "Round"
    names = []
    while not s.is_over:
        names.append(play_round(s)["label"])
    assert names == [f"Round {i}: {p.name}" for i, p in enumerate(BOOK_ROUNDS, 1)]
    assert names[2] == "Round 3: Tricks"


def test_t_cs_1_five_red_cards_score_25() -> None:
    deck = C.standard_deck()
    taken = [codes("2D 5D 9H JH KH 2S 3S 4C"), [], [], []]
    points, sweeper = round_points(BOOK_ROUNDS[0], deck, taken, [2, 0, 0, 11], 3)
    assert points[0] == 25 and sweeper is None


def test_t_cs_2_two_sevens_in_round_six_score_60() -> None:
    points, _ = round_points(BOOK_ROUNDS[5], C.standard_deck(), [codes("7S 7H 8H 2C"), [], [], []],
                             [1, 4, 4, 4], 2)
    assert points[0] == 60


def test_t_cs_3_all_thirteen_hearts_a_clean_sweep() -> None:
    s = at_round(4, ONE_SUIT_EACH)
    assert s.view()["penalty"] == "Hearts (10 for each heart)"
    row = play_round(s)
    assert row["label"] == "Round 4: Hearts"
    assert row["points"] == [100, 0, 100, 100]
    assert row["details"][1].startswith("clean sweep") and "clean sweep by East" in row["note"]


def test_clean_sweep_option_off_scores_what_was_taken() -> None:
    row = play_round(at_round(4, ONE_SUIT_EACH, clean_sweep=False))
    assert row["points"] == [0, 130, 0, 0] and not row.get("note")


def test_t_cs_4_tricks_ten_each_and_all_thirteen_a_clean_sweep() -> None:
    points, _ = round_points(BOOK_ROUNDS[2], C.standard_deck(), [[], [], [], []], [4, 3, 3, 3], None)
    assert points == [40, 30, 30, 30]
    row = play_round(at_round(3, ONE_SUIT_EACH))
    assert row["points"] == [100, 0, 100, 100] and row["details"][1] == "clean sweep: 13 tricks"


def test_t_cs_5_eight_players_kings_of_spades() -> None:
    deck = book_deck(8)
    one, _ = round_points(BOOK_ROUNDS[8], deck, [codes("KS 2H"), codes("KS")] + [[]] * 6, [1, 1] + [0] * 6, 7)
    assert one[:2] == [75, 75]
    # played: East holds both kings among the top spades and leads them; nobody can beat them
    hands = spread(8, {1: "AS AS KS KS QS QS JS JS TS TS 9S 9S 8S"}, deck)
    s = at_round(9, hands)
    assert s.view()["penalty"] == "King of spades (75 for each king of spades)"
    assert s.view()["at_stake"] == 150
    for card in ("KS", "KS"):
        s.play(card)
        while s.to_move != 1:
            s.play(s.legal_moves()[0])
    assert s.taken[1].count(C.card("KS")) == 2
    row = play_round(s)
    assert row["points"] == [100, 0, 100, 100, 100, 100, 100, 100]


def test_one_deck_king_of_spades_is_a_single_event() -> None:
    row = play_round(at_round(9, ONE_SUIT_EACH))
    assert row["points"] == [0, 75, 0, 0] and not row.get("note")


def test_t_cs_6_last_trick_75_once_nobody_else_scores() -> None:
    s = at_round(10, ONE_SUIT_EACH)
    assert s.view()["at_stake"] == 75
    row = play_round(s)
    assert row["points"] == [0, 75, 0, 0]  # every trick taken, but no clean sweep
    assert row["details"] == ["—", "last trick", "—", "—"]


def test_t_cs_8_three_players_no_clubs_all_three_aces_a_clean_sweep() -> None:
    hands = [SUIT_CODES["D"], SUIT_CODES["S"], SUIT_CODES["H"]]
    s = at_round(7, hands)
    assert s.view()["at_stake"] == 90
    assert play_round(s)["points"] == [100, 0, 100]


@pytest.mark.parametrize("number", range(1, 11))
def test_every_round_charges_the_penalty_of_the_cards_taken(number: int) -> None:
    """Played out by first legal cards, each round's charges add up to what it holds (no sweep)."""
    s = at_round(number, ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
                          "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KH",
                          "KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                          "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"], clean_sweep=False)
    stake = s.view()["at_stake"]
    row = play_round(s)
    assert sum(row["points"]) == stake == BOOK_ROUNDS[number - 1].available(C.standard_deck(), 13)


def test_the_match_is_ten_rounds_and_the_lowest_total_wins() -> None:
    s = gamenight.new("canadian-salad", seed=9)
    while not s.is_over:
        play_round(s)
    assert len(s.score_sheet.rows) == 10
    totals = s.score_sheet.totals
    assert s.outcome is not None and list(s.outcome.scores) == totals
    assert list(s.outcome.winners) == [p for p in range(4) if totals[p] == min(totals)]


def test_players_tied_for_the_lowest_total_share_the_win() -> None:
    s = gamenight.new("canadian-salad", seed=9)
    for _ in range(10):
        s.sheet.add("tied", [0, 0, 5, 5])
    s.finish_on_totals("test", lowest_wins=True)
    assert s.outcome is not None and s.outcome.winners == (0, 1)


# ---- the published game: the six hands, as a preset ------------------------------------------

def test_six_rounds_option_and_the_everything_hand() -> None:
    assert [p.name for p in SIX_ROUNDS] == ["No tricks", "No hearts", "No queens", "No king of spades",
                                           "No last trick", "Everything"]
    everything = SIX_ROUNDS[5]
    assert everything.available(C.standard_deck(), 13) == 130 + 130 + 100 + 100 + 100
    s = at_round(6, ONE_SUIT_EACH, rounds="six")
    row = play_round(s)
    # East takes everything: no clean sweep in a hand that charges several things
    assert row["points"] == [0, 560, 0, 0]
    assert row["label"] == "Round 6: Everything" and s.is_over


def test_standard_preset() -> None:
    preset = PRESETS["standard"]
    assert preset.players == (3, 4, 5, 6)
    s = gamenight.new("canadian-salad", players=6, seed=2, preset="standard")
    assert [len(h) for h in s.hands] == [8] * 6  # type: ignore[attr-defined]
    assert s.view()["round_of"] == [1, 6]
    with pytest.raises(gamenight.OptionError):
        gamenight.new("canadian-salad", players=7, seed=2, preset="standard")


# ---- hidden information, the bot, the golden match --------------------------------------------

def test_a_seat_sees_its_own_hand_only() -> None:
    s = salad(ONE_SUIT_EACH)
    view = s.view(2)
    assert sorted(view["hand"]) == sorted(SUIT_CODES["H"].split())
    zones = {z["key"]: z for z in view["layout"]["zones"]}
    for seat in (0, 1, 3):
        assert zones[f"hand/{seat}"]["pieces"] is None and zones[f"hand/{seat}"]["count"] == 13
    assert sorted(zones["hand/2"]["pieces"]) == sorted(view["hand"])


def test_bot_throws_the_round_s_penalty_card_when_void() -> None:
    # round 4, hearts: West is void in clubs and throws its highest heart, not a spade
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
             "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
             "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    s = at_round(4, [hands[0], hands[3], hands[1], hands[2]])  # East holds spades and leads
    s.play("2S")
    bot = make_bot("heuristic", "canadian-salad")
    move = bot.choose(s.view(2), s.legal_moves(2), sampler_for(s, 2), random.Random(0))
    assert str(move) == "play AD"  # diamonds cost nothing: its highest card goes
    s.play(move, 2)
    move = bot.choose(s.view(3), s.legal_moves(3), sampler_for(s, 3), random.Random(0))
    assert str(move) == "play AH"


def test_bot_ducks_under_an_identical_card_it_would_otherwise_take() -> None:
    # round 4, hearts, two decks: a king of hearts leads the trick; the bot's own king, played
    # later, would take it, so it plays its two instead
    hands = spread(8, {1: "9H AH AH", 2: "KH", 0: "KH 2H"}, book_deck(8))
    s = at_round(4, hands)
    s.play("9H")
    s.play("KH")
    while s.to_move != 0:
        s.play(s.legal_moves()[0])
    assert {str(m) for m in s.legal_moves(0)} == {"play KH", "play 2H"}
    bot = make_bot("heuristic", "canadian-salad")
    move = bot.choose(s.view(0), s.legal_moves(0), sampler_for(s, 0), random.Random(0))
    assert str(move) == "play 2H"


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("canadian_salad_heuristic")
    assert s.is_over and len(s.score_sheet.rows) == 10
    assert s.score_sheet.rows[-1].label == "Round 10: Last trick"
    assert s.score_sheet.totals == [340, 285, 355, 330]
    assert s.outcome is not None and s.outcome.winners == (1,)


def test_golden_match_of_eight_players_with_two_decks() -> None:
    s = golden_match("canadian_salad_8p")
    assert s.score_sheet.totals == [315, 375, 210, 190, 205, 275, 170, 335]
    assert s.outcome is not None and s.outcome.winners == (6,)
    # every round's points add up to what the round holds at eight players, or to a clean sweep
    for row, total in zip(s.score_sheet.rows, DECK_TABLE[8][2], strict=True):
        assert sum(row.points) in (total, 7 * 100), row.label
