"""Whist with 10s (seed 000 p.6; spec metzker-book §5): stacked-deck scenarios and worked cases."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.equipment.cards import CARD, card
from gamenight.games.whist_with_10s import SCHEDULE, deal_points
from tests.helpers import deal_deck, golden_match

# Seat 1 (East, first to play after dealer North) holds the top hearts and spades ...
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def play_out(s: gamenight.State, choose: str = "first") -> None:
    """Play the current deal to its end, each seat playing its first (or last) legal card."""
    deal = s.view()["deal"]
    while not s.is_over and s.view()["deal"] == deal:
        moves = s.legal_moves()
        s.play(moves[0] if choose == "first" else moves[-1])


@pytest.mark.parametrize(
    ("tricks", "tens", "points"),
    [(8, 3, 32), (5, 1, 10), (11, 1, 15), (6, 0, 0), (7, 4, 41), (13, 4, 47), (0, 0, 0)],
)
def test_worked_deal_points(tricks: int, tens: int, points: int) -> None:
    # T-W10-1 (8 tricks 3 tens = 32; other side 5 tricks 1 ten = 10), T-W10-2 (11 & 1 = 15),
    # T-W10-3 (6 & 0 = 0; 7 & 4 = 41)
    assert deal_points(tricks, tens) == points


def test_schedule_is_the_books_six_deals() -> None:
    s = gamenight.new("whist-with-10s", seed=1)
    contracts = []
    while not s.is_over:
        contracts.append(s.view()["contract"])
        play_out(s)
    assert contracts == ["hearts trumps", "spades trumps", "diamonds trumps", "clubs trumps",
                         "high no-trump", "low no-trump"]
    assert len(s.score_sheet.rows) == len(SCHEDULE) == 6


def test_left_of_dealer_leads_and_deal_passes_left() -> None:
    s = gamenight.new("whist-with-10s", deck=deal_deck(HANDS))
    assert s.view()["dealer"] == 0 and s.to_move == 1
    play_out(s)
    assert s.view()["dealer"] == 1 and s.to_move == 2


def test_follow_suit_enforced() -> None:
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
             "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AC",
             "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    s = gamenight.new("whist-with-10s", deck=deal_deck(hands))
    s.play("3H")  # East leads a heart (hearts are trumps in deal 1)
    s.play("2D")  # South has no heart: any card
    s.play("2S")  # West has no heart
    before = s.log
    with pytest.raises(gamenight.IllegalMove, match="You must follow suit: you hold a heart"):
        s.play("2C")  # North holds the 2H
    assert s.log == before
    assert s.legal_moves() == [gamenight.Move("play", CARD(card("2H")))]
    s.play("2H")
    assert s.view()["last_trick"][-1] == {"seat": 0, "card": "2H"}
    assert s.view()["tricks_won"] == [0, 1, 0, 0]  # East's 3H beats the 2H


def test_trump_beats_the_led_suit() -> None:
    # Deal 1, hearts trumps: East leads AC, South trumps? South holds only diamonds; put a heart with West.
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
             "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AC AH",
             "2H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    s = gamenight.new("whist-with-10s", deck=deal_deck(hands))
    s.play("AC")
    s.play("2H")  # South is void in clubs and trumps with the two of hearts
    s.play("AS")
    s.play("KC")
    assert s.view()["tricks_won"] == [0, 0, 1, 0]
    assert s.to_move == 2  # the winner leads


def test_a_whole_deal_scores_tricks_over_six_and_tens() -> None:
    # East holds every heart (trumps) and wins all 13 tricks with the 10H among them.
    s = gamenight.new("whist-with-10s", deck=deal_deck(HANDS))
    play_out(s)
    row = s.score_sheet.rows[0]
    # East–West: 13 tricks -> 7 over six, and all four tens (each trick holds every suit's card)
    assert row.details == ["0 tricks, 0 tens", "13 tricks, 4 tens"]
    assert row.points == [0, 7 + 40]


def test_low_no_trump_scores_for_the_other_team() -> None:
    # T-W10-4: in the sixth deal what a team takes counts for the other side.
    s = gamenight.new("whist-with-10s", seed=5)
    while len(s.score_sheet.rows) < 5:
        play_out(s)
    assert s.view()["contract"] == "low no-trump"
    play_out(s)
    row = s.score_sheet.rows[5]
    assert row.details is not None
    ns_tricks, ns_tens = (int(w) for w in row.details[0].replace(",", "").split()[::2])
    ew_tricks, ew_tens = (int(w) for w in row.details[1].replace(",", "").split()[::2])
    assert row.points == [deal_points(ew_tricks, ew_tens), deal_points(ns_tricks, ns_tens)]
    assert "other team" in row.note
    # T-W10-5: the tens always add up to 40 between the teams
    assert ns_tens + ew_tens == 4


def test_low_no_trump_ranking_option() -> None:
    def sixth_deal(ranking: str) -> gamenight.State:
        s = gamenight.new("whist-with-10s", seed=11, options={"low_nt_ranking": ranking})
        while len(s.score_sheet.rows) < 5:
            play_out(s)
        return s

    normal = sixth_deal("normal")
    assert normal.view()["low_ranking"] is False
    reversed_ = sixth_deal("reversed")
    assert reversed_.view()["low_ranking"] is True
    # With reversed ranking the lowest card of the led suit wins the trick.
    leader = reversed_.to_move
    led = reversed_.legal_moves()[0]
    reversed_.play(led)
    plays = [(leader, led.card)]
    for _ in range(3):
        seat = reversed_.to_move
        m = reversed_.legal_moves()[-1]
        reversed_.play(m)
        plays.append((seat, m.card))
    led_suit = plays[0][1] // 13
    followers = [(seat, c) for seat, c in plays if c // 13 == led_suit]
    expected = min(followers, key=lambda sc: sc[1] % 13)[0]
    assert reversed_.view()["tricks_won"][expected] == 1


def test_match_ends_after_six_deals_higher_total_wins() -> None:
    s = gamenight.new("whist-with-10s", seed=3)
    while not s.is_over:
        play_out(s)
    ns, ew = s.score_sheet.totals
    out = s.outcome
    assert out is not None
    assert out.scores == (ns, ew, ns, ew)
    if ns > ew:
        assert out.winners == (0, 2)
    elif ew > ns:
        assert out.winners == (1, 3)
    else:
        assert out.winners == (0, 1, 2, 3)
    with pytest.raises(gamenight.IllegalMove, match="over"):
        s.play("2C")


def test_golden_match_with_heuristic_bots() -> None:
    """A whole recorded match replays to the same score sheet (golden transcript)."""
    s = golden_match("whist_with_10s_heuristic")  # four heuristic bots, seed 2026
    assert [r.points for r in s.score_sheet.rows] == GOLDEN_ROWS
    again = gamenight.replay(s.log)
    assert again.score_sheet.to_json() == s.score_sheet.to_json()


GOLDEN_ROWS = [[33, 10], [11, 30], [20, 21], [23, 20], [20, 21], [22, 20]]
