"""500 Rummy: stacked-deck scenarios for every rule clause and option (metzker-book §1), the
worked cases T-500R-1..6, hidden information, and the bot.

Seats: North 0 (the stacked deal's dealer), East 1, South 2, West 3; North–South is the
sheet's first column, East–West the second. Bidding opens left of the dealer, with East.

Most scenarios use one shape of deal (:func:`split_deal`): every seat holds three cards of each
suit, the kitty holds the four twos, and the declarer buries the twos again. Each trick is then
one suit, everyone follows, and its highest card wins — so which side takes which counters is
written in the deal itself, and the hand plays out whatever the leads' order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.games.five_hundred_rummy import expected_take, hand_tricks
from gamenight.core.errors import OptionError
from gamenight.equipment import cards as C
from gamenight.games.five_hundred_rummy import (
    COUNTER,
    HAND_TOTAL,
    FiveHundredRummy,
    FiveHundredRummyOptions,
    counters,
    match_result,
    score_hand,
)
from tests.helpers import golden_match, new, play_all

NS, EW = 0, 1
TWOS = "2C 2D 2H 2S"
RANKS_3_TO_A = "3456789TJQKA"
#: the counters of each suit: aces and tens 10, fives 5, the queen of spades 25
SUIT_COUNTERS = {s: [C.card(r + s) for r in "5TA"] + ([C.card("QS")] if s == "S" else []) for s in "CDHS"}
#: seats of each side, the one that wins a trick first
WINNERS = {NS: (0, 2), EW: (1, 3)}


def split_deal(east_west_takes: Sequence[str]) -> list[list[str]]:
    """Twelve one-suit tricks, each as its cards by seat [N, E, S, W], in which East–West take
    exactly the counters ``east_west_takes`` and North–South the others."""
    ours = {C.card(c) for c in east_west_takes}
    tricks: list[list[str]] = []
    for i, suit in enumerate("CDHS"):
        cards = [C.card(r + suit) for r in RANKS_3_TO_A]
        groups = [[c for c in SUIT_COUNTERS[suit] if c in ours],
                  [c for c in SUIT_COUNTERS[suit] if c not in ours], []]
        fillers = [c for c in cards if not COUNTER[c]]
        sides = [EW, NS, (EW, NS)[i % 2]]
        for group in groups:
            while len(group) < 4:
                group.append(fillers.pop(0))
        for group, side in zip(groups, sides, strict=True):
            top = max(group, key=lambda c: C.RANK_OF[c])
            winner = WINNERS[side][i % 2]
            rest = [c for c in group if c != top]
            trick = [""] * 4
            trick[winner] = C.CODE_OF[top]
            for seat in range(4):
                if not trick[seat]:
                    trick[seat] = C.CODE_OF[rest.pop()]
            tricks.append(trick)
    return tricks


def hands_of(tricks: list[list[str]]) -> list[str]:
    return [" ".join(t[seat] for t in tricks) for seat in range(4)]


def game(tricks: list[list[str]], kitty: str = TWOS, **kw: Any) -> FiveHundredRummy:
    kw.setdefault("seed", 0)
    s = new("five-hundred-rummy", hands_of(tricks), kitty, **kw)
    assert isinstance(s, FiveHundredRummy)
    return s


def play_tricks(s: FiveHundredRummy, tricks: list[list[str]]) -> None:
    """Play the tricks in turn: the seat to lead leads its card of the trick, the others follow."""
    for trick in tricks:
        leader = s.to_move
        assert leader is not None
        for i in range(4):
            seat = (leader + i) % 4
            s.play(f"play {trick[seat]}", seat)


def declare(s: FiveHundredRummy, bid: str, bury: str = TWOS) -> None:
    """East bids ``bid``, the others pass, East buries ``bury``."""
    play_all(s, [f"bid {bid}", "pass", "pass", "pass", *[f"bury {c}" for c in bury.split()]])


def take(s: FiveHundredRummy, earlier: tuple[int, int]) -> None:
    """The sides stand at ``earlier`` before this deal (a row written by hand, as Euchre's tests do)."""
    s.sheet.add("earlier deals", list(earlier))


def last_row(s: FiveHundredRummy) -> tuple[str, list[int], list[int], str]:
    row = s.score_sheet.rows[-1]
    return row.label, row.points, row.totals, row.note


T1_TAKES = ["AH", "AS", "TD", "TC", "5H", "5S", "QS"]  # 75
T2_TAKES = ["AC", "AD", "AH", "AS", "TS", "TH", "QS"]  # 85
T3_TAKES = ["AS", "QS", "TD", "TC", "5C", "5D"]  # 65
T4_TAKES = ["AC", "AD", "AH", "AS", "TS", "TH", "TD", "TC"]  # 80: North–South 45
T5_TAKES = ["AS", "QS", "TD", "5C", "5D"]  # 55


def test_split_deal_gives_each_side_its_counters() -> None:
    for takes in (T1_TAKES, T2_TAKES, T3_TAKES, T4_TAKES, T5_TAKES):
        tricks = split_deal(takes)
        assert sorted(c for t in tricks for c in t) == sorted(C.CODE_OF[c] for c in range(52) if C.RANK_OF[c])


# ---- the deal and the auction -----------------------------------------------------------------


def test_deal_twelve_each_and_four_to_a_kitty_nobody_sees() -> None:
    s = game(split_deal(T1_TAKES))
    assert [len(h) for h in s.hands] == [12, 12, 12, 12]
    assert sorted(C.codes(s.kitty)) == sorted(TWOS.split())
    assert s.phase() == "bid" and s.to_move == 1  # left of the dealer
    for seat in range(4):
        v = s.view(seat)
        assert v["kitty_size"] == 4
        assert not set(TWOS.split()) & set(v["hand"])
        kitty = next(z for z in v["layout"]["zones"] if z["key"] == "kitty")
        assert all(p is None for p in kitty.get("pieces") or [None])
    zone = next(z for z in s.zones() if z.key == "kitty")
    assert zone.visibility.name == "NOBODY"


def test_bids_from_60_to_125_in_fives_in_a_suit_or_no_trump() -> None:
    s = game(split_deal(T1_TAKES))
    legal = [str(m) for m in s.legal_moves()]
    assert legal[:7] == ["pass", "bid 60 C", "bid 60 D", "bid 60 H", "bid 60 S", "bid 60 nt", "bid 65 C"]
    assert legal[-1] == "bid 125 nt" and "bid 130 C" not in legal and "bid 62 C" not in legal
    with pytest.raises(gamenight.IllegalMove, match="from 60 to 125 in steps of 5"):
        s.play("bid 55 H")


@pytest.mark.parametrize("typed", ["bid 70 no trump", "bid 70 notrump", "Bid 70 No-Trump", "bid 70 no trumps",
                                   "bid 70 NT"])
def test_no_trump_typed_as_people_write_it_is_the_nt_bid(typed: str) -> None:
    s = game(split_deal(T1_TAKES))
    bidder = min(s.to_act)
    s.play(typed)
    assert s.moves[-1] == (bidder, s.parse("bid 70 nt"))  # the log keeps the one move text
    assert str(s.moves[-1][1]) == "bid 70 nt"
    assert s.view(None)["high_bid"] is not None
    with pytest.raises(gamenight.IllegalMove, match="must beat 70 no trump"):
        s.play("bid 70 no trump")


def test_no_trump_outranks_a_suit_at_the_same_number_and_suits_are_equal() -> None:
    s = game(split_deal(T1_TAKES))
    s.play("bid 80 H")
    legal = {str(m) for m in s.legal_moves()}
    assert "bid 80 nt" in legal and "bid 80 S" not in legal and "bid 85 C" in legal
    with pytest.raises(gamenight.IllegalMove, match="must beat 80 ♥"):
        s.play("bid 80 S")
    s.play("bid 80 nt")
    assert "bid 80 S" not in {str(m) for m in s.legal_moves()}
    assert "bid 85 S" in {str(m) for m in s.legal_moves()}


def test_a_pass_is_final_and_three_passes_give_the_last_bidder_the_contract() -> None:
    s = game(split_deal(T1_TAKES))
    play_all(s, ["bid 60 H", "pass", "bid 65 S", "bid 70 H"])  # East, South passes, West, North
    assert s.to_move == 1  # South is skipped from now on
    play_all(s, ["bid 75 C", "pass"])  # East raises, West passes (South is out)
    assert s.to_move == 0
    s.play("pass")  # North passes: East has it
    assert s.phase() == "bury" and s.declarer == 1 and s.contract == (75, C.CLUBS)
    assert s.view(0)["high_bid"] == "75 ♣ by East"


def test_all_pass_makes_the_dealer_take_it_at_60_naming_trumps_or_no_trump() -> None:
    s = game(split_deal(T1_TAKES))
    play_all(s, ["pass", "pass", "pass", "pass"])
    assert s.to_move == 0 and s.phase() == "bid"  # North, the dealer
    assert [str(m) for m in s.legal_moves()] == ["bid 60 C", "bid 60 D", "bid 60 H", "bid 60 S", "bid 60 nt"]
    with pytest.raises(gamenight.IllegalMove, match="dealer must take the bid at 60"):
        s.play("pass")
    s.play("bid 60 nt")
    assert s.declarer == 0 and s.contract == (60, "NT") and s.trump is None and s.phase() == "bury"


def test_bid_step_option_10() -> None:
    s = game(split_deal(T1_TAKES), options={"bid_step": 10})
    numbers = sorted({m.number for m in s.legal_moves() if m.number is not None})
    assert numbers == [60, 70, 80, 90, 100, 110, 120]
    with pytest.raises(OptionError, match="multiple of five"):
        gamenight.new("five-hundred-rummy", seed=1, options={"bid_step": 7})


# ---- the kitty and the burial -----------------------------------------------------------------


def test_declarer_takes_the_kitty_and_buries_four_non_counters_then_leads() -> None:
    s = game(split_deal(T1_TAKES))
    play_all(s, ["bid 80 H", "pass", "pass", "pass"])
    assert len(s.hands[1]) == 16 and not s.kitty and s.trump == C.HEARTS
    assert s.view(1)["bury"] == {"verb": "bury", "count": 4}
    assert s.view(0)["bury"] is None
    buryable = {m.cards[0] for m in s.legal_moves(1)}
    assert buryable and not any(COUNTER[c] for c in buryable)
    for c in TWOS.split():
        s.play(f"bury {c}")
    assert sorted(C.codes(s.buried)) == sorted(TWOS.split())
    assert s.phase() == "play" and s.to_move == 1  # the declarer leads
    assert s.view(1)["buried"] == sorted(TWOS.split())
    for seat in (0, 2, 3):
        assert s.view(seat)["buried"] is None
    buried = next(z for z in s.zones() if z.key == "buried")
    assert buried.owner == 1 and buried.visibility.name == "OWNER"


def test_t_500r_6_burying_a_counter_is_refused() -> None:
    s = game(split_deal(T1_TAKES))
    play_all(s, ["bid 80 H", "pass", "pass", "pass"])
    east = C.codes(s.hands[1])
    for code in ("TC", "AH", "5S"):
        if code in east:
            before = list(s.hands[1])
            with pytest.raises(gamenight.IllegalMove, match="it is a counter"):
                s.play(f"bury {code}")
            assert s.hands[1] == before and not s.buried


def test_t_500r_6_book_example_five_of_clubs_may_not_be_buried() -> None:
    tricks = split_deal(T1_TAKES)
    # East takes the five of clubs from North–South's group into the kitty's place: swap it with 2C
    hands = hands_of(tricks)
    holder = next(seat for seat in range(4) if "5C" in hands[seat].split())
    hands[holder] = hands[holder].replace("5C", "2C")
    s = new("five-hundred-rummy", hands, "5C 2D 2H 2S", seed=0)
    play_all(s, ["bid 80 H", "pass", "pass", "pass"])
    with pytest.raises(gamenight.IllegalMove, match="five of clubs: it is a counter"):
        s.play("bury 5C")


def test_holding_only_counters_buries_the_lowest_counters_and_they_count_for_the_declarers() -> None:
    """G-500R-6: thirteen counters among the declarer's sixteen cards."""
    counters_13 = [C.CODE_OF[c] for c in range(52) if COUNTER[c]]
    assert len(counters_13) == 13
    plain = [C.CODE_OF[c] for c in range(52) if not COUNTER[c]]
    east = counters_13[:12]
    kitty = [counters_13[12], *plain[:3]]
    rest = plain[3:]
    hands = [" ".join(rest[0:12]), " ".join(east), " ".join(rest[12:24]), " ".join(rest[24:36])]
    s = new("five-hundred-rummy", hands, " ".join(kitty), seed=0)
    assert isinstance(s, FiveHundredRummy)
    play_all(s, ["bid 125 nt", "pass", "pass", "pass"])
    assert {C.CODE_OF[m.cards[0]] for m in s.legal_moves()} == set(plain[:3])
    for code in plain[:3]:
        s.play(f"bury {code}")
    fives = {C.CODE_OF[m.cards[0]] for m in s.legal_moves()}
    assert fives == {"5C", "5D", "5H", "5S"}
    with pytest.raises(gamenight.IllegalMove, match="only counters: bury the lowest"):
        s.play("bury AS")
    s.play("bury 5C")
    assert s.phase() == "play"
    while not s.is_over and s.deal_no == 1:
        seat = s.to_move
        assert seat is not None
        s.play(s.legal_moves(seat)[0], seat)
    row = s.score_sheet.rows[0]
    assert row.details is not None and "5♣" in row.details[EW] and "5♣" not in row.details[NS]
    took = [int(d.split(":")[0].removeprefix("took ")) for d in row.details]
    assert sum(took) == HAND_TOTAL and took[EW] >= 5
    assert "buried counters 5♣ count for the declarers" in row.note


# ---- the play ---------------------------------------------------------------------------------


def test_follow_suit_and_the_trick_goes_to_the_highest_card_of_the_suit_led() -> None:
    tricks = split_deal(T1_TAKES)
    s = game(tricks)
    declare(s, "80 H")
    lead = tricks[0][1]  # East leads his club of the first trick
    s.play(f"play {lead}")
    south_other = next(c for c in C.codes(s.hands[2]) if c[1] != "C")
    with pytest.raises(gamenight.IllegalMove, match="must follow suit"):
        s.play(f"play {south_other}")
    for seat in (2, 3, 0):
        s.play(f"play {tricks[0][seat]}", seat)
    top = max(tricks[0], key=lambda code: C.RANK_OF[C.card(code)])
    assert s.finished_trick is not None and s.finished_trick[4] == tricks[0].index(top)


def test_a_trump_beats_the_ace_of_the_suit_led() -> None:
    """East declares spades and buries his three diamonds; he trumps South's ace of diamonds."""
    tricks = split_deal(T1_TAKES)
    s = game(tricks)
    assert sorted(c for c in C.codes(s.hands[1]) if c[1] == "D") == ["4D", "7D", "JD"]
    declare(s, "60 S", bury="4D 7D JD 2D")
    play_all(s, ["play 6S", "play KS", "play 4S", "play 3S"])  # South's king wins; South leads
    assert s.to_move == 2
    play_all(s, ["play AD", "play 5D", "play 6D", "play 9S"])
    assert s.finished_trick is not None and s.finished_trick[4] == 1  # East's trump wins
    assert C.DIAMONDS in s.void[1] and s.to_move == 1


def test_no_trump_has_no_trumps() -> None:
    s = game(split_deal(T2_TAKES))
    declare(s, "70 nt")
    assert s.trump is None and s.view(0)["trump"] is None and s.view(0)["no_trump"] is True


# ---- T-500R-1..5: scoring, as a function and in whole hands ------------------------------------

BOOK = FiveHundredRummyOptions()


@pytest.mark.parametrize(("opts", "bid", "nt", "took", "expected"), [
    (BOOK, 80, False, 75, (-80, 50, False)),                                     # T-500R-1
    (BOOK, 70, True, 85, (135, 40, True)),                                       # T-500R-2
    (FiveHundredRummyOptions(made_scores="bid"), 70, True, 85, (120, 40, True)),  # T-500R-2 option
    (BOOK, 80, True, 75, (-80, 50, False)),                                      # G-500R-2
    (FiveHundredRummyOptions(set_nt_penalty="bid_plus_50"), 80, True, 75, (-130, 50, False)),
    (BOOK, 60, False, 60, (60, 65, True)),                                       # exactly the bid
])
def test_score_hand(opts: FiveHundredRummyOptions, bid: int, nt: bool, took: int,
                    expected: tuple[int, int, bool]) -> None:
    assert tuple(score_hand(opts, bid, nt, took, HAND_TOTAL - took, 0)) == expected


def test_counters_total_125() -> None:
    assert HAND_TOTAL == 125 and counters([C.card(c) for c in ["AH", "TS", "5D", "QS", "2C", "KH"]]) == 50


def test_t_500r_1_set_bidders_lose_their_bid_and_defenders_score_their_counters() -> None:
    tricks = split_deal(T1_TAKES)
    s = game(tricks)
    declare(s, "80 H")
    play_tricks(s, tricks)
    label, points, _totals, note = last_row(s)
    assert label == "Deal 1: 80 ♥ by East" and points == [50, -80] and note == "set"
    details = s.score_sheet.rows[-1].details
    assert details is not None and details[EW].startswith("took 75:") and details[NS].startswith("took 50:")
    assert "Q♠" in details[EW]
    assert not s.is_over and s.deal_no == 2 and s.dealer == 1  # the deal passes left


def test_t_500r_2_made_no_trump_scores_the_counters_and_50() -> None:
    tricks = split_deal(T2_TAKES)
    s = game(tricks)
    declare(s, "70 nt")
    play_tricks(s, tricks)
    assert last_row(s) == ("Deal 1: 70 no trump by East", [40, 135], [40, 135], "made; no trump +50")


def test_t_500r_2_option_made_scores_the_bid() -> None:
    tricks = split_deal(T2_TAKES)
    s = game(tricks, options={"made_scores": "bid"})
    declare(s, "70 nt")
    play_tricks(s, tricks)
    assert last_row(s)[1] == [40, 120]


def test_failed_no_trump_option_costs_the_50_too() -> None:
    tricks = split_deal(T1_TAKES)
    s = game(tricks, options={"set_nt_penalty": "bid_plus_50"})
    declare(s, "80 nt")
    play_tricks(s, tricks)
    assert last_row(s)[1] == [50, -130]


def test_t_500r_3_bidders_at_470_make_60_clubs_and_win() -> None:
    tricks = split_deal(T3_TAKES)
    s = game(tricks)
    take(s, (200, 470))
    declare(s, "60 C")
    play_tricks(s, tricks)
    assert last_row(s)[1:3] == ([60, 65], [260, 535])
    out = s.outcome
    assert s.is_over and out is not None and out.winners == (1, 3)
    assert out.scores == (260, 535, 260, 535) and "bid out with 535" in out.reason


def test_t_500r_4_defenders_passing_500_do_not_win() -> None:
    tricks = split_deal(T4_TAKES)
    s = game(tricks)
    take(s, (480, 0))
    declare(s, "80 S")
    play_tricks(s, tricks)
    assert last_row(s)[1:3] == ([45, 80], [525, 80])
    assert not s.is_over and s.deal_no == 2


def test_t_500r_4_defender_cap_495() -> None:
    tricks = split_deal(T4_TAKES)
    s = game(tricks, options={"defender_cap": "495"})
    take(s, (480, 0))
    declare(s, "80 S")
    play_tricks(s, tricks)
    _label, points, totals, note = last_row(s)
    assert points == [15, 80] and totals == [495, 80] and "defenders capped at 495" in note
    assert not s.is_over


def test_t_500r_5_bidders_at_minus_100_set_at_60_fall_to_minus_160_and_lose() -> None:
    tricks = split_deal(T5_TAKES)
    s = game(tricks)
    take(s, (120, -100))
    declare(s, "60 S")
    play_tricks(s, tricks)
    assert last_row(s)[1:3] == ([70, -60], [190, -160])
    out = s.outcome
    assert s.is_over and out is not None and out.winners == (0, 2) and "fell to -160" in out.reason


def test_made_bid_short_of_500_plays_on_and_the_bidders_win_only_by_bidding_out() -> None:
    assert match_result(BOOK, True, 499) == ""
    assert match_result(BOOK, True, 500) == "won"
    assert match_result(BOOK, False, -149) == ""
    assert match_result(BOOK, False, -150) == "lost"  # the threshold is inclusive
    assert match_result(BOOK, False, 600) == ""  # a set side above 500 does not win


def test_target_and_hole_options() -> None:
    opts = FiveHundredRummyOptions(target=300, hole=-100)
    assert match_result(opts, True, 300) == "won" and match_result(opts, False, -100) == "lost"
    tricks = split_deal(T3_TAKES)
    s = game(tricks, options={"target": 300})
    take(s, (0, 240))
    declare(s, "60 C")
    play_tricks(s, tricks)
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1, 3)


