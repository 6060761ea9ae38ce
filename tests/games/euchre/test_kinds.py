"""Euchre on move kinds: each refusal is its kind's rule, and every move reads in words.

Seats: North 0 (the stacked deal's dealer), East 1, South 2 (dealer's partner), West 3.
"""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.games.euchre import Euchre
from tests.helpers import new

# Deal A: East is very strong in hearts. Kitty: 9H up, then JC 9S TD.
DEAL_A = ["AC KC QC JS TS", "JH JD AH AS AD", "KH 9C TC QD KD", "QH TH KS QS 9D"]
REST_A = "9H JC 9S TD"


def euchre(**kw: object) -> Euchre:
    s = new("euchre", DEAL_A, REST_A, seed=0, **kw)
    assert isinstance(s, Euchre)
    return s


def refusal(s: Euchre, seat: int, text: str) -> str:
    with pytest.raises(IllegalMove) as e:
        s.play(text, seat)
    return str(e.value)


def test_first_round_bids_read_as_what_they_do() -> None:
    s = euchre()
    words = {str(m): s.describe_move(m, 1) for m in s.legal_moves(1)}
    assert words == {"pass": "Pass", "order": "Order up hearts",
                     "order alone": "Order up hearts and go alone"}
    for seat in (1, 2, 3):
        s.play("pass", seat)
    assert [s.describe_move(m, 0) for m in s.legal_moves(0)] == [
        "Pass", "Pick up 9♥: hearts trumps", "Pick up 9♥: hearts trumps and go alone"]


def test_a_dealer_picking_up_with_a_word_of_his_own_is_told_how_to_say_it() -> None:
    s = euchre()
    for seat in (1, 2, 3):
        s.play("pass", seat)
    assert refusal(s, 0, "pickup now") == (
        "Say 'pickup' to take the up-card, or 'pickup alone' to take it and play alone.")
    assert refusal(s, 0, "order") == (
        "You are the dealer: say 'pickup' (or 'pickup alone') to take the up-card, or 'pass'.")


def test_ordering_another_suit_in_the_first_round_is_refused_by_the_order_rule() -> None:
    s = euchre()
    assert refusal(s, 1, "order S") == (
        "In the first round you may only order up hearts or pass; another suit may be called in the "
        "second round.")


def test_the_discard_says_which_card_is_the_up_card() -> None:
    s = euchre()
    s.play("order", 1)
    assert s.phase() == "discard"
    words = {str(m): s.describe_move(m, 0) for m in s.legal_moves(0)}
    assert words["discard 9H"] == "Discard 9♥, the up-card, face down"
    assert words["discard AC"] == "Discard A♣ face down"


def test_second_round_calls_and_a_stuck_dealer() -> None:
    s = euchre(options={"stick_the_dealer": True})
    for seat in (1, 2, 3, 0, 1, 2, 3):
        s.play("pass", seat)
    assert s.phase() == "call" and s.to_move == 0
    assert refusal(s, 0, "pass") == "Stick the dealer: everyone else passed, so the dealer must call a suit."
    assert refusal(s, 0, "call H") == "You cannot call hearts: that suit was turned down this deal."
    assert refusal(s, 0, "call") == (
        "In the second round, call a suit other than the turned-down one ('call S', 'call S alone') or pass.")
    assert s.describe_move(s.parse("call S alone"), 0) == "Call spades trumps and go alone"


def test_the_first_card_of_a_trick_is_a_lead_and_a_trump_on_another_suit_says_so() -> None:
    s = euchre(options={"no_ace_no_face": "off"})
    s.play("order", 1)
    s.play("discard TS", 0)
    leader = s.to_move
    lead = s.legal_moves(leader)[0]
    assert s.describe_move(lead, leader).startswith("Lead ")
