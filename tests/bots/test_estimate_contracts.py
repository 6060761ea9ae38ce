"""The contract rummies' deal estimate (``ContractState.deal_estimate``, read by the horizon search):
a seat clearly ahead gets the better number in its column, in the sheet's own points and direction
— Push's team penalties positive, 10 Dime's cards laid less cards held, Desert's and Sticks'
contracts laid — and a hand not yet down counts by how near its contract is."""

from __future__ import annotations

from typing import Any

import gamenight
from gamenight.bots.horizon import DealEstimate, estimated_advantage
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.contracts import contract_outlook
from gamenight.families.melds import SET, Meld
from gamenight.games.push import VALUES as PUSH_VALUES
from gamenight.games.ten_dime_rummy import VALUES as DIME_VALUES


def cards(text: str) -> list[int]:
    return [C.card(c) for c in text.split()]


def ahead(state: State, seat: int) -> float:
    assert isinstance(state, DealEstimate)
    return estimated_advantage(state, seat, state.deal_estimate())


def lay(state: Any, seat: int, text: str) -> None:
    """``seat`` lays the set ``text`` on the table as its own."""
    laid = cards(text)
    state.hands[seat].extend(laid)
    meld = state.meld_rules.check(laid, SET)
    assert isinstance(meld, Meld), meld
    state.place_meld(seat, meld)


JUNK = "AS KC QD JH 10S 8C"  # no two cards near one set: two sets of three lack four cards


def test_the_outlook_names_the_shortfall_and_the_cards_the_contract_would_take() -> None:
    state: Any = gamenight.new("push", seed=1)  # deal 1: two sets of three
    contract, rules = state.contract_of(0), state.meld_rules
    assert contract_outlook(contract, cards("7C 7D 7H 9S 9D 9H"), rules)[0] == 0
    missing, used = contract_outlook(contract, cards("7C 7D 9S 9D KH 4C"), rules)
    assert missing == 2 and sorted(used) == sorted(cards("7C 7D 9S 9D"))
    assert contract_outlook(contract, cards(JUNK), rules)[0] == 4


def test_push_charges_each_team_what_its_hands_would_hold_fewer_winning() -> None:
    state: Any = gamenight.new("push", seed=1)
    state.hands[0] = cards("7C 7D 7H 9S 9D 9H")  # the contract, whole: nothing left to count
    state.hands[2] = cards("KC KD KH 4S 4D 4H")
    state.hands[1] = cards(JUNK)
    state.hands[3] = cards(JUNK)
    row = state.deal_estimate()
    full = sum(PUSH_VALUES[c] for c in cards(JUNK))  # 65: a contract four cards short is a long shot
    assert row[0] == 0 and 2 * 0.9 * full < row[1] < 2 * full
    assert full == 65 and ahead(state, 0) == row[1] > 100 and ahead(state, 1) == -row[1]


def test_a_push_hand_down_counts_only_what_it_cannot_lay_off() -> None:
    state: Any = gamenight.new("push", seed=1)
    lay(state, 1, "7C 7D 7H")
    state.made[0] = True
    state.made[2] = True
    state.hands[0] = cards("7S KD")  # the seven goes on the opponents' sevens, the king stays
    state.hands[2] = cards("4D")
    assert state.deal_estimate()[0] == PUSH_VALUES[C.card("KD")] + PUSH_VALUES[C.card("4D")] == 15


def test_ten_dime_scores_cards_laid_less_cards_held() -> None:
    state: Any = gamenight.new("ten-dime-rummy", seed=1)  # round 1: a set of three
    lay(state, 0, "9C 9D 9H")
    state.made[0] = True
    state.hands[0] = cards("9S QD QH QS 5C")  # a nine to lay off, a set of queens, a five held
    state.hands[1] = cards("AS KC QD JH 10S 8C 7D 6H 5S 4C 3D JC")
    state.hands[2] = cards("KS KD KH 3C")  # the contract in hand: counted as laid
    state.hands[3] = cards("KS KD 3C")  # one king short: laid half the time
    row = state.deal_estimate()
    assert row[0] == 4 * 5 + 3 * 10 - 5  # the four nines and the queens laid, the five held
    assert row[1] < -75 < row[3] == (20 - 5 + -25) / 2 < row[2] == 30 - 5  # a king short: either way
    assert ahead(state, 0) > 50 and ahead(state, 1) < 0
    assert DIME_VALUES[C.JOKER] == 50  # the sheet's own values, a joker the dearest


def test_desert_and_sticks_count_contracts_laid_and_near() -> None:
    for game in ("desert-rummy", "sticks"):
        state: Any = gamenight.new(game, seed=1, players=3)
        for s in range(3):
            state.hands[s] = cards("AS KC QD JH 9S 8C 6D 5H 4S 3C 10H")
            if game == "sticks":
                state.face_down[s] = 0  # the catalogue's first stick: Desert's first meld, S3+S3
        assert state.contract_of(1).text == "S3+S3", game  # no pair in hand: four cards short
        row = state.deal_estimate()
        state.made[0] = True
        if game == "sticks":  # his stick turned face up counts among the deal's completed
            stick = state.face_down[0]
            state.face_down[0] = None
            state.completed[0].append(stick)
        after = state.deal_estimate()
        assert after[0] == 1 > row[0] and after[1:] == row[1:], game
        assert row[1] == 0.5 ** 4 and ahead(state, 0) > 0.5, game


def test_arizona_charges_what_each_hand_could_not_lay_down_fewer_winning() -> None:
    state: Any = gamenight.new("arizona-rummy", seed=1)  # round 1: three cards, threes wild
    state.hands[0] = cards("5H 6H 7H")  # a run: laid down before the count
    state.hands[1] = cards("KS 9D 4C")  # nothing near a meld: all counted
    state.hands[2] = cards("KS KD 4C")  # a pair of kings: each half
    state.hands[3] = cards("5S 3C 5D")  # two fives and a wild three: a set
    assert state.deal_estimate() == [0, 10 + 5 + 5, 5 + 5 + 5, 0]
    assert ahead(state, 0) > 10 > 0 > ahead(state, 1)
