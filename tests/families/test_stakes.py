"""The stakes ledger alone: purses, pots, payments, sharing with rounding, and its words."""

from __future__ import annotations

import pytest

from gamenight.core.scoring import CENTS, Outcome, ScoreSheet, money
from gamenight.families.stakes import BANK, POT, FundsError, Ledger, Rounding, half_up, shares

NAMES = ["North", "East", "South", "West"]


def test_money_is_written_in_cents_under_a_dollar_and_dollars_from_one() -> None:
    assert money(45) == "$0.45"
    assert money(0) == "$0.00"
    assert money(100) == "$1.00"
    assert money(145) == "$1.45"
    assert money(-20) == "-$0.20"
    assert money(-1205) == "-$12.05"
    assert money(20, signed=True) == "+$0.20"
    assert money(0, signed=True) == "$0.00"


def test_a_new_ledger_gives_every_seat_its_stake_and_empty_pots() -> None:
    ledger = Ledger.open(3, stake=100, pots=(POT, "side"))
    assert ledger.purses == (100, 100, 100)
    assert ledger.pot() == 0 and ledger.pot("side") == 0
    assert ledger.nets() == [0, 0, 0]
    with pytest.raises(FundsError):
        ledger.pot("kitty")


def test_paying_the_pot_moves_money_and_records_who_why_and_when() -> None:
    ledger = Ledger.open(4).pay_pot(0, 20, "4 tricks", deal=1).pay_pot(2, 5, "1 trick", deal=1)
    assert ledger.pot() == 25
    assert ledger.purses == (-20, 0, -5, 0)
    assert ledger.nets() == [-20, 0, -5, 0]
    first = ledger.entries[0]
    assert (first.deal, first.payer, first.payee, first.amount, first.why) == (1, 0, POT, 20, "4 tricks")


def test_the_ledger_is_immutable_so_a_cloned_state_shares_it_safely() -> None:
    before = Ledger.open(2)
    after = before.pay_pot(0, 10, "a pass", deal=1)
    assert before.pot() == 0 and before.entries == ()
    assert after.pot() == 10


def test_seat_to_seat_and_bank_payments() -> None:
    ledger = Ledger.open(2, stake=50).pay(0, 1, 30, "lost the bet", deal=1)
    assert ledger.purses == (20, 80)
    ledger = ledger.pay(BANK, 0, 100, "paid 1:1", deal=2).pay(1, BANK, 10, "lost", deal=2)
    assert ledger.purses == (120, 70)
    assert ledger.nets() == [70, 20]
    assert ledger.deal_changes(1) == [-30, 30]
    assert ledger.deal_changes(2) == [100, -10]


def test_a_purse_that_may_not_owe_refuses_what_it_cannot_cover() -> None:
    ledger = Ledger.open(2, stake=10, may_owe=False)
    assert ledger.can_pay(0, 10) and not ledger.can_pay(0, 11)
    with pytest.raises(FundsError, match=r"holds \$0.10"):
        ledger.pay_pot(0, 11, "a dime", deal=1)
    assert Ledger.open(2, stake=10).can_pay(0, 1000)


def test_bad_payments_are_refused() -> None:
    ledger = Ledger.open(2)
    with pytest.raises(FundsError, match="negative"):
        ledger.pay_pot(0, -5, "x", deal=1)
    with pytest.raises(FundsError, match="no seat"):
        ledger.pay_pot(2, 5, "x", deal=1)
    with pytest.raises(FundsError, match="no pot"):
        ledger.pay_pot(0, 5, "x", deal=1, pot="kitty")
    with pytest.raises(FundsError, match=r"holds \$0.00"):
        ledger.take_pot(0, "x", deal=1, amount=5)
    with pytest.raises(FundsError):
        Ledger.open(2, stake=-1)


