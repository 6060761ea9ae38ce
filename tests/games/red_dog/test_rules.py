"""Red Dog: stacked-shoe scenarios for every rule clause and option, the worked cases of
``shared/rules/other-seeds.md`` §2.4 (by number), the exact odds of §2.2, and a golden match.

A stacked deck lies on top of the first shoe and is dealt through in order (left, right, third
card, round after round) before any reshuffle, so one list of codes stacks several rounds.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest

import gamenight
from gamenight.bots.base import sampler_for
from gamenight.bots.games.red_dog import RedDogBot
from gamenight.core.errors import DeckError, IllegalMove, OptionError
from gamenight.equipment import cards as C
from gamenight.families.house import HouseGame, HouseRound, edge_estimate
from gamenight.games.red_dog import (
    RedDog,
    full_counts,
    house_edge,
    raise_value,
    round_value,
    spread_of,
    spread_pays,
    value_of,
)
from tests.helpers import golden_match

#: the spec's worked cases bet in units of 5 and 10: cents here, chips of $0.05
CENTS = {"min_bet": 5, "max_bet": 100, "chip": 5}


def red_dog(deck: list[str], players: int = 1, **options: Any) -> RedDog:
    s = gamenight.new("red-dog", players=players, seed=1, deck=deck, options={**CENTS, **options})
    assert isinstance(s, RedDog)
    return s


def play(s: RedDog, *moves: str | tuple[int, str]) -> RedDog:
    for m in moves:
        seat, text = m if isinstance(m, tuple) else (s.to_move, m)
        s.play(text, seat)
    return s


def net(s: RedDog, seat: int = 0) -> int:
    return s.ledger.net(seat)


# ---- §2.4 worked cases -------------------------------------------------------------------------

def test_case_1_six_and_queen_spread_five_pays_even_money() -> None:
    s = red_dog(["6S", "QH", "9C"])
    play(s, "bet 10")
    assert s.spread == 5 and s.view(0)["spread_marker"] == "5, pays 1 to 1"
    play(s, "stand")
    assert net(s) == 10


def test_case_2_four_and_six_spread_one_pays_five_to_one_on_the_raise_too() -> None:
    s = red_dog(["4S", "6H", "5C"])
    play(s, "bet 10", "raise 10")
    assert net(s) == 100


def test_case_3_consecutive_is_a_push_and_no_raise_is_offered() -> None:
    s = red_dog(["8S", "9H"])
    play(s, "bet 10")
    assert net(s) == 0 and s.spread == 0 and not s.third  # no third card is dealt (GAP 5)
    assert all(m.verb == "bet" for m in s.legal_moves(0))  # straight on to the next round's bet
    assert s.sheet.rows[0].details == ["$0.10: push"] and "consecutive cards: a push" in s.events[-2].text


def test_case_4_a_pair_then_the_same_rank_pays_eleven_to_one_else_a_push() -> None:
    s = red_dog(["KS", "KH", "KC", "KD", "KC", "7C"])
    play(s, "bet 5")  # no raise on a pair (GAP 3): the third card comes at once
    assert net(s) == 55 and s.phase() == "bet"
    play(s, "bet 5")
    assert net(s) == 55  # the second round: K K then 7, a push


def test_case_5_a_third_card_equal_to_an_up_card_loses_bet_and_raise() -> None:
    s = red_dog(["3S", "JH", "JC"])
    play(s, "bet 10")
    assert s.spread == 7
    play(s, "raise 10")
    assert net(s) == -20


def test_case_6_two_and_ace_spread_eleven() -> None:
    s = red_dog(["2S", "AH", "AC", "2D", "AD", "8C"])
    play(s, "bet 10", "stand")
    assert net(s) == -10  # A equals an up-card
    play(s, "bet 10")
    assert s.spread == 11
    play(s, "stand")
    assert net(s) == 0  # 8 between: +10 at 1 to 1


def test_case_7_the_exact_odds_and_the_house_edge() -> None:
    counts = full_counts(6)
    counts[3] -= 1
    counts[11] -= 1  # the up-cards 3 and J are out of the shoe
    assert Fraction(24 * 7, 310) == Fraction(84, 155)
    assert raise_value(counts, 3, 11) == 2 * Fraction(84, 155) - 1 == Fraction(13, 155)
    assert house_edge(6) == Fraction(17533, 626665)


# ---- §2.2: the exact table -----------------------------------------------------------------------

def test_the_exact_table_of_the_spec() -> None:
    assert house_edge(6, raising="never") == Fraction(3841, 48205)
    assert house_edge(6, raising="always") == Fraction(2093, 9641)
    assert round(float(house_edge(1)) * 100, 4) == 3.1554
    assert round(float(house_edge(8)) * 100, 4) == 2.7509
    evs = {1: Fraction(-83, 155), 2: Fraction(-7, 31), 3: Fraction(-47, 155), 4: Fraction(-59, 155),
           5: Fraction(-7, 31), 6: Fraction(-11, 155), 7: Fraction(13, 155), 8: Fraction(37, 155),
           9: Fraction(61, 155), 10: Fraction(17, 31), 11: Fraction(109, 155)}
    for spread, ev in evs.items():
        counts = full_counts(6)
        low, high = 2, 2 + spread + 1
        counts[low] -= 1
        counts[high] -= 1
        assert raise_value(counts, low, high) == ev, spread
    # the book: raise above six, stand on six or less, for one to eight decks
    for decks in range(1, 9):
        counts = full_counts(decks)
        counts[2] -= 1
        for spread in range(1, 12):
            c = list(counts)
            c[3 + spread] -= 1
            assert (raise_value(c, 2, 3 + spread) > 0) == (spread >= 7), (decks, spread)


def test_the_hint_shows_the_exact_value_of_raising() -> None:
    s = red_dog(["3S", "JH", "9C"])
    play(s, "bet 10")
    hint = s.view(0)["raise_odds"]
    assert "+0.084 a unit (13/155)" in hint and "168 of the 310 cards left" in hint and "Best: raise" in hint
    assert s.view(0)["raise_ev"] == [13, 155]
    s = red_dog(["3S", "TH", "9C"])
    play(s, "bet 10")
    assert "Best: stand" in s.view(0)["raise_odds"] and s.view(0)["raise_ev"] == [-11, 155]


def test_the_odds_follow_the_cards_seen_when_the_shoe_is_not_reshuffled() -> None:
    # with the cut card the second round's third card comes from 312 - 3 - 2 cards
    s = red_dog(["5S", "5H", "7C", "3S", "JH", "9C"], reshuffle="penetration")
    play(s, "bet 10", "bet 10")
    counts = full_counts(6)
    for v in (5, 5, 7, 3, 11):
        counts[v] -= 1
    assert raise_value(counts, 3, 11) == Fraction(165 - (307 - 165), 307)  # 5, 5 and 7 are gone
    assert s.view(0)["raise_ev"] == [23, 307] and "165 of the 307 cards left" in s.view(0)["raise_odds"]


# ---- rule clauses --------------------------------------------------------------------------------

def test_spread_and_payout_functions() -> None:
    assert spread_of(6, 12) == 5 and spread_of(9, 8) == 0
    assert [spread_pays(s) for s in range(1, 12)] == [5, 4, 2] + [1] * 8
    assert value_of(C.card("AS")) == 14 and value_of(C.card("AS"), ace_low=True) == 1
    assert value_of(C.card("2S")) == 2 and value_of(C.card("KS")) == 13


@pytest.mark.parametrize(("cards", "pays"), [(("4S", "6H", "5C"), 5), (("4S", "7H", "5C"), 4),
                                             (("4S", "8H", "5C"), 2), (("4S", "9H", "5C"), 1)])
def test_the_payout_table(cards: tuple[str, str, str], pays: int) -> None:
    s = red_dog(list(cards))
    play(s, "bet 10", "stand")
    assert net(s) == 10 * pays


def test_a_third_card_outside_loses() -> None:
    s = red_dog(["4S", "9H", "TC"])
    play(s, "bet 20", "raise 5")
    assert net(s) == -25
    assert s.ledger.purses[0] == s.options.stake - 25 and s.ledger.pot("bets") == 0


def test_every_player_bets_against_the_same_cards_and_decides_alone() -> None:
    s = red_dog(["3S", "KH", "9C"], players=3)
    play(s, (0, "bet 10"), (1, "bet 20"), (2, "bet 5"))
    assert s.phase() == "raise" and s.to_move == 0
    play(s, (0, "raise 10"), (1, "stand"), (2, "raise 5"))
    assert [net(s, i) for i in range(3)] == [20, 20, 10]
    assert s.view(1)["last_round"] == ["$0.10 + $0.10 raised: won $0.20", "$0.20: won $0.20",
                                       "$0.05 + $0.05 raised: won $0.10"]
    assert s.view(1)["bets"] == ["—", "—", "—"]  # the next round's bets, not placed yet
    play(s, (0, "bet 10"))
    assert s.view(1)["bets"] == ["$0.10", "—", "—"]


def test_bets_within_the_table_limits_in_whole_chips() -> None:
    s = red_dog(["3S", "KH", "9C"])
    assert [str(m) for m in s.legal_moves(0)] == [f"bet {a}" for a in range(5, 101, 5)]
    with pytest.raises(IllegalMove, match=r"from \$0.05 to \$1.00"):
        s.play("bet 105", 0)
    with pytest.raises(IllegalMove, match="whole chips"):
        s.play("bet 12", 0)
    with pytest.raises(IllegalMove, match="Place a bet"):
        s.play("stand", 0)


def test_a_raise_is_up_to_the_bet_in_whole_chips() -> None:
    s = red_dog(["3S", "KH", "9C"])
    play(s, "bet 15")
    assert [str(m) for m in s.legal_moves(0)] == ["stand", "raise 5", "raise 10", "raise 15"]
    with pytest.raises(IllegalMove, match=r"at most \$0.15"):
        s.play("raise 20", 0)
    with pytest.raises(IllegalMove, match="bets are down"):
        s.play("bet 10", 0)


def test_a_purse_limits_the_bet_and_the_raise_and_an_empty_purse_sits_out() -> None:
    s = red_dog(["3S", "KH", "2C", "3S", "KH", "2C"], players=2, stake=30)
    assert s.legal_moves(0)[-1] == s.legal_moves(0)[-1] and str(s.legal_moves(0)[-1]) == "bet 30"
    play(s, (0, "bet 20"), (1, "bet 30"))
    assert [str(m) for m in s.legal_moves(0)] == ["stand", "raise 5", "raise 10"]  # 10 left in the purse
    play(s, (0, "raise 10"), (1, "stand"))
    assert s.ledger.purses == (0, 0)
    assert s.is_over and "Nobody can cover the smallest bet" in s.outcome.reason  # type: ignore[union-attr]


def test_a_player_who_cannot_cover_the_smallest_bet_sits_out() -> None:
    s = red_dog(["3S", "KH", "2C", "8S", "9S"], players=2, stake=10)
    play(s, (0, "bet 10"), (1, "bet 5"), (0, "stand"), (1, "stand"))
    assert s.to_move == 1 and s.playing == [1]
    assert s.view(0)["bets"][0] == "sits out"
    play(s, (1, "bet 5"))
    assert s.sheet.rows[1].details is not None and s.sheet.rows[1].details[0] == "sat out"


def test_every_payment_has_its_reason_and_the_sheet_is_money() -> None:
    s = red_dog(["3S", "KH", "9C", "4S", "9H", "TC"], players=2, rounds=2)
    play(s, (0, "bet 10"), (1, "bet 10"), (0, "raise 10"), (1, "stand"))
    play(s, (0, "bet 10"), (1, "bet 10"), (0, "stand"), (1, "stand"))
    words = [s.ledger.sentence(e, s.names) for e in s.ledger.entries]
    assert words[:3] == ["Player 1 pays $0.10 into the bets pot: bets $0.10 on round 1",
                         "Player 2 pays $0.10 into the bets pot: bets $0.10 on round 1",
                         "Player 1 pays $0.10 into the bets pot: raises $0.10 on spread 9"]
    assert ("Player 1 takes $0.20 from the bets pot: stake back: 9♣ between 3♠ and K♥, spread 9 pays 1 to 1"
            in words)
    assert "Player 1 takes $0.20 from the bank: 9♣ between 3♠ and K♥, spread 9 pays 1 to 1" in words
    assert ("The bets pot pays $0.10 into the bank: Player 2 loses $0.10: 10♣ falls outside: the house "
            "takes the stake") in words
    assert s.sheet.unit == "cents" and [r.points for r in s.sheet.rows] == [[20, 10], [-10, -10]]
    assert s.sheet.rows[0].details == ["$0.10 + $0.10 raised: won $0.20", "$0.10: won $0.10"]
    assert s.is_over and s.outcome is not None and s.outcome.scores == (10, 0) and s.outcome.winners == (0,)
    assert s.outcome.reason == "After 2 rounds."
    assert s.outcome.headline == "The house lost $0.10: Player 1 won $0.10 and Player 2 broke even."


def test_a_session_lost_to_the_house_says_the_house_won_never_that_a_player_wins() -> None:
    s = gamenight.new("red-dog", players=3, seed=1, options={"rounds": 1})
    assert isinstance(s, RedDog)
    for seat in range(3):
        s.ledger = s.ledger.pay(seat, "bank", 500, "lost", 1)
    s._finish("After 1 round.")
    assert s.outcome is not None and s.outcome.headline == "The house won $15.00; everyone lost $5.00."
    assert s.events[-1].text == "Game over: The house won $15.00; everyone lost $5.00. After 1 round."


def test_the_match_ends_after_the_rounds_of_the_session() -> None:
    s = gamenight.new("red-dog", players=2, seed=3, options={"rounds": 3})
    rng = random.Random(3)
    while not s.is_over:
        seat = min(s.to_act)
        s.play(rng.choice(s.legal_moves(seat)), seat)
    assert len(s.sheet.rows) <= 3 and s.deal_no <= 3


def test_the_view_shows_spread_payouts_bets_purses_and_the_house() -> None:
    s = red_dog(["3S", "KH", "9C"], players=2)
    play(s, (0, "bet 10"))
    v = s.view(1)
    keys = {f["key"] for f in v["layout"]["fields"]}
    assert {"spread_marker", "money", "bets", "payouts", "house"} <= keys
    assert v["payouts"][0] == "1 between: 5 to 1" and v["house"] == "won $0.00 this session"
    assert v["money"]["seats"][0]["text"] == "$19.90" and v["money"]["pots"][0]["text"] == "$0.10"
    zones = {z["key"]: z for z in v["layout"]["zones"]}
    assert zones["shoe"]["pieces"] is None and zones["left"]["pieces"] == []
    play(s, (1, "bet 5"))
    zones = {z["key"]: z for z in s.view(1)["layout"]["zones"]}
    assert zones["left"]["pieces"] == ["3S"] and zones["right"]["pieces"] == ["KH"]
    assert s.view(1)["spread_marker"] == "9, pays 1 to 1"


# ---- options --------------------------------------------------------------------------------------

@pytest.mark.parametrize("decks", [1, 6, 8])
def test_decks_in_the_shoe(decks: int) -> None:
    s = gamenight.new("red-dog", players=1, seed=1, options={"decks": decks})
    assert sum(len(z.pieces) for z in s.zones()) == 52 * decks
    assert isinstance(s, HouseGame) and s.exact_house_edge() == house_edge(decks)


def test_option_limits_are_checked() -> None:
    with pytest.raises(OptionError):
        gamenight.new("red-dog", options={"min_bet": 500, "max_bet": 100})
    with pytest.raises(OptionError):
        gamenight.new("red-dog", options={"min_bet": 150, "chip": 100})
    with pytest.raises(OptionError):
        gamenight.new("red-dog", options={"decks": 9})


def test_option_no_raising() -> None:
    s = red_dog(["3S", "KH", "9C"], max_raise_multiple=0)
    play(s, "bet 10")
    assert net(s) == 10 and s.phase() == "bet"
    assert s.exact_house_edge() == house_edge(6, raising="never")


def test_option_raise_twice_the_bet() -> None:
    s = red_dog(["3S", "KH", "9C"], max_raise_multiple=2)
    play(s, "bet 10")
    assert str(s.legal_moves(0)[-1]) == "raise 20"
    play(s, "raise 20")
    assert net(s) == 30
    assert s.exact_house_edge() < house_edge(6)


def test_option_ace_low() -> None:
    s = red_dog(["AS", "3H", "2C", "AS", "2H"], ace_low=True)
    play(s, "bet 10")
    assert s.spread == 1  # A 3: the 2 lies between
    play(s, "stand")
    assert net(s) == 50
    play(s, "bet 10")
    assert s.spread == 0 and net(s) == 50  # A 2: consecutive when the ace is low
    assert round_value(full_counts(6, ace_low=True)) == round_value(full_counts(6))  # a shifted deck


def test_option_reshuffle_every_round() -> None:
    s = gamenight.new("red-dog", players=1, seed=4, options={"rounds": 3})
    assert isinstance(s, RedDog)
    for _ in range(3):
        s.play(s.legal_moves(0)[0], 0)
        if s.phase() == "raise":
            s.play("stand", 0)
        assert len(s.shoe) + len(s.left) + len(s.right) + len(s.third) == 312 and not s.discards


def test_option_cut_card() -> None:
    s = gamenight.new("red-dog", players=1, seed=4, options={"decks": 1, "reshuffle": "penetration",
                                                             "penetration": 50, "rounds": 40})
    assert isinstance(s, RedDog)
    sizes = []
    while not s.is_over:
        s.play(s.legal_moves(0)[0], 0)
        if s.phase() == "raise":
            s.play("stand", 0)
        sizes.append(len(s.shoe))
    assert min(sizes) >= 52 - 26 - 3 - 3 and any(b > a for a, b in itertools.pairwise(sizes))
    assert any(e.kind == "shuffle" for e in s.events)


def test_option_show_odds_off() -> None:
    s = red_dog(["3S", "JH", "9C"], show_odds=False)
    play(s, "bet 10")
    assert s.view(0)["raise_odds"] is None and s.view(0)["raise_ev"] == [13, 155]


@pytest.mark.parametrize("preset", ["single_deck", "casino_shoe"])
def test_presets(preset: str) -> None:
    s = gamenight.new("red-dog", players=2, seed=1, preset=preset)
    assert isinstance(s, RedDog)
    assert s.options.decks == (1 if preset == "single_deck" else 8)


# ---- the bot --------------------------------------------------------------------------------------

def test_the_bot_raises_exactly_when_it_pays() -> None:
    bot, rng = RedDogBot(), random.Random(1)
    for high, wants in ((10, False), (11, True)):  # 3 and 10: spread 6; 3 and J: spread 7
        s = red_dog(["3S", C.RANKS[high - 2] + "H", "9C"])
        play(s, "bet 10")
        move = bot.choose(s.view(0, layout=False), s.legal_moves(0), sampler_for(s, 0), rng)
        assert str(move) == ("raise 10" if wants else "stand")


def test_the_bot_bets_the_least_unless_the_shoe_left_favours_it() -> None:
    bot, rng = RedDogBot(), random.Random(1)
    s = gamenight.new("red-dog", players=1, seed=1)
    assert str(bot.choose(s.view(0, layout=False), s.legal_moves(0), sampler_for(s, 0), rng)) == "bet 100"
    view = {**s.view(0, layout=False), "round_ev": [1, 50]}
    assert str(bot.choose(view, s.legal_moves(0), sampler_for(s, 0), rng)) == "bet 1000"


# ---- the house edge, measured ------------------------------------------------------------------------

def test_edge_estimate() -> None:
    rounds = [HouseRound(100, 100, -100), HouseRound(100, 200, 200), HouseRound(100, 100, -100),
              HouseRound(0, 0, 0)]
    e = edge_estimate(rounds)
    assert e.rounds == 3 and e.edge == 0.0 and e.half_width > 0 and e.covers(0.0)
    assert e.edge_wagered == 0.0


def test_golden_match_replays_to_its_score_sheet() -> None:
    s = golden_match("red_dog_random")
    assert isinstance(s, RedDog)
    assert s.is_over and s.sheet.unit == "cents" and s.num_players == 3 and len(s.sheet.rows) == 20
    assert s.sheet.totals == [8800, 2600, 8700]
    assert s.outcome is not None and s.outcome.winners == (0,) and list(s.outcome.scores) == s.sheet.totals
    assert s.ledger.pot("bets") == 0 and s.outcome.reason == "After 20 rounds."
    assert s.outcome.headline.startswith("The house lost $201.00: Player 1 won $88.00")
    shoe = golden_match("red_dog_casino_shoe")
    assert shoe.sheet.totals == [1600, 1600, 1600, 1600] and len(shoe.sheet.rows) == 30


def test_a_stacked_shoe_names_no_card_more_often_than_the_decks_hold_it() -> None:
    with pytest.raises(DeckError):
        gamenight.new("red-dog", players=1, deck=["AS", "AS"], options={"decks": 1})
    s = gamenight.new("red-dog", players=1, deck=["AS"] * 6, options={"decks": 6})
    assert isinstance(s, RedDog) and s.shoe[-6:] == [C.card("AS")] * 6


def test_seven_players_each_settled_alone_against_the_same_cards() -> None:
    s = red_dog(["4S", "6H", "7C"], players=7)
    for seat in range(7):
        s.play(f"bet {5 * (seat + 1)}", seat)
    for seat in range(7):
        s.play("raise 5" if seat % 2 else "stand", seat)
    stakes = [5 * (seat + 1) + (5 if seat % 2 else 0) for seat in range(7)]
    assert [net(s, seat) for seat in range(7)] == [-x for x in stakes]
    assert s.house_rounds() == [HouseRound(140, 155, -155)] and s.house_won() == 155