def test_by_the_bid_preset() -> None:
    s = gamenight.new("five-hundred-rummy", seed=1, preset="by_the_bid")
    assert isinstance(s, FiveHundredRummy)
    opts = s.options
    assert (opts.made_scores, opts.set_nt_penalty, opts.defender_cap) == ("bid", "bid_plus_50", "495")


# ---- whole matches --------------------------------------------------------------------------


def bot_match(seed: int, **kw: Any) -> FiveHundredRummy:
    s = gamenight.new("five-hundred-rummy", seed=seed, **kw)
    assert isinstance(s, FiveHundredRummy)
    bots = [make_bot("heuristic", "five-hundred-rummy") for _ in range(4)]
    rng = random.Random(seed)
    while not s.is_over:
        seat = min(s.to_act)
        view = s.view(seat, layout=False)
        s.play(bots[seat].choose(view, s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return s


def test_t_500r_6_every_hand_shares_out_125_counters_and_the_match_ends_by_the_book() -> None:
    s = bot_match(11)
    for row in s.score_sheet.rows:
        assert row.details is not None
        took = [int(d.split(":")[0].removeprefix("took ")) for d in row.details]
        assert sum(took) == HAND_TOTAL
    out = s.outcome
    assert out is not None
    totals = s.score_sheet.totals
    last = s.score_sheet.rows[-1]
    declarers = EW if last.label.endswith(("East", "West")) else NS
    if last.note.startswith("made"):
        assert totals[declarers] >= 500 and out.winners == WINNERS[declarers]
    else:
        assert totals[declarers] <= -150 and out.winners == WINNERS[1 - declarers]


# ---- the bot ----------------------------------------------------------------------------------


def test_bot_values_a_long_strong_suit_above_a_flat_weak_hand() -> None:
    strong = C.cards("AS KS QS JS TS 9S AH KH AD 3C 4C 5D")
    weak = C.cards("3S 4S 6H 7H 8H 3D 4D 6D 3C 6C 7C 8C")
    assert hand_tricks(strong, C.SPADES) > 6 > hand_tricks(weak, C.CLUBS)
    assert expected_take(strong, C.SPADES, 2.5) > 100 > 60 > expected_take(weak, C.CLUBS, 2.5)


def test_bot_bids_a_strong_hand_passes_a_weak_one_and_buries_to_void_a_suit() -> None:
    strong = "AS KS QS JS TS 9S AH KH AD 3C 4C 6D"
    weak = "2S 4S 6H 7H 8H 3D 4D 7D 2C 6C 7C 8C"
    others = [c for c in (C.CODE_OF[x] for x in range(52)) if c not in (strong + " " + weak).split()]
    hands = [" ".join(others[0:12]), strong, " ".join(others[12:24]), weak]
    s = new("five-hundred-rummy", hands, " ".join(others[24:28]), seed=0)
    assert isinstance(s, FiveHundredRummy)
    bot = make_bot("heuristic", "five-hundred-rummy")
    rng = random.Random(0)

    def choose(seat: int) -> str:
        return str(bot.choose(s.view(seat, layout=False), s.legal_moves(seat), sampler_for(s, seat), rng))

    east = choose(1)
    assert east.startswith("bid ") and east.endswith(" S")
    s.play(east)
    s.play("pass")  # South
    assert choose(3) == "pass"  # West, weak
    play_all(s, ["pass", "pass"])
    assert s.phase() == "bury" and s.declarer == 1
    buried = []
    while s.phase() == "bury":
        move = choose(1)
        buried.append(move.split()[1])
        s.play(move)
    assert not any(COUNTER[C.card(c)] for c in buried)
    assert not any(c[1] == "S" for c in buried)  # trumps are kept
    assert not [c for c in C.codes(s.hands[1]) if c[1] == "C"] or "3C" in buried  # a short suit emptied


# ---- the golden match ---------------------------------------------------------------------------


def test_golden_match_bids_out_after_seven_deals() -> None:
    """Four heuristic bots, seed 2024 (``tests/golden/five_hundred_rummy_heuristic.json``)."""
    s = golden_match("five_hundred_rummy_heuristic")
    rows = s.score_sheet.rows
    assert [r.label for r in rows][:2] == ["Deal 1: 80 ♦ by West", "Deal 2: 60 ♣ by East"]
    assert len(rows) == 7 and s.score_sheet.totals == [360, 515]
    assert rows[-1].label == "Deal 7: 60 ♥ by West" and rows[-1].note == "made"
    out = s.outcome
    assert out is not None and out.winners == (1, 3)
    assert out.reason == "East–West bid out with 515 (game 500)."
