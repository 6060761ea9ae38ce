"""500 Rummy on move kinds: the auction's and the burial's rules each written once, in words."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.equipment import cards as C
from gamenight.games.five_hundred_rummy import COUNTER, FiveHundredRummy
from tests.games.five_hundred_rummy.test_rules import T1_TAKES, game, split_deal
from tests.helpers import play_all


def refusal(s: FiveHundredRummy, seat: int, text: str) -> str:
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play(text, seat)
    return str(e.value)


def test_bids_read_with_their_trumps_and_a_bid_must_beat_the_one_standing() -> None:
    s = game(split_deal(T1_TAKES))
    first = s.to_move
    assert first is not None
    assert s.describe_move(s.parse("bid 70 nt"), first) == "Bid 70 no trump"
    assert s.describe_move(s.parse("bid 80 H"), first) == "Bid 80 hearts"
    s.play("bid 80 H", first)
    nxt = s.to_move
    assert nxt is not None
    assert refusal(s, nxt, "bid 80 S") == "A bid must beat 80 ♥: bid more, or 80 no trump."
    assert refusal(s, nxt, "bid 75 nt") == "A bid must beat 80 ♥."
    assert refusal(s, nxt, "bid 81 nt") == "Bids go from 60 to 125 in steps of 5."
    assert refusal(s, nxt, "pass now") == "'pass' takes nothing after it: say just 'pass'."


def test_the_burial_refuses_a_counter_by_its_rule_and_says_how_many_are_left() -> None:
    s = game(split_deal(T1_TAKES))
    play_all(s, ["bid 80 H", "pass", "pass", "pass"])
    east = s.hands[1]
    counter = next(c for c in east if COUNTER[c])
    assert refusal(s, 1, f"bury {C.CODE_OF[counter]}").endswith(
        "it is a counter (aces, tens, fives and the queen of spades stay in play).")
    assert s.describe_move(s.parse("bury 2C"), 1) == "Bury 2♣ (3 more to bury)"
    assert refusal(s, 1, "bury 2C 2D") == "Bury 4 more cards, one at a time, for example 'bury 7C'."
    assert refusal(s, 1, "play 2C") == "Bury 4 more cards, one at a time, for example 'bury 7C'."
