"""Oh Hell on move kinds: one bid kind for the bid in turn and the blind bid, its rule once."""

from __future__ import annotations

import pytest

import gamenight


def refusal(s: gamenight.State, seat: int, text: str) -> str:
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play(text, seat)
    return str(e.value)


def test_bids_in_turn_read_in_tricks_and_the_hook_is_refused_by_the_bid_rule() -> None:
    s = gamenight.new("oh-hell", players=4, preset="standard", seed=2)
    assert s.phase() == "bid"
    seat = s.to_move
    assert seat is not None
    assert [s.describe_move(m, seat) for m in s.legal_moves(seat)] == ["Bid 0 tricks", "Bid 1 trick"]
    assert refusal(s, seat, "bid 1 QS") == "Bid the tricks you will take, from 0 to 1: for example 'bid 1'."
    assert refusal(s, seat, "play QS") == "Bid the tricks you will take, from 0 to 1: for example 'bid 1'."
    for _ in range(3):
        s.play("bid 0", s.to_move)
    dealer = s.to_move
    assert dealer is not None
    assert [str(m) for m in s.legal_moves(dealer)] == ["bid 0"]
    assert refusal(s, dealer, "bid 1") == (
        "The dealer may not bid 1: the bids would total 1, the number of tricks this round "
        "(0 + 0 + 0 + 1 = 1). Bid higher or lower, so somebody must miss.")


def test_a_blind_bid_says_it_is_secret() -> None:
    s = gamenight.new("oh-hell", players=4, seed=2)
    assert s.phase() == "blind_bid"
    seat = sorted(s.to_act)[0]
    assert s.describe_move(s.parse("bid 1"), seat) == "Bid 1 trick (in secret)"