def test_taking_the_pot_takes_all_of_it_or_the_amount_named() -> None:
    ledger = Ledger.open(3).pay_pot(1, 285, "paid", deal=1)
    half = ledger.take_pot(0, "first out", deal=6, amount=half_up(ledger.pot()))
    assert half.pot() == 142 and half.purses[0] == 143
    assert ledger.take_pot(2, "all of it", deal=6).pot() == 0


def test_shares_put_the_odd_cents_where_the_rounding_says() -> None:
    assert shares(142, 2) == [71, 71]
    assert shares(143, 2, Rounding.FIRST) == [72, 71]
    assert shares(143, 2, Rounding.LAST) == [71, 72]
    assert shares(143, 2, Rounding.KEEP) == [71, 71]
    assert shares(10, 3) == [4, 3, 3]
    assert half_up(285) == 143 and half_up(280) == 140
    with pytest.raises(ValueError):
        shares(10, 0)


def test_splitting_the_pot_with_the_odd_cent_kept_leaves_it_in_the_pot() -> None:
    ledger = Ledger.open(3).pay_pot(2, 143, "paid", deal=1)
    split = ledger.split_pot([0, 1], "shared", deal=2)
    assert split.purses[:2] == (72, 71) and split.pot() == 0
    kept = ledger.split_pot([0, 1], "shared", deal=2, rounding=Rounding.KEEP)
    assert kept.purses[:2] == (71, 71) and kept.pot() == 1


def test_the_ledger_in_words_and_in_the_view() -> None:
    ledger = (Ledger.open(4).pay_pot(0, 20, "4 tricks", deal=1).pay_pot(1, 145, "hearts", deal=1)
              .take_pot(2, "first out", deal=6, amount=100).pay(3, 0, 5, "a bet", deal=6))
    view = ledger.view(NAMES, recent=3)
    assert view["counts"] == "net"
    assert [s["text"] for s in view["seats"]] == ["-$0.15", "-$1.45", "+$1.00", "-$0.05"]
    assert view["pots"] == [{"name": POT, "label": "Pot", "amount": 65, "text": "$0.65"}]
    assert view["payments"] == ["East pays $1.45 into the pot: hearts",
                                "South takes $1.00 from the pot: first out",
                                "West pays $0.05 to North: a bet"]
    staked = Ledger.open(2, stake=100).view(["A", "B"])
    assert staked["counts"] == "purse" and staked["seats"][0]["text"] == "$1.00"


def test_a_money_sheet_and_outcome_write_their_amounts_as_money() -> None:
    sheet = ScoreSheet(["A", "B"], unit=CENTS)
    sheet.add("Hand 1", [-20, -145])
    out = sheet.to_json()
    assert out["unit"] == CENTS
    assert out["rows"][0]["points_text"] == ["-$0.20", "-$1.45"]
    assert out["totals_text"] == ["-$0.20", "-$1.45"]
    sheet.add("Hand 6", [160, 0])
    assert sheet.to_json()["totals_text"] == ["+$1.40", "-$1.45"]
    assert sheet.copy().unit == CENTS
    points = ScoreSheet(["A"])
    points.add("Deal 1", [7])
    assert "points_text" not in points.to_json()["rows"][0] and "unit" not in points.to_json()
    assert Outcome((140, -20), (0,), "done", CENTS).to_json()["scores_text"] == ["+$1.40", "-$0.20"]
    assert "scores_text" not in Outcome((1,), (0,), "done").to_json()


def test_a_pot_or_the_bank_paying_begins_its_sentence_with_a_capital() -> None:
    ledger = Ledger.open(2, stake=500, pots=("bets",), may_owe=False)
    ledger = ledger.pay(0, "bets", 100, "bets $1.00", 1).pay("bets", BANK, 100, "North loses $1.00", 1)
    words = [ledger.sentence(e, NAMES) for e in ledger.entries]
    assert words == ["North pays $1.00 into the bets pot: bets $1.00",
                     "The bets pot pays $1.00 into the bank: North loses $1.00"]
