"""Rook: stacked-deck scenarios for the rule clauses and options (other-seeds §3), the worked
cases T-RK 1–6, the Rook deck, the five-player partner-card game and its secret, the bot, and
the golden matches.

Seats: North 0 (the stacked deal's dealer), East 1, South 2, West 3; East bids first.
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.core.errors import IllegalMove
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules, match_end
from gamenight.games.rook import COUNTERS, Rook, bidder_side_score, counters, half_share
from tests.helpers import golden_match, new

SUITS = {s: [f"{r}{s}" for r in "AKQJT98765432"] for s in "CDHS"}
#: every player holds one whole suit; the Rook is the widow
ONE_SUIT_EACH = [" ".join(SUITS["S"]), " ".join(SUITS["H"]), " ".join(SUITS["D"]), " ".join(SUITS["C"])]
#: West holds 7♣ and the Rook with diamonds; South the other clubs; the widow is 2♦
ROOK_AND_CLUB = [" ".join(SUITS["S"]), " ".join(SUITS["H"]),
                 "AC KC QC JC TC 9C 8C 6C 5C 4C 3C 2C 3D",
                 "7C JK AD KD QD JD TD 9D 8D 7D 6D 5D 4D"]


def rook(hands: list[str], rest: str, **options: object) -> Rook:
    s = new("rook", hands, rest, seed=1, options=options)
    assert isinstance(s, Rook)
    return s


def east_takes_it(s: State, bid: int = 70, trump: str = "H") -> None:
    """East bids, the others pass, East names trumps (after the pass, if any)."""
    s.play(f"bid {bid}")
    for _ in range(3):
        s.play("pass")
    assert s.phase() == "trump" or s.phase() == "pass"


def play_out(s: Rook) -> None:
    """Everyone plays his first legal card to the end of the hand."""
    deal = s.deal_no
    while not s.is_over and s.deal_no == deal and s.phase() == "play":
        seat = min(s.to_act)
        s.play(s.legal_moves(seat)[0], seat)


# ---- the deck ---------------------------------------------------------------------------------


def test_standard_deck_is_53_cards_and_a_hand_holds_200_points() -> None:
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    deck = s.deck_template()
    assert len(deck) == 53 and C.JOKER in deck
    assert counters(deck) + 20 == 200
    assert [len(h) for h in s.hands] == [13] * 4 and C.codes(s.widow) == ["JK"]


def test_rook_deck_cards_codes_and_counters() -> None:
    deck = C.rook_deck()
    assert len(deck) == 57 and C.ROOK_BIRD in deck
    assert C.card("14R") == C.rook_card(14, C.RED) and C.CODE_OF[C.rook_card(1, C.GREEN)] == "1G"
    assert C.NAME_OF[C.card("10B")] == "the black 10" and C.NAME_OF[C.ROOK_BIRD] == "the Rook"
    assert not C.is_card_code("100") and C.card("10H") == C.make_card(C.TEN, C.HEARTS)
    # the 1 is the top card, then 14 down to 2
    assert C.RANK_OF[C.card("1Y")] > C.RANK_OF[C.card("14Y")] > C.RANK_OF[C.card("2Y")]
    assert counters(deck) == 180 and COUNTERS[C.card("1R")] == 15 and COUNTERS[C.card("14R")] == 10
    s = gamenight.new("rook", preset="rook_deck", seed=3)
    assert [len(h) for h in s.hands] == [14] * 4 and len(s.widow) == 1  # type: ignore[attr-defined]


def test_rook_deck_names_a_colour_as_trumps() -> None:
    s = gamenight.new("rook", options={"deck": "rook57", "pass_cards": 0}, seed=3)
    bidder = min(s.to_act)
    s.play("bid 70", bidder)
    while s.phase() == "bid":
        s.play("pass", min(s.to_act))
    seat = min(s.to_act)
    assert [str(m) for m in s.legal_moves(seat)] == ["trump R", "trump G", "trump Y", "trump B"]
    s.play("trump green", seat)
    assert s.view(0)["trump"] == "G"


# ---- bidding ------------------------------------------------------------------------------------


def test_bids_go_from_70_in_fives_to_200_and_a_pass_is_final() -> None:
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    legal = [str(m) for m in s.legal_moves(1)]
    assert legal[0] == "pass" and legal[1] == "bid 70" and legal[-1] == "bid 200" and len(legal) == 28
    s.play("bid 80")
    s.play("pass")  # South is out
    with pytest.raises(IllegalMove, match="must beat 80"):
        s.play("bid 80", 3)
    s.play("bid 85", 3)
    s.play("pass", 0)
    assert min(s.to_act) == 1  # South is skipped
    s.play("pass", 1)
    assert s.phase() == "trump" and s.bidder == 3 and s.bid == 85


def test_min_bid_75_option_and_the_180_point_game_caps_bids() -> None:
    s = rook(ONE_SUIT_EACH, "JK", min_bid=75, last_trick_bonus=0)
    legal = [str(m) for m in s.legal_moves(1)]
    assert legal[1] == "bid 75" and legal[-1] == "bid 180"


def test_everyone_passing_redeals_or_forces_the_dealer() -> None:
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    for _ in range(4):
        s.play("pass")
    assert s.deal_no == 2 and s.dealer == 1 and s.score_sheet.rows[0].note == "everyone passed"
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0, all_pass="dealer_forced_min")
    for _ in range(4):
        s.play("pass")
    assert s.to_act == {0} and [str(m) for m in s.legal_moves(0)] == ["bid 70"]


# ---- widow, pass, trumps, lead -----------------------------------------------------------------


def test_widow_goes_unseen_to_the_bidder_and_counts_for_his_side() -> None:
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    east_takes_it(s, 150)
    assert s.view(1)["widow"] is None and s.view(1)["widow_size"] == 1
    assert "JK" not in s.view(1)["hand"]


def test_three_cards_pass_left_then_right_and_the_bidder_names_trumps_unseen() -> None:
    s = rook(ONE_SUIT_EACH, "JK")
    east_takes_it(s)
    assert s.phase() == "pass" and s.to_act == {0, 1, 2, 3}
    for seat, suit in enumerate("SHDC"):
        for code in (f"2{suit}", f"3{suit}", f"4{suit}"):
            s.play(f"pass {code}", seat)
    assert s.phase() == "trump"
    # East (the bidder) has not seen what North passed him: face down, not in his hand
    assert "2S" not in s.view(1)["hand"] and s.view(1)["received"] == [] and s.view(1)["pickup_size"] == 3
    assert s.view(2)["received"] == ["2H", "3H", "4H"]  # South took his up at once
    s.play("trump H", 1)
    assert {"2S", "3S", "4S"} <= set(s.view(1)["hand"]) and s.view(1)["received"] == ["2S", "3S", "4S"]
    assert s.phase() == "lead"
    s.play("lead", 1)
    assert s.phase() == "play" and s.to_act == {1}
    play_out(s)
    assert s.deal_no == 2 and s.phase() == "bid"
    s.play("bid 70")
    for _ in range(3):
        s.play("pass")
    assert s.pass_direction == "right" and s.pass_offset == -1


def test_no_passing_option_goes_straight_to_trumps_and_lead_left() -> None:
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    east_takes_it(s)
    assert s.phase() == "trump"
    with pytest.raises(IllegalMove, match="name trumps"):
        s.play("pass 2H", 1)
    s.play("trump H", 1)
    s.play("lead left", 1)
    assert s.to_act == {2}


# ---- the play: the Rook is a trump (T-RK 6) ------------------------------------------------------


def rook_and_club(**options: object) -> Rook:
    s = rook(ROOK_AND_CLUB, "2D", pass_cards=0, **options)
    east_takes_it(s)
    s.play("trump H", 1)
    s.play("lead left", 1)  # South leads
    return s


def test_t_rk_6_the_rook_may_not_be_played_on_a_club_lead_while_holding_a_club() -> None:
    s = rook_and_club()
    s.play("play AC", 2)
    assert [str(m) for m in s.legal_moves(3)] == ["play 7C"]
    with pytest.raises(IllegalMove, match=r"must follow suit.*Rook is a trump"):
        s.play("play JK", 3)
    s.play("play 7C", 3)
    s.play("play AS", 0)
    s.play("play 2H", 1)  # East trumps the club
    # East leads a trump: the Rook is West's only trump, so he must play it
    s.play("play 3H", 1)
    s.play("play 3D", 2)
    assert [str(m) for m in s.legal_moves(3)] == ["play JK"]


@pytest.mark.parametrize(("rank", "lead", "winner"), [
    ("lowest_trump", "3H", 1), ("highest_trump", "AH", 3),
    ("between_ten_and_jack", "TH", 3), ("between_ten_and_jack", "JH", 1),
])
def test_where_the_rook_ranks(rank: str, lead: str, winner: int) -> None:
    s = rook_and_club(rook_rank=rank)
    for seat, code in [(2, "AC"), (3, "7C"), (0, "AS"), (1, "2H")]:
        s.play(f"play {code}", seat)
    for seat, code in [(1, lead), (2, "3D"), (3, "JK"), (0, "KS")]:
        s.play(f"play {code}", seat)
    assert s.finished_trick is not None and s.finished_trick[4] == winner


# ---- scoring: T-RK 1–4 -------------------------------------------------------------------------------


def test_t_rk_1_bid_made_scores_the_bid_or_the_points() -> None:
    taken = C.cards("AS AH AD KS KC TS TH TD 5C 5D JK")
    assert counters(taken) == 125 and counters(taken) + 20 + COUNTERS[C.card("5S")] == 150
    assert bidder_side_score(150, 120, False, "bid") == 120
    assert bidder_side_score(150, 120, False, "points_taken") == 150


def test_t_rk_2_set_loses_the_bid() -> None:
    assert bidder_side_score(130, 140, False, "bid") == -140
    assert bidder_side_score(130, 140, False, "points_taken") == -140


def test_t_rk_3_all_tricks_adds_100_in_a_played_hand() -> None:
    for made_bid_scores, expected in [("bid", 250), ("points_taken", 300)]:
        s = rook(ONE_SUIT_EACH, "JK", pass_cards=0, made_bid_scores=made_bid_scores)
        east_takes_it(s, 150)
        s.play("trump H", 1)
        s.play("lead", 1)
        play_out(s)
        row = s.score_sheet.rows[0]
        assert row.points == [0, expected], row
        assert row.note.startswith("made, every trick") and "widow: Joker" in row.note


def test_t_rk_4_the_180_point_game() -> None:
    assert bidder_side_score(95, 100, False, "bid") == -100
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0, last_trick_bonus=0)
    east_takes_it(s, 180)
    s.play("trump H", 1)
    s.play("lead", 1)
    play_out(s)
    assert s.score_sheet.rows[0].details == ["0 points", "180 points"]


def test_opponents_score_what_they_take_and_the_bidders_are_set() -> None:
    # North has the bid at 200 but names West's clubs: West trumps East's heart lead and then leads
    # his clubs, so East–West take every trick; only the Rook in North's widow is North–South's
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0)
    for _ in range(3):
        s.play("pass")
    s.play("bid 200", 0)
    s.play("trump C", 0)
    s.play("lead left", 0)
    play_out(s)
    row = s.score_sheet.rows[0]
    assert row.points == [-200, 180] and row.details == ["20 points", "180 points"]
    assert row.note.startswith("set")


# ---- the end of the match: T-RK 5 -------------------------------------------------------------------


def test_t_rk_5_game_end() -> None:
    rules = MatchRules(target=1000, play_on_tied=True)
    assert match_end(rules, [1010, 980], 9) == MatchEnd.TARGET
    assert match_end(rules, [1010, 1030], 9) == MatchEnd.TARGET  # both over: the higher total wins
    assert match_end(rules, [1010, 1010], 9) is None  # an exact tie plays another hand
    assert match_end(rules, [990, 980], 9) is None
    s = rook(ONE_SUIT_EACH, "JK", pass_cards=0, target=250)
    east_takes_it(s, 150)
    s.play("trump H", 1)
    s.play("lead", 1)
    play_out(s)
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1, 3)
    assert "East–West reached 250 of 250" in s.outcome.reason


def test_target_defaults_to_500_and_options_are_checked() -> None:
    assert gamenight.new("rook", seed=1).options.target == 500  # type: ignore[attr-defined]
    with pytest.raises(gamenight.OptionError, match="multiple of five"):
        gamenight.new("rook", seed=1, options={"min_bid": 72})
    with pytest.raises(gamenight.OptionError, match="multiple of five"):
        gamenight.new("rook", seed=1, options={"last_trick_bonus": 12})


# ---- five players: the partner card --------------------------------------------------------------------

FIVE = ["AS KS QS JS TS 9S 8S 7S 6S 5S", "AH KH QH JH TH 9H 8H 7H 6H 5H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D", "AC KC QC JC TC 9C 8C 7C 6C 5C",
        "4S 3S 2S 4H 3H 2H 4D 3D 2D 4C"]


def five_player_called(call: str = "AS") -> Rook:
    s = rook(FIVE, "3C 2C JK")
    s.play("bid 70", 1)
    for seat in (2, 3, 4, 0):
        s.play("pass", seat)
    assert s.phase() == "bury" and len(s.hands[1]) == 13
    with pytest.raises(IllegalMove, match="Bury"):
        s.play("pass", 1)
    for code in ("3C", "2C", "5H"):
        s.play(f"bury {code}", 1)
    s.play("trump H", 1)
    assert s.phase() == "call"
    with pytest.raises(IllegalMove, match="buried"):
        s.play("call 3C", 1)
    s.play(f"call {call}", 1)
    return s


def test_five_players_deal_ten_each_the_bidder_takes_the_widow_and_buries_three() -> None:
    s = five_player_called()
    assert [len(h) for h in s.hands] == [10] * 5 and s.view(1)["buried"] == ["3C", "2C", "5H"]
    assert s.view(0)["buried"] is None and s.view(0)["widow_size"] == 3


def test_the_partner_is_a_secret_until_the_called_card_is_played() -> None:
    s = five_player_called("AS")
    assert s.view(0)["partner"] == 0  # North holds the ace of spades: he knows
    for seat in (1, 2, 3, 4):
        assert s.view(seat)["partner"] is None, seat
    rng = random.Random(5)
    for _ in range(5):  # a sample keeps the secret: the view is the same
        assert s.sample(2, rng).view(2) == s.view(2)
    s.play("lead", 1)
    for seat, code in [(1, "AH"), (2, "AD"), (3, "AC"), (4, "4H"), (0, "AS")]:
        s.play(f"play {code}", seat)
    assert all(s.view(seat)["partner"] == 0 for seat in range(5))


def test_calling_his_own_card_the_bidder_plays_alone_and_scores_whole() -> None:
    s = five_player_called("KH")
    s.play("lead", 1)
    play_out(s)
    row = s.score_sheet.rows[0]
    assert row.points[1] in (70, 170, -70)


def test_calling_his_own_card_only_the_bidder_knows_he_is_alone_until_he_plays_it() -> None:
    """G-RK-11: the others hear the same call whoever holds the card; East (the bidder) holds
    K♥, and nobody else learns he is alone before K♥ is played."""
    s = five_player_called("KH")
    assert s.view(1)["partner"] == 1  # he knows
    for seat in (0, 2, 3, 4):
        view = s.view(seat)
        assert view["partner"] is None, seat
        said = " ".join(view["events"])
        assert "alone" not in said and "Player 2 calls the king of hearts: its holder is his partner." in said
        assert not [e for e in s.events if e.visible_to(seat) and "alone" in e.text], seat
    assert "You call the king of hearts: you hold it, so you play alone." in [
        e.text for e in s.events if e.visible_to(1)]
    assert not [e for e in s.events if e.visible_to(1) and "its holder is his partner" in e.text]
    s.play("lead", 1)
    s.play("play AH", 1)  # a trick without the king: still a secret
    for seat, code in [(2, "5D"), (3, "5C"), (4, "4H"), (0, "5S")]:
        s.play(f"play {code}", seat)
    assert [s.view(seat)["partner"] for seat in range(5)] == [None, 1, None, None, None]
    s.play("play KH", 1)
    assert all(s.view(seat)["partner"] == 1 for seat in range(5))
    assert "Player 2 plays the king of hearts, the card he called: he plays alone." in [
        e.text for e in s.events if e.visible_to(0)]


def test_partner_card_halves_round_up_to_five() -> None:
    assert half_share(75) == 40 and half_share(-75) == -40
    assert half_share(140) == 70 and half_share(250) == 125


# ---- the bot, the golden matches -------------------------------------------------------------------------


def test_bot_decides_fast_and_plays_whole_matches() -> None:
    bot = make_bot("heuristic", "rook")
    times = []
    for seed in range(3):
        s = gamenight.new("rook", seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = min(s.to_act)
            view = s.view(seat, layout=False)
            legal = s.legal_moves(seat)
            t = time.perf_counter()
            move = bot.choose(view, legal, sampler_for(s, seat), rng)
            times.append(time.perf_counter() - t)
            s.play(move, seat)
    assert statistics.median(times) < 0.005


def test_golden_four_player_match() -> None:
    s = golden_match("rook_heuristic")
    sheet = s.score_sheet
    out = s.outcome
    assert out is not None and sheet.totals == [535, -70] and out.winners == (0, 2)
    assert all(r.points[0] + r.points[1] <= 300 for r in sheet.rows)


def test_golden_partner_card_match() -> None:
    s = golden_match("rook_partner_card")
    out = s.outcome
    assert out is not None and s.score_sheet.totals == [490, 370, 245, 320, 500] and out.winners == (4,)
